/**
 * Path data (absolute M, L, C, Z) read into flat typed arrays for the raster backend, curves
 * flattened to eight segments. One path of a map holds the marks of thousands of hexes (megabytes
 * of text), so it is scanned once, character by character, into buffers that are reused from path
 * to path: no token strings, no arrays per subpath. Paths built as commands (path-data) are read
 * from their numbers, without their text.
 */
import { CURVE, LINE, MOVE, type PathData, valueOf } from './path-data';

/** The subpaths of one path: points `start[k]` to `start[k] + length[k]` of xs/ys. */
export class Subpaths {
  xs = new Float64Array(1024);
  ys = new Float64Array(1024);
  points = 0;
  start = new Int32Array(64);
  length = new Int32Array(64);
  closed = new Uint8Array(64);
  count = 0;
  /** Whether a subpath is open (lines go on from its last point). */
  private current = false;

  private addPoint(x: number, y: number): void {
    if (this.points === this.xs.length) {
      this.xs = grown(this.xs);
      this.ys = grown(this.ys);
    }
    this.xs[this.points] = x;
    this.ys[this.points] = y;
    this.points++;
    this.length[this.count - 1]++;
  }

  private open(): void {
    if (this.count === this.start.length) {
      this.start = grown(this.start);
      this.length = grown(this.length);
      this.closed = grown(this.closed);
    }
    this.start[this.count] = this.points;
    this.length[this.count] = 0;
    this.closed[this.count] = 0;
    this.count++;
  }

  /** Replaces the content with the subpaths of path data text `d`. */
  read(d: string): void {
    this.clear();
    const scan = new NumberScanner(d);
    let cmd = 77; // 'M'
    let ch: number;
    while ((ch = scan.skipToToken()) >= 0) {
      if (ch === 77 || ch === 76 || ch === 67 || ch === 90) {
        // M L C Z
        cmd = ch;
        scan.pos++;
        if (ch === 90) this.close();
        continue;
      }
      if (cmd === 77) {
        this.moveTo(scan.number(), scan.nextNumber());
        cmd = 76;
      } else if (cmd === 76) this.lineTo(scan.number(), scan.nextNumber());
      else if (cmd === 67) {
        const x1 = scan.number();
        const y1 = scan.nextNumber();
        const x2 = scan.nextNumber();
        const y2 = scan.nextNumber();
        this.curveTo(x1, y1, x2, y2, scan.nextNumber(), scan.nextNumber());
      } else scan.number(); // a number after Z: skipped
    }
  }

  /**
   * Replaces the content with the subpaths of `path`: the same points as reading its text, from
   * the numbers the text is written from.
   */
  readCommands(path: PathData): void {
    this.clear();
    const { ops, coords } = path;
    // Room for every point at once (a curve is eight), not doubling up to a map's megabytes.
    let points = 0;
    for (let i = 0; i < path.opCount; i++) points += ops[i] === CURVE ? 8 : 1;
    this.reserve(points, path.opCount);
    let c = 0;
    for (let i = 0; i < path.opCount; i++) {
      const op = ops[i];
      if (op === MOVE) this.moveTo(valueOf(coords[c++]), valueOf(coords[c++]));
      else if (op === LINE) this.lineTo(valueOf(coords[c++]), valueOf(coords[c++]));
      else if (op === CURVE) {
        const x1 = valueOf(coords[c++]);
        const y1 = valueOf(coords[c++]);
        const x2 = valueOf(coords[c++]);
        const y2 = valueOf(coords[c++]);
        const x3 = valueOf(coords[c++]);
        this.curveTo(x1, y1, x2, y2, x3, valueOf(coords[c++]));
      } else this.close();
    }
  }

  private reserve(points: number, subpaths: number): void {
    if (this.xs.length < points) {
      this.xs = new Float64Array(points);
      this.ys = new Float64Array(points);
    }
    if (this.start.length < subpaths) {
      this.start = new Int32Array(subpaths);
      this.length = new Int32Array(subpaths);
      this.closed = new Uint8Array(subpaths);
    }
  }

  private clear(): void {
    this.points = 0;
    this.count = 0;
    this.current = false;
  }

  private moveTo(x: number, y: number): void {
    this.open();
    this.addPoint(x, y);
    this.current = true;
  }

  /** A line on from the current point (after a Z, the first point of a new subpath). */
  private lineTo(x: number, y: number): void {
    if (!this.current) {
      this.open();
      this.current = true;
    }
    this.addPoint(x, y);
  }

  private close(): void {
    if (!this.current) return;
    this.closed[this.count - 1] = 1;
    this.current = false;
  }

  /** A cubic Bézier from the last point, as eight straight segments. */
  private curveTo(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): void {
    const x0 = this.xs[this.points - 1];
    const y0 = this.ys[this.points - 1];
    for (let k = 1; k <= 8; k++) {
      const t1 = k / 8;
      const m = 1 - t1;
      this.addPoint(
        m * m * m * x0 + 3 * m * m * t1 * x1 + 3 * m * t1 * t1 * x2 + t1 * t1 * t1 * x3,
        m * m * m * y0 + 3 * m * m * t1 * y1 + 3 * m * t1 * t1 * y2 + t1 * t1 * t1 * y3,
      );
    }
  }
}

function grown<T extends Float64Array | Int32Array | Uint8Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

function isDigit(ch: number): boolean {
  return ch >= 48 && ch <= 57;
}

/**
 * Reads the numbers of path data exactly as Number() reads their text: a decimal of at most 15
 * digits is an integer below 2^53 divided by an exact power of ten, which IEEE division rounds to
 * the same nearest double; longer ones and exponents go through Number().
 */
class NumberScanner {
  pos = 0;
  constructor(private readonly d: string) {}

  /** The code of the next command letter or number start, or -1 at the end. */
  skipToToken(): number {
    const d = this.d;
    for (; this.pos < d.length; this.pos++) {
      const ch = d.charCodeAt(this.pos);
      if (ch === 77 || ch === 76 || ch === 67 || ch === 90 || isDigit(ch)) return ch;
      if ((ch === 45 || ch === 46) && this.startsNumber(this.pos)) return ch;
    }
    return -1;
  }

  /** The number after the next separator. */
  nextNumber(): number {
    this.skipToToken();
    return this.number();
  }

  /** The number at `pos` (an optional minus, digits, an optional fraction, an optional exponent). */
  number(): number {
    const d = this.d;
    const start = this.pos;
    let i = start;
    const negative = d.charCodeAt(i) === 45;
    if (negative) i++;
    let mantissa = 0;
    let digits = 0;
    let decimals = 0;
    while (isDigit(d.charCodeAt(i))) {
      mantissa = mantissa * 10 + (d.charCodeAt(i++) - 48);
      digits++;
    }
    if (d.charCodeAt(i) === 46 && isDigit(d.charCodeAt(i + 1))) {
      i++;
      while (isDigit(d.charCodeAt(i))) {
        mantissa = mantissa * 10 + (d.charCodeAt(i++) - 48);
        digits++;
        decimals++;
      }
    }
    if (d.charCodeAt(i) === 101 && (isDigit(d.charCodeAt(i + 1)) || (d.charCodeAt(i + 1) === 45 && isDigit(d.charCodeAt(i + 2))))) {
      i += d.charCodeAt(i + 1) === 45 ? 2 : 1;
      while (isDigit(d.charCodeAt(i))) i++;
      this.pos = i;
      return Number(d.slice(start, i));
    }
    this.pos = i;
    if (digits > 15) return Number(d.slice(start, i));
    const value = decimals ? mantissa / POW10[decimals] : mantissa;
    return negative ? -value : value;
  }

  /** Whether a number starts at i: the pattern -?\d*\.?\d+ matches there. */
  private startsNumber(i: number): boolean {
    const d = this.d;
    if (d.charCodeAt(i) === 45) i++;
    if (isDigit(d.charCodeAt(i))) return true;
    return d.charCodeAt(i) === 46 && isDigit(d.charCodeAt(i + 1));
  }
}

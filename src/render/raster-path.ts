/**
 * Path data (absolute M, L, C, Z) read into flat typed arrays for the raster backend, curves
 * flattened to eight segments. One path of a map holds the marks of thousands of hexes (megabytes
 * of text), so it is scanned once, character by character, into buffers that are reused from path
 * to path: no token strings, no arrays per subpath.
 */

/** The subpaths of one path: points `start[k]` to `start[k] + length[k]` of xs/ys. */
export class Subpaths {
  xs = new Float64Array(1024);
  ys = new Float64Array(1024);
  points = 0;
  start = new Int32Array(64);
  length = new Int32Array(64);
  closed = new Uint8Array(64);
  count = 0;

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

  /** Replaces the content with the subpaths of `d`. */
  read(d: string): void {
    this.points = 0;
    this.count = 0;
    const scan = new NumberScanner(d);
    let cmd = 77; // 'M'
    let current = false;
    let ch: number;
    while ((ch = scan.skipToToken()) >= 0) {
      if (ch === 77 || ch === 76 || ch === 67 || ch === 90) {
        // M L C Z
        cmd = ch;
        scan.pos++;
        if (ch === 90 && current) {
          this.closed[this.count - 1] = 1;
          current = false;
        }
        continue;
      }
      if (cmd === 77) {
        this.open();
        this.addPoint(scan.number(), scan.nextNumber());
        current = true;
        cmd = 76;
      } else if (cmd === 76) {
        if (!current) {
          this.open();
          current = true;
        }
        this.addPoint(scan.number(), scan.nextNumber());
      } else if (cmd === 67) this.addCurve(scan);
      else scan.number(); // a number after Z: skipped
    }
  }

  /** A cubic Bézier from the current point, as eight straight segments. */
  private addCurve(scan: NumberScanner): void {
    const x0 = this.xs[this.points - 1];
    const y0 = this.ys[this.points - 1];
    const x1 = scan.number();
    const y1 = scan.nextNumber();
    const x2 = scan.nextNumber();
    const y2 = scan.nextNumber();
    const x3 = scan.nextNumber();
    const y3 = scan.nextNumber();
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

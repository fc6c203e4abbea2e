/**
 * Path geometry as a command list (absolute M, L, C, Z), every coordinate rounded to thousandths
 * once. The vector backends read it as SVG path data text, the raster backend reads the numbers
 * themselves: a big map's paths are megabytes of text that a raster image never needs written.
 * Both are taken from the same rounded values, so they cannot disagree: the raster reads exactly
 * the numbers the text says.
 */

export const MOVE = 0;
export const LINE = 1;
export const CURVE = 2;
export const CLOSE = 3;

/** Beyond this many thousandths, integer formatting could lose digits: String() formats it. */
const EXACT_THOUSANDTHS = 1e15;

/** A coordinate as the whole number of thousandths it is written with. */
export function thousandths(n: number): number {
  return Math.round(n * 1000);
}

/**
 * The text of `m` thousandths: what String(m / 1000) gives, "-0" as "0". Written from the integer,
 * as the shortest decimal of such a double is exactly its ≤ 3-decimal form, and formatting
 * integers is several times cheaper than formatting a double (a big map writes millions of these).
 */
function formatThousandths(m: number): string {
  if (!(Math.abs(m) < EXACT_THOUSANDTHS)) {
    const r = m / 1000;
    return Object.is(r, -0) ? '0' : String(r);
  }
  if (m === 0) return '0';
  const abs = m < 0 ? -m : m;
  const whole = Math.floor(abs / 1000);
  const frac = abs - whole * 1000;
  const sign = m < 0 ? '-' : '';
  if (frac === 0) return `${sign}${whole}`;
  if (frac % 100 === 0) return `${sign}${whole}.${frac / 100}`;
  if (frac % 10 === 0) return `${sign}${whole}.${frac < 100 ? '0' : ''}${frac / 10}`;
  return `${sign}${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

/**
 * Numbers in path data: short and stable (no exponent, at most 3 decimals); what
 * String(Math.round(n * 1000) / 1000) gives, "-0" as "0".
 */
export function num(n: number): string {
  return formatThousandths(thousandths(n));
}

/** The value a reader of the text gets for `m` thousandths (the rounded double; never -0). */
export function valueOf(m: number): number {
  return m === 0 ? 0 : m / 1000;
}

/**
 * Commands and their coordinates, appended in drawing order; subpaths are separated by M. Treat a
 * path as fixed once an item holds it (an item's text is written from it on first read).
 */
export class PathData {
  ops = new Uint8Array(16);
  opCount = 0;
  /** Coordinates in thousandths, in command order (x, y per point). */
  coords = new Float64Array(32);
  coordCount = 0;
  private written: string | undefined;

  get empty(): boolean {
    return this.opCount === 0;
  }

  /** Empties the path, keeping its buffers (a path written once as text can be reused). */
  clear(): this {
    this.opCount = 0;
    this.coordCount = 0;
    this.written = undefined;
    return this;
  }

  moveTo(x: number, y: number): this {
    this.op(MOVE, 2);
    this.put(thousandths(x), thousandths(y));
    return this;
  }

  lineTo(x: number, y: number): this {
    this.op(LINE, 2);
    this.put(thousandths(x), thousandths(y));
    return this;
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.curveIn(thousandths(x1), thousandths(y1), thousandths(x2), thousandths(y2), thousandths(x), thousandths(y));
    return this;
  }

  close(): this {
    this.op(CLOSE, 0);
    return this;
  }

  /** A closed polygon through `points`. */
  polygon(points: readonly { x: number; y: number }[]): this {
    return this.polyline(points).close();
  }

  /** An open polyline through `points`. */
  polyline(points: readonly { x: number; y: number }[]): this {
    for (let i = 0; i < points.length; i++) {
      if (i === 0) this.moveTo(points[i].x, points[i].y);
      else this.lineTo(points[i].x, points[i].y);
    }
    return this;
  }

  /** A circle as four cubic Béziers (arcs are not in the common path subset). */
  circle(cx: number, cy: number, r: number): this {
    return this.ellipse(cx, cy, r, r);
  }

  /** An ellipse inside a box, four cubic Béziers, each coordinate rounded once. */
  ellipse(cx: number, cy: number, rx: number, ry: number): this {
    const kx = 0.5522847498 * rx;
    const ky = 0.5522847498 * ry;
    const x0 = thousandths(cx - rx);
    const x1 = thousandths(cx - kx);
    const x2 = thousandths(cx);
    const x3 = thousandths(cx + kx);
    const x4 = thousandths(cx + rx);
    const y0 = thousandths(cy - ry);
    const y1 = thousandths(cy - ky);
    const y2 = thousandths(cy);
    const y3 = thousandths(cy + ky);
    const y4 = thousandths(cy + ry);
    this.op(MOVE, 2);
    this.put(x4, y2);
    this.curveIn(x4, y3, x3, y4, x2, y4);
    this.curveIn(x1, y4, x0, y3, x0, y2);
    this.curveIn(x0, y1, x1, y0, x2, y0);
    this.curveIn(x3, y0, x4, y1, x4, y2);
    return this.close();
  }

  /** SVG path data: commands separated by spaces, each letter followed by its numbers ("M1 2 L3 4 Z"). */
  text(): string {
    if (this.written !== undefined) return this.written;
    const { ops, coords } = this;
    const f = formatThousandths;
    let d = '';
    let c = 0;
    for (let i = 0; i < this.opCount; i++) {
      const op = ops[i];
      const sep = i === 0 ? '' : ' ';
      if (op === CURVE) {
        d += `${sep}C${f(coords[c])} ${f(coords[c + 1])} ${f(coords[c + 2])} ${f(coords[c + 3])} ${f(coords[c + 4])} ${f(coords[c + 5])}`;
        c += 6;
      } else if (op === CLOSE) d += `${sep}Z`;
      else {
        d += `${sep}${op === MOVE ? 'M' : 'L'}${f(coords[c])} ${f(coords[c + 1])}`;
        c += 2;
      }
    }
    this.written = d;
    return d;
  }

  /** Serialised as its text (the arrays' spare room is no part of the path). */
  toJSON(): string {
    return this.text();
  }

  private op(op: number, coords: number): void {
    this.written = undefined;
    if (this.opCount === this.ops.length) this.ops = grown(this.ops);
    this.ops[this.opCount++] = op;
    this.reserve(coords);
  }

  private reserve(coords: number): void {
    while (this.coordCount + coords > this.coords.length) this.coords = grown(this.coords);
  }

  /** A curve command of coordinates in thousandths. */
  private curveIn(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    this.op(CURVE, 6);
    this.put(x1, y1);
    this.put(x2, y2);
    this.put(x, y);
  }

  /** One point's two coordinates, in thousandths (room reserved by `op`). */
  private put(x: number, y: number): void {
    this.coords[this.coordCount++] = x;
    this.coords[this.coordCount++] = y;
  }
}

function grown<T extends Float64Array | Uint8Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * Shapes of any outline filled with the non-zero rule into an RGBA image: glyphs, strokes turned
 * into outlines, curves flattened to lines. Coverage is sampled on sixteen rows per pixel row,
 * exactly across each row (the area of a pixel a span covers), as cairo's own scan converter samples
 * its fifteen: a face drawn here looks as the SVG drawn through librsvg did, without loading libvips.
 *
 * The image is premultiplied RGBA in floats, composited source-over like a canvas, and written out
 * as 8-bit straight RGBA at the end.
 */

/** Sample rows per pixel row. */
const SAMPLES = 16;

/** Premultiplied RGBA, four floats in 0…1 per pixel, transparent at first. */
export class RgbaImage {
  readonly px: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Float32Array(width * height * 4);
  }

  /** Straight (not premultiplied) 8-bit RGBA, as PNG stores it. */
  rgba8(): Uint8Array {
    const out = new Uint8Array(this.width * this.height * 4);
    const px = this.px;
    for (let i = 0; i < out.length; i += 4) {
      const a = px[i + 3];
      const a8 = Math.round(a * 255);
      if (a8 === 0) continue;
      for (let c = 0; c < 3; c++) out[i + c] = Math.min(255, Math.round((px[i + c] / a) * 255));
      out[i + 3] = a8;
    }
    return out;
  }
}

/** An opaque colour, channels in 0…1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * Line edges of one shape in pixel coordinates, each kept top to bottom with its direction (+1
 * drawn downwards, -1 upwards): what the non-zero rule counts.
 */
export class Edges {
  top = new Float64Array(256);
  topX = new Float64Array(256);
  bottom = new Float64Array(256);
  /** x change per unit of y. */
  slope = new Float64Array(256);
  dir = new Int8Array(256);
  count = 0;
  minX = Infinity;
  maxX = -Infinity;
  minY = Infinity;
  maxY = -Infinity;

  clear(): this {
    this.count = 0;
    this.minX = this.minY = Infinity;
    this.maxX = this.maxY = -Infinity;
    return this;
  }

  line(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by) return;
    if (this.count === this.top.length) this.grow();
    const down = by > ay;
    const i = this.count++;
    this.top[i] = down ? ay : by;
    this.topX[i] = down ? ax : bx;
    this.bottom[i] = down ? by : ay;
    this.slope[i] = (bx - ax) / (by - ay);
    this.dir[i] = down ? 1 : -1;
    this.minX = Math.min(this.minX, ax, bx);
    this.maxX = Math.max(this.maxX, ax, bx);
    this.minY = Math.min(this.minY, ay, by);
    this.maxY = Math.max(this.maxY, ay, by);
  }

  /** A closed polygon of points `start` to `start + n` of xs/ys, as drawn. */
  polygon(xs: ArrayLike<number>, ys: ArrayLike<number>, start: number, n: number): void {
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      this.line(xs[start + i], ys[start + i], xs[start + j], ys[start + j]);
    }
  }

  /**
   * A closed polygon always counted +1 inside, whichever way its points turn: the pieces a stroke is
   * made of overlap, and their union must not cancel where two pieces turn opposite ways.
   */
  positivePolygon(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number): void {
    let area = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      area += xs[i] * ys[j] - xs[j] * ys[i];
    }
    if (area === 0) return;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      if (area > 0) this.line(xs[i], ys[i], xs[j], ys[j]);
      else this.line(xs[j], ys[j], xs[i], ys[i]);
    }
  }

  private grow(): void {
    const n = this.top.length * 2;
    const grown = <T extends Float64Array | Int8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.top = grown(this.top);
    this.topX = grown(this.topX);
    this.bottom = grown(this.bottom);
    this.slope = grown(this.slope);
    this.dir = grown(this.dir);
  }
}

/** Scratch buffers reused from shape to shape. */
let order = new Int32Array(256);
let active = new Int32Array(256);
let downX = new Float64Array(256);
let upX = new Float64Array(256);
let cover = new Float64Array(1024);
let run = new Float64Array(1024);

/** Paints the area `edges` enclose (non-zero rule) in `c` over the image. */
export function fillEdges(img: RgbaImage, edges: Edges, c: Rgb): void {
  const n = edges.count;
  if (n === 0) return;
  const { width, height } = img;
  const rowFrom = Math.max(0, Math.floor(edges.minY));
  const rowTo = Math.min(height, Math.ceil(edges.maxY));
  const colFrom = Math.max(0, Math.floor(edges.minX));
  const colTo = Math.min(width, Math.ceil(edges.maxX) + 1);
  if (rowFrom >= rowTo || colFrom >= colTo) return;
  if (order.length < n) {
    order = new Int32Array(n * 2);
    active = new Int32Array(n * 2);
    downX = new Float64Array(n * 2);
    upX = new Float64Array(n * 2);
  }
  if (cover.length < width + 2) {
    cover = new Float64Array(width + 2);
    run = new Float64Array(width + 2);
  }
  const { top, topX, bottom, slope, dir } = edges;
  sortByTop(top, n);
  let next = 0;
  let activeCount = 0;
  const weight = 1 / SAMPLES;
  for (let py = rowFrom; py < rowTo; py++) {
    cover.fill(0, colFrom, colTo + 1);
    run.fill(0, colFrom, colTo + 1);
    let touched = false;
    for (let s = 0; s < SAMPLES; s++) {
      const sy = py + (s + 0.5) / SAMPLES;
      while (next < n && top[order[next]] <= sy) active[activeCount++] = order[next++];
      // Edges over before this sample row leave; the others cross it, downward and upward ones
      // listed apart so that each list sorts as plain numbers (a line of text crosses thousands).
      let downs = 0;
      let ups = 0;
      let kept = 0;
      for (let k = 0; k < activeCount; k++) {
        const e = active[k];
        if (bottom[e] <= sy) continue;
        active[kept++] = e;
        const x = topX[e] + (sy - top[e]) * slope[e];
        if (dir[e] > 0) downX[downs++] = x;
        else upX[ups++] = x;
      }
      activeCount = kept;
      sortPrefix(downX, downs);
      sortPrefix(upX, ups);
      // Merged in x order, the crossings wind the non-zero count up and down.
      let winding = 0;
      let spanFrom = 0;
      for (let i = 0, j = 0; i < downs || j < ups;) {
        const down = j >= ups || (i < downs && downX[i] <= upX[j]);
        const x = down ? downX[i++] : upX[j++];
        const before = winding;
        winding += down ? 1 : -1;
        if (before === 0) spanFrom = x;
        else if (winding === 0) {
          addSpan(spanFrom, x, width, weight);
          touched = true;
        }
      }
    }
    if (touched) compositeRow(img, py, colFrom, colTo, c);
  }
}

/** `order` lists edges 0 to n - 1 by their top (a glyph has a few dozen: by insertion; ties keep their order). */
function sortByTop(top: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const t = top[i];
    let j = i;
    while (j > 0 && top[order[j - 1]] > t) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
}

/** Sorts the first `n` numbers of `a` ascending: by insertion when few, else natively. */
function sortPrefix(a: Float64Array, n: number): void {
  if (n > 24) {
    a.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i++) {
    const v = a[i];
    let j = i;
    while (j > 0 && a[j - 1] > v) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = v;
  }
}

/** Adds the coverage of the span from x `a` to `b` (clipped to the image) on one sample row. */
function addSpan(a: number, b: number, width: number, weight: number): void {
  if (a < 0) a = 0;
  if (b > width) b = width;
  if (b <= a) return;
  const ia = Math.floor(a);
  const ib = Math.floor(b);
  if (ia === ib) {
    cover[ia] += (b - a) * weight;
    return;
  }
  cover[ia] += (ia + 1 - a) * weight;
  run[ia + 1] += weight;
  run[ib] -= weight;
  cover[ib] += (b - ib) * weight;
}

function compositeRow(img: RgbaImage, py: number, colFrom: number, colTo: number, c: Rgb): void {
  const px = img.px;
  let full = 0;
  for (let x = colFrom; x < colTo; x++) {
    full += run[x];
    let a = cover[x] + full;
    if (a <= 1e-9) continue;
    if (a > 1) a = 1;
    const i = (py * img.width + x) * 4;
    const keep = 1 - a;
    px[i] = c.r * a + px[i] * keep;
    px[i + 1] = c.g * a + px[i + 1] * keep;
    px[i + 2] = c.b * a + px[i + 2] * keep;
    px[i + 3] = a + px[i + 3] * keep;
  }
}

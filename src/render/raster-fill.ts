/**
 * The pixel buffer of the raster backend and its one area primitive: a convex polygon filled with
 * anti-aliased edges (several sample rows per pixel row, exact horizontal coverage on each).
 *
 * Pixels are opaque RGB, three bytes each, as the PNG stores them: a map is hundreds of megabytes
 * of pixels, and a fourth byte per pixel would be more memory to touch, only to be dropped again
 * before encoding.
 *
 * Maps fill hundreds of thousands of small polygons (tree crowns and dots are 33-point circles), so
 * each sample row visits only the edges that cross it: the edges are sorted by their top once per
 * polygon and kept in an active list as the rows go down, in reused typed arrays.
 */
import type { Paint } from './drawing';
import { rgbComponents } from './drawing';

export const SUB = 4;

const RUN_PIXELS = 4096;

/** An opaque image, pixel i at bytes 3i (red), 3i + 1 (green), 3i + 2 (blue); black at first. */
export class RgbImage {
  /** The pixels. */
  readonly u8: Uint8Array;
  /**
   * The pixels and, after them, RUN_PIXELS pixels of the colour last filled: a span is filled by
   * copying from there within one array, without making a view of the run per span.
   */
  readonly buffer: Uint8Array;
  /** The colour the run after the pixels holds. */
  runColor: Color | undefined;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const size = width * height * 3;
    this.buffer = new Uint8Array(size + RUN_PIXELS * 3);
    this.u8 = this.buffer.subarray(0, size);
  }
}

export interface Color {
  r: number;
  g: number;
  b: number;
}

export function pixelColor(r: number, g: number, b: number): Color {
  return { r, g, b };
}

export function color(p: Paint): Color {
  const [r, g, b] = rgbComponents(p).map((v) => Math.round(v * 255));
  return pixelColor(r, g, b);
}

export function blend(img: RgbImage, index: number, c: Color, a: number): void {
  if (a <= 0) return;
  const i = index * 3;
  const u = img.u8;
  if (a >= 0.999) {
    u[i] = c.r;
    u[i + 1] = c.g;
    u[i + 2] = c.b;
    return;
  }
  u[i] = u[i] + (c.r - u[i]) * a + 0.5;
  u[i + 1] = u[i + 1] + (c.g - u[i + 1]) * a + 0.5;
  u[i + 2] = u[i + 2] + (c.b - u[i + 2]) * a + 0.5;
}

/** Spans shorter than this are written byte by byte (cheaper than a copy's call). */
const SHORT_SPAN = 16;

/** Paints pixels `from` to before `to` (flat indices) solid `c`. */
export function fillPixels(img: RgbImage, from: number, to: number, c: Color): void {
  const u = img.buffer;
  if (to - from < SHORT_SPAN) {
    for (let i = from * 3, end = to * 3; i < end; i += 3) {
      u[i] = c.r;
      u[i + 1] = c.g;
      u[i + 2] = c.b;
    }
    return;
  }
  const run = img.u8.length;
  if (img.runColor !== c) {
    // One pixel, then the run doubled by copies: a few calls, not a loop over its 12,288 bytes
    // (the run is filled again at each change of colour, thousands of times on a big map).
    u[run] = c.r;
    u[run + 1] = c.g;
    u[run + 2] = c.b;
    for (let filled = 3; filled < u.length - run; filled *= 2) u.copyWithin(run + filled, run, run + filled);
    img.runColor = c;
  }
  for (let p = from; p < to; p += RUN_PIXELS) u.copyWithin(p * 3, run, run + Math.min(RUN_PIXELS, to - p) * 3);
}

const subL = new Float64Array(SUB);
const subR = new Float64Array(SUB);

/**
 * Edges of the polygon being filled: top and bottom y, and vertex i (x, y) with the difference to
 * vertex j, as the crossing formula reads them.
 */
let edgeTop = new Float64Array(64);
let edgeBottom = new Float64Array(64);
let edgeX = new Float64Array(64);
let edgeY = new Float64Array(64);
let edgeDX = new Float64Array(64);
let edgeDY = new Float64Array(64);
/** Edge numbers sorted by top, and the active ones (crossing the current sample row). */
let order = new Int32Array(64);
let active = new Int32Array(64);

function reserveEdges(n: number): void {
  if (n <= edgeTop.length) return;
  const size = Math.max(n, edgeTop.length * 2);
  edgeTop = new Float64Array(size);
  edgeBottom = new Float64Array(size);
  edgeX = new Float64Array(size);
  edgeY = new Float64Array(size);
  edgeDX = new Float64Array(size);
  edgeDY = new Float64Array(size);
  order = new Int32Array(size);
  active = new Int32Array(size);
}

/**
 * Collects the edges (vertex j → vertex i, as the crossing formula reads them) that may cross a
 * sample row between pixel rows y0 and y1, sorted by top: an edge over by y0 would leave the active
 * list at once, one starting at y1 or below never enters it (a polygon filled band by band).
 */
function collectEdges(xs: Float64Array, ys: Float64Array, start: number, n: number, y0: number, y1: number): number {
  reserveEdges(n);
  let count = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = ys[start + i];
    const yj = ys[start + j];
    // Horizontal (and NaN) edges never cross a sample row.
    if (!(yi < yj || yj < yi)) continue;
    const top = yi < yj ? yi : yj;
    const bottom = yi < yj ? yj : yi;
    if (bottom <= y0 || top >= y1) continue;
    edgeTop[count] = top;
    edgeBottom[count] = bottom;
    edgeX[count] = xs[start + i];
    edgeY[count] = yi;
    edgeDX[count] = xs[start + j] - xs[start + i];
    edgeDY[count] = yj - yi;
    // Insertion sort: polygons are small, and their edges mostly come in order.
    let k = count;
    while (k > 0 && edgeTop[order[k - 1]] > top) {
      order[k] = order[k - 1];
      k--;
    }
    order[k] = count;
    count++;
  }
  return count;
}

/** Fills a convex polygon (xs/ys of length n) with anti-aliased edges. */
export function fillConvex(img: RgbImage, xs: Float64Array, ys: Float64Array, n: number, c: Color, alpha = 1, samples = SUB): void {
  fillConvexAt(img, xs, ys, 0, n, c, alpha, samples, 0, img.height);
}

/**
 * fillConvex of the n vertices of xs/ys from `start`, on the pixel rows from `fromRow` to before
 * `toRow` only (each row's pixels depend on that row alone, so a polygon may be filled in bands).
 */
export function fillConvexAt(
  img: RgbImage,
  xs: Float64Array,
  ys: Float64Array,
  start: number,
  n: number,
  c: Color,
  alpha: number,
  samples: number,
  fromRow: number,
  toRow: number,
): void {
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = start; i < start + n; i++) {
    if (ys[i] < minY) minY = ys[i];
    if (ys[i] > maxY) maxY = ys[i];
  }
  const y0 = Math.max(fromRow, Math.floor(minY));
  const y1 = Math.min(toRow, Math.ceil(maxY));
  if (y0 >= y1) return;
  const edges = collectEdges(xs, ys, start, n, y0, y1);
  if (samples === 1 && alpha === 1) {
    fillOneSample(img, edges, c, y0, y1);
    return;
  }
  entered = 0;
  live = 0;
  const W = img.width;
  for (let py = y0; py < y1; py++) {
    const full = crossSampleRows(py, samples, edges, W);
    if (rowSpan[0] >= rowSpan[1]) continue;
    paintSpan(img, py * W, rowSpan[0], rowSpan[1], rowSpan[2], rowSpan[3], full, c, alpha, samples);
  }
}

/**
 * The coverage fillConvexAt would paint with, opaque, four sample rows per pixel row: of the n
 * vertices of xs/ys from `start`, into `out` from `at` (row by row, `width` × `height`, zero where
 * nothing is covered; an interior pixel is 1). A stamp of a small shape, painted later by blending each pixel
 * by its coverage, gives the pixels fillConvexAt gives (within `width`, as within an image).
 */
export function convexCoverage(
  xs: Float64Array,
  ys: Float64Array,
  start: number,
  n: number,
  out: Float64Array,
  at: number,
  width: number,
  height: number,
): void {
  out.fill(0, at, at + width * height);
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = start; i < start + n; i++) {
    if (ys[i] < minY) minY = ys[i];
    if (ys[i] > maxY) maxY = ys[i];
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(height, Math.ceil(maxY));
  if (y0 >= y1) return;
  const edges = collectEdges(xs, ys, start, n, y0, y1);
  entered = 0;
  live = 0;
  for (let py = y0; py < y1; py++) {
    const full = crossSampleRows(py, SUB, edges, width);
    const L = rowSpan[0];
    const R = rowSpan[1];
    const Lin = rowSpan[2];
    const Rin = rowSpan[3];
    if (L >= R) continue;
    // paintSpan's pixels, each with the coverage it blends by (1 inside).
    const row = at + py * width;
    const first = Math.floor(L);
    const end = Math.ceil(R);
    interiorOf(Lin, Rin, full, end);
    const iL = interior[0];
    const iR = interior[1];
    for (let px = first; px < iL; px++) out[row + px] = coverage(px, SUB);
    for (let px = iL; px < iR; px++) out[row + px] = 1;
    for (let px = Math.max(iR, iL); px < end; px++) out[row + px] = coverage(px, SUB);
  }
}

/** Edges of the polygon being filled that have entered the active list, and how many are active. */
let entered = 0;
let live = 0;
/**
 * The leftmost (0) and rightmost (1) crossing of the last sample row crossed (left > right when
 * none): in an array, as a number stored in a module variable would be a new heap number each time.
 */
const crossing = new Float64Array(2);

/**
 * Crosses sample row `sy` (rows only go down: edges start crossing in order of their top and stop
 * at their bottom) and sets `crossing`.
 */
function crossRow(sy: number, edges: number): void {
  // Locals, not the module's (reassignable) bindings, in the loop below.
  const bottom = edgeBottom;
  const ex = edgeX;
  const ey = edgeY;
  const dx = edgeDX;
  const dy = edgeDY;
  const list = active;
  while (entered < edges && edgeTop[order[entered]] <= sy) list[live++] = order[entered++];
  let a = Infinity;
  let b = -Infinity;
  for (let k = 0; k < live; k++) {
    const e = list[k];
    if (!(sy < bottom[e])) {
      list[k--] = list[--live];
      continue;
    }
    const x = ex[e] + ((sy - ey[e]) * dx[e]) / dy[e];
    if (x < a) a = x;
    if (x > b) b = x;
  }
  crossing[0] = a;
  crossing[1] = b;
}

/**
 * The span of pixel row `py` over its `samples` sample rows: each sample row's crossings, clipped
 * to [0, width], in subL/subR (0, 0 where it crosses nothing); in `rowSpan` the leftmost and
 * rightmost crossing (left >= right when none) and the innermost pair. Whether every sample row crosses.
 */
function crossSampleRows(py: number, samples: number, edges: number, width: number): boolean {
  let L = Infinity;
  let R = -Infinity;
  let Lin = -Infinity;
  let Rin = Infinity;
  let full = true;
  for (let s = 0; s < samples; s++) {
    crossRow(py + (s + 0.5) / samples, edges);
    let a = crossing[0];
    let b = crossing[1];
    if (a > b) {
      subL[s] = 0;
      subR[s] = 0;
      full = false;
      continue;
    }
    if (a < 0) a = 0;
    if (b > width) b = width;
    subL[s] = a;
    subR[s] = b;
    if (a < L) L = a;
    if (b > R) R = b;
    if (a > Lin) Lin = a;
    if (b < Rin) Rin = b;
  }
  rowSpan[0] = L;
  rowSpan[1] = R;
  rowSpan[2] = Lin;
  rowSpan[3] = Rin;
  return full;
}

/**
 * The pixels every sample row covers whole, from interior[0] to before interior[1] (both `end`, the
 * span's end, when none: a row some sample row misses, or edges closer than a pixel).
 */
function interiorOf(Lin: number, Rin: number, full: boolean, end: number): void {
  let iL = full ? Math.ceil(Lin) : end;
  let iR = full ? Math.floor(Rin) : end;
  if (iL >= iR) {
    iL = end;
    iR = end;
  }
  interior[0] = iL;
  interior[1] = iR;
}

const interior = new Int32Array(2);

/** crossSampleRows' span: left, right, innermost left, innermost right (a typed array: no heap numbers). */
const rowSpan = new Float64Array(4);

/**
 * fillConvexAt's rows with one sample row per pixel row, opaque (hex fills, whose edges a stroke
 * covers later): the same pixels, the two edge pixels of each row blended in place.
 */
function fillOneSample(img: RgbImage, edges: number, c: Color, y0: number, y1: number): void {
  const W = img.width;
  entered = 0;
  live = 0;
  for (let py = y0; py < y1; py++) {
    crossRow(py + 0.5, edges);
    let a = crossing[0];
    let b = crossing[1];
    if (a > b) continue;
    if (a < 0) a = 0;
    if (b > W) b = W;
    if (a >= b) continue;
    const row = py * W;
    const end = Math.ceil(b);
    let iL = Math.ceil(a);
    let iR = Math.floor(b);
    if (iL >= iR) iL = iR = end;
    for (let px = Math.floor(a); px < iL; px++) blendCovered(img, row, c, a, b, px);
    if (iR > iL) fillPixels(img, row + iL, row + iR, c);
    for (let px = iR > iL ? iR : iL; px < end; px++) blendCovered(img, row, c, a, b, px);
  }
}

/** blend of pixel px of a row (flat index `row`) by the part of it the span from a to b covers. */
function blendCovered(img: RgbImage, row: number, c: Color, a: number, b: number, px: number): void {
  const lo = a > px ? a : px;
  const hi = b < px + 1 ? b : px + 1;
  if (hi > lo) blend(img, row + px, c, hi - lo);
}

/** One pixel row of a fill: edge pixels by coverage, the inside solid. */
function paintSpan(
  img: RgbImage,
  row: number,
  L: number,
  R: number,
  Lin: number,
  Rin: number,
  full: boolean,
  c: Color,
  alpha: number,
  samples: number,
): void {
  const start = Math.floor(L);
  const end = Math.ceil(R);
  interiorOf(Lin, Rin, full, end);
  const iL = interior[0];
  const iR = interior[1];
  for (let px = start; px < iL; px++) blend(img, row + px, c, coverage(px, samples) * alpha);
  if (iR > iL) {
    if (alpha >= 0.999) fillPixels(img, row + iL, row + iR, c);
    else for (let px = iL; px < iR; px++) blend(img, row + px, c, alpha);
  }
  for (let px = Math.max(iR, iL); px < end; px++) blend(img, row + px, c, coverage(px, samples) * alpha);
}

function coverage(px: number, samples: number): number {
  let sum = 0;
  for (let s = 0; s < samples; s++) {
    const a = subL[s] > px ? subL[s] : px;
    const b = subR[s] < px + 1 ? subR[s] : px + 1;
    if (b > a) sum += b - a;
  }
  return sum / samples;
}

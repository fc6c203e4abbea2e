/**
 * Stroked lines of the raster backend: hairlines (about a pixel wide) anti-aliased across their
 * direction, thicker lines as filled quads per segment with round joins and caps, dashes split
 * off first. Lines are read from flat coordinate arrays (raster-path's Subpaths).
 */
import { BandIndex, type BandPainter, bandOf } from './raster-bands';
import { type Color, type RgbImage, SUB, blend, fillConvexAt } from './raster-fill';
import type { Subpaths } from './raster-path';
import { ConvexStamps, MIN_STAMPED } from './raster-stamps';

/** Lines up to this wide are drawn as hairlines (thinLine). */
export const HAIRLINE = 1.25;

const DISC_SIDES = 12;

/** Cosines and sines of the corners of a disc (tens of thousands of joins on a map's roads). */
const DISC_COS = Float64Array.from({ length: DISC_SIDES }, (_, k) => Math.cos((2 * Math.PI * k) / DISC_SIDES));
const DISC_SIN = Float64Array.from({ length: DISC_SIDES }, (_, k) => Math.sin((2 * Math.PI * k) / DISC_SIDES));

/** The polygon a round join or cap of radius r at (cx, cy) is filled as, into xs/ys from `at`. */
function discPoints(cx: number, cy: number, r: number, xs: Float64Array, ys: Float64Array, at: number): void {
  for (let k = 0; k < DISC_SIDES; k++) {
    xs[at + k] = cx + r * DISC_COS[k];
    ys[at + k] = cy + r * DISC_SIN[k];
  }
}

const QUAD_POINTS = 4;

/** The quad of a segment from a to b stroked `width` wide, into xs/ys from `at`; false for a segment of no length. */
export function segmentQuad(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  width: number,
  xs: Float64Array,
  ys: Float64Array,
  at = 0,
): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  if (len === 0) return false;
  const nx = (-dy / len) * (width / 2);
  const ny = (dx / len) * (width / 2);
  xs[at] = ax + nx;
  ys[at] = ay + ny;
  xs[at + 1] = bx + nx;
  ys[at + 1] = by + ny;
  xs[at + 2] = bx - nx;
  ys[at + 2] = by - ny;
  xs[at + 3] = ax - nx;
  ys[at + 3] = ay - ny;
  return true;
}

/** Subpath `k` of `sp` split into the pieces `dash` draws; a closed subpath runs on back to its first point. */
export function dashedSubpath(sp: Subpaths, k: number, dash: number[]): { xs: number[]; ys: number[] }[] {
  const start = sp.start[k];
  const n = sp.length[k];
  const xs = Array.from(sp.xs.subarray(start, start + n));
  const ys = Array.from(sp.ys.subarray(start, start + n));
  if (sp.closed[k] === 1) {
    xs.push(xs[0]);
    ys.push(ys[0]);
  }
  return dashed(xs, ys, dash);
}

/** Splits a polyline into dash pieces. */
export function dashed(xs: number[], ys: number[], dash: number[]): { xs: number[]; ys: number[] }[] {
  const pieces: { xs: number[]; ys: number[] }[] = [];
  let k = 0;
  let left = dash[0];
  let on = true;
  let piece: { xs: number[]; ys: number[] } | undefined = { xs: [xs[0]], ys: [ys[0]] };
  for (let i = 1; i < xs.length; i++) {
    let ax = xs[i - 1];
    let ay = ys[i - 1];
    let len = Math.hypot(xs[i] - ax, ys[i] - ay);
    const ux = len ? (xs[i] - ax) / len : 0;
    const uy = len ? (ys[i] - ay) / len : 0;
    while (len > left) {
      ax += ux * left;
      ay += uy * left;
      len -= left;
      if (on && piece) {
        piece.xs.push(ax);
        piece.ys.push(ay);
        pieces.push(piece);
        piece = undefined;
      } else piece = { xs: [ax], ys: [ay] };
      on = !on;
      k = (k + 1) % dash.length;
      left = dash[k];
    }
    left -= len;
    if (on && piece) {
      piece.xs.push(xs[i]);
      piece.ys.push(ys[i]);
    }
  }
  if (on && piece && piece.xs.length > 1) pieces.push(piece);
  return pieces;
}

/**
 * A line about one pixel wide, anti-aliased across its direction (Wu's method): far cheaper than a
 * sub-sampled quad, and hex grids are thousands of them.
 */
function thinLine(
  img: RgbImage,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  c: Color,
  strength: number,
  rowFrom: number,
  rowTo: number,
): void {
  const steep = Math.abs(by - ay) > Math.abs(bx - ax);
  // Walk along the major axis (u) through pixel centres; split coverage between the two nearest rows/columns (v).
  const forward = steep ? ay < by : ax < bx;
  const pu = steep ? ay : ax;
  const pv = steep ? ax : ay;
  const qu = steep ? by : bx;
  const qv = steep ? bx : by;
  const u0 = forward ? pu : qu;
  const v0 = forward ? pv : qv;
  const u1 = forward ? qu : pu;
  const v1 = forward ? qv : pv;
  const slope = u1 === u0 ? 0 : (v1 - v0) / (u1 - u0);
  const W = img.width;
  // Rows are u in a steep line, v in a flat one: only those from rowFrom to before rowTo are painted.
  const limitU = steep ? rowTo : W;
  const firstV = steep ? 0 : rowFrom;
  const limitV = steep ? W : rowTo;
  const start = Math.max(steep ? rowFrom : 0, Math.ceil(u0 - 0.5));
  const end = Math.min(limitU - 1, Math.floor(u1 - 0.5));
  for (let u = start; u <= end; u++) {
    const v = v0 + slope * (u + 0.5 - u0) - 0.5;
    const vi = Math.floor(v);
    const f = v - vi;
    if (vi >= firstV && vi < limitV) blend(img, steep ? u * W + vi : vi * W + u, c, (1 - f) * strength);
    if (vi + 1 >= firstV && vi + 1 < limitV) blend(img, steep ? u * W + vi + 1 : (vi + 1) * W + u, c, f * strength);
  }
}

/**
 * Hairlines of every subpath (the hex grid: tens of thousands of short segments), painted band by
 * band, segments in order within a band.
 */
export class ThinStrokes implements BandPainter {
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  private readonly index: BandIndex;
  private readonly strength: number;

  constructor(
    private readonly sp: Subpaths,
    width: number,
    private readonly c: Color,
    height: number,
    bands: number,
  ) {
    this.strength = Math.max(0.5, Math.min(1, width));
    const from: number[] = [];
    const to: number[] = [];
    for (let k = 0; k < sp.count; k++) {
      const start = sp.start[k];
      const n = sp.length[k];
      const points = sp.closed[k] === 1 ? n + 1 : n;
      for (let i = 1; i < points; i++) {
        const a = start + i - 1;
        const b = start + (i === n ? 0 : i);
        const bottom = Math.max(sp.ys[a], sp.ys[b]);
        if (!(bottom >= -1 && Math.min(sp.ys[a], sp.ys[b]) < height + 1)) continue;
        from.push(a);
        to.push(b);
      }
    }
    this.from = Int32Array.from(from);
    this.to = Int32Array.from(to);
    // A segment touches the rows round its ends' (a pixel either side is enough for its anti-aliasing).
    const { ys } = sp;
    this.index = new BandIndex(
      bands,
      from.length,
      (m) => bandOf(Math.min(ys[from[m]], ys[to[m]]) - 1, bands),
      (m) => bandOf(Math.max(ys[from[m]], ys[to[m]]) + 1, bands),
    );
  }

  paintBand(img: RgbImage, band: number, rowFrom: number, rowTo: number): void {
    const { xs, ys } = this.sp;
    const { start, members } = this.index;
    for (let i = start[band]; i < start[band + 1]; i++) {
      const a = this.from[members[i]];
      const b = this.to[members[i]];
      thinLine(img, xs[a], ys[a], xs[b], ys[b], this.c, this.strength, rowFrom, rowTo);
    }
  }
}

const SEGMENT = 0;
const DISC = 1;
const HAIR = 2;

/**
 * Polylines (flat xs/ys, each from `start` for `length` points, the first repeated at the end of a
 * closed one), stroked `width` wide: round joins on thick lines, round caps when `round`. Each
 * polyline is cut into its parts, in the order it was always painted (its segments, then its joins
 * and caps), and each part painted in the bands it reaches: a road across the map is painted a few
 * of its segments per band, not all of them in every band.
 */
export class Polylines implements BandPainter {
  private readonly kind: Uint8Array;
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly index: BandIndex;
  private readonly strength: number;
  /**
   * The polygon each quad or disc part is filled as (points `polygonStart[m]` on, QUAD_POINTS or
   * DISC_SIDES of them; none for a hairline or a segment of no length), made once, not per band.
   */
  private readonly polygonX: Float64Array;
  private readonly polygonY: Float64Array;
  private readonly polygonStart: Int32Array;
  private readonly polygonLength: Int32Array;
  /** Stamps of the parts, when there are many (the thousands of short strokes of marsh tufts). */
  private readonly stamps?: ConvexStamps;

  constructor(
    private readonly xs: ArrayLike<number>,
    private readonly ys: ArrayLike<number>,
    start: ArrayLike<number>,
    length: ArrayLike<number>,
    closed: ArrayLike<number>,
    private readonly width: number,
    private readonly c: Color,
    round: boolean,
    bands: number,
    imageWidth: number,
  ) {
    this.strength = Math.max(0.5, Math.min(1, width));
    let parts = 0;
    for (let k = 0; k < start.length; k++) {
      const points = closed[k] === 1 ? length[k] + 1 : length[k];
      if (points < 1) continue;
      parts += points - 1;
      if (width > HAIRLINE && width >= 2) parts += round ? points : Math.max(0, points - 2);
    }
    const kind = new Uint8Array(parts);
    const from = new Int32Array(parts);
    const to = new Int32Array(parts);
    let m = 0;
    for (let k = 0; k < start.length; k++) {
      const n = length[k];
      const points = closed[k] === 1 ? n + 1 : n;
      const first = start[k];
      const partKind = width <= HAIRLINE ? HAIR : SEGMENT;
      for (let i = 1; i < points; i++, m++) {
        kind[m] = partKind;
        from[m] = first + i - 1;
        to[m] = first + (i === n ? 0 : i);
      }
      if (width <= HAIRLINE || width < 2) continue;
      // Round joins (and caps when asked) fill the notches between segments of thick lines.
      for (let i = round ? 0 : 1, last = round ? points : points - 1; i < last; i++, m++) {
        kind[m] = DISC;
        from[m] = to[m] = first + (i === n ? 0 : i);
      }
    }
    this.kind = kind;
    this.a = from;
    this.b = to;
    this.polygonStart = new Int32Array(parts);
    this.polygonLength = new Int32Array(parts);
    let size = 0;
    for (let p = 0; p < parts; p++) size += kind[p] === SEGMENT ? QUAD_POINTS : kind[p] === DISC ? DISC_SIDES : 0;
    this.polygonX = new Float64Array(size);
    this.polygonY = new Float64Array(size);
    let at = 0;
    for (let p = 0; p < parts; p++) {
      this.polygonStart[p] = at;
      const ax = xs[from[p]];
      const ay = ys[from[p]];
      if (kind[p] === SEGMENT) {
        if (segmentQuad(ax, ay, xs[to[p]], ys[to[p]], width, this.polygonX, this.polygonY, at)) this.polygonLength[p] = QUAD_POINTS;
        at += QUAD_POINTS;
      } else if (kind[p] === DISC) {
        discPoints(ax, ay, width / 2, this.polygonX, this.polygonY, at);
        this.polygonLength[p] = DISC_SIDES;
        at += DISC_SIDES;
      }
    }
    if (parts >= MIN_STAMPED && width > HAIRLINE)
      this.stamps = new ConvexStamps(this.polygonX, this.polygonY, this.polygonStart, this.polygonLength, imageWidth);
    // Quads, discs and hairlines stay within half the width (and a pixel of anti-aliasing) of the line.
    const reach = width / 2 + 2;
    this.index = new BandIndex(
      bands,
      parts,
      (p) => bandOf(Math.min(ys[from[p]], ys[to[p]]) - reach, bands),
      (p) => bandOf(Math.max(ys[from[p]], ys[to[p]]) + reach, bands),
    );
  }

  paintBand(img: RgbImage, band: number, rowFrom: number, rowTo: number): void {
    const { xs, ys, c, stamps, polygonX, polygonY, polygonStart, polygonLength } = this;
    const { start, members } = this.index;
    for (let i = start[band]; i < start[band + 1]; i++) {
      const m = members[i];
      if (this.kind[m] === HAIR) {
        const a = this.a[m];
        const b = this.b[m];
        thinLine(img, xs[a], ys[a], xs[b], ys[b], c, this.strength, rowFrom, rowTo);
        continue;
      }
      if (polygonLength[m] === 0 || stamps?.paint(img, m, c, rowFrom, rowTo)) continue;
      fillConvexAt(img, polygonX, polygonY, polygonStart[m], polygonLength[m], c, 1, SUB, rowFrom, rowTo);
    }
  }
}

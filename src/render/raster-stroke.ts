/**
 * Stroked lines of the raster backend: hairlines (about a pixel wide) anti-aliased across their
 * direction, thicker lines as filled quads per segment with round joins and caps, dashes split
 * off first. Lines are read from flat coordinate arrays (raster-path's Subpaths).
 */
import { type Color, type RgbaImage, SUB, blend, fillConvex } from './raster-fill';

const quadX = new Float64Array(4);
const quadY = new Float64Array(4);
const DISC_SIDES = 12;
const discX = new Float64Array(DISC_SIDES);
const discY = new Float64Array(DISC_SIDES);

function fillDisc(img: RgbaImage, cx: number, cy: number, r: number, c: Color): void {
  for (let k = 0; k < DISC_SIDES; k++) {
    const t = (2 * Math.PI * k) / DISC_SIDES;
    discX[k] = cx + r * Math.cos(t);
    discY[k] = cy + r * Math.sin(t);
  }
  fillConvex(img, discX, discY, DISC_SIDES, c);
}

function strokeSegment(img: RgbaImage, ax: number, ay: number, bx: number, by: number, width: number, c: Color): void {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  if (len === 0) return;
  const nx = (-dy / len) * (width / 2);
  const ny = (dx / len) * (width / 2);
  quadX[0] = ax + nx;
  quadY[0] = ay + ny;
  quadX[1] = bx + nx;
  quadY[1] = by + ny;
  quadX[2] = bx - nx;
  quadY[2] = by - ny;
  quadX[3] = ax - nx;
  quadY[3] = ay - ny;
  fillConvex(img, quadX, quadY, 4, c, 1, SUB);
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
function thinLine(img: RgbaImage, ax: number, ay: number, bx: number, by: number, c: Color, strength: number): void {
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
  const limitU = steep ? img.height : W;
  const limitV = steep ? W : img.height;
  const start = Math.max(0, Math.ceil(u0 - 0.5));
  const end = Math.min(limitU - 1, Math.floor(u1 - 0.5));
  for (let u = start; u <= end; u++) {
    const v = v0 + slope * (u + 0.5 - u0) - 0.5;
    const vi = Math.floor(v);
    const f = v - vi;
    if (vi >= 0 && vi < limitV) blend(img, steep ? u * W + vi : vi * W + u, c, (1 - f) * strength);
    if (vi + 1 >= 0 && vi + 1 < limitV) blend(img, steep ? u * W + vi + 1 : (vi + 1) * W + u, c, f * strength);
  }
}

/**
 * Strokes the polyline of the n points of xs/ys from `start` (back to the first when `closed`),
 * `width` wide; round caps when `round` (joins of thick lines are always round).
 */
export function strokePolyline(
  img: RgbaImage,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  start: number,
  n: number,
  closed: boolean,
  width: number,
  c: Color,
  round: boolean,
): void {
  // The points of the line, the first repeated at the end of a closed one.
  const points = closed ? n + 1 : n;
  const at = (i: number) => start + (i === n ? 0 : i);
  if (width <= 1.25) {
    const strength = Math.max(0.5, Math.min(1, width));
    for (let i = 1; i < points; i++) thinLine(img, xs[at(i - 1)], ys[at(i - 1)], xs[at(i)], ys[at(i)], c, strength);
    return;
  }
  for (let i = 1; i < points; i++) strokeSegment(img, xs[at(i - 1)], ys[at(i - 1)], xs[at(i)], ys[at(i)], width, c);
  if (width >= 2) {
    // Round joins (and caps when asked) fill the notches between segments of thick lines.
    const first = round ? 0 : 1;
    const last = round ? points : points - 1;
    for (let i = first; i < last; i++) fillDisc(img, xs[at(i)], ys[at(i)], width / 2, c);
  }
}

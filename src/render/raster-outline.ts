/**
 * Strokes as outlines for the coverage filler (raster-coverage.ts): a stroke is the union of a quad
 * per segment, a disc at each join (SVG paths are stroked with round joins) and at each end when its
 * caps are round; a rectangle's stroke is the frame of its mitred corners. Every piece counts +1, so
 * the non-zero fill paints their union once, with no seam where pieces overlap.
 */
import type { Edges } from './raster-coverage';
import { segmentQuad } from './raster-stroke';

const quadX = new Float64Array(4);
const quadY = new Float64Array(4);
let discX = new Float64Array(64);
let discY = new Float64Array(64);

/** Points of a disc's outline: chords of a quarter pixel at most, eight at least. */
function discPoints(r: number): number {
  return Math.min(256, Math.max(8, Math.ceil((2 * Math.PI * r) / 0.25)));
}

export function disc(edges: Edges, cx: number, cy: number, r: number): void {
  const n = discPoints(r);
  if (discX.length < n) {
    discX = new Float64Array(n);
    discY = new Float64Array(n);
  }
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    discX[i] = cx + r * Math.cos(t);
    discY[i] = cy + r * Math.sin(t);
  }
  edges.positivePolygon(discX, discY, n);
}

function segment(edges: Edges, ax: number, ay: number, bx: number, by: number, width: number): void {
  if (segmentQuad(ax, ay, bx, by, width, quadX, quadY)) edges.positivePolygon(quadX, quadY, 4);
}

/**
 * The outline of a polyline stroked `width` wide with round joins, closed back to its first point
 * when `closed`, its open ends round when `roundCaps` (else butt). A polyline of one point (or all
 * in one place) leaves a dot with round caps, nothing otherwise, as SVG draws it.
 */
export function strokeOutline(
  edges: Edges,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  start: number,
  n: number,
  closed: boolean,
  width: number,
  roundCaps: boolean,
): void {
  const half = width / 2;
  if (half <= 0 || n === 0) return;
  const end = start + n;
  let moved = false;
  for (let i = start + 1; i < end && !moved; i++) moved = xs[i] !== xs[start] || ys[i] !== ys[start];
  if (!moved) {
    if (roundCaps) disc(edges, xs[start], ys[start], half);
    return;
  }
  for (let i = start + 1; i < end; i++) segment(edges, xs[i - 1], ys[i - 1], xs[i], ys[i], width);
  if (closed) segment(edges, xs[end - 1], ys[end - 1], xs[start], ys[start], width);
  // Joins: every inner point, and every point of a closed polyline.
  for (let i = closed ? start : start + 1; i < (closed ? end : end - 1); i++) disc(edges, xs[i], ys[i], half);
  if (!closed && roundCaps) {
    disc(edges, xs[start], ys[start], half);
    disc(edges, xs[end - 1], ys[end - 1], half);
  }
}

/** The stroke of a rectangle `width` wide: its outer and inner edges apart by the width, corners mitred. */
export function rectFrame(edges: Edges, x: number, y: number, w: number, h: number, width: number): void {
  const half = width / 2;
  if (half <= 0) return;
  const band = (bx: number, by: number, bw: number, bh: number) => {
    quadX[0] = bx;
    quadY[0] = by;
    quadX[1] = bx + bw;
    quadY[1] = by;
    quadX[2] = bx + bw;
    quadY[2] = by + bh;
    quadX[3] = bx;
    quadY[3] = by + bh;
    edges.positivePolygon(quadX, quadY, 4);
  };
  band(x - half, y - half, w + width, width);
  band(x - half, y + h - half, w + width, width);
  band(x - half, y - half, width, h + width);
  band(x + w - half, y - half, width, h + width);
}

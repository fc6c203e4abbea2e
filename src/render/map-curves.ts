/**
 * Smooth lines through hex centres: a road or railway passes through the centre of every hex it
 * joins, as a curve (uniform Catmull-Rom, written as cubic Béziers) instead of a zig-zag of straight
 * segments.
 */
import type { Point } from '../hex';
import type { PathData } from './path-data';

/** The cubic Bézier control points of the Catmull-Rom curve through `points` (one triple per segment). */
export function catmullRomSegments(points: readonly Point[]): { c1: Point; c2: Point; to: Point }[] {
  const at = (i: number) => points[Math.max(0, Math.min(points.length - 1, i))];
  const out: { c1: Point; c2: Point; to: Point }[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    out.push({
      c1: { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 },
      c2: { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 },
      to: p2,
    });
  }
  return out;
}

/** Adds the smooth curve through `points` to `path`. */
export function addSmoothCurve(path: PathData, points: readonly Point[]): void {
  if (points.length === 0) return;
  path.moveTo(points[0].x, points[0].y);
  for (const { c1, c2, to } of catmullRomSegments(points)) path.curveTo(c1.x, c1.y, c2.x, c2.y, to.x, to.y);
}

/** The curve through `points` as a polyline, `perSegment` pieces per segment (ties, tests). */
export function smoothPathSamples(points: readonly Point[], perSegment = 8): Point[] {
  if (points.length === 0) return [];
  const out: Point[] = [points[0]];
  let from = points[0];
  for (const { c1, c2, to } of catmullRomSegments(points)) {
    for (let k = 1; k <= perSegment; k++) {
      const t = k / perSegment;
      const u = 1 - t;
      const a = u * u * u;
      const b = 3 * u * u * t;
      const c = 3 * u * t * t;
      const d = t * t * t;
      out.push({ x: a * from.x + b * c1.x + c * c2.x + d * to.x, y: a * from.y + b * c1.y + c * c2.y + d * to.y });
    }
    from = to;
  }
  return out;
}

export interface Frame {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the ray from `from` through `toward` leaves the frame (undefined when `from` is outside it). */
export function exitPoint(from: Point, toward: Point, frame: Frame): Point | undefined {
  const dx = toward.x - from.x;
  const dy = toward.y - from.y;
  let t = Infinity;
  if (dx > 0) t = Math.min(t, (frame.right - from.x) / dx);
  if (dx < 0) t = Math.min(t, (frame.left - from.x) / dx);
  if (dy > 0) t = Math.min(t, (frame.bottom - from.y) / dy);
  if (dy < 0) t = Math.min(t, (frame.top - from.y) / dy);
  if (!Number.isFinite(t) || t < 0) return undefined;
  return { x: from.x + dx * t, y: from.y + dy * t };
}

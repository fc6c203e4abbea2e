/**
 * The symbols and line decorations of terrain, as path data: tree glyphs, marsh tufts, dots of rough
 * ground, a bastion for a fortification, railway ties, escarpment teeth, a bridge. The map and the
 * terrain key (and any chart that shows terrain as the map draws it) build them here, so they match.
 *
 * Filled marks are convex subpaths only (the raster backend fills convex shapes); anything else is
 * stroked.
 */
import type { Point } from '../hex';
import { circlePath, num } from './drawing';
import type { TerrainPattern } from '../model/files';

/** Path data of one pattern: `fill` painted in the terrain's ink, `stroke` drawn with it. */
export interface Marks {
  fill?: string;
  stroke?: string;
}

const M = (x: number, y: number) => `M${num(x)} ${num(y)}`;
const L = (x: number, y: number) => `L${num(x)} ${num(y)}`;

function square(x: number, y: number, w: number, h: number): string {
  return `${M(x, y)} ${L(x + w, y)} ${L(x + w, y + h)} ${L(x, y + h)} Z`;
}

function trees(cx: number, cy: number, s: number): Marks {
  const at: [number, number][] = [
    [-2.2, 0.9],
    [2.2, 0.9],
    [0, -1.2],
  ];
  return {
    fill: at.map(([a, b]) => circlePath(cx + a * s, cy + b * s, 1.05 * s)).join(' '),
    stroke: at.map(([a, b]) => `${M(cx + a * s, cy + (b + 0.8) * s)} ${L(cx + a * s, cy + (b + 1.9) * s)}`).join(' '),
  };
}

/** Tufts of reeds: a short base and three blades fanning up. */
function marsh(cx: number, cy: number, s: number): Marks {
  const tuft = (x: number, y: number) =>
    [
      `${M(x - 0.9 * s, y)} ${L(x + 0.9 * s, y)}`,
      `${M(x, y)} ${L(x, y - 1.2 * s)}`,
      `${M(x - 0.2 * s, y)} ${L(x - 0.8 * s, y - 0.9 * s)}`,
      `${M(x + 0.2 * s, y)} ${L(x + 0.8 * s, y - 0.9 * s)}`,
    ].join(' ');
  return { stroke: [tuft(cx - 2.1 * s, cy - 0.4 * s), tuft(cx + 2.1 * s, cy - 0.4 * s), tuft(cx, cy + 1.9 * s)].join(' ') };
}

/** Two rounded humps (not triangles, which read as a fortification or a symbol). */
function hills(cx: number, cy: number, s: number): Marks {
  const hump = (x: number, y: number) =>
    `${M(x - 1.7 * s, y)} C${num(x - 1.2 * s)} ${num(y - 2 * s)} ${num(x + 1.2 * s)} ${num(y - 2 * s)} ${num(x + 1.7 * s)} ${num(y)}`;
  return { stroke: `${hump(cx - 1.6 * s, cy + 0.2 * s)} ${hump(cx + 1.6 * s, cy + 1.4 * s)}` };
}

function dots(cx: number, cy: number, s: number): Marks {
  const at = [
    [-2.2, -1.2],
    [0.2, -1.8],
    [2.3, -0.8],
    [-1, 0.2],
    [1.2, 0.7],
    [-2.4, 1.5],
    [0, 2],
    [2.3, 1.8],
  ];
  return { fill: at.map(([a, b]) => circlePath(cx + a * s, cy + b * s, 0.38 * s)).join(' ') };
}

function hatch(cx: number, cy: number, s: number): Marks {
  return {
    stroke: [-2.4, -0.8, 0.8, 2.4].map((k) => `${M(cx + (k - 1.2) * s, cy + 2 * s)} ${L(cx + (k + 1.2) * s, cy - 2 * s)}`).join(' '),
  };
}

function city(cx: number, cy: number, s: number): Marks {
  const blocks = [
    [-1.9, -1.9],
    [0.2, -1.9],
    [-1.9, 0.2],
    [0.2, 0.2],
  ];
  return { fill: blocks.map(([x, y]) => square(cx + x * s, cy + y * s, 1.7 * s, 1.7 * s)).join(' ') };
}

/** A star fort's trace: four arrow-headed bastions joined by curtain walls, drawn as an outline. */
function fort(cx: number, cy: number, s: number): Marks {
  const polar = (deg: number, r: number) => {
    const a = (deg * Math.PI) / 180;
    return { x: cx + Math.cos(a) * r * s, y: cy + Math.sin(a) * r * s };
  };
  const pts: Point[] = [];
  for (const corner of [45, 135, 225, 315]) {
    pts.push(polar(corner - 28, 1.35), polar(corner - 17, 1.95), polar(corner, 2.6), polar(corner + 17, 1.95), polar(corner + 28, 1.35));
  }
  return { stroke: pts.map((p, i) => (i === 0 ? M(p.x, p.y) : L(p.x, p.y))).join(' ') + ' Z' };
}

/** A field fortification: a line with teeth on the side facing the enemy (hatched line). */
function trench(cx: number, cy: number, s: number): Marks {
  const y = cy + 0.6 * s;
  const ticks = [-2.4, -1.2, 0, 1.2, 2.4].map((k) => `${M(cx + k * s, y)} ${L(cx + k * s - 0.5 * s, y - 1 * s)}`);
  return { stroke: [`${M(cx - 2.9 * s, y)} ${L(cx + 2.9 * s, y)}`, ...ticks].join(' ') };
}

function cross(cx: number, cy: number, s: number): Marks {
  const r = 1.6 * s;
  return { stroke: `${M(cx - r, cy - r)} ${L(cx + r, cy + r)} ${M(cx - r, cy + r)} ${L(cx + r, cy - r)}` };
}

const town = (cx: number, cy: number, s: number): Marks => ({ fill: square(cx - 1.2 * s, cy - 1.2 * s, 2.4 * s, 2.4 * s) });

/** The patterns drawn inside a hex, each from the centre and a tenth of the hex size. */
const HEX_PATTERNS: Partial<Record<TerrainPattern, (cx: number, cy: number, s: number) => Marks>> = {
  trees,
  marsh,
  hills,
  dots,
  hatch,
  town,
  city,
  fort,
  trench,
  cross,
};

/** Marks of a hex or feature pattern centred on (cx, cy) in a hex `f` across the flats (none for line patterns). */
export function patternMarks(pattern: TerrainPattern, cx: number, cy: number, f: number): Marks | undefined {
  return HEX_PATTERNS[pattern]?.(cx, cy, f / 10);
}

/** How far a hex pattern reaches from the hex centre, in hex sizes (labels go outside it). */
export const PATTERN_REACH = 0.27;

/**
 * A bridge over the hexside from `a` to `b`: the deck's two parapets crossing the hexside at its
 * middle, with splayed ends, `w` apart; `len` long.
 */
export function bridgeMarks(a: Point, b: Point, len: number, w: number): string {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const l = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / l; // along the hexside
  const uy = (b.y - a.y) / l;
  const vx = -uy; // across it
  const vy = ux;
  return [-1, 1]
    .map((side) => {
      const ox = mx + ux * side * (w / 2);
      const oy = my + uy * side * (w / 2);
      const h = len / 2;
      const splay = w * 0.45 * side;
      return [
        M(ox - vx * h + ux * splay, oy - vy * h + uy * splay),
        L(ox - vx * (h - w * 0.45), oy - vy * (h - w * 0.45)),
        L(ox + vx * (h - w * 0.45), oy + vy * (h - w * 0.45)),
        L(ox + vx * h + ux * splay, oy + vy * h + uy * splay),
      ].join(' ');
    })
    .join(' ');
}

/** Short ticks along a polyline every `step`, `len` long: railway ties (both sides) or escarpment teeth (one side). */
export function ticksAlong(points: readonly Point[], step: number, len: number, oneSided: boolean): string {
  const out: string[] = [];
  let next = step / 2;
  let run = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const l = Math.hypot(b.x - a.x, b.y - a.y);
    if (l === 0) continue;
    const nx = -(b.y - a.y) / l;
    const ny = (b.x - a.x) / l;
    while (next <= run + l) {
      const t = (next - run) / l;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      out.push(
        oneSided ? `${M(x, y)} ${L(x + nx * len, y + ny * len)}` : `${M(x - nx * len, y - ny * len)} ${L(x + nx * len, y + ny * len)}`,
      );
      next += step;
    }
    run += l;
  }
  return out.join(' ');
}

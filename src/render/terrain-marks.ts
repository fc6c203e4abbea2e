/**
 * The symbols and line decorations of terrain, as path data: tree glyphs, marsh tufts, dots of rough
 * ground, a bastion for a fortification, railway ties, escarpment teeth, a bridge. The map and the
 * terrain key (and any chart that shows terrain as the map draws it) build them here, so they match.
 *
 * Filled marks are convex subpaths only (the raster backend fills convex shapes); anything else is
 * stroked.
 */
import type { Point } from '../hex';
import type { TerrainPattern } from '../model/files';
import { PathData } from './path-data';

/** Path data of patterns: `fill` painted in the terrain's ink, `stroke` drawn with it. */
export interface Marks {
  fill: PathData;
  stroke: PathData;
}

export function emptyMarks(): Marks {
  return { fill: new PathData(), stroke: new PathData() };
}

type Pattern = (m: Marks, cx: number, cy: number, s: number) => void;

function square(p: PathData, x: number, y: number, w: number, h: number): void {
  p.moveTo(x, y)
    .lineTo(x + w, y)
    .lineTo(x + w, y + h)
    .lineTo(x, y + h)
    .close();
}

const TREES: [number, number][] = [
  [-2.2, 0.9],
  [2.2, 0.9],
  [0, -1.2],
];

const trees: Pattern = (m, cx, cy, s) => {
  for (const [a, b] of TREES) m.fill.circle(cx + a * s, cy + b * s, 1.05 * s);
  for (const [a, b] of TREES) m.stroke.moveTo(cx + a * s, cy + (b + 0.8) * s).lineTo(cx + a * s, cy + (b + 1.9) * s);
};

/** Tufts of reeds: a short base and three blades fanning up. */
const marsh: Pattern = (m, cx, cy, s) => {
  const tuft = (x: number, y: number) =>
    m.stroke
      .moveTo(x - 0.9 * s, y)
      .lineTo(x + 0.9 * s, y)
      .moveTo(x, y)
      .lineTo(x, y - 1.2 * s)
      .moveTo(x - 0.2 * s, y)
      .lineTo(x - 0.8 * s, y - 0.9 * s)
      .moveTo(x + 0.2 * s, y)
      .lineTo(x + 0.8 * s, y - 0.9 * s);
  tuft(cx - 2.1 * s, cy - 0.4 * s);
  tuft(cx + 2.1 * s, cy - 0.4 * s);
  tuft(cx, cy + 1.9 * s);
};

/** Two rounded humps (not triangles, which read as a fortification or a symbol). */
const hills: Pattern = (m, cx, cy, s) => {
  const hump = (x: number, y: number) =>
    m.stroke.moveTo(x - 1.7 * s, y).curveTo(x - 1.2 * s, y - 2 * s, x + 1.2 * s, y - 2 * s, x + 1.7 * s, y);
  hump(cx - 1.6 * s, cy + 0.2 * s);
  hump(cx + 1.6 * s, cy + 1.4 * s);
};

const DOTS = [
  [-2.2, -1.2],
  [0.2, -1.8],
  [2.3, -0.8],
  [-1, 0.2],
  [1.2, 0.7],
  [-2.4, 1.5],
  [0, 2],
  [2.3, 1.8],
];

const dots: Pattern = (m, cx, cy, s) => {
  for (const [a, b] of DOTS) m.fill.circle(cx + a * s, cy + b * s, 0.38 * s);
};

const hatch: Pattern = (m, cx, cy, s) => {
  for (const k of [-2.4, -0.8, 0.8, 2.4]) m.stroke.moveTo(cx + (k - 1.2) * s, cy + 2 * s).lineTo(cx + (k + 1.2) * s, cy - 2 * s);
};

const CITY_BLOCKS = [
  [-1.9, -1.9],
  [0.2, -1.9],
  [-1.9, 0.2],
  [0.2, 0.2],
];

const city: Pattern = (m, cx, cy, s) => {
  for (const [x, y] of CITY_BLOCKS) square(m.fill, cx + x * s, cy + y * s, 1.7 * s, 1.7 * s);
};

/** A star fort's trace: four arrow-headed bastions joined by curtain walls, drawn as an outline. */
const fort: Pattern = (m, cx, cy, s) => {
  const polar = (deg: number, r: number) => {
    const a = (deg * Math.PI) / 180;
    return { x: cx + Math.cos(a) * r * s, y: cy + Math.sin(a) * r * s };
  };
  const pts: Point[] = [];
  for (const corner of [45, 135, 225, 315]) {
    pts.push(polar(corner - 28, 1.35), polar(corner - 17, 1.95), polar(corner, 2.6), polar(corner + 17, 1.95), polar(corner + 28, 1.35));
  }
  m.stroke.polygon(pts);
};

/** A field fortification: a line with teeth on the side facing the enemy (hatched line). */
const trench: Pattern = (m, cx, cy, s) => {
  const y = cy + 0.6 * s;
  m.stroke.moveTo(cx - 2.9 * s, y).lineTo(cx + 2.9 * s, y);
  for (const k of [-2.4, -1.2, 0, 1.2, 2.4]) m.stroke.moveTo(cx + k * s, y).lineTo(cx + k * s - 0.5 * s, y - 1 * s);
};

const cross: Pattern = (m, cx, cy, s) => {
  const r = 1.6 * s;
  m.stroke
    .moveTo(cx - r, cy - r)
    .lineTo(cx + r, cy + r)
    .moveTo(cx - r, cy + r)
    .lineTo(cx + r, cy - r);
};

const town: Pattern = (m, cx, cy, s) => square(m.fill, cx - 1.2 * s, cy - 1.2 * s, 2.4 * s, 2.4 * s);

/** The patterns drawn inside a hex, each from the centre and a tenth of the hex size. */
const HEX_PATTERNS: Partial<Record<TerrainPattern, Pattern>> = {
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

/** Whether the pattern marks the inside of a hex (line patterns do not). */
export function hasPatternMarks(pattern: TerrainPattern): boolean {
  return HEX_PATTERNS[pattern] !== undefined;
}

/**
 * Adds to `into` the marks of a hex or feature pattern centred on (cx, cy) in a hex `f` across the
 * flats (none for line patterns).
 */
export function addPatternMarks(pattern: TerrainPattern, cx: number, cy: number, f: number, into: Marks): void {
  HEX_PATTERNS[pattern]?.(into, cx, cy, f / 10);
}

/** How far a hex pattern reaches from the hex centre, in hex sizes (labels go outside it). */
export const PATTERN_REACH = 0.27;

/**
 * Adds a bridge over the hexside from `a` to `b` to `path`: the deck's two parapets crossing the
 * hexside at its middle, with splayed ends, `w` apart; `len` long.
 */
export function addBridge(path: PathData, a: Point, b: Point, len: number, w: number): void {
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  const l = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / l; // along the hexside
  const uy = (b.y - a.y) / l;
  const vx = -uy; // across it
  const vy = ux;
  for (const side of [-1, 1]) {
    const ox = mx + ux * side * (w / 2);
    const oy = my + uy * side * (w / 2);
    const h = len / 2;
    const splay = w * 0.45 * side;
    path
      .moveTo(ox - vx * h + ux * splay, oy - vy * h + uy * splay)
      .lineTo(ox - vx * (h - w * 0.45), oy - vy * (h - w * 0.45))
      .lineTo(ox + vx * (h - w * 0.45), oy + vy * (h - w * 0.45))
      .lineTo(ox + vx * h + ux * splay, oy + vy * h + uy * splay);
  }
}

/** Adds short ticks along a polyline every `step`, `len` long: railway ties (both sides) or escarpment teeth (one side). */
export function addTicksAlong(path: PathData, points: readonly Point[], step: number, len: number, oneSided: boolean): void {
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
      if (oneSided) path.moveTo(x, y).lineTo(x + nx * len, y + ny * len);
      else path.moveTo(x - nx * len, y - ny * len).lineTo(x + nx * len, y + ny * len);
      next += step;
    }
    run += l;
  }
}

/**
 * Terrain as the map draws it: the items of marks, hexside lines and path lines for a terrain's
 * look (used by the map for all hexes at once), and a swatch of one terrain in a rectangle (the
 * terrain key, the terrain effects chart).
 */
import type { Point } from '../hex';
import type { TerrainTypeFile } from '../model/files';
import type { Game } from '../model/game';
import { type Drawing, type Item, type Paint, pathItem } from './drawing';
import { addSmoothCurve, smoothPathSamples } from './map-curves';
import { GROUND, type TerrainLook, terrainLook } from './map-style';
import { PathData } from './path-data';
import { type Marks, addBridge, addPatternMarks, addTicksAlong, emptyMarks } from './terrain-marks';

/** The hex grid's line colour. */
export const GRID: Paint = { rgb: '#7a7a7a', cmyk: [0, 0, 0, 55] };
const SWATCH_WATER: Paint = { rgb: '#9cc3e6', cmyk: [35, 12, 0, 0] };

/**
 * Items painting pattern marks (collected over any number of hexes `f` across) in the look's ink;
 * their lines thicken with the hex, as the marks grow with it.
 */
export function markItems(look: TerrainLook, marks: Marks, f: number, pt: number): Item[] {
  const items: Item[] = [];
  if (!marks.fill.empty) items.push(pathItem(marks.fill, { fill: look.ink }));
  if (!marks.stroke.empty)
    items.push(pathItem(marks.stroke, { stroke: look.ink, lineWidth: Math.max(0.35 * pt, f * 0.014), lineCap: 'round' }));
  return items;
}

/** Items of a hexside terrain along `segments` (each hexside's two corners), in a map of hexes `f` across. */
export function hexsideItems(look: TerrainLook, segments: readonly [Point, Point][], pt: number, f: number): Item[] {
  if (segments.length === 0) return [];
  if (look.pattern === 'bridge') {
    const bridges = new PathData();
    for (const [a, b] of segments) addBridge(bridges, a, b, f * 0.3, f * 0.14);
    return [pathItem(bridges, { stroke: look.ink, lineWidth: look.width * pt, lineCap: 'round' })];
  }
  const sides = new PathData();
  for (const [a, b] of segments) sides.moveTo(a.x, a.y).lineTo(b.x, b.y);
  const line = pathItem(sides, {
    stroke: look.ink,
    lineWidth: look.width * pt,
    lineCap: 'round',
    ...(look.dash ? { dash: look.dash.map((v) => v * pt) } : {}),
  });
  if (look.pattern !== 'teeth') return [line];
  const teeth = new PathData();
  for (const [a, b] of segments) addTicksAlong(teeth, [a, b], 3.5 * pt, 2.6 * pt + look.width * pt, true);
  return [line, pathItem(teeth, { stroke: look.ink, lineWidth: Math.max(0.6, look.width * 0.6) * pt, lineCap: 'butt' })];
}

/** A path's line through its points: the points and the smooth curve's samples (for ties). */
export interface Curve {
  points: readonly Point[];
  samples: Point[];
}

export function curveThrough(points: readonly Point[]): Curve {
  return { points, samples: smoothPathSamples(points) };
}

/** Items of a path terrain (road, railway) along `curves`. */
export function pathItems(look: TerrainLook, curves: readonly Curve[], pt: number): Item[] {
  if (curves.length === 0) return [];
  const lines = new PathData();
  for (const c of curves) addSmoothCurve(lines, c.points);
  const items: Item[] = [
    pathItem(lines, {
      stroke: look.ink,
      lineWidth: look.width * pt,
      lineCap: 'round',
      ...(look.dash ? { dash: look.dash.map((v) => v * pt) } : {}),
    }),
  ];
  if (look.pattern === 'rail') {
    const ties = new PathData();
    for (const c of curves) addTicksAlong(ties, c.samples, 5 * pt, 1.1 * pt + look.width * pt, false);
    items.push(pathItem(ties, { stroke: look.ink, lineWidth: 0.8 * pt, lineCap: 'butt' }));
  }
  return items;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Draws terrain `t` (the `index`-th entry of terrain.json) into `rect` as the map shows it: a hex
 * of its fill and pattern, a feature's symbol on clear ground, a hexside feature along a hex's
 * side, a path curving across. `pt` is the drawing's units per point (1 in a PDF or aid card).
 */
export function drawTerrainSwatch(t: TerrainTypeFile, index: number, rect: Rect, pt = 1): Item[] {
  const look = terrainLook(t, index);
  const cx = rect.x + rect.w / 2;
  const cy = rect.y + rect.h / 2;
  // The largest flat-topped hex in the rectangle: width 2R, height √3·R.
  const radius = Math.min(rect.w / 2, rect.h / Math.sqrt(3));
  const f = radius * Math.sqrt(3);
  const corners = [0, 60, 120, 180, 240, 300].map((deg) => ({
    x: cx + radius * Math.cos((deg * Math.PI) / 180),
    y: cy + radius * Math.sin((deg * Math.PI) / 180),
  }));
  const hex = new PathData().polygon(corners);
  const items: Item[] = [pathItem(hex, { fill: t.kind === 'hex' ? look.fill : GROUND })];
  if (t.kind === 'hex' || t.kind === 'feature') {
    const marks = emptyMarks();
    addPatternMarks(look.pattern, cx, cy, f, marks);
    items.push(...markItems(look, marks, f, pt));
  } else if (t.kind === 'hexside') {
    // Across the swatch from corner to corner, where a river or a bridge shows best.
    const side: [Point, Point] = [corners[3], corners[0]];
    if (look.pattern === 'bridge') items.push(...hexsideItems({ ...look, pattern: 'none', ink: SWATCH_WATER, width: 3 }, [side], pt, f));
    items.push(...hexsideItems(look, [side], pt, f));
  } else {
    const across = [
      { x: rect.x, y: cy + f * 0.15 },
      { x: cx - f * 0.2, y: cy - f * 0.1 },
      { x: cx + f * 0.2, y: cy + f * 0.1 },
      { x: rect.x + rect.w, y: cy - f * 0.15 },
    ];
    items.push(...pathItems(look, [curveThrough(across)], pt));
  }
  items.push(pathItem(hex, { stroke: GRID, lineWidth: 0.4 * pt }));
  return items;
}

/** Across flats of a terrain effects chart's swatch hex, points. */
export const SWATCH_HEX_PT = 24;
/** Room around the hex for its outline and a path's curve, points. */
const SWATCH_MARGIN_PT = 1.5;

/** `terrain` as the map draws it, for the terrain effects chart: a drawing in points, its hex SWATCH_HEX_PT across flats. */
export function terrainSwatch(game: Pick<Game, 'terrain'>, terrain: TerrainTypeFile): Drawing {
  const m = SWATCH_MARGIN_PT;
  // A flat-topped hex SWATCH_HEX_PT across the flats is 2/√3 as wide.
  const rect = { x: m, y: m, w: (SWATCH_HEX_PT * 2) / Math.sqrt(3), h: SWATCH_HEX_PT };
  return { width: rect.w + 2 * m, height: rect.h + 2 * m, items: drawTerrainSwatch(terrain, game.terrain.indexOf(terrain), rect) };
}

/**
 * Hexside features (rivers, bridges, escarpments) and paths (roads, railways) of the map. Every
 * mark here is one the data holds: a bridge is drawn only where map.json puts a bridge hexside,
 * never invented where a path crosses a river.
 */
import { type Hex, type HexsideKey, type Point, AXIAL_DIRECTIONS, containsHex, hexCenter, hexsideEndpoints, parseHexId } from '../hex';
import type { MapCanvas } from './map-canvas';
import { exitPoint } from './map-curves';
import { type Curve, curveThrough, hexsideItems, pathItems } from './terrain-swatch';

/**
 * The point where a path leaving the map at `end` (coming from `prev`) meets the edge of the art:
 * straight on when the hex beyond is off the map, else nothing (the path ends on the map).
 */
function offMapEnd(canvas: MapCanvas, end: Hex, prev: Hex): Point | undefined {
  const { numbering, extent } = canvas.game.map;
  const beyond = { q: 2 * end.q - prev.q, r: 2 * end.r - prev.r };
  const isNeighbour = AXIAL_DIRECTIONS.some((d) => d.q === beyond.q - end.q && d.r === beyond.r - end.r);
  if (!isNeighbour || containsHex(numbering, extent, beyond)) return undefined;
  return exitPoint(hexCenter(canvas.layout, end), hexCenter(canvas.layout, beyond), canvas.frame);
}

/** The points a path's curve passes through: every hex centre, and the art's edge where it runs off the map. */
export function pathPoints(canvas: MapCanvas, ids: readonly string[]): Point[] {
  const { numbering } = canvas.game.map;
  const hexes: Hex[] = [];
  for (const id of ids) {
    const r = parseHexId(numbering, id);
    if (r.ok) hexes.push(r.hex);
  }
  if (hexes.length < 2) return [];
  const points = hexes.map((h) => hexCenter(canvas.layout, h));
  const start = offMapEnd(canvas, hexes[0], hexes[1]);
  const end = offMapEnd(canvas, hexes[hexes.length - 1], hexes[hexes.length - 2]);
  return [...(start ? [start] : []), ...points, ...(end ? [end] : [])];
}

/**
 * Hexside features and paths, one set of items per terrain, in painting order: the data's layer,
 * else rivers and other hexsides, then paths, then bridges over both.
 */
export function drawLines(canvas: MapCanvas): void {
  const { game, layout, f, pt, terrainById, items } = canvas;
  const sides = new Map<string, [Point, Point][]>();
  for (const side of game.map.hexsides) {
    if (!sides.has(side.feature)) sides.set(side.feature, []);
    sides.get(side.feature)!.push(hexsideEndpoints(layout, side.key as HexsideKey));
  }
  const curves = new Map<string, Curve[]>();
  for (const path of game.map.paths) {
    const points = pathPoints(canvas, path.hexes);
    if (points.length < 2) continue;
    if (!curves.has(path.feature)) curves.set(path.feature, []);
    curves.get(path.feature)!.push(curveThrough(points));
  }
  const layer = (id: string): number => {
    const entry = terrainById.get(id);
    if (entry?.t.style?.layer !== undefined) return entry.t.style.layer;
    return entry?.look.pattern === 'bridge' ? 2 : entry?.t.kind === 'path' ? 1 : 0;
  };
  const ids = [...sides.keys(), ...curves.keys()].sort(
    (a, b) => layer(a) - layer(b) || (terrainById.get(a)?.i ?? 0) - (terrainById.get(b)?.i ?? 0),
  );
  for (const id of ids) {
    const entry = terrainById.get(id);
    if (!entry) continue;
    const sideList = sides.get(id);
    items.push(...(sideList ? hexsideItems(entry.look, sideList, pt, f) : pathItems(entry.look, curves.get(id)!, pt)));
  }
}

/**
 * The map as a backend-neutral drawing, styled from the data (terrain.json style, map.json style):
 * terrain fills and symbols, the hex grid, hexside features and smooth paths (map-lines), the map
 * edge, zones and places (map-zones), hex ids in a colour legible on their fill, and the key band
 * below the hexes (map-key). Hexes whose terrain is a declared gap are grey with a "?".
 *
 * One drawing serves map.pdf, map.png and the module's board. Built in any unit (see MapGeometry);
 * sizes are specified in points and scaled, so the PNG and the PDF look the same. One path per
 * terrain / feature / kind keeps large maps fast to draw.
 */
import { type Hex, AXIAL_DIRECTIONS, containsHex, hexCenter, hexCorners, hexsideBetween, hexsideEndpoints } from '../hex';
import { isUnknown } from '../model/common';
import type { Game } from '../model/game';
import { type Item, type Paint, type TextItem, BLACK, GAP, pathItem } from './drawing';
import type { FontSet } from './fonts';
import type { MapGeometry } from '../plan/map-geometry';
import { type MapCanvas, type TerrainEntry, byLayer } from './map-canvas';
import { mapKeyItems } from './map-key';
import { drawLines } from './map-lines';
import { GROUND, hexIdInk, terrainLook, unknownTerrainMark } from './map-style';
import { drawPlaces, drawZones } from './map-zones';
import { PathData } from './path-data';
import { type Marks, addPatternMarks, emptyMarks, hasPatternMarks } from './terrain-marks';
import { GRID, markItems } from './terrain-swatch';

export interface MapDrawingOptions {
  /** Print the hex id in every hex (default true). */
  hexIds?: boolean;
  /** Art beyond the drawing's edges on every side, drawing units (map.pdf's bleed; default 0). */
  bleed?: number;
  progress?: (done: number, total: number) => void;
}

/** Changes whenever the drawing of the same data changes, so cached map images are drawn again. */
export const MAP_DRAWING_VERSION = 'styled-3';

const UNKNOWN_FILL: Paint = { rgb: '#d6d6d6', cmyk: [0, 0, 0, 20] };
const PAPER: Paint = { rgb: '#ffffff', cmyk: [0, 0, 0, 0] };

interface HexLayer {
  fills: Map<string, PathData>;
  unknownFill: PathData;
  marks: Map<string, Marks>;
  grid: PathData;
  gapMarks: Item[];
  /** Hexes a terrain of which already shows a symbol (a place there needs none of its own). */
  symbolHexes: Set<string>;
}

function hexIdLabel(canvas: MapCanvas, id: string, c: { x: number; y: number }, fill: Paint): TextItem {
  const { f, pt, game } = canvas;
  const size = Math.max(3.2 * pt, f * 0.12);
  const y = game.map.numbering.orientation === 'flat' ? c.y - f / 2 + size * 1.15 : c.y - f * 0.32 + size;
  return { kind: 'text', x: c.x, y, text: id, size, font: 'regular', fill: hexIdInk(fill), align: 'center' };
}

/** One hex: its fill, its terrains' marks, its grid sides, its id and gap marks. */
function addHex(canvas: MapCanvas, layer: HexLayer, mh: Game['map']['hexes'][number], options: MapDrawingOptions): void {
  const { layout, f, terrainById } = canvas;
  const h: Hex = { q: mh.q, r: mh.r };
  const corners = hexCorners(layout, h);
  // Sides towards directions 0..2 only: every inner side once; the outer sides are the map edge.
  const [c0, c1, c2, , , c5] = corners;
  layer.grid.moveTo(c5.x, c5.y).lineTo(c0.x, c0.y).lineTo(c1.x, c1.y).lineTo(c2.x, c2.y);
  const c = hexCenter(layout, h);
  let fill = UNKNOWN_FILL;
  if (isUnknown(mh.terrain)) {
    layer.unknownFill.polygon(corners);
    layer.gapMarks.push(unknownTerrainMark(c, f));
  } else {
    const base = mh.terrain.find((id) => terrainById.get(id)?.t.kind === 'hex') ?? '';
    if (!layer.fills.has(base)) layer.fills.set(base, new PathData());
    layer.fills.get(base)!.polygon(corners);
    fill = terrainById.get(base)?.look.fill ?? GROUND;
    for (const id of mh.terrain) {
      const entry = terrainById.get(id);
      if (!entry || !hasPatternMarks(entry.look.pattern)) continue;
      if (entry.look.pattern === 'town' || entry.look.pattern === 'city') layer.symbolHexes.add(mh.id);
      if (!layer.marks.has(id)) layer.marks.set(id, emptyMarks());
      addPatternMarks(entry.look.pattern, c.x, c.y, f, layer.marks.get(id)!);
    }
    if (mh.partial)
      layer.gapMarks.push({
        kind: 'text',
        x: c.x + f * 0.36,
        y: c.y + f * 0.02,
        text: '?',
        size: f * 0.2,
        font: 'bold',
        fill: GAP,
        align: 'center',
      });
  }
  if (options.hexIds !== false) {
    const label = hexIdLabel(canvas, mh.id, c, fill);
    canvas.labels.push(label);
    canvas.hexIds.set(`${mh.q},${mh.r}`, { label, fill });
  }
}

/** Hex fills by terrain, pattern marks, the grid, hex ids and the "?" of unknown terrain. */
function drawHexes(canvas: MapCanvas, options: MapDrawingOptions): HexLayer {
  const { game, f, pt, terrainById, items } = canvas;
  const layer: HexLayer = {
    fills: new Map(),
    unknownFill: new PathData(),
    marks: new Map(),
    grid: new PathData(),
    gapMarks: [],
    symbolHexes: new Set(),
  };
  const total = game.map.hexes.length;
  game.map.hexes.forEach((mh, index) => {
    addHex(canvas, layer, mh, options);
    if (options.progress && (index + 1) % 2000 === 0) options.progress(index + 1, total);
  });
  for (const key of [...layer.fills.keys()].sort(byLayer(canvas))) {
    items.push(pathItem(layer.fills.get(key)!, { fill: terrainById.get(key)?.look.fill ?? GROUND, edgesStroked: true }));
  }
  if (!layer.unknownFill.empty) items.push(pathItem(layer.unknownFill, { fill: UNKNOWN_FILL, edgesStroked: true }));
  for (const [id, m] of [...layer.marks].sort(([a], [b]) => byLayer(canvas)(a, b))) {
    items.push(...markItems(terrainById.get(id)!.look, m, f, pt));
  }
  items.push(pathItem(layer.grid, { stroke: GRID, lineWidth: 0.4 * pt }));
  return layer;
}

/** The map edge: the outline of the extent (every hexside whose neighbour is off the map). */
function drawEdge(canvas: MapCanvas): void {
  const { game, layout, pt, items } = canvas;
  const { numbering, extent } = game.map;
  const edge = new PathData();
  for (const mh of game.map.hexes) {
    for (const d of AXIAL_DIRECTIONS) {
      const n = { q: mh.q + d.q, r: mh.r + d.r };
      if (containsHex(numbering, extent, n)) continue;
      const [a, b] = hexsideEndpoints(layout, hexsideBetween(mh, n)!);
      edge.moveTo(a.x, a.y).lineTo(b.x, b.y);
    }
  }
  items.push(pathItem(edge, { stroke: BLACK, lineWidth: 1.6 * pt, lineCap: 'round' }));
}

/** Paper over the whole sheet and bleed, and the ground of the map's default terrain around the hexes. */
function background(game: Game, geometry: MapGeometry, terrainById: Map<string, TerrainEntry>, bleed: number): Item[] {
  const ground = (() => {
    const counts = new Map<string, number>();
    for (const h of game.map.hexes)
      if (!isUnknown(h.terrain) && h.terrain[0]) counts.set(h.terrain[0], (counts.get(h.terrain[0]) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    return common ? terrainById.get(common)?.look.fill : undefined;
  })();
  return [
    { kind: 'rect', x: -bleed, y: -bleed, w: geometry.width + 2 * bleed, h: geometry.height + 2 * bleed, fill: PAPER },
    ...(ground
      ? [{ kind: 'rect' as const, x: -bleed, y: -bleed, w: geometry.width + 2 * bleed, h: geometry.hexAreaHeight + bleed, fill: ground }]
      : []),
  ];
}

export function mapDrawing(game: Game, geometry: MapGeometry, fonts: FontSet, options: MapDrawingOptions = {}): Item[] {
  const bleed = options.bleed ?? 0;
  // A map printed from its picture shows the picture (its hexes, ids and features are drawn in it),
  // its edge pixels repeated into the bleed.
  const picture = game.map.image ? game.art?.[game.map.image.file] : undefined;
  if (picture) return [{ kind: 'image', x: 0, y: 0, w: geometry.width, h: geometry.height, art: picture, bleed }];
  const terrainById = new Map(game.terrain.map((t, i): [string, TerrainEntry] => [t.id, { t, i, look: terrainLook(t, i) }]));
  const canvas: MapCanvas = {
    game,
    fonts,
    layout: geometry.layout,
    f: geometry.flatSize,
    pt: geometry.unitsPerInch / 72,
    terrainById,
    frame: {
      left: -bleed,
      top: -bleed,
      right: geometry.width + bleed,
      bottom: geometry.key ? geometry.hexAreaHeight : geometry.height + bleed,
    },
    items: background(game, geometry, terrainById, bleed),
    labels: [],
    hexIds: new Map(),
  };
  const { gapMarks, symbolHexes } = drawHexes(canvas, options);
  drawLines(canvas);
  drawEdge(canvas);
  drawZones(canvas);
  drawPlaces(canvas, symbolHexes);
  canvas.items.push(...gapMarks, ...canvas.labels, ...mapKeyItems(geometry));
  options.progress?.(game.map.hexes.length, game.map.hexes.length);
  return canvas.items;
}

/**
 * The map as a backend-neutral drawing: terrain fills, terrain patterns and features, the hex
 * grid, hexside features (rivers by class), paths through hex centres (roads, railways) with
 * bridges where a path crosses a hexside feature, map edge, zones (supply sources, entry hexes),
 * places and their names, hex ids. Hexes whose terrain is a declared gap are grey with a "?".
 *
 * Built in any unit (see MapGeometry); sizes are specified in points and scaled, so the PNG and the
 * PDF look the same. One path per terrain / feature / kind keeps large maps fast to draw.
 */
import {
  type Hex,
  type HexsideKey,
  AXIAL_DIRECTIONS,
  containsHex,
  hexCenter,
  hexCorners,
  hexsideBetween,
  hexsideEndpoints,
  parseHexId,
} from '../hex';
import { isUnknown } from '../model/common';
import type { TerrainTypeFile } from '../model/files';
import type { Game } from '../model/game';
import { type Item, type Paint, BLACK, GAP, WHITE, circlePath, num, paint } from './drawing';
import type { MapGeometry } from '../plan/map-geometry';

export interface MapDrawingOptions {
  /** Print the hex id in every hex (default true). */
  hexIds?: boolean;
  progress?: (done: number, total: number) => void;
}

const DEFAULT_HEX_FILLS = ['#f3efdc', '#cfe3b4', '#e6d3a8', '#b9d7e8', '#d8c7e0', '#f0d0b0', '#c8d8c0', '#e0e0c0'];
const UNKNOWN_FILL: Paint = { rgb: '#d6d6d6', cmyk: [0, 0, 0, 20] };
const GRID: Paint = { rgb: '#6b6b6b', cmyk: [0, 0, 0, 60] };
const PAPER: Paint = { rgb: '#ffffff', cmyk: [0, 0, 0, 0] };
const WATER: Paint = { rgb: '#2a6fdb', cmyk: [85, 45, 0, 0] };
const ROAD: Paint = { rgb: '#8b4a1c', cmyk: [20, 70, 100, 10] };
const FEATURE: Paint = { rgb: '#222222', cmyk: [0, 0, 0, 90] };

/** Fill of a hex terrain: its style, else a fixed soft colour by its place in terrain.json. */
function hexFill(t: TerrainTypeFile | undefined, index: number): Paint {
  if (t?.style?.fill) return paint(t.style.fill);
  return { rgb: DEFAULT_HEX_FILLS[Math.max(0, index) % DEFAULT_HEX_FILLS.length] };
}

function lineStyle(t: TerrainTypeFile | undefined, fallback: Paint, width: number): { stroke: Paint; width: number } {
  return {
    stroke: t?.style?.stroke ? paint(t.style.stroke) : t?.style?.fill ? paint(t.style.fill) : fallback,
    width: t?.style?.width ?? width,
  };
}

class PathBuffer {
  readonly parts: string[] = [];
  add(d: string): void {
    this.parts.push(d);
  }
  get d(): string {
    return this.parts.join(' ');
  }
}

/** Small marks drawn inside a hex for a terrain pattern, as path data around centre (cx, cy). */
function patternMarks(pattern: string, cx: number, cy: number, f: number): { d: string; filled: boolean } | undefined {
  const s = f / 10;
  switch (pattern) {
    case 'trees':
      return {
        d: [circlePath(cx - 2 * s, cy + s, s), circlePath(cx + 2 * s, cy + s, s), circlePath(cx, cy - 1.5 * s, s)].join(' '),
        filled: true,
      };
    case 'marsh':
      return {
        d: [-1.5, 0, 1.5]
          .map(
            (k) => `M${num(cx - 2.5 * s + Math.abs(k) * s)} ${num(cy + k * s)} L${num(cx + 2.5 * s - Math.abs(k) * s)} ${num(cy + k * s)}`,
          )
          .join(' '),
        filled: false,
      };
    case 'hills':
      return {
        d: [-2, 2]
          .map(
            (k) =>
              `M${num(cx + k * s - 1.6 * s)} ${num(cy + s)} L${num(cx + k * s)} ${num(cy - s)} L${num(cx + k * s + 1.6 * s)} ${num(cy + s)}`,
          )
          .join(' '),
        filled: false,
      };
    case 'dots':
      return {
        d: [
          [-2, -1],
          [2, -1],
          [0, 0.5],
          [-2, 2],
          [2, 2],
        ]
          .map(([a, b]) => circlePath(cx + a * s, cy + b * s, 0.45 * s))
          .join(' '),
        filled: true,
      };
    case 'hatch':
      return {
        d: [-2, 0, 2]
          .map((k) => `M${num(cx + k * s - 1.5 * s)} ${num(cy + 2 * s)} L${num(cx + k * s + 1.5 * s)} ${num(cy - 2 * s)}`)
          .join(' '),
        filled: false,
      };
    case 'town':
      return {
        d: `M${num(cx - 1.2 * s)} ${num(cy - 1.2 * s)} L${num(cx + 1.2 * s)} ${num(cy - 1.2 * s)} L${num(cx + 1.2 * s)} ${num(cy + 1.2 * s)} L${num(cx - 1.2 * s)} ${num(cy + 1.2 * s)} Z`,
        filled: true,
      };
    case 'city':
      return {
        d: [
          [-1.8, -1.8, 1.6, 1.6],
          [0.2, -1.8, 1.6, 1.6],
          [-1.8, 0.2, 1.6, 1.6],
          [0.2, 0.2, 1.6, 1.6],
        ]
          .map(
            ([x, y, w, h]) =>
              `M${num(cx + x * s)} ${num(cy + y * s)} L${num(cx + (x + w) * s)} ${num(cy + y * s)} L${num(cx + (x + w) * s)} ${num(cy + (y + h) * s)} L${num(cx + x * s)} ${num(cy + (y + h) * s)} Z`,
          )
          .join(' '),
        filled: true,
      };
    case 'fort':
      return {
        d: `M${num(cx)} ${num(cy - 2 * s)} L${num(cx + 2 * s)} ${num(cy + 1.5 * s)} L${num(cx - 2 * s)} ${num(cy + 1.5 * s)} Z`,
        filled: true,
      };
    case 'none':
      return undefined;
    default:
      return { d: circlePath(cx, cy, 0.9 * s), filled: true };
  }
}

/** What every layer of the map drawing reads, and the lists it adds to. */
interface MapCanvas {
  game: Game;
  layout: MapGeometry['layout'];
  /** Hex size across flats, drawing units. */
  f: number;
  /** Drawing units per point. */
  pt: number;
  terrainById: Map<string, { t: TerrainTypeFile; i: number }>;
  items: Item[];
  /** Text drawn last, over everything. */
  labels: Item[];
}

/** Hex fills by terrain, pattern marks, the grid, hex ids and the "?" of unknown terrain. Returns the marks and the hexes a feature terrain shows. */
function drawHexes(canvas: MapCanvas, options: MapDrawingOptions): { gapMarks: Item[]; featureHexes: Set<string> } {
  const { game, layout, f, pt, terrainById, items, labels } = canvas;
  const { numbering } = game.map;
  const fills = new Map<string, PathBuffer>();
  const unknownFill = new PathBuffer();
  const marks = new Map<string, PathBuffer>();
  const grid = new PathBuffer();
  const gapMarks: Item[] = [];
  const featureHexes = new Set<string>();
  const hexIdSize = Math.max(3.2 * pt, f * 0.12);
  const total = game.map.hexes.length;

  game.map.hexes.forEach((mh, index) => {
    const h: Hex = { q: mh.q, r: mh.r };
    const corners = hexCorners(layout, h);
    const poly = corners.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' ') + ' Z';
    // Sides towards directions 0..2 only: every inner side once (no double-drawn lines); the
    // outer sides are drawn by the map edge.
    grid.add(
      `M${num(corners[5].x)} ${num(corners[5].y)} L${num(corners[0].x)} ${num(corners[0].y)} L${num(corners[1].x)} ${num(corners[1].y)} L${num(corners[2].x)} ${num(corners[2].y)}`,
    );
    const c = hexCenter(layout, h);
    if (isUnknown(mh.terrain)) {
      unknownFill.add(poly);
      gapMarks.push({ kind: 'text', x: c.x, y: c.y + f * 0.12, text: '?', size: f * 0.34, font: 'bold', fill: GAP, align: 'center' });
    } else {
      const base = mh.terrain.find((id) => terrainById.get(id)?.t.kind === 'hex');
      const key = base ?? '';
      if (!fills.has(key)) fills.set(key, new PathBuffer());
      fills.get(key)!.add(poly);
      for (const id of mh.terrain) {
        const entry = terrainById.get(id);
        if (!entry) continue;
        const pattern = entry.t.style?.pattern ?? (entry.t.kind === 'feature' ? 'feature' : 'none');
        if (entry.t.kind === 'feature') featureHexes.add(mh.id);
        const m = patternMarks(pattern, c.x, c.y, f);
        if (!m) continue;
        if (!marks.has(id)) marks.set(id, new PathBuffer());
        marks.get(id)!.add(m.d);
      }
      if (mh.partial)
        gapMarks.push({
          kind: 'text',
          x: c.x + f * 0.3,
          y: c.y + f * 0.3,
          text: '?',
          size: f * 0.2,
          font: 'bold',
          fill: GAP,
          align: 'center',
        });
    }
    if (options.hexIds !== false) {
      const top = numbering.orientation === 'flat' ? c.y - f / 2 + hexIdSize * 1.15 : c.y - f * 0.32 + hexIdSize;
      labels.push({ kind: 'text', x: c.x, y: top, text: mh.id, size: hexIdSize, font: 'regular', fill: GRID, align: 'center' });
    }
    if (options.progress && (index + 1) % 2000 === 0) options.progress(index + 1, total);
  });

  const fillOrder = [...fills.keys()].sort(
    (a, b) =>
      (terrainById.get(a)?.t.style?.layer ?? 0) - (terrainById.get(b)?.t.style?.layer ?? 0) ||
      (terrainById.get(a)?.i ?? -1) - (terrainById.get(b)?.i ?? -1),
  );
  for (const key of fillOrder) {
    const entry = terrainById.get(key);
    items.push({ kind: 'path', d: fills.get(key)!.d, fill: hexFill(entry?.t, entry?.i ?? 0), edgesStroked: true });
  }
  if (unknownFill.parts.length) items.push({ kind: 'path', d: unknownFill.d, fill: UNKNOWN_FILL, edgesStroked: true });
  for (const [id, buffer] of [...marks].sort(([a], [b]) => terrainById.get(a)!.i - terrainById.get(b)!.i)) {
    const t = terrainById.get(id)!.t;
    const color = t.style?.stroke ? paint(t.style.stroke) : FEATURE;
    const filled = ['trees', 'dots', 'town', 'city', 'fort', 'feature', undefined].includes(
      t.style?.pattern ?? (t.kind === 'feature' ? 'feature' : undefined),
    );
    items.push(
      filled
        ? { kind: 'path', d: buffer.d, fill: color }
        : { kind: 'path', d: buffer.d, stroke: color, lineWidth: 0.8 * pt, lineCap: 'round' },
    );
  }
  items.push({ kind: 'path', d: grid.d, stroke: GRID, lineWidth: 0.4 * pt });

  return { gapMarks, featureHexes };
}

/** Hexside features, one path per feature. Returns the keys of hexsides that have a feature. */
function drawHexsides(canvas: MapCanvas): Set<number> {
  const { game, layout, pt, terrainById, items } = canvas;
  const sidesByFeature = new Map<string, PathBuffer>();
  const featureSides = new Set<number>();
  for (const side of game.map.hexsides) {
    const [a, b] = hexsideEndpoints(layout, side.key as HexsideKey);
    if (!sidesByFeature.has(side.feature)) sidesByFeature.set(side.feature, new PathBuffer());
    sidesByFeature.get(side.feature)!.add(`M${num(a.x)} ${num(a.y)} L${num(b.x)} ${num(b.y)}`);
    featureSides.add(side.key);
  }
  for (const [id, buffer] of [...sidesByFeature].sort(([a], [b]) => (terrainById.get(a)?.i ?? 0) - (terrainById.get(b)?.i ?? 0))) {
    const style = lineStyle(terrainById.get(id)?.t, WATER, 2.5);
    items.push({ kind: 'path', d: buffer.d, stroke: style.stroke, lineWidth: style.width * pt, lineCap: 'round' });
  }

  return featureSides;
}

/** Paths through hex centres; bridges where they cross a hexside feature. */
function drawPaths(canvas: MapCanvas, featureSides: Set<number>): void {
  const { game, layout, f, pt, terrainById, items } = canvas;
  const { numbering } = game.map;
  const bridges = new PathBuffer();
  const pathsByFeature = new Map<string, PathBuffer>();
  for (const path of game.map.paths) {
    const hexes = path.hexes
      .map((id) => parseHexId(numbering, id))
      .filter((r) => r.ok)
      .map((r) => (r as { hex: Hex }).hex);
    if (hexes.length < 2) continue;
    const pts = hexes.map((h) => hexCenter(layout, h));
    if (!pathsByFeature.has(path.feature)) pathsByFeature.set(path.feature, new PathBuffer());
    pathsByFeature.get(path.feature)!.add(pts.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' '));
    for (let i = 1; i < hexes.length; i++) {
      const key = hexsideBetween(hexes[i - 1], hexes[i]);
      if (key === undefined || !featureSides.has(key)) continue;
      const a = pts[i - 1];
      const b = pts[i];
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      const half = f * 0.16;
      const off = f * 0.09;
      for (const sgn of [-1, 1]) {
        const ox = -uy * off * sgn;
        const oy = ux * off * sgn;
        bridges.add(`M${num(mx - ux * half + ox)} ${num(my - uy * half + oy)} L${num(mx + ux * half + ox)} ${num(my + uy * half + oy)}`);
      }
    }
  }
  for (const [id, buffer] of [...pathsByFeature].sort(([a], [b]) => (terrainById.get(a)?.i ?? 0) - (terrainById.get(b)?.i ?? 0))) {
    const t = terrainById.get(id)?.t;
    const style = lineStyle(t, ROAD, 1.8);
    const rail = t?.style?.pattern === 'rail';
    items.push({
      kind: 'path',
      d: buffer.d,
      stroke: rail ? BLACK : style.stroke,
      lineWidth: style.width * pt,
      lineCap: 'round',
      ...(t?.style?.pattern === 'dash' ? { dash: [4 * pt, 3 * pt] } : {}),
    });
    if (rail) items.push({ kind: 'path', d: buffer.d, stroke: WHITE, lineWidth: style.width * 0.5 * pt, dash: [3 * pt, 3 * pt] });
  }
  if (bridges.parts.length) items.push({ kind: 'path', d: bridges.d, stroke: BLACK, lineWidth: 1.2 * pt, lineCap: 'butt' });
}

/** The map edge: the outline of the extent (every hexside whose neighbour is off the map). */
function drawEdge(canvas: MapCanvas): void {
  const { game, layout, pt, items } = canvas;
  const { numbering, extent } = game.map;
  const edge = new PathBuffer();
  for (const mh of game.map.hexes) {
    const h = { q: mh.q, r: mh.r };
    for (let dir = 0; dir < 6; dir++) {
      const n = { q: h.q + AXIAL_DIRECTIONS[dir].q, r: h.r + AXIAL_DIRECTIONS[dir].r };
      if (containsHex(numbering, extent, n)) continue;
      const [a, b] = hexsideEndpoints(layout, hexsideBetween(h, n)!);
      edge.add(`M${num(a.x)} ${num(a.y)} L${num(b.x)} ${num(b.y)}`);
    }
  }
  items.push({ kind: 'path', d: edge.d, stroke: BLACK, lineWidth: 1.6 * pt, lineCap: 'round' });
}

/** Zones that players look for on the map: supply sources, entry hexes, map-edge zones. */
function drawZones(canvas: MapCanvas): void {
  const { game, layout, f, pt, items, labels } = canvas;
  const { numbering } = game.map;
  const sideColor = new Map(game.info.sides.map((s) => [s.id, s.color ? paint(s.color) : undefined]));
  for (const zone of game.map.zones) {
    if (zone.kind !== 'supply' && zone.kind !== 'entry' && zone.kind !== 'edge') continue;
    const color = (zone.side ? sideColor.get(zone.side) : undefined) ?? { rgb: '#7a1f9c', cmyk: [50, 90, 0, 0] };
    const ring = new PathBuffer();
    for (const id of zone.hexIds) {
      const parsed = parseHexId(numbering, id);
      if (!parsed.ok) continue;
      const c = hexCenter(layout, parsed.hex);
      const inner = hexCorners(layout, parsed.hex).map((p) => ({ x: c.x + (p.x - c.x) * 0.8, y: c.y + (p.y - c.y) * 0.8 }));
      ring.add(inner.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`).join(' ') + ' Z');
      const letter = zone.kind === 'supply' ? 'S' : zone.kind === 'entry' ? 'E' : '';
      if (letter)
        labels.push({ kind: 'text', x: c.x, y: c.y + f * 0.36, text: letter, size: f * 0.16, font: 'bold', fill: color, align: 'center' });
    }
    if (ring.parts.length) items.push({ kind: 'path', d: ring.d, stroke: color, lineWidth: 1.4 * pt, dash: [3 * pt, 1.5 * pt] });
  }
}

/** Places: a mark where no feature terrain shows the place already, and the name. */
function drawPlaces(canvas: MapCanvas, featureHexes: Set<string>): void {
  const { game, layout, f, pt, items, labels } = canvas;
  const { numbering } = game.map;
  for (const place of game.map.places) {
    if (place.offMap) continue;
    const ids = typeof place.hex === 'string' ? [place.hex] : (place.hexes ?? []);
    if (ids.length === 0) continue;
    const parsed = parseHexId(numbering, ids[0]);
    if (!parsed.ok) continue;
    const c = hexCenter(layout, parsed.hex);
    if (!featureHexes.has(ids[0])) {
      const m = patternMarks(place.kind === 'city' ? 'city' : 'town', c.x, c.y, f)!;
      items.push({ kind: 'path', d: m.d, fill: FEATURE });
    }
    if (place.label !== false) {
      labels.push({
        kind: 'text',
        x: c.x,
        y: c.y + f * 0.28,
        text: place.name,
        size: Math.max(4 * pt, f * 0.15),
        font: 'bold',
        fill: BLACK,
        align: 'center',
      });
    }
  }
}

export function mapDrawing(game: Game, geometry: MapGeometry, options: MapDrawingOptions = {}): Item[] {
  // A map printed from its picture shows the picture: its hexes, ids and features are drawn in it.
  const picture = game.map.image ? game.art?.[game.map.image.file] : undefined;
  if (picture) return [{ kind: 'image', x: 0, y: 0, w: geometry.width, h: geometry.height, art: picture }];
  const canvas: MapCanvas = {
    game,
    layout: geometry.layout,
    f: geometry.flatSize,
    pt: geometry.unitsPerInch / 72,
    terrainById: new Map(game.terrain.map((t, i) => [t.id, { t, i }])),
    items: [{ kind: 'rect', x: 0, y: 0, w: geometry.width, h: geometry.height, fill: PAPER }],
    labels: [],
  };
  const { gapMarks, featureHexes } = drawHexes(canvas, options);
  drawPaths(canvas, drawHexsides(canvas));
  drawEdge(canvas);
  drawZones(canvas);
  drawPlaces(canvas, featureHexes);
  canvas.items.push(...gapMarks, ...canvas.labels);
  options.progress?.(game.map.hexes.length, game.map.hexes.length);
  return canvas.items;
}

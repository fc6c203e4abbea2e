/**
 * Zones as the style prints them (outlined or tinted just inside their border, a code or a roundel
 * in each hex, or not at all) and places (a symbol where no terrain shows one, the name below it).
 * Borders run inside the zone along its hexsides, so they never cross a hex id.
 */
import { type Hex, type Point, AXIAL_DIRECTIONS, hexCenter, hexCorners, parseHexId } from '../hex';
import type { MapZone } from '../model/game';
import { type Paint, type TextItem, BLACK, WHITE, paint, pathItem } from './drawing';
import type { MapCanvas } from './map-canvas';
import { type ZoneLook, hexIdInk, unknownTerrainMark, zoneLook } from './map-style';
import { PathData } from './path-data';
import { PATTERN_REACH, addPatternMarks, emptyMarks } from './terrain-marks';
import { unitInkBox } from './text-fit';
import { maxOf, minOf } from '../extremes';

interface Edge {
  from: Point;
  to: Point;
  /** Unit normal pointing into the zone. */
  n: Point;
}

const key = (p: Point) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;

/** The zone's border as closed loops, each edge with its inward normal. */
function borderLoops(canvas: MapCanvas, hexes: Hex[]): Edge[][] {
  const inZone = new Set(hexes.map((h) => `${h.q},${h.r}`));
  const byStart = new Map<string, Edge>();
  for (const h of hexes) {
    const c = hexCenter(canvas.layout, h);
    const corners = hexCorners(canvas.layout, h);
    AXIAL_DIRECTIONS.forEach((d, dir) => {
      if (inZone.has(`${h.q + d.q},${h.r + d.r}`)) return;
      // The side towards direction `dir` runs from corner dir-1 to corner dir.
      const from = corners[(dir + 5) % 6];
      const to = corners[dir];
      const mx = (from.x + to.x) / 2 - c.x;
      const my = (from.y + to.y) / 2 - c.y;
      const l = Math.hypot(mx, my);
      byStart.set(key(from), { from, to, n: { x: -mx / l, y: -my / l } });
    });
  }
  const loops: Edge[][] = [];
  const used = new Set<string>();
  for (const [start, first] of byStart) {
    if (used.has(start)) continue;
    const loop: Edge[] = [];
    let edge: Edge | undefined = first;
    while (edge && !used.has(key(edge.from))) {
      used.add(key(edge.from));
      loop.push(edge);
      edge = byStart.get(key(edge.to));
    }
    loops.push(loop);
  }
  return loops;
}

/** Adds a loop moved `inset` into the zone (mitred corners) to `path`, closed. */
function addInsetLoop(path: PathData, loop: Edge[], inset: number): void {
  const pts = loop.map((e, i) => {
    const prev = loop[(i + loop.length - 1) % loop.length];
    const nx = prev.n.x + e.n.x;
    const ny = prev.n.y + e.n.y;
    const k = inset / (1 + prev.n.x * e.n.x + prev.n.y * e.n.y);
    return { x: e.from.x + nx * k, y: e.from.y + ny * k };
  });
  path.polygon(pts);
}

/** A paler version of a colour (mixed with `amount` of white) for broad bands. */
function pale(p: Paint, amount: number): Paint {
  const mix = (i: number) => Math.round(parseInt(p.rgb.slice(1 + 2 * i, 3 + 2 * i), 16) * (1 - amount) + 255 * amount);
  const rgb = `#${[0, 1, 2].map((i) => mix(i).toString(16).padStart(2, '0')).join('')}`;
  return { rgb, ...(p.cmyk ? { cmyk: p.cmyk.map((v) => Math.round(v * (1 - amount))) as Paint['cmyk'] } : {}) };
}

function zoneHexes(canvas: MapCanvas, zone: MapZone): Hex[] {
  const out: Hex[] = [];
  for (const id of zone.hexIds) {
    const r = parseHexId(canvas.game.map.numbering, id);
    if (r.ok) out.push(r.hex);
  }
  return out;
}

const TINT_PALENESS = 0.55;

function drawBorder(canvas: MapCanvas, hexes: Hex[], look: ZoneLook): void {
  const { pt, items } = canvas;
  const tint = look.draw === 'tint';
  const inset = (tint ? 3.2 : 1.3) * pt;
  const border = new PathData();
  for (const loop of borderLoops(canvas, hexes)) addInsetLoop(border, loop, inset);
  if (border.empty) return;
  if (tint) {
    // The band runs under the top of the ids of the zone's hexes: keep them legible on it too.
    for (const h of hexes) {
      const id = canvas.hexIds.get(`${h.q},${h.r}`);
      if (id) id.label.fill = hexIdInk(id.fill, pale(look.color, TINT_PALENESS));
    }
  }
  // An outline is dashed so it never reads as a river or a road.
  items.push(
    tint
      ? pathItem(border, { stroke: pale(look.color, TINT_PALENESS), lineWidth: 5.5 * pt })
      : pathItem(border, { stroke: look.color, lineWidth: 1.6 * pt, dash: [6 * pt, 2.5 * pt] }),
  );
}

/** Clearance between a zone's mark and the hex's centre mark, in em of the mark's type. */
const CENTRE_CLEARANCE = 0.4;
/** Room kept between a zone's mark and the hex's side, in em. */
const SIDE_CLEARANCE = 0.12;

/** Where the hex's polygon crosses the horizontal line at `y`: its left and right x. */
function hexSpan(corners: Point[], y: number): { left: number; right: number } {
  const xs: number[] = [];
  corners.forEach((a, i) => {
    const b = corners[(i + 1) % corners.length];
    if ((a.y - y) * (b.y - y) > 0 || a.y === b.y) return;
    xs.push(a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x));
  });
  return { left: minOf(xs), right: maxOf(xs) };
}

/**
 * Codes and roundels, at the hex's left (its right when the left is taken by another zone): the
 * inner edge of each at a fixed clearance from the ink of the centre "?" a hex of unknown terrain
 * shows (one place for every hex, so the codes of a column line up), shrunk when the room between
 * that and the hex's side cannot hold it, so a code never reads as one word with the mark.
 */
function drawMarks(canvas: MapCanvas, hexes: Hex[], look: ZoneLook, slots: Map<string, number>): void {
  const { layout, f, pt, items, labels, fonts } = canvas;
  // A printed code is the hex's main mark after its id; a roundel holds a smaller letter.
  const size = look.draw === 'code' ? Math.max(6 * pt, f * 0.19) : Math.max(5 * pt, f * 0.15);
  const roundel = look.draw === 'symbol';
  const ink = unitInkBox(fonts, 'bold', look.code);
  const gap = CENTRE_CLEARANCE * size;
  const discs = new PathData();
  for (const h of hexes) {
    const id = `${h.q},${h.r}`;
    const slot = slots.get(id) ?? 0;
    slots.set(id, slot + 1);
    const side = slot % 2 === 0 ? -1 : 1;
    const c = hexCenter(layout, h);
    const y = c.y + f * 0.02 + Math.floor(slot / 2) * size * 1.2;
    const centre = markBox(canvas, unknownTerrainMark(c, f));
    // The mark's extent across and down at size s, relative to (its middle, y).
    const extent = (s: number) => {
      if (roundel) {
        const r = s * (0.42 + 0.22 * look.code.length);
        return { half: r, top: -s * 0.35 - r, bottom: -s * 0.35 + r };
      }
      return { half: ink ? ((ink.x1 - ink.x0) * s) / 2 : 0, top: (ink?.y0 ?? 0) * s, bottom: (ink?.y1 ?? 0) * s };
    };
    const full = extent(size);
    const corners = hexCorners(layout, h);
    const [a, b] = [hexSpan(corners, y + full.top), hexSpan(corners, y + full.bottom)];
    const inner = side < 0 ? centre.x0 - gap : centre.x1 + gap;
    const outer = side < 0 ? Math.max(a.left, b.left) + SIDE_CLEARANCE * size : Math.min(a.right, b.right) - SIDE_CLEARANCE * size;
    const s = Math.min(size, (size * Math.max(0, side * (outer - inner))) / (2 * full.half || 1));
    const middle = inner + side * extent(s).half;
    // Text is centred on its advance: shift by the ink's offset from it so the ink is centred on `middle`.
    const x = roundel || !ink ? middle : middle - ((ink.x0 + ink.x1 - ink.advance) * s) / 2;
    if (roundel) discs.circle(x, y - s * 0.35, extent(s).half);
    labels.push({
      kind: 'text',
      x,
      y,
      text: look.code,
      size: roundel ? s * 0.9 : s,
      font: 'bold',
      fill: roundel ? WHITE : look.color,
      align: 'center',
    });
  }
  if (!discs.empty) items.push(pathItem(discs, { fill: look.color, stroke: WHITE, lineWidth: 0.5 * pt }));
}

/** The ink box of a centred bold text item, drawing units. */
function markBox(canvas: MapCanvas, mark: TextItem): { x0: number; x1: number } {
  const ink = unitInkBox(canvas.fonts, mark.font, mark.text)!;
  const pen = mark.x - (ink.advance * mark.size) / 2;
  return { x0: pen + ink.x0 * mark.size, x1: pen + ink.x1 * mark.size };
}

/** Zones as their style says (see zoneLook for the defaults). */
export function drawZones(canvas: MapCanvas): void {
  const { game } = canvas;
  const sideColor = new Map(game.info.sides.map((s) => [s.id, s.color ? paint(s.color) : undefined]));
  const slots = new Map<string, number>();
  for (const zone of game.map.zones) {
    const look = zoneLook(zone, game.map.style?.zones, zone.side ? sideColor.get(zone.side) : undefined);
    if (look.draw === 'none') continue;
    const hexes = zoneHexes(canvas, zone);
    if (look.draw === 'outline' || look.draw === 'tint') drawBorder(canvas, hexes, look);
    else drawMarks(canvas, hexes, look, slots);
  }
}

/** Settlements get a symbol; a region, a river or a lake is only named. A place of no kind is a town. */
const SETTLEMENT = /city|town|village|hamlet|fort|citadel|settlement|port/;

/** Places: a symbol where no terrain of the hex shows one, and the name below the symbol. */
export function drawPlaces(canvas: MapCanvas, symbolHexes: Set<string>): void {
  const { game, layout, f, pt, items, labels } = canvas;
  // Symbols are filled only (a town's or a city's marks have no lines).
  const marks = emptyMarks();
  for (const place of game.map.places) {
    if (place.offMap) continue;
    const ids = typeof place.hex === 'string' ? [place.hex] : (place.hexes ?? []);
    const parsed = ids.length ? parseHexId(game.map.numbering, ids[0]) : undefined;
    if (!parsed?.ok) continue;
    const c = hexCenter(layout, parsed.hex);
    const settlement = place.kind === undefined || SETTLEMENT.test(place.kind.toLowerCase());
    if (settlement && !symbolHexes.has(ids[0])) addPatternMarks(/city/i.test(place.kind ?? '') ? 'city' : 'town', c.x, c.y, f, marks);
    if (place.label === false) continue;
    const size = Math.max(4.5 * pt, f * 0.13);
    // Below the symbol: the symbol reaches PATTERN_REACH·f down, capitals rise ~0.72 em. A name
    // without a symbol sits in the lower half too, clear of the hex's own pattern.
    const y = c.y + f * (PATTERN_REACH + 0.03) + size * 0.72;
    labels.push({ kind: 'text', x: c.x, y, text: place.name, size, font: settlement ? 'bold' : 'regular', fill: BLACK, align: 'center' });
  }
  if (!marks.fill.empty) items.push(pathItem(marks.fill, { fill: { rgb: '#2b2b2b', cmyk: [0, 0, 0, 90] } }));
}

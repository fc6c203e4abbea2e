/**
 * Pixel geometry. Works in any unit (inches, points, pixels): a layout only scales and shifts.
 *
 * Screen convention: x grows to the right, y grows DOWN (as in images, PDF drawing after the usual
 * flip, and VASSAL). A layout maps axial coordinates affinely to the plane:
 *   flat:   x = originX + sizeX·(3/2)·q            y = originY + sizeY·√3·(r + q/2)
 *   pointy: x = originX + sizeX·√3·(q + r/2)       y = originY + sizeY·(3/2)·r
 * so `origin` is the centre of axial hex (0,0). For a regular hex sizeX = sizeY = the corner
 * radius = (size across flats)/√3. Separate sizeX/sizeY allow the slightly stretched grids found
 * in VASSAL modules. Use `layoutForExtent` to place a map at a margin instead of reasoning about
 * axial (0,0).
 */
import { AXIAL_DIRECTIONS, type Hex, hexRound } from './axial';
import type { Orientation } from './directions';
import { type MapExtent, MAP_EDGES, edgeHexes } from './extent';
import { type HexsideKey, hexsideDoubled, hexsideHexes } from './hexside';
import type { HexNumbering } from './numbering';

export interface Point {
  x: number;
  y: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Layout {
  readonly orientation: Orientation;
  /** Horizontal corner radius. */
  readonly sizeX: number;
  /** Vertical corner radius. */
  readonly sizeY: number;
  /** Centre of axial hex (0,0). */
  readonly originX: number;
  readonly originY: number;
}

const SQRT3 = Math.sqrt(3);

/** A regular-hex layout from the size across flats (the distance between opposite sides). */
export function createLayout(orientation: Orientation, flatSize: number, origin: Point = { x: 0, y: 0 }): Layout {
  if (!(flatSize > 0) || !Number.isFinite(flatSize))
    throw new RangeError(`hex size across flats must be a positive number, not ${flatSize}`);
  const radius = flatSize / SQRT3;
  return { orientation, sizeX: radius, sizeY: radius, originX: origin.x, originY: origin.y };
}

/**
 * A layout from centre spacings, possibly stretched.
 * flat:   `x` = distance between adjacent columns, `y` = distance between hexes within a column;
 * pointy: `x` = distance between hexes within a row, `y` = distance between adjacent rows.
 */
export function layoutFromSpacing(orientation: Orientation, spacing: Point, origin: Point = { x: 0, y: 0 }): Layout {
  if (!(spacing.x > 0 && spacing.y > 0) || !Number.isFinite(spacing.x) || !Number.isFinite(spacing.y)) {
    throw new RangeError(`hex spacing must be positive, not (${spacing.x}, ${spacing.y})`);
  }
  return orientation === 'flat'
    ? { orientation, sizeX: spacing.x / 1.5, sizeY: spacing.y / SQRT3, originX: origin.x, originY: origin.y }
    : { orientation, sizeX: spacing.x / SQRT3, sizeY: spacing.y / 1.5, originX: origin.x, originY: origin.y };
}

/** Centre spacings of a layout (inverse of `layoutFromSpacing`). */
export function layoutSpacing(layout: Layout): Point {
  return layout.orientation === 'flat'
    ? { x: layout.sizeX * 1.5, y: layout.sizeY * SQRT3 }
    : { x: layout.sizeX * SQRT3, y: layout.sizeY * 1.5 };
}

/** The same layout moved so that axial (0,0) is at `origin`. */
export function withOrigin(layout: Layout, origin: Point): Layout {
  return { ...layout, originX: origin.x, originY: origin.y };
}

export function fractionalHexToPixelX(layout: Layout, q: number, r: number): number {
  return layout.orientation === 'flat' ? layout.originX + layout.sizeX * 1.5 * q : layout.originX + layout.sizeX * SQRT3 * (q + r / 2);
}

export function fractionalHexToPixelY(layout: Layout, q: number, r: number): number {
  return layout.orientation === 'flat' ? layout.originY + layout.sizeY * SQRT3 * (r + q / 2) : layout.originY + layout.sizeY * 1.5 * r;
}

/** The pixel of a fractional axial position. */
export function fractionalHexToPixel(layout: Layout, q: number, r: number): Point {
  return { x: fractionalHexToPixelX(layout, q, r), y: fractionalHexToPixelY(layout, q, r) };
}

/** The centre of a hex. */
export function hexCenter(layout: Layout, h: Hex): Point {
  return { x: fractionalHexToPixelX(layout, h.q, h.r), y: fractionalHexToPixelY(layout, h.q, h.r) };
}

/** The fractional axial position under a pixel (inverse of `fractionalHexToPixel`). */
export function pixelToFractionalHex(layout: Layout, p: Point): { q: number; r: number } {
  const px = (p.x - layout.originX) / layout.sizeX;
  const py = (p.y - layout.originY) / layout.sizeY;
  if (layout.orientation === 'flat') {
    const q = px / 1.5;
    return { q, r: py / SQRT3 - q / 2 };
  }
  const r = py / 1.5;
  return { q: px / SQRT3 - r / 2, r };
}

/** The hex containing a pixel. */
export function pixelToHex(layout: Layout, p: Point): Hex {
  const f = pixelToFractionalHex(layout, p);
  return hexRound(f.q, f.r);
}

/**
 * The six corners of a hex. Corner i lies between the sides facing axial directions i and i+1
 * (flat: corner 0 is the east point; pointy: corner 0 is the upper-right corner), so the corners
 * run counter-clockwise on screen. Each corner is where three hexes meet, i.e. the centroid of
 * their centres, which also holds on stretched layouts.
 */
export function hexCorners(layout: Layout, h: Hex): Point[] {
  const out: Point[] = new Array(6);
  for (let i = 0; i < 6; i++) out[i] = cornerBetween(layout, h, i, (i + 1) % 6);
  return out;
}

function cornerBetween(layout: Layout, h: Hex, i: number, j: number): Point {
  return { x: cornerX(layout, h, i, j), y: cornerY(layout, h, i, j) };
}

/** The corner between the sides facing directions i and j: the centroid of the three hexes meeting there. */
function cornerX(layout: Layout, h: Hex, i: number, j: number): number {
  const a = AXIAL_DIRECTIONS[i];
  const b = AXIAL_DIRECTIONS[j];
  return fractionalHexToPixelX(layout, h.q + (a.q + b.q) / 3, h.r + (a.r + b.r) / 3);
}

function cornerY(layout: Layout, h: Hex, i: number, j: number): number {
  const a = AXIAL_DIRECTIONS[i];
  const b = AXIAL_DIRECTIONS[j];
  return fractionalHexToPixelY(layout, h.q + (a.q + b.q) / 3, h.r + (a.r + b.r) / 3);
}

/** The midpoint of a hexside (halfway between the two hex centres). */
export function hexsideMidpoint(layout: Layout, key: HexsideKey): Point {
  const s = hexsideDoubled(key);
  return fractionalHexToPixel(layout, s.q / 2, s.r / 2);
}

/** The two corners a hexside runs between, in a fixed order. */
export function hexsideEndpoints(layout: Layout, key: HexsideKey): [Point, Point] {
  const [a, b] = hexsideHexes(key);
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  let index = 0;
  while (AXIAL_DIRECTIONS[index].q !== dq || AXIAL_DIRECTIONS[index].r !== dr) index++;
  return [cornerBetween(layout, a, (index + 5) % 6, index), cornerBetween(layout, a, index, (index + 1) % 6)];
}

/** The bounding box of the hex shapes (corners, not just centres) of a list of hexes. */
export function hexesBounds(layout: Layout, hexes: Iterable<Hex>): Bounds {
  const bounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const h of hexes) {
    // Corner by corner as numbers: no point objects for every edge hex of a big map.
    for (let i = 0; i < 6; i++) {
      const x = cornerX(layout, h, i, (i + 1) % 6);
      const y = cornerY(layout, h, i, (i + 1) % 6);
      if (x < bounds.minX) bounds.minX = x;
      if (y < bounds.minY) bounds.minY = y;
      if (x > bounds.maxX) bounds.maxX = x;
      if (y > bounds.maxY) bounds.maxY = y;
    }
  }
  return bounds;
}

/** The bounding box of every hex shape of an extent (only the edge hexes can reach it). */
export function extentBounds(layout: Layout, numbering: HexNumbering, extent: MapExtent): Bounds {
  return hexesBounds(layout, extentEdgeHexes(numbering, extent));
}

/** The hexes of every map edge (the corner hexes twice): the only ones that can reach the extent's bounding box. */
function extentEdgeHexes(numbering: HexNumbering, extent: MapExtent): Hex[] {
  const edges: Hex[] = [];
  for (const edge of MAP_EDGES) for (const h of edgeHexes(numbering, extent, edge)) edges.push(h);
  return edges;
}

/**
 * A regular layout for a map: the bounding box of all hex shapes of the extent starts at
 * (margin.x, margin.y). The drawing is then `bounds.maxX + margin.x` wide, and so on.
 */
export function layoutForExtent(numbering: HexNumbering, extent: MapExtent, flatSize: number, margin: Point = { x: 0, y: 0 }): Layout {
  return placedLayout(numbering, extentEdgeHexes(numbering, extent), flatSize, margin);
}

/**
 * `layoutForExtent` with the bounding box of the extent in that layout (`extentBounds`), the edge
 * hexes built once for both.
 */
export function layoutAndBoundsForExtent(numbering: HexNumbering, extent: MapExtent, flatSize: number): { layout: Layout; bounds: Bounds } {
  const edges = extentEdgeHexes(numbering, extent);
  const layout = placedLayout(numbering, edges, flatSize, { x: 0, y: 0 });
  return { layout, bounds: hexesBounds(layout, edges) };
}

function placedLayout(numbering: HexNumbering, edges: readonly Hex[], flatSize: number, margin: Point): Layout {
  const unplaced = createLayout(numbering.orientation, flatSize);
  const bounds = hexesBounds(unplaced, edges);
  return withOrigin(unplaced, { x: margin.x - bounds.minX, y: margin.y - bounds.minY });
}

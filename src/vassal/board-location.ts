/**
 * The locations a board's own grid names, as VASSAL 3.7 resolves them: the point of a location name
 * (`MapGrid.getLocation`, as `SetupStack.updatePosition` places an at-start stack by name, with its
 * ZonedGrid's region fallback) and the name of a point in a zone (`Zone.locationName`: the zone's
 * location format with its name and its grid's location). For the grids of boards other than the
 * game board, which a module built from the data writes again as the module had them: ZonedGrid
 * and its zones, numbered SquareGrid and HexGrid, RegionGrid. Board pixels, Java's int arithmetic.
 * Pure.
 */
import type { Point } from '../hex/layout';
import { escapeRegExp, numberingFromVassal, parseVassalLocation, readVassalGridAttributes, readVassalNumberingAttributes } from './grid';
import { vassalHexLocationName, vassalLocationPoint } from './grid-location';
import { boardGridElement } from './board-grid';
import { decodeSequence } from './sequence-encoder';
import { readSquareGrid, squareLocationName } from './square-grid';
import { attribute, type XmlElement } from './xml-tree';
import { maxOf, minOf } from '../extremes';

const B = 'VASSAL.build.module.map.boardPicker.board.';
const ZONED_GRID = `${B}ZonedGrid`;
const ZONE = `${B}mapgrid.Zone`;
const SQUARE_GRID = `${B}SquareGrid`;
const HEX_GRID = `${B}HexGrid`;
const REGION_GRID = `${B}RegionGrid`;
const REGION = `${B}Region`;
const NUMBERINGS = new Set([`${B}mapgrid.SquareGridNumbering`, `${B}mapgrid.HexGridNumbering`]);
const GRIDS = new Set([ZONED_GRID, SQUARE_GRID, HEX_GRID, REGION_GRID]);

type Size = { width: number; height: number };

/** java.awt.Polygon.contains for a point off the edges (crossings, even-odd). */
export function polygonContains(polygon: readonly Point[], p: Point): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) result = !result;
  }
  return result;
}

/** A zone's polygon (its `path`, "x,y;x,y;…"). */
export function zonePolygon(path: string): Point[] {
  return path
    .split(';')
    .map((p) => p.split(',').map(Number))
    .filter((xy) => xy.length === 2 && xy.every(Number.isFinite))
    .map(([x, y]) => ({ x, y }));
}

/** Where VASSAL places an at-start stack that names `name` on the board: its grid's point, else a region of its zones; undefined: a "Bad location name". */
export function boardLocationPoint(board: XmlElement, name: string, size: Size | undefined): Point | undefined {
  const grid = boardGridElement(board);
  if (!grid) return undefined;
  return gridPoint(grid, name, size) ?? (grid.name === ZONED_GRID ? zonesRegionPoint(grid, name) : undefined);
}

/**
 * The name VASSAL gives a point of a zone of the board (ZonedGrid.locationName: the first zone
 * holding it); undefined when no zone holds it or the name cannot be told here (a format with
 * properties other than `$name$` and `$gridLocation$`, a grid location this does not name).
 */
export function zoneLocationName(board: XmlElement, point: Point, size: Size | undefined): string | undefined {
  const zoned = boardGridElement(board);
  if (zoned?.name !== ZONED_GRID) return undefined;
  const zone = zonesOf(zoned).find((z) => polygonContains(zonePolygon(attribute(z, 'path') ?? ''), point));
  if (!zone) return undefined;
  const format = attribute(zone, 'locationFormat') ?? '$name$';
  const grid = zoneGrid(zone, zoned);
  const gridLocation = format.includes('$gridLocation$') && grid ? gridName(grid, point, gridContainer(grid, zone, size)) : undefined;
  let named: string | undefined = '';
  decodeSequence(format, '$').forEach((token, i, tokens) => {
    if (named === undefined) return;
    if (i % 2 === 0 || i === tokens.length - 1) named += token;
    else if (token === 'name') named += attribute(zone, 'name') ?? '';
    else if (token === 'gridLocation' && gridLocation !== undefined) named += gridLocation;
    else named = undefined;
  });
  return named;
}

function zonesOf(zoned: XmlElement): XmlElement[] {
  return zoned.children.filter((c) => c.name === ZONE);
}

/** A ZonedGrid's background grid (its grid that is no zone). */
function backgroundOf(zoned: XmlElement): XmlElement | undefined {
  return zoned.children.find((c) => GRIDS.has(c.name));
}

/** Zone.getGrid: the parent's background grid when the zone uses it, else its own. */
function zoneGrid(zone: XmlElement, zoned: XmlElement): XmlElement | undefined {
  return attribute(zone, 'useParentGrid') === 'true' ? backgroundOf(zoned) : zone.children.find((c) => GRIDS.has(c.name));
}

/** The size descending numbering counts from: a zone's bounds for a grid of its own, else the board's. */
function gridContainer(grid: XmlElement, zone: XmlElement, board: Size | undefined): Size | undefined {
  if (!zone.children.includes(grid)) return board;
  const polygon = zonePolygon(attribute(zone, 'path') ?? '');
  if (polygon.length === 0) return undefined;
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  return { width: maxOf(xs) - minOf(xs), height: maxOf(ys) - minOf(ys) };
}

/** A grid's name for a point: a numbered square or hex, the nearest region. */
function gridName(grid: XmlElement, point: Point, container: Size | undefined): string | undefined {
  const numbering = gridNumberingOf(grid);
  if (grid.name === SQUARE_GRID) {
    const square = readSquareGrid(attributesOf(grid));
    return square && numbering ? squareLocationName(square, numbering, point, container) : undefined;
  }
  if (grid.name === HEX_GRID) {
    const hex = readVassalGridAttributes(attributesOf(grid));
    return numbering && !hex.diagnostics.some((d) => d.severity === 'error')
      ? vassalHexLocationName(hex.grid, numbering, point, container)
      : undefined;
  }
  if (grid.name === REGION_GRID) return nearestRegionName(regionsOf(grid), point);
  return undefined;
}

/**
 * RegionGrid.locationName: the region its doSnap finds, the least squared distance from the point
 * to a region's origin, snapping or not and however far (regions are kept by origin, a later one
 * replacing an earlier); undefined without regions, and where the nearest origins tie, as VASSAL
 * then takes the first in its hash order.
 */
export function nearestRegionName(regions: ReadonlyArray<{ name: string; point: Point }>, point: Point): string | undefined {
  const byOrigin = new Map<string, { name: string; point: Point }>();
  for (const r of regions) byOrigin.set(`${r.point.x},${r.point.y}`, r);
  let nearest: string | undefined;
  let least = Infinity;
  let tied = false;
  for (const { name, point: origin } of byOrigin.values()) {
    const distance = (point.x - origin.x) ** 2 + (point.y - origin.y) ** 2;
    if (distance < least) [nearest, least, tied] = [name, distance, false];
    else if (distance === least) tied = true;
  }
  return tied ? undefined : nearest;
}

/** MapGrid.getLocation of each kind of grid; undefined where VASSAL throws BadCoords. */
function gridPoint(grid: XmlElement, name: string, container: Size | undefined): Point | undefined {
  if (grid.name === ZONED_GRID) {
    for (const zone of zonesOf(grid)) {
      const p = zonePoint(zone, grid, name, container);
      if (p && polygonContains(zonePolygon(attribute(zone, 'path') ?? ''), p)) return p;
    }
    const background = backgroundOf(grid);
    return background ? gridPoint(background, name, container) : undefined;
  }
  if (grid.name === REGION_GRID) return regionsOf(grid).find((r) => r.name === name)?.point;
  const numbering = gridNumberingOf(grid);
  if (!numbering) return undefined;
  if (grid.name === SQUARE_GRID) return squarePoint(grid, numbering, name, container);
  if (grid.name === HEX_GRID) {
    const hex = readVassalGridAttributes(attributesOf(grid));
    if (hex.diagnostics.some((d) => d.severity === 'error')) return undefined;
    const model = numberingFromVassal(hex.grid, numbering);
    if ((numbering.hDescend || numbering.vDescend) && !container) return undefined;
    const at = vassalLocationPoint(model, name, container ?? { width: 0, height: 0 });
    return at.ok ? at.point : undefined;
  }
  return undefined;
}

/**
 * Zone.getLocation: the name matched against the zone's location format (`$name$` its name,
 * `$gridLocation$` any text its grid then places, other properties nothing); without a grid
 * location, the mean of the polygon's corners, or its first corner when the mean lies outside.
 */
function zonePoint(zone: XmlElement, zoned: XmlElement, name: string, board: Size | undefined): Point | undefined {
  const grid = zoneGrid(zone, zoned);
  const tokens = decodeSequence(attribute(zone, 'locationFormat') ?? '$name$', '$');
  let pattern = '';
  let groups = 0;
  tokens.forEach((token, i) => {
    if (token === '') return;
    if (i % 2 === 0 || i === tokens.length - 1) pattern += escapeRegExp(token);
    else if (token === 'name') pattern += escapeRegExp(attribute(zone, 'name') ?? '');
    else if (token === 'gridLocation' && grid) {
      pattern += '(.*)';
      groups++;
    }
  });
  if (pattern === '') return undefined;
  const match = new RegExp(`^(?:${pattern})$`).exec(name);
  if (!match) return undefined;
  const polygon = zonePolygon(attribute(zone, 'path') ?? '');
  if (groups > 0) {
    const p = gridPoint(grid!, match[groups], gridContainer(grid!, zone, board));
    return p && polygonContains(polygon, p) ? p : undefined;
  }
  if (polygon.length === 0) return { x: 0, y: 0 };
  const mean = {
    x: Math.trunc(polygon.reduce((s, p) => s + p.x, 0) / polygon.length),
    y: Math.trunc(polygon.reduce((s, p) => s + p.y, 0) / polygon.length),
  };
  return polygonContains(polygon, mean) ? mean : polygon[0];
}

/** ZonedGrid.getRegionLocation: a region of a zone's RegionGrid by name, where the zone holds it. */
function zonesRegionPoint(zoned: XmlElement, name: string): Point | undefined {
  for (const zone of zonesOf(zoned)) {
    const grid = zoneGrid(zone, zoned);
    const region = grid?.name === REGION_GRID ? regionsOf(grid).find((r) => r.name === name) : undefined;
    if (region && polygonContains(zonePolygon(attribute(zone, 'path') ?? ''), region.point)) return region.point;
  }
  return undefined;
}

/** SquareGridNumbering.getCenterPoint of RegularGridNumbering.getLocation's column and row. */
function squarePoint(
  grid: XmlElement,
  numbering: ReturnType<typeof readVassalNumberingAttributes>['gridNumbering'],
  name: string,
  container: Size | undefined,
): Point | undefined {
  const square = readSquareGrid(attributesOf(grid));
  const parsed = parseVassalLocation({ source: numbering }, name);
  if (!square || !parsed.ok) return undefined;
  let column = parsed.vassalColumn - numbering.hOff;
  let row = parsed.vassalRow - numbering.vOff;
  if (numbering.vDescend || numbering.hDescend) {
    if (!container) return undefined;
    if (numbering.vDescend) row = Math.trunc(container.height / square.dy + 0.5) - row;
    if (numbering.hDescend) column = Math.trunc(container.width / square.dx + 0.5) - column;
  }
  return { x: Math.trunc(column * square.dx + square.x0), y: Math.trunc(row * square.dy + square.y0) };
}

/** The numbering of a hex or square grid element, with VASSAL's defaults; undefined without one. */
export function gridNumberingOf(grid: XmlElement) {
  const element = grid.children.find((c) => NUMBERINGS.has(c.name));
  return element ? readVassalNumberingAttributes(attributesOf(element)).gridNumbering : undefined;
}

function regionsOf(grid: XmlElement): Array<{ name: string; point: Point }> {
  return grid.children
    .filter((c) => c.name === REGION)
    .map((r) => ({ name: attribute(r, 'name') ?? '', point: { x: Number(attribute(r, 'originx')), y: Number(attribute(r, 'originy')) } }))
    .filter((r) => Number.isFinite(r.point.x) && Number.isFinite(r.point.y));
}

function attributesOf(el: XmlElement): Record<string, string> {
  return Object.fromEntries(el.attributes);
}

/**
 * Where VASSAL itself puts a hex location name: `HexGridNumbering.getCenterPoint` after
 * `RegularGridNumbering.getLocation`'s parse (reference §4.3), including descending numbering,
 * which counts from the grid container's far edge and so needs the board's size; and the name it
 * gives a point (`HexGrid.locationName`: HexGridNumbering.getRow/getColumn, then
 * RegularGridNumbering.locationName). VASSAL's getMaxRows divides the height by dx and
 * getMaxColumns the width by dy (sic); this follows it. Board-local pixels, Java's int
 * truncation. Pure.
 */
import type { Point } from '../hex/layout';
import type { OffsetCoord } from '../hex/numbering';
import { parseVassalLocation, type VassalGridModel, type VassalHexGridAttributes, type VassalHexGridNumberingAttributes } from './grid';
import { regularLocationName } from './square-grid';

/**
 * The location name VASSAL gives a board pixel of a numbered hex grid; undefined where it cannot
 * be told (descending numbering without the board's size).
 */
export function vassalHexLocationName(
  grid: VassalHexGridAttributes,
  numbering: VassalHexGridNumberingAttributes,
  point: Point,
  board: { width: number; height: number } | undefined,
): string | undefined {
  if ((numbering.hDescend || numbering.vDescend) && !board) return undefined;
  const p = grid.sideways ? { x: point.y, y: point.x } : point;
  // HexGrid.getRawColumn / getRawRow: Java's Math.round is JavaScript's (floor of x + 0.5).
  const rawColumn = Math.floor((p.x - grid.x0) / grid.dx + 0.5);
  const rawRow = Math.round((p.y - grid.y0 - (rawColumn % 2 !== 0 ? grid.dy / 2 : 0)) / grid.dy);
  const { column, row } = fromFarEdge(grid, numbering, rawColumn, rawRow, board ?? { width: 0, height: 0 });
  const staggered = numbering.stagger && rawColumn % 2 !== 0 ? ((grid.sideways ? numbering.hDescend : numbering.vDescend) ? -1 : 1) : 0;
  return regularLocationName(numbering, row + staggered, column);
}

export function vassalLocationPoint(
  model: VassalGridModel,
  name: string,
  board: { width: number; height: number },
): { ok: true; point: Point } | { ok: false; reason: string } {
  const parsed = parseVassalLocation(model, name);
  if (!parsed.ok) return parsed;
  const n = model.source;
  const g = model.grid;
  let column = parsed.vassalColumn - n.hOff;
  let row = parsed.vassalRow - n.vOff;
  if (n.stagger && column % 2 !== 0) row += (g.sideways ? n.hDescend : n.vDescend) ? 1 : -1;
  ({ column, row } = fromFarEdge(g, n, column, row, board));
  const x = Math.trunc(column * g.dx) + g.x0;
  const y = (column % 2 === 0 ? Math.trunc(row * g.dy) : Math.trunc(row * g.dy + g.dy / 2)) + g.y0;
  return { ok: true, point: g.sideways ? { x: y, y: x } : { x, y } };
}

/**
 * The location name VASSAL gives the hex of a Hexforge id's printed column and row: those numbers
 * are VASSAL's own values (letters A = 0, B = 1 …, see grid.ts namingDifferences), written as the
 * grid's numbering writes them (letters or padded numbers, order, separator, location format).
 * Where Hexforge ids are VASSAL's names this is the id itself.
 */
export function vassalNameOfPrinted(model: VassalGridModel, { column, row }: OffsetCoord): string {
  const [vassalColumn, vassalRow] = model.numbering.orientation === 'pointy' ? [row, column] : [column, row];
  return regularLocationName(model.source, vassalRow - model.source.vOff, vassalColumn - model.source.hOff);
}

/**
 * A column and row of descending numbering counted from the grid container's far edge, as
 * HexGridNumbering does (its own inverse): raw indices to numbered ones and back.
 */
function fromFarEdge(
  grid: VassalHexGridAttributes,
  numbering: VassalHexGridNumberingAttributes,
  column: number,
  row: number,
  board: { width: number; height: number },
): { column: number; row: number } {
  const maxRows = Math.floor(board.height / grid.dx + 0.5);
  const maxColumns = Math.floor(board.width / grid.dy + 0.5);
  const [columnsDescend, columnsMax, rowsDescend, rowsMax] = grid.sideways
    ? [numbering.vDescend, maxRows, numbering.hDescend, maxColumns]
    : [numbering.hDescend, maxColumns, numbering.vDescend, maxRows];
  return { column: columnsDescend ? columnsMax - column : column, row: rowsDescend ? rowsMax - row : row };
}

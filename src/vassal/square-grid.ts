/**
 * The location name VASSAL gives a point of a square grid: SquareGridNumbering.getRow/getColumn
 * and RegularGridNumbering.locationName (VASSAL 3.7). Descending numbering counts from the far
 * edge of the grid's board, so it needs the board's size. Board-local pixels, Java's int
 * arithmetic. Pure.
 */
import type { Point } from '../hex/layout';
import type { VassalHexGridNumberingAttributes } from './grid';

export interface VassalSquareGrid {
  dx: number;
  dy: number;
  x0: number;
  y0: number;
}

/** SquareGrid's attributes with VASSAL's defaults (48 × 48 pixels, origin 24, 24). */
export function readSquareGrid(attrs: Record<string, string | undefined>): VassalSquareGrid | undefined {
  const read = (name: string, fallback: number) => {
    const v = attrs[name];
    return v === undefined || v.trim() === '' ? fallback : Number(v);
  };
  const grid = { dx: read('dx', 48), dy: read('dy', 48), x0: read('x0', 24), y0: read('y0', 24) };
  return grid.dx > 0 && grid.dy > 0 && Number.isFinite(grid.x0) && Number.isFinite(grid.y0) ? grid : undefined;
}

/** RegularGridNumbering.getName(int, char, int): letters A…Z, AA… or a number padded to `leading` + 1 digits. */
function part(n: number, type: 'N' | 'A', leading: number): string {
  let value = n < 0 ? '-' : '';
  let rest = Math.abs(n);
  if (type === 'A') {
    do {
      value += String.fromCharCode(65 + (rest % 26));
      rest -= 26;
    } while (rest >= 0);
    return value;
  }
  for (let l = leading; l > 0 && rest < 10 ** l; l--) value += '0';
  return value + rest;
}

/** The name VASSAL reports at a point, or undefined where it cannot be told (descending numbering without the board's size). */
export function squareLocationName(
  grid: VassalSquareGrid,
  numbering: VassalHexGridNumberingAttributes,
  point: Point,
  board: { width: number; height: number } | undefined,
): string | undefined {
  if ((numbering.hDescend || numbering.vDescend) && !board) return undefined;
  let column = Math.floor((point.x - grid.x0) / grid.dx + 0.5);
  let row = Math.trunc((point.y - grid.y0) / grid.dy + 0.5);
  if (numbering.hDescend) column = Math.trunc(board!.width / grid.dx + 0.5) - column;
  if (numbering.vDescend) row = Math.trunc(board!.height / grid.dy + 0.5) - row;
  return regularLocationName(numbering, row, column);
}

/** RegularGridNumbering.locationName of VASSAL's row and column (numbered from 0, before the offsets). */
export function regularLocationName(numbering: VassalHexGridNumberingAttributes, row: number, column: number): string {
  const rowName = part(row + numbering.vOff, numbering.vType, numbering.vLeading);
  const columnName = part(column + numbering.hOff, numbering.hType, numbering.hLeading);
  const gridLocation = numbering.first === 'H' ? columnName + numbering.sep + rowName : rowName + numbering.sep + columnName;
  return numbering.locationFormat
    .replaceAll('$gridLocation$', gridLocation)
    .replaceAll('$row$', rowName)
    .replaceAll('$column$', columnName);
}

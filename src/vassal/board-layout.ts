/**
 * VASSAL's layout of a map's boards (its BoardPicker; Map.setBoardBoundaries): each
 * board takes a cell, a column and a row; a board's origin lies right of the widths of the boards
 * before it in its row and below the heights of those above it in its column (an empty cell counts
 * 0). A map pixel is the map's edge plus the board's origin plus the board pixel. Pure.
 */
import type { Point } from '../hex';
import { encodeSequence } from './sequence-encoder';

/** A board in its cell, with its size in pixels. */
export interface BoardCell {
  column: number;
  row: number;
  width: number;
  height: number;
}

/** Each board's origin in map pixels (the map's edge excluded), in the order given. */
export function boardCellOrigins(cells: readonly BoardCell[]): Point[] {
  const at = (column: number, row: number) => cells.find((c) => c.column === column && c.row === row);
  return cells.map(({ column, row }) => {
    let x = 0;
    let y = 0;
    for (let c = 0; c < column; c++) x += at(c, row)?.width ?? 0;
    for (let r = 0; r < row; r++) y += at(column, r)?.height ?? 0;
    return { x, y };
  });
}

/**
 * The SetBoards command that lays the boards out on a map (`<map>BoardPicker<TAB><board><TAB><column>
 * <TAB><row>…`, map/BoardPicker.java encode): a saved game's choice of boards, and the BoardPicker's
 * default setup, which starts every new game with them.
 */
export function setBoardsCommand(mapId: string, boards: ReadonlyArray<{ name: string; column: number; row: number }>): string {
  const tokens = [`${mapId}BoardPicker`, ...boards.flatMap((b) => [b.name, String(b.column), String(b.row)])];
  return encodeSequence(tokens, '\t') ?? '';
}

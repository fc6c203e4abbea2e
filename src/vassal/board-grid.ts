/**
 * A board's grid as the module holds it (a HexGrid, SquareGrid, RegionGrid or ZonedGrid element,
 * with its zones, numbering and regions), kept in map.json `boards[].grid` for boards other than
 * the game board: the module built from the data writes it back, so that VASSAL names the
 * locations of that board as the original did. Attributes are kept sorted, as a built module
 * writes them, so that an import of that module reads the same data back. Pure.
 */
import type { BoardGridFile } from '../model/files';
import type { XmlElement } from './xml-tree';

const BOARD_GRIDS = new Set(
  ['HexGrid', 'SquareGrid', 'RegionGrid', 'ZonedGrid'].map((g) => `VASSAL.build.module.map.boardPicker.board.${g}`),
);

/** The board's grid element (a board has at most one), if any. */
export function boardGridElement(board: XmlElement): XmlElement | undefined {
  return board.children.find((c) => BOARD_GRIDS.has(c.name));
}

/** An element of a grid as map.json keeps it: its class, attributes (sorted by name) and children, less `leftOut` wherever it is. */
export function gridFile(element: XmlElement, leftOut?: XmlElement): BoardGridFile {
  const attributes = [...element.attributes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const children = element.children.filter((c) => c !== leftOut).map((c) => gridFile(c, leftOut));
  return {
    class: element.name,
    ...(attributes.length > 0 ? { attributes: Object.fromEntries(attributes) } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** The element map.json's grid stands for. */
export function gridElement(grid: BoardGridFile): XmlElement {
  const attributes = Object.entries(grid.attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { name: grid.class, attributes, children: (grid.children ?? []).map(gridElement) };
}

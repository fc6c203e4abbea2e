/**
 * The boards of map.json `boards` in the built module, so that a setup placement kept as a board
 * pixel (scenarios.json `setup[].at`) is placed at that pixel again: the board of the game map
 * (its name, zones and, without a picture, its size) and one map of each other name with its first
 * board. A map shows one board here, so its map pixels are the board's plus the map's edge (0).
 * A pixel on a board not built (a second board of one map) stays in its box. Pure.
 */
import type { BoardFile, BoardPixelFile } from '../../model/files';
import type { Game } from '../../model/game';
import type { XmlElement } from '../xml-tree';
import { P, el, map } from './components';
import { HOLDING_MAP, MAIN_BOARD, mainMapName } from './names';

export interface BuiltBoards {
  /** The game map's board as the data lists it, if it does. */
  main?: BoardFile;
  /** The other maps, one board each, in the data's order. */
  others: BoardFile[];
}

/** A VASSAL map or board name the save's commands can carry (the BoardPicker command splits on tabs, '/' marks a reversed board). */
const carried = (name: string) => !/[\t\n\r;/\\|,]/.test(name);

export function builtBoards(game: Pick<Game, 'map'>): BuiltBoards {
  const main = mainMapName(game);
  const out: BuiltBoards = { others: [] };
  const maps = new Set<string>();
  for (const board of game.map.boards ?? []) {
    if (maps.has(board.map) || board.map === HOLDING_MAP || !carried(board.map) || !carried(board.name)) continue;
    maps.add(board.map);
    if (board.map === main) out.main = board;
    else out.others.push(board);
  }
  return out;
}

/** The name of the game map's board in the built module. */
export function mainBoardName(boards: BuiltBoards): string {
  return boards.main?.name ?? MAIN_BOARD;
}

/** Where a board pixel lands in the built module: the map, its board, and the map pixel; undefined when that board is not built. */
export function pixelTarget(boards: BuiltBoards, at: BoardPixelFile): { mapId: string; board: string; x: number; y: number } | undefined {
  const board = [boards.main, ...boards.others].find(
    (b) => b !== undefined && b.name === at.board && (at.map === undefined || b.map === at.map),
  );
  return board && { mapId: board.map, board: board.name, x: at.x, y: at.y };
}

/**
 * A Board element: the picture, else the data's size (VASSAL draws a plain board of that size); the
 * data's zones in a ZonedGrid over `grid` (its background grid), else `grid` alone.
 */
export function boardElement(
  name: string,
  board: BoardFile | undefined,
  image: string | undefined,
  grid: XmlElement | undefined,
): XmlElement {
  const size: Record<string, number> =
    image === undefined && board?.width !== undefined && board.height !== undefined ? { width: board.width, height: board.height } : {};
  const zones = (board?.zones ?? []).map((z) =>
    el(`${P}module.map.boardPicker.board.mapgrid.Zone`, {
      highlightProperty: '',
      locationFormat: '$name$',
      name: z.name,
      path: z.polygon.map(([x, y]) => `${x},${y}`).join(';'),
      useHighlight: false,
      useParentGrid: false,
    }),
  );
  const children =
    zones.length > 0 ? [el(`${P}module.map.boardPicker.board.ZonedGrid`, {}, [...zones, ...(grid ? [grid] : [])])] : grid ? [grid] : [];
  return el(`${P}module.map.boardPicker.Board`, { ...(image !== undefined ? { image } : {}), name, reversible: false, ...size }, children);
}

/** The maps of the other boards, each in its own window, with its at-start stacks. */
export function boardMaps(boards: BuiltBoards, atStart: ReadonlyMap<string, XmlElement[]>): XmlElement[] {
  return boards.others.map((b) =>
    map({
      atStart: atStart.get(b.map) ?? [],
      mapName: b.map,
      buttonName: b.map,
      launch: true,
      board: boardElement(b.name, b, undefined, undefined),
    }),
  );
}

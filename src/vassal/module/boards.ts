/**
 * The boards of map.json `boards` in the built module, so that a setup placement kept as a board
 * pixel (scenarios.json `setup[].at`) is placed at that pixel again: every board the data lists,
 * on the map of its name, in its cell of VASSAL's layout (its `column` and `row`), at its size. The
 * game map's first board is the one of the hexes (its picture, the data's zones); each other board
 * shows its own picture (map.json `boards[].image`), else is a plain board of its name and size. Maps have no edge here, so a map pixel is the board's
 * origin in the layout plus the board pixel. Pure.
 */
import type { BoardFile, BoardPixelFile, MapFile, PrivateWindowFile } from '../../model/files';
import { encodeSequence } from '../sequence-encoder';
import type { Game } from '../../model/game';
import { type BoardCell, boardCellOrigins, setBoardsCommand } from '../board-layout';
import { gridElement } from '../board-grid';
import type { Point } from '../../hex';
import { attribute, type XmlElement } from '../xml-tree';
import { zonePolygon } from '../board-location';
import type { ButtonOf } from './buttons';
import { P, el, map, type MapOptions } from './components';
import { HOLDING_MAP, MAIN_BOARD, mainMapName } from './names';
import type { OffBoardPixel } from '../off-board-pixel';
import { vassalColorText } from '../color';

/** A map and its boards as the data lists them (each with its cell). */
export interface BuiltMap {
  map: string;
  boards: BoardFile[];
  /**
   * The boards the saves lay out, in their cells: those a new game starts with and those a setup
   * places a piece on (all of them when that is none). The others are only in the board picker.
   */
  laidOut: BoardFile[];
}

export interface BuiltBoards {
  /** The game map's board of the hexes as the data lists it, if it does. */
  main?: BoardFile;
  /** Every map the data lists boards of, in the data's order, each with its boards (the game map's hexes first). */
  maps: BuiltMap[];
}

const ZONED_GRID = `${P}module.map.boardPicker.board.ZonedGrid`;
const ZONE = `${P}module.map.boardPicker.board.mapgrid.Zone`;

/** VASSAL's size of a board with neither picture nor stated size (Board.boundaries). */
const VASSAL_DEFAULT_BOARD = { width: 500, height: 500 };

/**
 * A VASSAL map or board name the save's commands can carry: the BoardPicker command splits on tabs,
 * and a board entry on '/' ("name/rev", a reversed board); the map's name only begins the command.
 */
const carriedMap = (name: string) => !/[\t\n\r;\\|]/.test(name);
const carriedBoard = (name: string) => carriedMap(name) && !name.includes('/');

export function builtBoards(game: Pick<Game, 'map' | 'scenarios'>): BuiltBoards {
  const main = mainMapName(game);
  const maps: BuiltMap[] = [];
  for (const board of game.map.boards ?? []) {
    if (board.map === HOLDING_MAP || !carriedMap(board.map) || !carriedBoard(board.name)) continue;
    const entry = maps.find((m) => m.map === board.map);
    if (entry) entry.boards.push(board);
    else maps.push({ map: board.map, boards: [board], laidOut: [] });
  }
  const stoodOn = new Set(game.scenarios.flatMap((s) => [...(s.setup ?? []), ...(s.markers ?? [])]).flatMap((p) => (p.at ? [p.at] : [])));
  for (const m of maps) {
    const inPlay = m.boards.filter((b) => b.newGame !== false || [...stoodOn].some((at) => standsOn(at, m.map, b.name)));
    m.laidOut = inPlay.length > 0 ? inPlay : m.boards;
  }
  const mainBoards = maps.find((m) => m.map === main)?.boards;
  return { ...(mainBoards ? { main: mainBoards[0] } : {}), maps };
}

/** Whether a board pixel names that board of that map (a pixel without its map names the board on every map). */
const standsOn = (at: BoardPixelFile, map: string, board: string) => at.board === board && (at.map === undefined || at.map === map);

/** The name of the game map's board in the built module. */
export function mainBoardName(boards: BuiltBoards): string {
  return boards.main?.name ?? MAIN_BOARD;
}

/** A board's cell: its `column` and `row`, 0 when absent. */
export const cellOf = (b: BoardFile) => ({ column: b.column ?? 0, row: b.row ?? 0 });

/**
 * Each board's origin in map pixels, keyed by map and board name: the boards the saves lay out, in their cells
 * at their built sizes (the game board's is `mainSize`, its picture's; a plain board's the data's,
 * else VASSAL's default).
 */
export function boardOrigins(boards: BuiltBoards, mainSize: { width: number; height: number } | undefined): Map<string, Point> {
  const out = new Map<string, Point>();
  for (const m of boards.maps) {
    const cells: BoardCell[] = m.laidOut.map((b) => ({ ...cellOf(b), ...builtSize(b, b === boards.main ? mainSize : undefined) }));
    boardCellOrigins(cells).forEach((origin, i) => out.set(originKey(m.map, m.laidOut[i].name), origin));
  }
  return out;
}

const originKey = (map: string, board: string) => JSON.stringify([map, board]);

/** A board's origin on its map; 0, 0 for a board the data does not list (the map shows it alone). */
export function originOf(origins: ReadonlyMap<string, Point>, map: string, board: string): Point {
  return origins.get(originKey(map, board)) ?? { x: 0, y: 0 };
}

function builtSize(board: BoardFile, picture: { width: number; height: number } | undefined): { width: number; height: number } {
  if (picture) return picture;
  return board.width !== undefined && board.height !== undefined ? { width: board.width, height: board.height } : VASSAL_DEFAULT_BOARD;
}

/** Where a board pixel lands in the built module: the map, its board, the board pixel; undefined when that board is not built. */
export function pixelTarget(boards: BuiltBoards, at: BoardPixelFile): { mapId: string; board: string; x: number; y: number } | undefined {
  for (const m of boards.maps) {
    if (at.map !== undefined && m.map !== at.map) continue;
    const board = m.boards.find((b) => b.name === at.board);
    if (board) return { mapId: m.map, board: board.name, x: at.x, y: at.y };
  }
  return undefined;
}

/**
 * Where a position off the boards (../off-board-pixel.ts) lands in the built module: at that pixel
 * of the board it names, else of the top-left board of the map the box is named after (the map's
 * own box, where the import keeps such a position); undefined when neither is built.
 */
export function offBoardTarget(
  boards: BuiltBoards,
  box: string,
  pixel: OffBoardPixel,
): { mapId: string; board: string; x: number; y: number } | undefined {
  if (pixel.board !== undefined) return pixelTarget(boards, { board: pixel.board, x: pixel.x, y: pixel.y });
  const m = boards.maps.find((built) => built.map === box);
  const corner = m?.laidOut.find((b) => (b.column ?? 0) === 0 && (b.row ?? 0) === 0);
  return m && corner ? { mapId: m.map, board: corner.name, x: pixel.x, y: pixel.y } : undefined;
}

/** The BoardPicker command that lays the boards of a map out, each in its cell (a save's choice, a map's default setup). */
function boardsCommand(map: string, boards: readonly BoardFile[]): string {
  return setBoardsCommand(
    map,
    boards.map((b) => ({ name: b.name, ...cellOf(b) })),
  );
}

/** The map's default setup: the boards a new game starts with, each in its cell (its one board when the data leaves it out). */
export function newGameBoardsCommand(m: BuiltMap): string {
  const inNewGame = m.boards.filter((b) => b.newGame !== false);
  return boardsCommand(m.map, inNewGame.length > 0 ? inNewGame : m.boards);
}

/** A save's choice of boards on the map: those it lays out (`laidOut`), each in its cell. */
export function savedBoardsCommand(m: BuiltMap): string {
  return boardsCommand(m.map, m.laidOut);
}

/**
 * Whether a new game needs the map's default setup to lay its boards out: several boards, or one out
 * of the first cell; not when a new game holds none of several boards (the players choose them, as
 * VASSAL asks at a new game when a BoardPicker of several boards has no setup).
 */
export function needsLayout(m: BuiltMap | undefined): m is BuiltMap {
  if (m === undefined || playersChooseBoards(m)) return false;
  return m.boards.length > 1 || m.boards.some((b) => (b.column ?? 0) !== 0 || (b.row ?? 0) !== 0);
}

/** Whether the players choose the map's boards at a new game: several boards, and a new game holds none of them. */
const playersChooseBoards = (m: BuiltMap) => m.boards.length > 1 && m.boards.every((b) => b.newGame === false);

/**
 * A Board element: the picture, else the data's size and colour (VASSAL draws a plain board of that
 * size, in that colour; it writes neither beside a picture, Board.getAttributeValueString); the
 * data's zones in a ZonedGrid over `grid` (its background grid), or added to `grid` when it is the
 * module's ZonedGrid (map.json `vassal.zonedGrid`), else `grid` alone.
 */
export function boardElement(
  name: string,
  board: BoardFile | undefined,
  image: string | undefined,
  grid: XmlElement | undefined,
): XmlElement {
  const size: Record<string, number> =
    image === undefined && board?.width !== undefined && board.height !== undefined ? { width: board.width, height: board.height } : {};
  const color: Record<string, string> = image === undefined && board?.color !== undefined ? { color: vassalColorText(board.color) } : {};
  const zones = (board?.zones ?? []).map((z) =>
    el(ZONE, {
      highlightProperty: '',
      locationFormat: '$name$',
      name: z.name,
      path: z.polygon.map(([x, y]) => `${x},${y}`).join(';'),
      useHighlight: false,
      useParentGrid: false,
    }),
  );
  const own = board?.grid ? gridElement(board.grid) : undefined;
  const children = own
    ? [own]
    : grid?.name === ZONED_GRID
      ? [withDataZones(grid, zones)]
      : zones.length > 0
        ? [el(ZONED_GRID, {}, [...zones, ...(grid ? [grid] : [])])]
        : grid
          ? [grid]
          : [];
  return el(
    `${P}module.map.boardPicker.Board`,
    { ...(image !== undefined ? { image } : {}), name, reversible: false, ...size, ...color },
    children,
  );
}

/**
 * The module's ZonedGrid with the data's zones: a zone of the same name stays as the module wrote it,
 * its corners the data's when they changed; a zone the module lacks comes after its parts.
 */
function withDataZones(zoned: XmlElement, zones: readonly XmlElement[]): XmlElement {
  const named = (z: XmlElement) => (z.name === ZONE ? attribute(z, 'name') : undefined);
  const pathOf = (z: XmlElement) => attribute(z, 'path') ?? '';
  const children = zoned.children.map((kept) => {
    const data = zones.find((z) => named(z) === named(kept));
    return data && pathOf(data) !== roundedPath(pathOf(kept)) ? withAttribute(kept, 'path', pathOf(data)) : kept;
  });
  const added = zones.filter((z) => !zoned.children.some((kept) => named(kept) === named(z)));
  return { ...zoned, children: [...children, ...added] };
}

/** A zone's path at whole pixels, as the data keeps its corners. */
const roundedPath = (path: string) =>
  zonePolygon(path)
    .map((c) => `${Math.round(c.x)},${Math.round(c.y)}`)
    .join(';');

const withAttribute = (e: XmlElement, name: string, value: string): XmlElement => ({
  ...e,
  attributes: e.attributes.map(([n, v]) => [n, n === name ? value : v]),
});

/** A board's picture in the module (its path under images/), if the data names one the module holds. */
export type BoardPicture = (board: BoardFile) => string | undefined;

/** The game map's other boards, each with its picture or plain, after the board of its hexes. */
export function mainMapOtherBoards(boards: BuiltBoards, mainMap: string, picture: BoardPicture): XmlElement[] {
  const m = boards.maps.find((b) => b.map === mainMap);
  return (m?.boards ?? []).slice(1).map((b) => boardElement(b.name, b, picture(b), undefined));
}

/**
 * The maps of the other boards, with their at-start stacks: each in its own window, or, for a map
 * the data shows in a chart window (`window` of its boards), a WidgetMap in a tab (named as the map unless the data names it),
 * in one ChartWindow per window name, where the window's first map comes.
 */
export function boardMaps(
  boards: BuiltBoards,
  mainMap: string,
  atStart: ReadonlyMap<string, XmlElement[]>,
  picture: BoardPicture,
  buttonOf: ButtonOf,
  toolsOf: (map: string) => MapOptions['tools'],
  backgrounds: MapFile['backgrounds'],
): XmlElement[] {
  // A map element, or the name of a chart window where its first map comes.
  const out: Array<XmlElement | string> = [];
  const tabsOf = new Map<string, XmlElement[]>();
  for (const m of boards.maps.filter((b) => b.map !== mainMap)) {
    const shown = m.boards.find((b) => b.window !== undefined);
    const window = shown?.window;
    const element = map({
      atStart: atStart.get(m.map) ?? [],
      mapName: m.map,
      button: buttonOf({ map: m.map }),
      tools: toolsOf(m.map),
      launch: window === undefined,
      background: backgrounds?.[m.map],
      boards: m.boards.map((b) => boardElement(b.name, b, picture(b), undefined)),
      ...(needsLayout(m) ? { setup: newGameBoardsCommand(m) } : {}),
    });
    const privateTo = m.boards.find((b) => b.private !== undefined)?.private;
    if (window === undefined) {
      out.push(privateTo ? privateWindow(element, privateTo) : element);
      continue;
    }
    const tab = el(`${P}widget.MapWidget`, { entryName: shown?.tab ?? m.map }, [{ ...element, name: `${P}widget.WidgetMap` }]);
    const tabs = tabsOf.get(window);
    if (tabs) tabs.push(tab);
    else {
      tabsOf.set(window, [tab]);
      out.push(window);
    }
  }
  return out.map((e) => (typeof e === 'string' ? chartWindowOfMaps(e, tabsOf.get(e)!, buttonOf) : e));
}

/** A map window of some sides only, as the module had it: a PrivateMap or PlayerHand with its sides, visibility and borrowed boards. */
function privateWindow(map: XmlElement, window: PrivateWindowFile): XmlElement {
  const own: [string, string][] = [
    ['side', encodeSequence(window.sides, ',') ?? ''],
    ['visible', String(window.visible)],
    ...(window.useBoards !== undefined ? [['useBoards', window.useBoards] as [string, string]] : []),
  ];
  const attributes = [...map.attributes.filter(([k]) => !own.some(([o]) => o === k)), ...own].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return { ...map, name: `${P}module.${window.kind}`, attributes };
}

/** A chart window of map tabs; its button the data's (map.json `buttons`), else its name. */
function chartWindowOfMaps(name: string, tabs: XmlElement[], buttonOf: ButtonOf): XmlElement {
  const { text, tooltip, icon, hotkey } = buttonOf({ window: name });
  return el(`${P}module.ChartWindow`, { hotkey, icon, name, text, tooltip }, [el(`${P}widget.TabWidget`, { entryName: name }, tabs)]);
}

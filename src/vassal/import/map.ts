/**
 * The module's maps, boards and grids in game terms: which map is the game map, our numbering and
 * layout for its hex grid (../grid.ts does the VASSAL maths), the printed extent of the hexes on
 * the board, and the hex or box a piece position falls in. Pure: board sizes are passed in.
 */
import { hasErrors, type Diagnostic } from '../../diagnostics';
import type { BoardGridFile, MapVassalFile, PrivateWindowFile } from '../../model/files';
import { axialToOffset, containsOffset, tryFormatHexId, type MapExtent, type Point } from '../../hex';
import {
  defaultNumberingAttributes,
  extentOnBoard,
  hexAtPixel,
  hexAtVassalName,
  numberingFromVassal,
  unpaddedDigits,
  readVassalGridAttributes,
  readVassalNumberingAttributes,
  snapPointOfHexId,
  type VassalGridModel,
  type VassalHexGridAttributes,
  type VassalHexGridNumberingAttributes,
} from '../grid';
import { attribute, type XmlElement } from '../xml-tree';
import { IdSpace } from './ids';
import { positionOf } from '../reader/xml';
import { vassalHexLocationName, vassalLocationPoint } from '../grid-location';
import { decodeSequence } from '../sequence-encoder';
import { boardCellOrigins } from '../board-layout';
import { boardGridElement, gridFile } from '../board-grid';
import { boardLocationPoint, nearestRegionName, polygonContains, zoneLocationName, zonePolygon } from '../board-location';
import { readSquareGrid, squareLocationName, type VassalSquareGrid } from '../square-grid';
import { locationNameMiss, type UnnamedReason } from './location-names';
import { offBoardWords } from '../off-board-pixel';
import { readVassalColor, type VassalColorReading } from '../color';

const P = 'VASSAL.build.module.';
/** Map windows: top-level maps, private maps and hands, and the maps a chart window shows in a tab (WidgetMap). */
const WIDGET_MAP = 'VASSAL.build.widget.WidgetMap';
export const MAP_CLASSES = new Set([`${P}Map`, `${P}PrivateMap`, `${P}PlayerHand`, WIDGET_MAP]);
/** A window of tabs (charts, and maps as WidgetMaps). */
const CHART_WINDOW = `${P}ChartWindow`;
const BOARD_PICKER = `${P}map.BoardPicker`;
const BOARD = `${P}map.boardPicker.Board`;
const HEX_GRID = `${P}map.boardPicker.board.HexGrid`;
const ZONED_GRID = `${P}map.boardPicker.board.ZonedGrid`;
const ZONE = `${P}map.boardPicker.board.mapgrid.Zone`;
const HEX_NUMBERING = `${P}map.boardPicker.board.mapgrid.HexGridNumbering`;
const SQUARE_GRID = `${P}map.boardPicker.board.SquareGrid`;
const SQUARE_NUMBERING = `${P}map.boardPicker.board.mapgrid.SquareGridNumbering`;
const REGION_GRID = `${P}map.boardPicker.board.RegionGrid`;
const REGION = `${P}map.boardPicker.board.Region`;

export interface ZoneInfo {
  name: string;
  polygon: Point[];
  /** The zone uses the board's background grid (a named region of the hex map). */
  useParentGrid: boolean;
  /** The zone holds the grid used as the game map's hex grid. */
  hostsGameGrid: boolean;
}

export interface BoardInfo {
  name: string;
  element: XmlElement;
  image?: string;
  /** Pixel size: the image's, else the Board's width/height attributes. */
  size?: { width: number; height: number };
  /** The colour VASSAL paints the board in: its `color`, read only without a picture (Board.drawRegion2D paints it then alone). */
  color?: NonNullable<VassalColorReading>;
  hexGrid?: XmlElement;
  zones: ZoneInfo[];
  /** The named points of a RegionGrid (point-to-point maps), board pixels. */
  regions: { name: string; point: Point }[];
  /** The board's numbered SquareGrid (its own, or its ZonedGrid's background): VASSAL names its squares. */
  squares?: { grid: VassalSquareGrid; numbering: VassalHexGridNumberingAttributes };
  /** The board's numbered HexGrid (its own, or its ZonedGrid's background): VASSAL names its hexes. */
  hexes?: { grid: VassalHexGridAttributes; numbering: VassalHexGridNumberingAttributes };
}

export interface MapInfo {
  /** The identifier pieces and saves use: mapName, or Map0, Map1 … when blank. */
  id: string;
  element: XmlElement;
  /** The boards a new game starts with: those the BoardPicker's default setup selects (top-left first), else all. */
  boards: BoardInfo[];
  /** Boards the default setup leaves out (VASSAL places no at-start stack of theirs). */
  unselectedBoards: BoardInfo[];
  /** The boards a new game starts with in their cells, when the module lays them out (a default setup, or one board). */
  cells?: PlacedBoard[];
  edge: Point;
  /** The chart window (its name) that shows the map in a tab, a WidgetMap's, and the tab's name. */
  window?: { name: string; tab: string };
  /** A window of some sides only (PrivateMap, PlayerHand). */
  privateTo?: PrivateWindowFile;
}

/** A PrivateMap's or PlayerHand's sides, visibility and borrowed boards (PrivateMap's `side`, `visible`, `useBoards`). */
export function privateWindow(map: XmlElement): { privateTo?: PrivateWindowFile } {
  const kind = map.name === `${P}PrivateMap` ? 'PrivateMap' : map.name === `${P}PlayerHand` ? 'PlayerHand' : undefined;
  if (!kind) return {};
  const useBoards = attribute(map, 'useBoards') ?? '';
  const sides = decodeSequence(attribute(map, 'side') ?? '', ',').filter((s) => s !== '');
  return { privateTo: { kind, sides, visible: attribute(map, 'visible') === 'true', ...(useBoards !== '' ? { useBoards } : {}) } };
}

export interface GameMapGeometry {
  map?: MapInfo;
  board?: BoardInfo;
  grid?: VassalGridModel;
  /** The HexGrid attributes as VASSAL reads them (pixels). */
  vassalGrid?: VassalHexGridAttributes;
  extent?: MapExtent;
  diagnostics: Diagnostic[];
}

function* descendants(el: XmlElement, stopAt: (e: XmlElement) => boolean): Generator<XmlElement> {
  for (const child of el.children) {
    yield child;
    if (!stopAt(child)) yield* descendants(child, stopAt);
  }
}

/** Every map of the module (Map, PrivateMap, PlayerHand, a chart window's WidgetMap), in document order. */
export function moduleMaps(root: XmlElement, imageSize: (image: string) => { width: number; height: number } | undefined): MapInfo[] {
  const maps: MapInfo[] = [];
  let unnamed = 0;
  const visit = (el: XmlElement, window?: string) => {
    for (const child of el.children) {
      if (child.name === CHART_WINDOW) visit(child, attribute(child, 'name') ?? '');
      else if (MAP_CLASSES.has(child.name)) {
        const name = attribute(child, 'mapName') ?? '';
        const boards: BoardInfo[] = [];
        for (const b of descendants(child, (e) => e.name === BOARD || MAP_CLASSES.has(e.name))) {
          if (b.name !== BOARD) continue;
          const image = attribute(b, 'image') || undefined;
          const w = Number(attribute(b, 'width'));
          const h = Number(attribute(b, 'height'));
          const size = (image ? imageSize(image) : undefined) ?? (w > 0 && h > 0 ? { width: w, height: h } : undefined);
          const color = image ? undefined : readVassalColor(attribute(b, 'color'));
          // The board's own grid, or the background grid of a ZonedGrid (never a Zone's grid).
          let hexGrid = b.children.find((c) => c.name === HEX_GRID);
          const zoned = b.children.find((c) => c.name === ZONED_GRID);
          if (!hexGrid && zoned) hexGrid = zoned.children.find((c) => c.name === HEX_GRID);
          // Else the grid of a Zone (coordinates stay board-local), e.g. a zone covering the map.
          if (!hexGrid && zoned) {
            for (const zone of zoned.children) {
              if (zone.name !== ZONE) continue;
              hexGrid = zone.children.find((c) => c.name === HEX_GRID);
              if (hexGrid) break;
            }
          }
          const zones = (zoned?.children ?? [])
            .filter((z) => z.name === ZONE)
            .map((z) => ({
              name: attribute(z, 'name') ?? '',
              polygon: zonePolygon(attribute(z, 'path') ?? ''),
              useParentGrid: attribute(z, 'useParentGrid') === 'true',
              hostsGameGrid: hexGrid !== undefined && z.children.includes(hexGrid),
            }));
          boards.push({
            name: attribute(b, 'name') ?? '',
            element: b,
            ...(image ? { image } : {}),
            ...(size ? { size } : {}),
            ...(color ? { color } : {}),
            ...(hexGrid ? { hexGrid } : {}),
            zones,
            regions: boardRegions(b, zoned),
            ...squaresOf(b, zoned),
            ...hexesOf(b, zoned),
          });
        }
        const edge = { x: Number(attribute(child, 'edgeWidth') ?? 0) || 0, y: Number(attribute(child, 'edgeHeight') ?? 0) || 0 };
        const selected = defaultBoards(child, boards);
        const cells = selected ?? (boards.length === 1 ? [{ board: boards[0], column: 0, row: 0 }] : undefined);
        maps.push({
          id: name !== '' ? name : `Map${unnamed++}`,
          element: child,
          boards: selected ? selected.map((p) => p.board) : boards,
          unselectedBoards: selected ? boards.filter((b) => !selected.some((p) => p.board === b)) : [],
          ...(cells ? { cells } : {}),
          edge,
          ...(window !== undefined && child.name === WIDGET_MAP ? { window: { name: window, tab: attribute(el, 'entryName') ?? '' } } : {}),
          ...privateWindow(child),
        });
      } else if (child.children.length > 0) visit(child, window); // leaves (palette pieces) hold no map
    }
  };
  visit(root);
  return maps;
}

/**
 * The boards the map's BoardPicker selects by default (its `setup` child, a SetBoards command), the
 * one at column 0, row 0 first; VASSAL starts every new game with them without asking. Undefined
 * when there is no default setup or it names no board of the map.
 */
function defaultBoards(map: XmlElement, boards: readonly BoardInfo[]): PlacedBoard[] | undefined {
  const picker = map.children.find((c) => c.name === BOARD_PICKER);
  const setup = picker?.children.find((c) => c.name === 'setup')?.text;
  const placed = setup ? boardsOfCommand(setup, boards) : [];
  return placed.length > 0 ? placed : undefined;
}

/** A board as a SetBoards command lays it out: its column and row among the map's boards. */
export interface PlacedBoard {
  board: BoardInfo;
  column: number;
  row: number;
}

/**
 * The boards a SetBoards command places (`<map>BoardPicker<TAB><board>[/rev]<TAB><column><TAB><row>…`,
 * map/BoardPicker.java decode), each once, top-left first; boards the map lacks are left out.
 */
function boardsOfCommand(command: string, boards: readonly BoardInfo[]): PlacedBoard[] {
  const tokens = decodeSequence(command, '\t').slice(1);
  const placed: PlacedBoard[] = [];
  for (let i = 0; i < tokens.length; i += 3) {
    const board = boards.find((b) => b.name === decodeSequence(tokens[i], '/')[0]);
    if (board && !placed.some((p) => p.board === board))
      placed.push({ board, column: Number(tokens[i + 1]) || 0, row: Number(tokens[i + 2]) || 0 });
  }
  return placed.sort((a, b) => a.row - b.row || a.column - b.column);
}

/**
 * The boards a saved game lays out on `map` (its BoardPicker restore command), when they are not
 * the ones a new game starts with; undefined when the save states none of its own.
 */
export function savedBoards(map: MapInfo, commands: readonly string[]): PlacedBoard[] | undefined {
  const prefix = `${map.id}BoardPicker\t`;
  const command = commands.findLast((c) => c.startsWith(prefix));
  if (command === undefined) return undefined;
  const placed = boardsOfCommand(command, [...map.boards, ...map.unselectedBoards]);
  if (placed.length === 0) return undefined;
  const sameCell = (p: PlacedBoard, i: number) => !map.cells || (map.cells[i].column === p.column && map.cells[i].row === p.row);
  const asDefault = placed.length === map.boards.length && placed.every((p, i) => p.board === map.boards[i] && sameCell(p, i));
  return asDefault ? undefined : placed;
}

/**
 * Where each board lies in map pixels (edge excluded), as VASSAL lays them out (Map.getLocation:
 * across, the widths of the boards before it in its row; down, the heights of those above it in
 * its column). Undefined when a board's size is unknown.
 */
function boardOrigins(placed: readonly PlacedBoard[]): { board: BoardInfo; origin: Point }[] | undefined {
  if (placed.some((p) => !p.board.size)) return undefined;
  const origins = boardCellOrigins(placed.map((p) => ({ column: p.column, row: p.row, ...p.board.size! })));
  return placed.map(({ board }, i) => ({ board, origin: origins[i] }));
}

/**
 * A map's boards in the order map.json lists them: the game's board first (if on this map), the
 * boards a new game lays out by their cells, then the others in document order; each name once.
 */
function boardsInOrder(map: MapInfo, gameBoard: BoardInfo | undefined): BoardInfo[] {
  const all = [...(gameBoard ? [gameBoard] : []), ...(map.cells ?? []).map((c) => c.board), ...map.boards, ...map.unselectedBoards];
  return all.filter((b, i) => b.name !== '' && all.findIndex((o) => o.name === b.name) === i);
}

/** The regions of the board's RegionGrid, or of its ZonedGrid's background RegionGrid. */
function boardRegions(board: XmlElement, zoned: XmlElement | undefined): BoardInfo['regions'] {
  const grid = board.children.find((c) => c.name === REGION_GRID) ?? zoned?.children.find((c) => c.name === REGION_GRID);
  return (grid?.children ?? [])
    .filter((r) => r.name === REGION)
    .map((r) => ({
      name: attribute(r, 'name') ?? '',
      point: { x: Number(attribute(r, 'originx') ?? NaN), y: Number(attribute(r, 'originy') ?? NaN) },
    }))
    .filter((r) => r.name !== '' && Number.isFinite(r.point.x) && Number.isFinite(r.point.y));
}

/** The board's numbered square grid, or its ZonedGrid's background one (VASSAL names no square without numbering). */
function squaresOf(board: XmlElement, zoned: XmlElement | undefined): Pick<BoardInfo, 'squares'> {
  const element = board.children.find((c) => c.name === SQUARE_GRID) ?? zoned?.children.find((c) => c.name === SQUARE_GRID);
  const numbering = element?.children.find((c) => c.name === SQUARE_NUMBERING);
  const grid = element && readSquareGrid(attrs(element));
  return grid && numbering ? { squares: { grid, numbering: readVassalNumberingAttributes(attrs(numbering)).gridNumbering } } : {};
}

/** The board's numbered hex grid, or its ZonedGrid's background one (VASSAL names no hex without numbering). */
function hexesOf(board: XmlElement, zoned: XmlElement | undefined): Pick<BoardInfo, 'hexes'> {
  const element = board.children.find((c) => c.name === HEX_GRID) ?? zoned?.children.find((c) => c.name === HEX_GRID);
  const numbering = element?.children.find((c) => c.name === HEX_NUMBERING);
  if (!element || !numbering) return {};
  const grid = readVassalGridAttributes(attrs(element));
  if (hasErrors(grid.diagnostics)) return {};
  return { hexes: { grid: grid.grid, numbering: readVassalNumberingAttributes(attrs(numbering)).gridNumbering } };
}

function attrs(el: XmlElement): Record<string, string> {
  return Object.fromEntries(el.attributes);
}

/**
 * The game map: the first map whose board has a hex grid ("Main Map" preferred), with our grid
 * model; without one, the first map of boards that every player sees (a PrivateMap or PlayerHand
 * is one side's window: a module built from the data would draw it again as a public map).
 * `margin` is blank paper around the hexes (pixels), as on the map images Hexforge draws:
 * the hexes whose centres lie on it (cut by the paper's edge) are not part of the extent.
 */
export function gameMapGeometry(maps: readonly MapInfo[], margin = 0): GameMapGeometry {
  const diagnostics: Diagnostic[] = [];
  const withGrid = maps.filter((m) => m.boards.some((b) => b.hexGrid));
  const withBoards = maps.filter((m) => m.boards.length > 0);
  const map = withGrid.find((m) => m.id === 'Main Map') ?? withGrid[0] ?? withBoards.find((m) => !m.privateTo) ?? withBoards[0] ?? maps[0];
  if (!map)
    return { diagnostics: [{ code: 'vassal/no-map', severity: 'warning', message: 'the module has no map; the map geometry is unknown' }] };
  const board = map.boards.find((b) => b.hexGrid) ?? map.boards[0];
  if (!board?.hexGrid) {
    diagnostics.push({
      code: 'vassal/no-hex-grid',
      severity: 'warning',
      message: `map "${map.id}" has no hex grid; numbering and extent are unknown`,
    });
    return { map, board, diagnostics };
  }
  if (map.boards.length > 1 && !map.cells?.every((c) => c.board.size)) {
    const why = map.cells ? 'a board of unknown size among them' : 'no default layout of them (VASSAL asks a new game for its boards)';
    diagnostics.push({
      code: 'vassal/several-boards',
      severity: 'warning',
      message: `map "${map.id}" has ${map.boards.length} boards and ${why}; positions are read on board "${board.name}" as if it were alone`,
    });
  }
  const grid = readVassalGridAttributes(attrs(board.hexGrid));
  const numberingElement = board.hexGrid.children.find((c) => c.name === HEX_NUMBERING);
  const numbering = numberingElement ? readVassalNumberingAttributes(attrs(numberingElement)) : undefined;
  const gridAt = positionOf(board.hexGrid);
  const gridDiagnostics = grid.diagnostics.map((d) => ({ ...d, ...gridAt }));
  if (grid.diagnostics.some((d) => d.severity === 'error')) {
    // A grid outside sane bounds is not used at all: no walk over its cells, no NaN downstream.
    diagnostics.push(...gridDiagnostics);
    return { map, board, diagnostics };
  }
  let model = numberingFromVassal(grid.grid, numbering?.gridNumbering);
  const numberingAt = numberingElement ? positionOf(numberingElement) : undefined;
  diagnostics.push(...gridDiagnostics, ...(numbering?.diagnostics ?? []).map((d) => ({ ...d, ...numberingAt })), ...model.diagnostics);
  let extent: MapExtent | undefined;
  if (board.size) {
    const inset = margin > 0 ? margin + Math.min(grid.grid.dx, grid.grid.dy) / 4 : 0;
    let onBoard = extentOnBoard(model, board.size.width, board.size.height, inset);
    const wider = onBoard.extent ? unpaddedDigits(model, onBoard.extent) : 0;
    if (wider > 0) {
      // Numbers wider than VASSAL pads them: ids of enough digits, so that no hex on the board falls offboard.
      model = numberingFromVassal(grid.grid, numbering?.gridNumbering, wider);
      onBoard = extentOnBoard(model, board.size.width, board.size.height, inset);
      diagnostics.push({
        code: 'vassal/unpadded-numbers',
        severity: 'info',
        message: `the board's hexes reach column ${onBoard.extent!.columns.last}, row ${onBoard.extent!.rows.last}, wider than VASSAL pads its numbers; Hexforge ids pad both to ${wider} digits. VASSAL reads a name of run-together numbers with all but the last ${model.source.first === 'H' ? model.source.vLeading + 1 : model.source.hLeading + 1} digit(s) as the first number (RegularGridNumbering.getLocation), so a stack placed by such a name may not stand where its name was written`,
        hint: "give the numbering a separator or padding (hLeading, vLeading) in VASSAL's editor to have every name read back as written",
        ...numberingAt,
      });
    }
    diagnostics.push(...onBoard.diagnostics);
    if (onBoard.extent) {
      // Hexes with negative or too-wide numbers have no id; the extent keeps the printable ones.
      const largest = 10 ** model.numbering.digits - 1;
      const clamp = (n: number) => Math.min(Math.max(n, 0), largest);
      extent = {
        columns: { first: clamp(onBoard.extent.columns.first), last: clamp(onBoard.extent.columns.last) },
        rows: { first: clamp(onBoard.extent.rows.first), last: clamp(onBoard.extent.rows.last) },
      };
    }
  } else {
    diagnostics.push({
      code: 'vassal/board-size-unknown',
      severity: 'warning',
      message: board.image
        ? `board "${board.name}" names the picture "${board.image}", which the module does not hold, and states no size; the map extent is unknown`
        : `board "${board.name}" has no picture and states no size; the map extent is unknown`,
      hint: board.image
        ? `add images/${board.image} to the module, or give the board its width and height`
        : 'give the board a picture or its width and height',
      ...positionOf(board.element),
    });
  }
  return { map, board, grid: model, vassalGrid: grid.grid, extent, diagnostics };
}

/**
 * The game map's HexGrid and HexGridNumbering attributes as the module writes them: an author's
 * spacing and origin are often tuned by hand to the board picture, and a module built from the data
 * writes them again (../module/main-grid.ts) so that its pieces sit on the author's snap points. A
 * grid without numbering gets VASSAL's default one, hidden, by which the import numbered its hexes:
 * the built module then names each hex by the data's id.
 */
export function keptGrid(geometry: GameMapGeometry): MapVassalFile | undefined {
  const element = geometry.grid ? geometry.board?.hexGrid : undefined;
  if (!element) return undefined;
  const numbering = element.children.find((c) => c.name === HEX_NUMBERING);
  // Keys sorted, as the built module writes attributes: its import then reads the same object again.
  const kept = {
    hexGrid: sortedKeys(attrs(element)),
    hexGridNumbering: sortedKeys(numbering ? attrs(numbering) : defaultNumberingAttributes()),
  };
  // The zones round the hexes (tracks, boxes, the frame): VASSAL names positions there by them, not by the hexes.
  const zoned = geometry.board?.element.children.find((c) => c.name === ZONED_GRID);
  if (!zoned) return kept;
  const host = zoned.children.find((z) => z.name === ZONE && z.children.includes(element));
  if (!host && !zoned.children.includes(element)) return kept;
  return { ...kept, zonedGrid: gridFile(zoned, element), ...(host ? { gridZone: attribute(host, 'name') ?? '' } : {}) };
}

function sortedKeys(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export interface BoxRecord {
  id: string;
  name: string;
  /** The module map and the location name (zone, region, square, or board) the box stands for. */
  mapId: string;
  zone?: string;
  /** The board of that location on a map of several boards (VASSAL names it alike on each board). */
  board?: string;
}

/** The box of positions on the game map outside its numbered hexes (VASSAL's word for them). */
export const OFFBOARD = 'offboard';

/** A pixel of a board: which map and board, and the board pixel. */
export interface PixelAt {
  map: string;
  board: string;
  x: number;
  y: number;
}

/** A board whose pixels positions name: its size when the data keeps it, the zones over hexes pieces stood in. */
/** A board's grid to keep in the data: any board's but the game board's (the data's hexes are that one). */
function ownGrid(board: BoardInfo, gameBoard: BoardInfo | undefined): { grid?: BoardGridFile } {
  const element = board === gameBoard ? undefined : boardGridElement(board.element);
  return element ? { grid: gridFile(element) } : {};
}

export interface BoardRecord {
  map: string;
  name: string;
  size?: { width: number; height: number };
  /** Its cell among the map's boards, when the module lays them out. */
  cell?: { column: number; row: number };
  /** Left out of a new game: the map's default boards do not hold it (a saved game lays it out). */
  outOfNewGame: boolean;
  /** Its picture under the module's images/, for a board other than the one of the game's hexes. */
  image?: string;
  /** The colour of the board without a picture, "#rrggbb" or "#rrggbbaa". */
  color?: string;
  zones: { name: string; box: string; polygon: Point[] }[];
  /** The chart window showing its map in a tab, and the tab's name. */
  window?: { name: string; tab: string };
  /** Its map is a window of some sides only. */
  privateTo?: PrivateWindowFile;
  /** Its grid as the module has it, for a board other than the game board. */
  grid?: BoardGridFile;
}

/**
 * A hex, with the board pixel where a piece stands off the point VASSAL snaps to there; a box, with
 * the board pixel where VASSAL names no location there or names a zone over hexes (else, where the
 * board is not known, the pixel in words); or why neither.
 */
export type Location = { hex: string; at?: PixelAt } | { box: string; at?: PixelAt; where?: string } | { problem: string };

/** A position on one board: a location name, or board-local pixels. */
type OnBoard = { name: string } | { point: Point };

/**
 * Turns piece positions into hex ids on the game board and boxes elsewhere, creating boxes as
 * used. A box keeps the location as VASSAL names it: a zone, a region, a grid location (the
 * board's own on a map of several boards, named alike), else the map, with the pixel kept.
 */
export class Locator {
  readonly boxes: BoxRecord[] = [];
  /** Every board `recordEveryBoard` lists, then any other board a position was kept on, in first-use order. */
  readonly boards: BoardRecord[] = [];
  private readonly boxIds = new IdSpace();
  private readonly unnamedReported = new Set<string>();
  /** What VASSAL itself reports while placing pieces (a location name its grid does not know). */
  readonly diagnostics: Diagnostic[] = [];
  /** The maps that are no boards of the game (`recordEveryBoard`): no pixel is kept on them. */
  private leftOut?: (map: MapInfo) => boolean;

  /**
   * `mapGridKept`: the game map keeps the module's grid (with the board picture, or on a board that
   * shows none and has no size). A map drawn from the data has a grid of its own, where a pixel of
   * the module's board names no place: a stack off its hex's snap point is then kept in its hex alone.
   */
  constructor(
    private readonly geometry: GameMapGeometry,
    readonly maps: readonly MapInfo[],
    private readonly mapGridKept = true,
  ) {}

  /** The game map's id (map.json's name), if the module has one. */
  get gameMapId(): string | undefined {
    return this.geometry.map?.id;
  }

  /** The box of a location VASSAL names `zone` on the map (on `board` of a map of several boards), named so. */
  private box(mapId: string, zone?: string, board?: string): string {
    const found = this.boxes.find((b) => b.mapId === mapId && b.zone === zone && b.board === board) ?? this.holdingTwin(mapId, zone, board);
    if (found) return found.id;
    const name = this.freeBoxName(zone ?? mapId, board ?? mapId);
    const record: BoxRecord = {
      id: this.boxIds.take(name, 'box'),
      name,
      mapId,
      ...(zone !== undefined ? { zone } : {}),
      ...(board !== undefined ? { board } : {}),
    };
    this.boxes.push(record);
    return record.id;
  }

  /**
   * In a module Hexforge built, the holding boxes' zone named N stands for the data's box N, as does
   * the location VASSAL names N elsewhere (a map, a zone): one box, not a second "N (Holding Boxes)".
   * The built module puts there a placement the data keeps in a map's box without a pixel.
   */
  private holdingTwin(mapId: string, zone?: string, board?: string): BoxRecord | undefined {
    const isHolding = (id: string) => {
      const map = this.maps.find((m) => m.id === id);
      return map !== undefined && this.leftOut?.(map) === true;
    };
    if (board !== undefined) return undefined;
    const name = zone ?? mapId;
    const onHolding = isHolding(mapId);
    return this.boxes.find((b) => b.board === undefined && b.name === name && (onHolding || isHolding(b.mapId)));
  }

  /** Zones of one name on two maps (or boards) are two boxes: the second takes its map's (board's) name too. */
  private freeBoxName(name: string, owner: string): string {
    const taken = (candidate: string) => this.boxes.some((b) => b.name.toLowerCase() === candidate.toLowerCase());
    if (!taken(name)) return name;
    let candidate = `${name} (${owner})`;
    for (let n = 2; taken(candidate); n++) candidate = `${name} (${owner} ${n})`;
    return candidate;
  }

  /**
   * A pixel of a board kept as such, the board recorded (with the zone over hexes it lies in). The
   * game board's size is not kept when it shows hexes: the module built from the data draws its own picture.
   */
  private pixelAt(map: MapInfo, board: BoardInfo, point: Point, zone?: { name: string; box: string; polygon: Point[] }): PixelAt {
    const record = this.boardRecord(map, board);
    if (zone && !record.zones.some((z) => z.name === zone.name)) record.zones.push(zone);
    return { map: map.id, board: board.name, x: point.x, y: point.y };
  }

  /**
   * Records every board of every map but `leftOut` (the holding boxes' map of a module Hexforge
   * built, drawn from the data's boxes, is no board of the game's), so that a
   * module built from the data shows them all: the game map first, then the others in document
   * order; on each map, the board of the game's hexes first, then the boards a new game lays out
   * (top-left first), then the rest in document order. A module built from the data writes them in
   * this order, so that an import of it lists them alike.
   */
  recordEveryBoard(leftOut?: (map: MapInfo) => boolean): this {
    this.leftOut = leftOut;
    const game = this.geometry.map;
    const maps = [...(game ? [game] : []), ...this.maps.filter((m) => m !== game)];
    for (const map of maps) {
      if (leftOut?.(map)) continue;
      for (const board of boardsInOrder(map, this.gameBoardOf(map))) this.boardRecord(map, board);
    }
    return this;
  }

  /** The board of the game's hexes on `map`, if the game's hexes are there. */
  private gameBoardOf(map: MapInfo): BoardInfo | undefined {
    return map === this.geometry.map && this.geometry.grid !== undefined ? this.geometry.board : undefined;
  }

  /**
   * The board's record, made on first use (the boards recorded up front come first). Its size and
   * picture are kept, except the game board's when it shows hexes: the module built from the data
   * draws its own picture of them.
   */
  private boardRecord(map: MapInfo, board: BoardInfo): BoardRecord {
    const found = this.boards.find((b) => b.map === map.id && b.name === board.name);
    if (found) return found;
    const game = this.gameBoardOf(map);
    const cell = map.cells?.find((c) => c.board === board);
    const size = board.size && Number.isInteger(board.size.width) && Number.isInteger(board.size.height) ? board.size : undefined;
    const record: BoardRecord = {
      map: map.id,
      name: board.name,
      ...(size && board !== game ? { size } : {}),
      ...(cell ? { cell: { column: cell.column, row: cell.row } } : {}),
      // Without a default layout of several boards VASSAL asks which to play on: a new game holds none by itself.
      outOfNewGame: map.unselectedBoards.includes(board) || map.cells === undefined,
      ...(board.image && board !== game ? { image: board.image } : {}),
      ...this.shownColor(board, game),
      zones: [],
      ...(map.window !== undefined ? { window: map.window } : {}),
      ...(map.privateTo ? { privateTo: map.privateTo } : {}),
      ...ownGrid(board, game),
    };
    this.boards.push(record);
    return record;
  }

  /**
   * The board's colour where a module built from the data paints it too: any board without a
   * picture but the game board of the hexes when it has a size (the build draws the hexes from the
   * data there). A colour VASSAL cannot read is black, as VASSAL paints it, with a warning.
   */
  private shownColor(board: BoardInfo, game: BoardInfo | undefined): { color?: string } {
    if (!board.color || (board === game && board.size)) return {};
    if (board.color.unreadable)
      this.diagnostics.push({
        code: 'vassal/board-color-unreadable',
        severity: 'warning',
        message: `board "${board.name}" has the colour "${attribute(board.element, 'color')}", which VASSAL cannot read: it paints the board black, and so does the data`,
        hint: 'give the board its colour again in VASSAL\'s editor ("r,g,b" or "r,g,b,a", each 0 to 255)',
        ...positionOf(board.element),
      });
    return { color: board.color.color };
  }

  /** Whether a pixel can be kept on the board: whole pixels, on it when its size is known, the board named. */
  private keepsPixel(board: BoardInfo | undefined, point: Point): board is BoardInfo {
    if (!board || board.name === '' || !Number.isInteger(point.x) || !Number.isInteger(point.y) || point.x < 0 || point.y < 0) return false;
    return !board.size || (point.x < board.size.width && point.y < board.size.height);
  }

  private hexAtBoardPixel(point: Point): Location {
    const { grid, extent } = this.geometry;
    if (!grid) return { problem: 'the game map has no hex grid' };
    const hex = hexAtPixel(grid, point);
    const offset = axialToOffset(grid.numbering, hex);
    const id = tryFormatHexId(grid.numbering, hex);
    if (id === undefined || (extent && !containsOffset(extent, offset.column, offset.row))) return this.offboard(point);
    return { hex: id };
  }

  /**
   * Off the numbered hexes: VASSAL reports such a position as offboard; so does the box, with the
   * pixel where the board holds it and the built map keeps the module's grid (its margin, a hex cut
   * by the edge), so that a built module puts the stack there again.
   */
  private offboard(point: Point): Location {
    const { map, board } = this.geometry;
    if (!map) return { problem: `pixel (${point.x}, ${point.y}) lies outside the numbered hexes of the board` };
    const box = this.box(map.id, OFFBOARD);
    return this.mapGridKept && this.keepsPixel(board, point) ? { box, at: this.pixelAt(map, board, point) } : { box };
  }

  /**
   * Board pixels of the game board: a hex, or a box for zones with a grid of their own (tracks,
   * displays). Without a hex grid, the location VASSAL names there (zone, region), else the map.
   */
  private onGameBoard(point: Point): Location {
    const { map, board, grid } = this.geometry;
    // Without the game's hexes the board is as any other: VASSAL names its zones, regions and squares.
    if (!grid && map) return this.atBoardPixel(map, board, point);
    const zone = board?.zones.find((z) => !z.hostsGameGrid && !z.useParentGrid && polygonContains(z.polygon, point));
    if (zone && map) {
      const box = this.box(map.id, zone.name);
      // A zone over hexes: VASSAL names every position in it by the zone; the pixel keeps them apart.
      if (!grid || !this.keepsPixel(board, point)) return { box };
      const polygon = zone.polygon.map((c) => ({ x: Math.round(c.x), y: Math.round(c.y) }));
      return { box, at: this.pixelAt(map, board, point, { name: zone.name, box, polygon }) };
    }
    const hex = this.hexAtBoardPixel(point);
    if (!('hex' in hex) || !grid || !map || !this.mapGridKept || !this.keepsPixel(board, point)) return hex;
    // Off the point VASSAL snaps to in the hex: the pixel is kept, a built module puts the stack there again.
    const snap = snapPointOfHexId(grid, hex.hex);
    return snap.ok && (snap.point.x !== point.x || snap.point.y !== point.y) ? { hex: hex.hex, at: this.pixelAt(map, board, point) } : hex;
  }

  /** A hex location name on the game board, as VASSAL resolves it (descending numbering through the board's size). */
  /** Once per location name: VASSAL places such a stack at its pixel, and so does the import. */
  private reportUnnamed(stack: XmlElement, map: MapInfo, board: BoardInfo, miss: UnnamedReason): void {
    const name = attribute(stack, 'location') ?? '';
    const key = `${map.id}\u0000${board.name}\u0000${name}`;
    if (this.unnamedReported.has(key)) return;
    this.unnamedReported.add(key);
    const where = `(${attribute(stack, 'x') ?? 0}, ${attribute(stack, 'y') ?? 0})`;
    const stackName = attribute(stack, 'name');
    const what = `${stackName ? `at-start stack "${stackName}"` : 'an at-start stack'} names the location "${name}"`;
    this.diagnostics.push({
      code: 'vassal/setup-location-unknown',
      severity: 'warning',
      message:
        miss === 'no grid'
          ? `${what}, but board "${board.name}" of map "${map.id}" has no grid to name it: VASSAL places the stack at its pixel ${where}, and so does the import`
          : miss === 'region outside its zone'
            ? `${what}, a region of board "${board.name}" of map "${map.id}" whose origin lies outside the zone holding it: VASSAL reports "Bad location name" (a zone answers only for the regions it holds) and places the stack at its pixel ${where}; so does the import`
            : `${what}, which no zone, region or grid numbering of board "${board.name}" of map "${map.id}" names: VASSAL reports "Bad location name" and places the stack at its pixel ${where}; so does the import`,
      hint:
        miss === 'region outside its zone'
          ? "move the region's origin inside its zone in VASSAL's editor (or correct the stack's location name)"
          : 'correct the location name in the module (or clear "use grid location") if the stack belongs elsewhere',
      ...positionOf(stack),
    });
  }

  private namedOnGameBoard(mapId: string, name: string): Location {
    const { grid, board, extent } = this.geometry;
    if (!grid) return { box: this.box(mapId, name) };
    if (grid.source.hDescend || grid.source.vDescend) {
      const at = board?.size ? vassalLocationPoint(grid, name, board.size) : undefined;
      return at?.ok ? this.hexAtBoardPixel(at.point) : { box: this.box(mapId, name) };
    }
    const found = hexAtVassalName(grid, name);
    if (!found.ok) return { box: this.box(mapId, name) };
    const id = tryFormatHexId(grid.numbering, found.hex);
    const offset = axialToOffset(grid.numbering, found.hex);
    if (id !== undefined && (!extent || containsOffset(extent, offset.column, offset.row))) return { hex: id };
    // A hex VASSAL places off the board's numbered hexes ("1210" of an unpadded grid is column 121, row 0).
    const at = board?.size ? vassalLocationPoint(grid, name, board.size) : undefined;
    return at?.ok ? this.offboard(at.point) : { box: this.box(mapId, OFFBOARD) };
  }

  /**
   * What VASSAL names at a pixel of a board other than the game's: a zone, the nearest region, a
   * numbered square or hex (Map.locationName: the board's grid's name, without the board's), else the map
   * (pixel kept). On a map of several boards, and for a board the default setup leaves out
   * (`named`), the box is the board's own: the same name on two boards is two boxes, and a
   * position VASSAL names by no location is in the box named after its board.
   */
  private atBoardPixel(map: MapInfo, board: BoardInfo | undefined, point: Point, named = map.boards.length > 1): Location {
    const prefix = named && board ? board.name : '';
    const own = prefix === '' ? undefined : prefix;
    const zone = board?.zones.find((z) => polygonContains(z.polygon, point));
    if (zone)
      return this.keptOnGrid(map, board!, point, this.box(map.id, zoneLocationName(board!.element, point, board!.size) ?? zone.name, own));
    const region = board && nearestRegionName(board.regions, point);
    if (region) return this.keptOnGrid(map, board!, point, this.box(map.id, region, own));
    const square = board?.squares && squareLocationName(board.squares.grid, board.squares.numbering, point, board.size);
    if (square) return this.keptOnGrid(map, board!, point, this.box(map.id, square, own));
    const hex = board?.hexes && vassalHexLocationName(board.hexes.grid, board.hexes.numbering, point, board.size);
    if (hex) {
      // One box per hex VASSAL names; the pixel keeps the pieces where they stood in it.
      const box = this.box(map.id, hex, own);
      return this.keepsPixel(board, point) ? { box, at: this.pixelAt(map, board, point) } : { box };
    }
    const box = this.box(map.id, own);
    if (this.keepsPixel(board, point)) return { box, at: this.pixelAt(map, board, point) };
    return { box, where: offBoardWords({ x: point.x, y: point.y, ...(prefix !== '' ? { board: prefix } : {}) }) };
  }

  /**
   * A box VASSAL names by the board's own grid, with the pixel where the data keeps that grid (a
   * board other than the game board): the module built from the data writes the grid again and
   * places the pieces at that pixel, where VASSAL names the same location.
   */
  private keptOnGrid(map: MapInfo, board: BoardInfo, point: Point, box: string): Location {
    const kept =
      board !== this.gameBoardOf(map) &&
      !this.leftOut?.(map) &&
      boardGridElement(board.element) !== undefined &&
      this.keepsPixel(board, point);
    return kept ? { box, at: this.pixelAt(map, board, point) } : { box };
  }

  /** A position in map coordinates (saved games); several boards are read as the module lays them out, else from the first. */
  atMapPoint(mapId: string, point: Point): Location {
    const game = this.geometry.map;
    const map = this.maps.find((m) => m.id === mapId);
    if (!map) return { problem: `map "${mapId}" is not in the module` };
    // Several boards laid out by the module, each of known size: read on the board the position falls on.
    if (map.boards.length > 1 && map.cells?.every((c) => c.board.size)) return this.atSavedMapPoint(mapId, point, map.cells);
    const local = { x: point.x - map.edge.x, y: point.y - map.edge.y };
    const first = map.boards[0];
    const onFirst = !first?.size || (local.x < first.size.width && local.y < first.size.height);
    if (game && map === game && (map.boards.length === 1 || (onFirst && first === this.geometry.board))) return this.onGameBoard(local);
    return this.atBoardPixel(map, onFirst ? first : undefined, local);
  }

  /**
   * A position in map coordinates of a saved game that lays out boards of its own (`savedBoards`):
   * read on the board it falls on, as on the default boards.
   */
  atSavedMapPoint(mapId: string, point: Point, boards: readonly PlacedBoard[]): Location {
    const map = this.maps.find((m) => m.id === mapId);
    if (!map) return { problem: `map "${mapId}" is not in the module` };
    const local = { x: point.x - map.edge.x, y: point.y - map.edge.y };
    const origins = boardOrigins(boards);
    const on = origins?.find(
      ({ board, origin }) =>
        local.x >= origin.x && local.y >= origin.y && local.x < origin.x + board.size!.width && local.y < origin.y + board.size!.height,
    );
    // Off every board, or boards of unknown size: the map, the pixel kept.
    if (!on) return this.atBoardPixel(map, undefined, local, true);
    const onBoard = { x: local.x - on.origin.x, y: local.y - on.origin.y };
    if (map === this.geometry.map && on.board === this.geometry.board) return this.onGameBoard(onBoard);
    return this.atBoardPixel(map, on.board, onBoard, boards.length > 1 || !map.boards.includes(on.board));
  }

  /** An at-start stack: by grid location name, or board-local pixels, on its owning board. */
  atSetupStack(mapId: string, stack: XmlElement): Location {
    const useGrid = attribute(stack, 'useGridLocation') === 'true';
    const name = attribute(stack, 'location') ?? '';
    const owning = attribute(stack, 'owningBoard') ?? '';
    const point = { x: Number(attribute(stack, 'x') ?? 0), y: Number(attribute(stack, 'y') ?? 0) };
    let at: OnBoard = useGrid && name !== '' ? { name } : { point };
    const map = this.maps.find((m) => m.id === mapId);
    if (!map) return { problem: `map "${mapId}" is not in the module` };
    // Without an owning board VASSAL places the stack from the map's top-left board in play.
    const unselected = map.unselectedBoards.find((b) => b.name === owning);
    const board = unselected ?? map.boards.find((b) => b.name === owning) ?? map.boards[0];
    if ('name' in at && board) {
      const miss = locationNameMiss(board.element, at.name);
      if (miss) {
        this.reportUnnamed(stack, map, board, miss);
        at = { point };
      }
    }
    // The game's hexes; a map without them is read as any other (its zones, regions and squares).
    if (map === this.geometry.map && this.geometry.grid && (board === this.geometry.board || map.boards.length === 1) && !unselected)
      return 'name' in at ? this.namedOnGameBoard(mapId, at.name) : this.onGameBoard(at.point);
    const named = map.boards.length > 1 || unselected !== undefined;
    if ('name' in at) {
      // Where the board's own grid places the name (the data keeps that grid): read there, as VASSAL names the place it put the stack.
      const point = board && board !== this.gameBoardOf(map) ? boardLocationPoint(board.element, at.name, board.size) : undefined;
      if (point) return this.atBoardPixel(map, board, point, named);
      return { box: this.box(mapId, at.name, named && board ? board.name : undefined) };
    }
    return this.atBoardPixel(map, board, at.point, named);
  }
}

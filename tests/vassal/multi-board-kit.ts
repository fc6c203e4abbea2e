/**
 * A small module whose maps hold several boards each, laid out by their BoardPickers' default setups
 * (reference: a board's origin lies right of the widths of the boards before it in its row, below
 * the heights of those above it in its column; a map pixel is the map's edge plus the origin plus
 * the board pixel):
 *
 * - "Main Map", 2×1: the plain board "Reserve" (300×200) in column 0, the hex board "Hexes"
 *   (400×300, origin (300, 0)) in column 1;
 * - "Europe", 1×2, with an edge of (20, 10): "West" (600×400) above "East" (500×250, origin (0, 400)).
 *
 * Each unit stands on one board at a board pixel, as an at-start stack on its owning board, or in a
 * saved game at its map pixel, computed here from the layout above.
 */
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { decodePiece } from '../../src/vassal/piece';
import { readLimits, readZip } from '../../src/vassal/reader/index';

const limits = readLimits();
const B = 'VASSAL.build.module.map.boardPicker';
const slotText = (name: string, gpid: number) => `+/null/piece;;;;${name}/null;0;0;${gpid};0`;
const SLOT = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${slotText(name, gpid)}</VASSAL.build.widget.PieceSlot>`;

/** A board of the kit: its map, size, cell, and origin on its map (from the cells, written out by hand). */
export interface KitBoard {
  map: string;
  name: string;
  width: number;
  height: number;
  column: number;
  row: number;
  origin: { x: number; y: number };
}

export const BOARDS: KitBoard[] = [
  { map: 'Main Map', name: 'Reserve', width: 300, height: 200, column: 0, row: 0, origin: { x: 0, y: 0 } },
  { map: 'Main Map', name: 'Hexes', width: 400, height: 300, column: 1, row: 0, origin: { x: 300, y: 0 } },
  { map: 'Europe', name: 'West', width: 600, height: 400, column: 0, row: 0, origin: { x: 0, y: 0 } },
  { map: 'Europe', name: 'East', width: 500, height: 250, column: 0, row: 1, origin: { x: 0, y: 400 } },
];

/** The game map the other way round: the hex board in column 0, "Reserve" right of it (origin (400, 0)). */
export const HEXES_FIRST: KitBoard[] = [
  { map: 'Main Map', name: 'Hexes', width: 400, height: 300, column: 0, row: 0, origin: { x: 0, y: 0 } },
  { map: 'Main Map', name: 'Reserve', width: 300, height: 200, column: 1, row: 0, origin: { x: 400, y: 0 } },
  ...BOARDS.filter((b) => b.map !== 'Main Map'),
];

export const EDGES: Record<string, { x: number; y: number }> = { 'Main Map': { x: 0, y: 0 }, Europe: { x: 20, y: 10 } };

/** Where each unit stands: a board and its pixel; the hex VASSAL names there, on the hex board. */
export interface Stand {
  unit: string;
  board: string;
  x: number;
  y: number;
  hex?: string;
}

// Hexes 56 px apart from (40, 40), numbered from 0101 (reference §4.2): (40, 40) is 0101, (96, 200) 0203.
export const STANDS: Stand[] = [
  { unit: 'Red 1', board: 'Hexes', x: 40, y: 40, hex: '0101' },
  { unit: 'Red 2', board: 'Reserve', x: 100, y: 50 },
  { unit: 'Red 3', board: 'Hexes', x: 96, y: 200, hex: '0203' },
  { unit: 'Blue 1', board: 'West', x: 120, y: 80 },
  { unit: 'Blue 2', board: 'East', x: 130, y: 60 },
  { unit: 'Blue 3', board: 'East', x: 450, y: 240 },
];
const UNITS = STANDS.map((s) => s.unit);

export const boardOf = (name: string, boards = BOARDS) => boards.find((b) => b.name === name)!;

/** The map pixel VASSAL puts a stand at: the map's edge, the board's origin, the board pixel. */
export function mapPixel(s: Stand, boards = BOARDS): { map: string; x: number; y: number } {
  const board = boardOf(s.board, boards);
  const edge = EDGES[board.map];
  return { map: board.map, x: edge.x + board.origin.x + s.x, y: edge.y + board.origin.y + s.y };
}

const HEX_GRID = `<${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>`;

function boardXml(b: KitBoard): string {
  return `<${B}.Board name="${b.name}" width="${b.width}" height="${b.height}">${b.name === 'Hexes' ? HEX_GRID : ''}</${B}.Board>`;
}

const layoutOf = (map: string, boards: readonly KitBoard[]) =>
  boards.filter((b) => b.map === map).map((b) => ({ name: b.name, column: b.column, row: b.row }));

function buildFile(atStart: boolean, boards: readonly KitBoard[]): string {
  const stacks = (map: string) =>
    atStart
      ? STANDS.filter((s) => boardOf(s.board, [...boards]).map === map)
          .map(
            (s) =>
              `<VASSAL.build.module.map.SetupStack name="${s.unit}" owningBoard="${s.board}" useGridLocation="false" x="${s.x}" y="${s.y}">${SLOT(s.unit, 50 + UNITS.indexOf(s.unit))}</VASSAL.build.module.map.SetupStack>`,
          )
          .join('')
      : '';
  const map = (name: string) =>
    `<VASSAL.build.module.Map mapName="${name}" edgeWidth="${EDGES[name].x}" edgeHeight="${EDGES[name].y}"><VASSAL.build.module.map.BoardPicker><setup>${setBoardsCommand(name, layoutOf(name, boards))}</setup>${boards
      .filter((b) => b.map === name)
      .map(boardXml)
      .join('')}</VASSAL.build.module.map.BoardPicker>${stacks(name)}</VASSAL.build.module.Map>`;
  const setup = atStart ? '' : '<VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>';
  const slots = (side: string) =>
    STANDS.filter((s) => s.unit.startsWith(side))
      .map((s) => SLOT(s.unit, UNITS.indexOf(s.unit) + 1))
      .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Boards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  ${map('Main Map')}${map('Europe')}
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${slots('Red')}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${slots('Blue')}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  ${setup}
</VASSAL.build.GameModule>`;
}

/** The save of the setup: each unit at its map pixel, and each map's boards in their cells. */
async function openingSave(boards: KitBoard[]): Promise<Uint8Array> {
  const stacks = STANDS.map((s) => {
    const at = mapPixel(s, boards);
    return { mapId: at.map, x: at.x, y: at.y, pieces: [decodePiece(slotText(s.unit, UNITS.indexOf(s.unit) + 1)).piece!] };
  });
  const commands = Object.keys(EDGES).map((map) => setBoardsCommand(map, layoutOf(map, boards)));
  const identity = { name: 'Boards', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive({ stacks, boards: commands }, identity, '', 1767225600);
}

/** The module's entries, its boards laid out as `boards` says: its buildFile, and with `atStart` false its setup's save. */
export async function multiBoardModuleEntries(atStart: boolean, boards = BOARDS): Promise<Map<string, Uint8Array>> {
  const files: Array<{ path: string; data: string | Uint8Array }> = [{ path: 'buildFile.xml', data: buildFile(atStart, boards) }];
  if (!atStart) files.push({ path: 'opening.vsav', data: await openingSave(boards) });
  return (await readZip(await writeZip(files, 1767225600), { file: 'boards.vmod', limits })).entries;
}

/**
 * A small module whose setup VASSAL names by no location, for the board-pixel tests: a hex board
 * with a zone without a grid over its hexes, a board without a grid on a map with an edge, and a
 * square grid without numbering; each of five units placed by board pixel, as at-start stacks or
 * in a saved game (map pixels = board pixels + the map's edge, reference §4.3).
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
const UNITS = ['Red 1', 'Red 2', 'Red 3', 'Blue 1', 'Blue 2'];

/** Where each unit stands: a map, its board, a board pixel. */
export interface Stand {
  unit: string;
  map: string;
  board: string;
  x: number;
  y: number;
  /** The hex VASSAL names there, for a position on the hex grid (kept as that hex, not as a pixel). */
  hex?: string;
}

// The hex board: 400×300, hexes 56 px apart (reference §4.2 golden grid), numbered from 0101; the
// zone "Reserve" (its lower right quarter) has no grid: VASSAL names every position in it "Reserve".
const HEX_BOARD = `<${B}.Board name="Hexes" width="400" height="300"><${B}.board.ZonedGrid>
  <${B}.board.mapgrid.Zone name="Reserve" locationFormat="$name$" path="200,150;400,150;400,300;200,300" useParentGrid="false"/>
  <${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>
</${B}.board.ZonedGrid></${B}.Board>`;
// A board without a grid, on a map with an edge; a square grid without numbering (VASSAL names no square).
const PLAIN_BOARD = `<${B}.Board name="West" width="600" height="400"/>`;
const SQUARE_BOARD = `<${B}.Board name="Squares" width="400" height="400"><${B}.board.SquareGrid dx="50.0" dy="50.0" x0="25" y0="25"/></${B}.Board>`;
export const EDGES: Record<string, { x: number; y: number }> = {
  'Main Map': { x: 0, y: 0 },
  Europe: { x: 20, y: 10 },
  Chess: { x: 0, y: 0 },
};

export const STANDS: Stand[] = [
  { unit: 'Red 1', map: 'Main Map', board: 'Hexes', x: 40, y: 40, hex: '0101' },
  { unit: 'Red 2', map: 'Main Map', board: 'Hexes', x: 300, y: 200 },
  { unit: 'Red 3', map: 'Main Map', board: 'Hexes', x: 350, y: 250 },
  { unit: 'Blue 1', map: 'Europe', board: 'West', x: 120, y: 80 },
  { unit: 'Blue 2', map: 'Chess', board: 'Squares', x: 130, y: 80 },
];

function buildFile(atStart: boolean): string {
  const stacks = (map: string) =>
    atStart
      ? STANDS.filter((s) => s.map === map)
          .map(
            (s, i) =>
              `<VASSAL.build.module.map.SetupStack name="${s.unit}" owningBoard="${s.board}" useGridLocation="false" x="${s.x}" y="${s.y}">${SLOT(s.unit, 50 + i)}</VASSAL.build.module.map.SetupStack>`,
          )
          .join('')
      : '';
  const map = (name: string, board: string) =>
    `<VASSAL.build.module.Map mapName="${name}" edgeWidth="${EDGES[name].x}" edgeHeight="${EDGES[name].y}"><VASSAL.build.module.map.BoardPicker>${board}</VASSAL.build.module.map.BoardPicker>${stacks(name)}</VASSAL.build.module.Map>`;
  const setup = atStart ? '' : '<VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Pixels" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  ${map('Main Map', HEX_BOARD)}${map('Europe', PLAIN_BOARD)}${map('Chess', SQUARE_BOARD)}
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}${SLOT('Red 2', 2)}${SLOT('Red 3', 3)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 4)}${SLOT('Blue 2', 5)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  ${setup}
</VASSAL.build.GameModule>`;
}

/** The save of the setup: each unit on its map at the map pixel, board pixel plus the map's edge. */
async function openingSave(): Promise<Uint8Array> {
  const stacks = STANDS.map((s) => ({
    mapId: s.map,
    x: s.x + EDGES[s.map].x,
    y: s.y + EDGES[s.map].y,
    pieces: [decodePiece(slotText(s.unit, UNITS.indexOf(s.unit) + 1)).piece!],
  }));
  const boards: Array<[string, string]> = STANDS.map((s) => [s.map, s.board]);
  const identity = { name: 'Pixels', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive(
    { stacks, boards: [...new Map(boards)].map(([map, board]) => setBoardsCommand(map, [{ name: board, column: 0, row: 0 }])) },
    identity,
    '',
    1767225600,
  );
}

/** The module's entries: its buildFile, and with `atStart` false its setup's save. */
export async function pixelModuleEntries(atStart: boolean): Promise<Map<string, Uint8Array>> {
  const files: Array<{ path: string; data: string | Uint8Array }> = [{ path: 'buildFile.xml', data: buildFile(atStart) }];
  if (!atStart) files.push({ path: 'opening.vsav', data: await openingSave() });
  return (await readZip(await writeZip(files, 1767225600), { file: 'pixels.vmod', limits })).entries;
}

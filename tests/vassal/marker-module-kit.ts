/**
 * A hand-written module of markers: a palette marker (Control, a slot in no side's list) with
 * copies in at-start stacks and a saved game, a piece only at-start stacks and the save hold (Cube),
 * a tile only an at-start stack on a second map holds (Location Paris), and a unit of each side.
 */
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { decodePiece } from '../../src/vassal/piece';
import { readLimits, readZip } from '../../src/vassal/reader/index';

const limits = readLimits();
const B = 'VASSAL.build.module.map.boardPicker';
export const pieceText = (name: string, gpid: number, image = '') => `+/null/piece;;;${image};${name}/null;0;0;${gpid};0`;
export const SLOT = (name: string, gpid: number, image = '') =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${pieceText(name, gpid, image)}</VASSAL.build.widget.PieceSlot>`;
export const STACK = (name: string, board: string, x: number, y: number, slots: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="${board}" useGridLocation="false" x="${x}" y="${y}">${slots}</VASSAL.build.module.map.SetupStack>`;

// The hex board of the board-pixel tests: hexes 56 px apart from (40, 40), numbered from 0101
// (reference §4.2 golden grid: (40, 40) is raw hex (0, 0), 0101; (40, 168), two rows down
// the same column, raw (0, 2), 0103); the zone "Reserve" (its lower
// right quarter) has no grid, VASSAL names every position in it "Reserve". A second map without a grid.
const HEX_BOARD = `<${B}.Board name="Hexes" width="400" height="300"><${B}.board.ZonedGrid>
  <${B}.board.mapgrid.Zone name="Reserve" locationFormat="$name$" path="200,150;400,150;400,300;200,300" useParentGrid="false"/>
  <${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>
</${B}.board.ZonedGrid></${B}.Board>`;
const PLAIN_BOARD = `<${B}.Board name="West" width="600" height="400"/>`;

const mainStacks = (extra: string) =>
  [
    STACK('Red HQ', 'Hexes', 40, 40, SLOT('Red 1', 50) + SLOT('Control', 51)),
    STACK('Controls', 'Hexes', 40, 168, SLOT('Control', 52) + SLOT('Control', 53)),
    STACK('Reserve cube', 'Hexes', 300, 200, SLOT('Cube', 54)),
    STACK('Blue 1', 'Hexes', 152, 40, SLOT('Blue 1', 55)),
    extra,
  ].join('');
const WEST_STACKS = STACK('Tiles', 'West', 120, 80, SLOT('Location Paris', 56, 'paris.png'));

const buildFile = (extraStacks: string) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Markers" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${HEX_BOARD}</VASSAL.build.module.map.BoardPicker>${mainStacks(extraStacks)}</VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Europe" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${PLAIN_BOARD}</VASSAL.build.module.map.BoardPicker>${WEST_STACKS}</VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 2)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Markers">${SLOT('Control', 3)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>
</VASSAL.build.GameModule>`;

/** The saved game: Blue 1 and a Control in 0101, two cubes (no palette slot) in 0103. */
async function openingSave(): Promise<Uint8Array> {
  const piece = (name: string, id: number) => decodePiece(pieceText(name, id)).piece!;
  const stacks = [
    { mapId: 'Main Map', x: 40, y: 40, pieces: [piece('Blue 1', 2), piece('Control', 3)] },
    { mapId: 'Main Map', x: 40, y: 168, pieces: [piece('Cube', 90), piece('Cube', 91)] },
  ];
  const identity = { name: 'Markers', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive(
    { stacks, boards: [setBoardsCommand('Main Map', [{ name: 'Hexes', column: 0, row: 0 }])] },
    identity,
    '',
    1767225600,
  );
}

/** The module's entries; `extraStacks` adds at-start stacks (SetupStack elements) to its hex map. */
export async function markersModuleEntries(extraStacks = ''): Promise<Map<string, Uint8Array>> {
  const files = [
    { path: 'buildFile.xml', data: buildFile(extraStacks) },
    { path: 'opening.vsav', data: await openingSave() },
  ];
  return (await readZip(await writeZip(files, 1767225600), { file: 'markers.vmod', limits })).entries;
}

/**
 * A saved game states the boards it is played on (its BoardPicker restore command, `<map>BoardPicker
 * <TAB><board><TAB><column><TAB><row>…`, reference §5.2): its pieces are read on those boards, laid
 * out as VASSAL lays them (Map.getLocation: a board's origin is the widths of the boards before it
 * in its row, the heights of those above it in its column), not on the boards a new game starts with.
 */
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { importBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const SLOT = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
// dx 56, dy 64, origin (40, 40), columns not staggered: the hex centres (40, 40) and (40, 104) are
// VASSAL's 0101 and 0102 (reference §4.2), on whichever board the grid belongs to.
const BOARD = (name: string) =>
  `<${B}.Board name="${name}" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board>`;

/** Boards North and South on the main map; a new game starts with North alone. */
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Boards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><setup>Main MapBoardPicker\tNorth\t0\t0</setup>${BOARD('North')}${BOARD('South')}</VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}${SLOT('Red 2', 2)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 3)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup file="setup.vsav" isMenu="false" name="Setup" useFile="true"/>
</VASSAL.build.GameModule>`;

/** A module whose one setup places the pieces at map pixels, with the given BoardPicker command (none when undefined). */
async function imported(pieces: { name: string; gpid: number; x: number; y: number }[], boards?: string): Promise<ImportResult> {
  const commands = ['begin_save', ''];
  pieces.forEach((p, i) => commands.push(`+/${1000 + i}/piece;;;;${p.name}/Main Map;${p.x};${p.y};${p.gpid};0`));
  if (boards !== undefined) commands.push(`Main MapBoardPicker\t${boards}`);
  commands.push('end_save');
  const identity = { name: 'Boards', version: '1', description: '', dateSaved: 0 };
  const save = await savedGameArchive(commands.join(COMMAND_SEPARATOR), identity, 'setup', 0);
  const result = await importBuildFile(BUILD_FILE, [{ path: 'setup.vsav', data: save }]);
  expect(validateGameFiles('boards', result.files).filter((d) => d.severity === 'error')).toEqual([]);
  return result;
}

/** Each unit's location in the setup: "hex 0102" or "box <name>". */
function placements(result: ImportResult): Record<string, string> {
  const scenario = JSON.parse(result.files.get('scenarios.json') as string).scenarios[0];
  const map = JSON.parse(result.files.get('map.json') as string);
  const boxes = new Map<string, string>(map.boxes?.map((b: { id: string; name: string }) => [b.id, b.name]) ?? []);
  const out: Record<string, string> = {};
  for (const p of scenario.setup ?? []) for (const u of p.units) out[u] = p.hex !== undefined ? `hex ${p.hex}` : `box ${boxes.get(p.box)}`;
  return out;
}

describe("a saved game's own boards", () => {
  const pieces = [
    { name: 'Red 1', gpid: 1, x: 40, y: 340 },
    { name: 'Red 2', gpid: 2, x: 40, y: 404 },
    { name: 'Blue 1', gpid: 3, x: 40, y: 40 },
  ];

  it('South above North: North, the game board, starts 300 pixels down, and a piece on South is in the hex South names there', async () => {
    const result = await imported(pieces, 'South\t0\t0\tNorth\t0\t1');
    // South's own grid names its pixel (40, 40) 0101, as VASSAL's Map.locationName does (no board name).
    expect(placements(result)).toEqual({ 'red-1': 'hex 0101', 'red-2': 'hex 0102', 'blue-1': 'box 0101' });
    expect(result.summary.placements).toEqual({ total: 3, located: 3, listed: 3 });
  });

  it('North beside South: the boards lie side by side, North first', async () => {
    const result = await imported(
      [
        { name: 'Red 1', gpid: 1, x: 40, y: 40 },
        { name: 'Blue 1', gpid: 3, x: 440, y: 104 },
      ],
      'North\t0\t0\tSouth\t1\t0',
    );
    // Map pixel (440, 104) is South's (40, 104): 0102 of its grid.
    expect(placements(result)).toEqual({ 'red-1': 'hex 0101', 'blue-1': 'box 0102' });
  });

  it('a save that states the default boards, or none, reads its pieces on them', async () => {
    const stated = placements(await imported(pieces.slice(2), 'North\t0\t0'));
    const unstated = placements(await imported(pieces.slice(2)));
    expect(stated).toEqual({ 'blue-1': 'hex 0101' });
    expect(unstated).toEqual(stated);
  });
});

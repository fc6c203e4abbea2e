/**
 * A map of several boards whose default setup starts a new game with one of them ("Left"), while
 * a saved game lays out another beside it ("Third" in column 1), and "Right" is laid out by
 * neither: VASSAL's BoardPicker starts a new game with the boards of its `setup` only. map.json
 * lists every board and marks those a new game leaves out (`newGame: false`), the built module's
 * default setup names only the others, its save the boards its pieces stand on too, and so the second
 * import reads the same boards and the same boxes (a single board in play names its pixels' box
 * after the map, as the first import did).
 */
import { expect, it } from 'vitest';
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { decodePiece } from '../../src/vassal/piece';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { readSavedGame } from '../../src/vassal/reader/saved-game';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, placedWhere, rebuilt } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const slotText = (name: string, gpid: number, side: string) => `+/null/mark;Side\tpiece;;;;${name}/${side}\tnull;0;0;${gpid};0`;
const slot = (name: string, gpid: number, side: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${slotText(name, gpid, side)}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Boards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><setup>${setBoardsCommand('Main Map', [{ name: 'Left', column: 0, row: 0 }])}</setup>
      <${B}.Board name="Left" width="300" height="200"/><${B}.Board name="Right" width="400" height="300"/><${B}.Board name="Third" width="200" height="200"/>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.SetupStack name="Red 1" owningBoard="Left" useGridLocation="false" x="50" y="60">${slot('Red 1', 11, 'Red')}</VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${slot('Red 1', 1, 'Red')}${slot('Blue 1', 2, 'Blue')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup name="Campaign" file="campaign.vsav" useFile="true" isMenu="false"/>
</VASSAL.build.GameModule>`;

/** The campaign: Left and Third side by side; Blue 1 at (70, 80) of Third, whose origin is Left's width, 300. */
async function campaign(): Promise<Uint8Array> {
  const piece = (name: string, gpid: number, side: string) => decodePiece(slotText(name, gpid, side)).piece!;
  const stacks = [
    { mapId: 'Main Map', x: 50, y: 60, pieces: [piece('Red 1', 1, 'Red')] },
    { mapId: 'Main Map', x: 300 + 70, y: 80, pieces: [piece('Blue 1', 2, 'Blue')] },
  ];
  const layout = setBoardsCommand('Main Map', [
    { name: 'Left', column: 0, row: 0 },
    { name: 'Third', column: 1, row: 0 },
  ]);
  const identity = { name: 'Boards', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive({ stacks, boards: [layout] }, identity, '', 1767225600);
}

/** The save's BoardPicker command for the game map. */
async function savedLayout(save: Uint8Array): Promise<string | undefined> {
  const { commands } = await readSavedGame(save, { file: 'campaign.vsav', limits: readLimits() });
  return commands.find((c) => c.startsWith('Main MapBoardPicker\t'));
}

it('a board only a saved game lays out stays out of a new game, and the map reads back the same', async () => {
  const zip = await writeZip(
    [
      { path: 'buildFile.xml', data: BUILD_FILE },
      { path: 'campaign.vsav', data: await campaign() },
    ],
    1767225600,
  );
  const first = await importEntries((await readZip(zip, { file: 'boards.vmod', limits: readLimits() })).entries, 'boards');
  expect(jsonOf(first, 'map.json').boards).toEqual([
    { name: 'Left', map: 'Main Map', width: 300, height: 200 },
    { name: 'Right', map: 'Main Map', width: 400, height: 300, column: 1, newGame: false },
    { name: 'Third', map: 'Main Map', width: 200, height: 200, column: 2, newGame: false },
  ]);
  expect(placedWhere(first)).toEqual({ 'red-1': ['Main Map', { board: 'Left', x: 50, y: 60 }] });
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'boards');
    const buildFile = new TextDecoder().decode(built.get('buildFile.xml'));
    const setups = [...buildFile.matchAll(/<setup>([^<]*)<\/setup>/g)].map((m) => m[1]);
    expect(setups).toContain(setBoardsCommand('Main Map', [{ name: 'Left', column: 0, row: 0 }]));
    // The built campaign lays out the boards a new game has and the one its pieces stand on, not Right.
    expect(await savedLayout(built.get('campaign.vsav')!)).toEqual(
      setBoardsCommand('Main Map', [
        { name: 'Left', column: 0, row: 0 },
        { name: 'Third', column: 2, row: 0 },
      ]),
    );
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

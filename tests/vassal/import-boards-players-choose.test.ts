/**
 * A map of several boards without a default setup (a BoardPicker with no `setup`: one mission
 * board a game, say): VASSAL lays out no board by itself and asks at a new game which boards to
 * play on (BoardPicker.setup, the "Choose Boards" step of the setup wizard; reference §5). map.json
 * marks every board `newGame: false` (the module's default choice holds none), the built module
 * writes no default setup for that map, so VASSAL asks again, and the second import reads the
 * same boards. A map of one board needs no choice and keeps none of this.
 */
import { expect, it } from 'vitest';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt, sideSlot } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Missions" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker title="Choose Boards">
      <${B}.Board name="Mission 1" width="300" height="200"/><${B}.Board name="Mission 2" width="300" height="200"/><${B}.Board name="Mission 3" width="300" height="200"/>
    </VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Track" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><${B}.Board name="Turns" width="400" height="100"/></VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}${sideSlot('Blue 1', 2, 'Blue')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

/** The text of each map's `<setup>` in a buildFile, by map name (maps without one left out). */
function setupsByMap(buildFile: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of buildFile.matchAll(/<VASSAL\.build\.module\.Map [^>]*mapName="([^"]*)"[^>]*>([\s\S]*?)<\/VASSAL\.build\.module\.Map>/g)) {
    const setup = /<setup>([^<]*)<\/setup>/.exec(m[2]);
    if (setup) out[m[1]] = setup[1];
  }
  return out;
}

it('boards the players choose at a new game stay a choice through a build and a second import', async () => {
  const zip = await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600);
  const first = await importEntries((await readZip(zip, { file: 'missions.vmod', limits: readLimits() })).entries, 'missions');
  expect(jsonOf(first, 'map.json').boards).toEqual([
    { name: 'Mission 1', map: 'Main Map', width: 300, height: 200, newGame: false },
    { name: 'Mission 2', map: 'Main Map', width: 300, height: 200, column: 1, newGame: false },
    { name: 'Mission 3', map: 'Main Map', width: 300, height: 200, column: 2, newGame: false },
    { name: 'Turns', map: 'Track', width: 400, height: 100 },
  ]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'missions');
    const buildFile = new TextDecoder().decode(built.get('buildFile.xml'));
    // Neither map gets a default setup: Main Map's boards are the players' choice, Track's one board needs none.
    expect(setupsByMap(buildFile)).toEqual({});
    expect(buildFile).toContain('name="Mission 3"');
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

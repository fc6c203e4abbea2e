/**
 * A pattern met in a real area-map module: the game map's only board names a picture the module
 * does not hold (its art left out of the copy at hand). The data cannot show that picture, so the
 * board says no more than its name, as the board of a module built from the data does: the import
 * of that built module must read the same map.json, not one board fewer.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule } from '../synthetic-module';

const slot = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Absent board picture" version="1" VassalVersion="3.6.7" nextPieceSlotId="30">
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${slot('Scout', 1)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Map" image="absent-map.png"><VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Harbour" path="100,100;400,100;400,300;100,300" useParentGrid="false"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.SetupStack name="" owningBoard="Map" useGridLocation="false" x="250" y="200">${slot('Scout', 11)}</VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

const file = (r: ImportResult, name: string) => r.files.get(name) as string;

it('a game board whose picture the module lacks reads back alike from the module built from the data', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const again = await importBuiltModule(first);
  for (const name of ['units.csv', 'scenarios.json', 'map.json']) expect(file(again, name), name).toBe(file(first, name));
}, 60_000);

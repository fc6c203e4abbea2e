/**
 * A pattern met in real modules of VASSAL 3.6 and later: prototypes kept in nested PrototypeFolders
 * (an editor grouping; VASSAL finds a prototype by its name wherever it sits), the side of each unit
 * stated only by a Marker in such a prototype, and an at-start stack standing in a zone of an area
 * map without a hex grid. The import must resolve the foldered prototypes, keep the placement in
 * the zone, and read the same data again from the module it builds.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule } from '../synthetic-module';

const prototype = (name: string, side: string) =>
  `<VASSAL.build.module.PrototypeDefinition name="${name}">+/null/mark;Side\tpiece;;;;/${side}\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition>`;
const folder = (name: string, inner: string) =>
  `<VASSAL.build.module.folder.PrototypeFolder desc="" name="${name}">${inner}</VASSAL.build.module.folder.PrototypeFolder>`;
const slot = (name: string, proto: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/prototype;${proto}\tpiece;;;;${name}/\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Foldered prototypes" version="1" VassalVersion="3.6.7" nextPieceSlotId="30">
  <VASSAL.build.module.PlayerRoster><entry>Blue</entry><entry>Gold</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>
    ${folder('Forces', folder('Set A', prototype('Kit A', 'Blue')) + folder('Set B', prototype('Kit B', 'Gold')))}
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${slot('Lancers', 'Kit A', 1)}${slot('Pikes', 'Kit B', 2)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="Map" width="900" height="700"><VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Harbour" path="100,100;400,100;400,300;100,300" useParentGrid="false"/><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Hills" path="500,100;800,100;800,600;500,600" useParentGrid="false"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid></VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.SetupStack name="" owningBoard="Map" useGridLocation="false" x="250" y="200">${slot('Lancers', 'Kit A', 11)}</VASSAL.build.module.map.SetupStack>
    <VASSAL.build.module.map.SetupStack name="" owningBoard="Map" useGridLocation="false" x="650" y="420">${slot('Pikes', 'Kit B', 12)}</VASSAL.build.module.map.SetupStack>
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

const file = (r: ImportResult, name: string) => r.files.get(name) as string;

it('units take their side from a prototype kept in nested folders, stand in their zones, and read back alike', async () => {
  const first = await importBuildFile(BUILD_FILE);
  // Names, prototypes and folders carry no side or type: only the foldered prototypes' Side marker does.
  expect(file(first, 'units.csv')).toBe('id,side,type,name\nlancers,blue,unknown,Lancers\npikes,gold,unknown,Pikes\n');
  // (250,200) lies in the Harbour rectangle, (650,420) in Hills: each zone names the place, the pixel kept.
  const setup = JSON.parse(file(first, 'scenarios.json')).scenarios[0].setup;
  expect(setup).toEqual([
    { units: ['lancers'], box: 'harbour', at: { board: 'Map', x: 250, y: 200 } },
    { units: ['pikes'], box: 'hills', at: { board: 'Map', x: 650, y: 420 } },
  ]);
  const again = await importBuiltModule(first);
  for (const name of ['units.csv', 'scenarios.json', 'map.json']) expect(file(again, name), name).toBe(file(first, name));
}, 60_000);

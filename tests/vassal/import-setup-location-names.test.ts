/**
 * An at-start stack that names its location (`useGridLocation`) is placed where VASSAL places it
 * (SetupStack.updatePosition, isUseGridLocation): at the zone or region of that name; at its own
 * x/y pixel when the board's grid knows no such name ("Bad location name", a data warning) or the
 * board has no grid at all (the name is ignored). The import says so once per name, with the
 * stack's line, and the folder validates.
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { importBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';

function slot(name: string, side: string, gpid: number): string {
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${name}.png;${name}/${side}\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
}

function stack(location: string, x: number, y: number, piece: string): string {
  return `<VASSAL.build.module.map.SetupStack location="${location}" useGridLocation="true" x="${x}" y="${y}">${piece}</VASSAL.build.module.map.SetupStack>`;
}

function zone(name: string, x: number, inner = ''): string {
  return `<${B}.board.mapgrid.Zone locationFormat="$name$" name="${name}" path="${x},0;${x + 400},0;${x + 400},400;${x},400" useParentGrid="false">${inner}</${B}.board.mapgrid.Zone>`;
}

const port = `<${B}.board.RegionGrid snapto="true" visible="false"><${B}.board.Region name="Port" originx="200" originy="200"/></${B}.board.RegionGrid>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Named" version="1" VassalVersion="3.6.7" nextPieceSlotId="30">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">
    ${slot('Cruiser', 'Red', 1)}${slot('Frigate', 'Blue', 2)}${slot('Sloop', 'Blue', 3)}${slot('Tender', 'Red', 4)}
  </VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><${B}.Board image="Sea.png" name="Sea">
      <${B}.board.ZonedGrid>${zone('Red Available', 0, port)}${zone('Blue Available', 500)}</${B}.board.ZonedGrid>
    </${B}.Board></VASSAL.build.module.map.BoardPicker>
    ${stack('Port', 10, 10, slot('Cruiser', 'Red', 10))}
    ${stack('Blue Available', 20, 20, slot('Frigate', 'Blue', 11))}
    ${stack('Harbour', 600, 100, slot('Sloop', 'Blue', 12))}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Reserve" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker><${B}.Board name="Pool" width="300" height="200"/></VASSAL.build.module.map.BoardPicker>
    ${stack('Anywhere', 50, 60, slot('Tender', 'Red', 13))}
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

it('a location name the board cannot name places the stack at its pixel, as VASSAL does, with one warning', async () => {
  const imported = await importBuildFile(BUILD_FILE);
  const setup = JSON.parse(imported.files.get('scenarios.json') as string).scenarios[0].setup;
  expect(setup.map((p: { units: string[]; box: string; at?: object }) => [p.units, p.box, p.at])).toEqual([
    // A region inside a zone by name: at the region's origin, which VASSAL names by the zone ($name$).
    [['cruiser'], 'red-available', { board: 'Sea', x: 200, y: 200 }],
    // A zone by name: the mean of its corners (Zone.getLocation).
    [['frigate'], 'blue-available', { board: 'Sea', x: 700, y: 200 }],
    // "Harbour", which is nowhere: VASSAL keeps x/y, which lie in that zone.
    [['sloop'], 'blue-available', { board: 'Sea', x: 600, y: 100 }],
    // A board without a grid: VASSAL ignores the name and keeps x/y on that board.
    [['tender'], 'reserve', { board: 'Pool', x: 50, y: 60 }],
  ]);
  const warnings = imported.diagnostics.filter((d) => d.code === 'vassal/setup-location-unknown');
  expect(warnings.map((d) => [d.message.includes('"Harbour"'), d.message.includes('"Anywhere"'), d.line])).toEqual([
    [true, false, 13],
    [false, true, 17],
  ]);
  expect(validateGameFiles('synthetic', imported.files).filter((d) => d.severity === 'error')).toEqual([]);
}, 60_000);

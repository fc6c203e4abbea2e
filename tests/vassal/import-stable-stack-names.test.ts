/**
 * An at-start stack without a name (VASSAL's SetupStack states none: the editor lists it by its
 * location) stays without one through import → build → import. The built module names each stack
 * after its place when the data gives no name, so the second import must read a stack named like
 * its own place as unnamed, and a stack with a name of its own keeps it.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board.mapgrid`;

/** A piece whose side is a Marker trait, as the module's roster names it. */
function slot(name: string, side: string, gpid: number): string {
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${name}.png;${name}/${side}\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
}

function zone(name: string, x: number): string {
  return `<${G}.Zone locationFormat="$name$" name="${name}" path="${x},0;${x + 400},0;${x + 400},400;${x},400" useHighlight="false" useParentGrid="false"/>`;
}

// Zones without a hex grid on a board that states no size (its image absent), as card and area games have.
const BUILD_FILE = oneMapBuildFile({
  name: 'Zoned',
  sides: ['Red', 'Blue'],
  palette: slot('Cruiser', 'Red', 1) + slot('Frigate', 'Blue', 2),
  board: `<${B}.Board image="Board.png" name="Map"><${B}.board.ZonedGrid>${zone('Red Available', 0)}${zone('Blue Available', 500)}</${B}.board.ZonedGrid></${B}.Board>`,
  stacks: `<VASSAL.build.module.folder.MapSubFolder desc="" name="Start">
      <VASSAL.build.module.map.SetupStack location="Red Available" useGridLocation="false" x="100" y="100">${slot('Cruiser', 'Red', 10)}</VASSAL.build.module.map.SetupStack>
      <VASSAL.build.module.map.SetupStack name="Blue fleet" location="Blue Available" useGridLocation="false" x="600" y="100">${slot('Frigate', 'Blue', 11)}</VASSAL.build.module.map.SetupStack>
    </VASSAL.build.module.folder.MapSubFolder>`,
});

const setup = (r: ImportResult) => JSON.parse(r.files.get('scenarios.json') as string).scenarios[0].setup;

it('an unnamed at-start stack stays unnamed after build and import again; a named one keeps its name', async () => {
  const first = await importBuildFile(BUILD_FILE);
  expect(setup(first)).toEqual([
    // Each in its zone at the stack's own pixel.
    { units: ['cruiser'], box: 'red-available', at: { board: 'Map', x: 100, y: 100 }, folders: ['Start'] },
    { units: ['frigate'], box: 'blue-available', at: { board: 'Map', x: 600, y: 100 }, stack: 'Blue fleet', folders: ['Start'] },
  ]);
  expect(setup(await importBuiltModule(first))).toEqual(setup(first));
}, 60_000);

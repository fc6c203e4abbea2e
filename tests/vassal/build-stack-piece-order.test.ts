/**
 * An at-start stack keeps its pieces in the module's order (bottom to top) through import → build
 * → import, when that order is not the palette's: a thrower above a catcher, or a second copy of a
 * unit at the top of a stack whose first copy stands elsewhere.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';

function slot(name: string, gpid: number): string {
  return `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/mark;Side\tpiece;;;${name}.png;${name}/Red\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
}

const stack = (name: string, region: string, pieces: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" location="${region}" useGridLocation="true" x="0" y="0">${pieces}</VASSAL.build.module.map.SetupStack>`;

// Palette order: Lineman, Catcher, Thrower. The bench stack holds them as Thrower, Catcher, Lineman.
const BUILD_FILE = oneMapBuildFile({
  name: 'Pitch',
  sides: ['Red'],
  palette: slot('Lineman', 1) + slot('Catcher', 2) + slot('Thrower', 3),
  board: `<${B}.Board height="600" name="Dugout" width="900"><${B}.board.RegionGrid fontsize="9" snapto="true" visible="false"><${B}.board.Region name="Field" originx="150" originy="150"/><${B}.board.Region name="Reserves" originx="450" originy="150"/></${B}.board.RegionGrid></${B}.Board>`,
  stacks:
    stack('Kick-off', 'Field', slot('Lineman', 10)) +
    stack('Bench', 'Reserves', slot('Thrower', 11) + slot('Catcher', 12) + slot('Lineman', 13)),
});

const setup = (r: ImportResult) =>
  (JSON.parse(r.files.get('scenarios.json') as string).scenarios[0].setup as Array<{ units: string[]; stack: string }>).map((p) => [
    p.stack,
    p.units,
  ]);

it('an at-start stack keeps the order of its pieces after build and import again', async () => {
  const first = await importBuildFile(BUILD_FILE);
  expect(setup(first)).toEqual([
    ['Kick-off', ['lineman']],
    ['Bench', ['thrower', 'catcher', 'lineman-2']],
  ]);
  expect(setup(await importBuiltModule(first))).toEqual(setup(first));
}, 60_000);

/**
 * Property Sheet traits (VASSAL counters/PropertySheet) hold a piece's properties in a `~`-list
 * state, one value per named property of the type's `~`-list definition (each a field-kind digit
 * and a name; a nameless one takes no value; a tick-marks value "2/5" answers "2"). Sports modules
 * keep their players' factors there (a Blood Bowl module: MA, ST, AG, AV). The import reads them
 * as the piece's properties, so factors become values; `update` writes a changed value back into
 * the sheet's state, at its place, keeping a tick-marks maximum. Before, the sheet was not read:
 * the players were markers and their factors lost.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { propertySheetProperties, withSheetValue } from '../../src/vassal/traits/property-sheet';
import { editUnitsLine, importedModule, updated } from './real-sweep4/update-kit';
import { SMALL_HEX_BOARD, importBuildFile, oneMapBuildFile, setupStack } from './synthetic-module';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('a Property Sheet trait read as VASSAL reads it', () => {
  // Definition: Name (text), Wounds (tick marks with max), a nameless field, MA (text).
  const sheet = { type: 'propertysheet;0Name~4Wounds~~0MA;Properties;;1;;;;80,130', state: 'Bob~2/5~6' };

  it('one value per named property in order; a tick-marks value up to its "/"', () => {
    expect(propertySheetProperties(sheet)).toEqual([
      ['Name', 'Bob'],
      ['Wounds', '2'],
      ['MA', '6'],
    ]);
    // A value the state lacks is "", as VASSAL's decoder gives it.
    expect(propertySheetProperties({ ...sheet, state: 'Bob' })).toEqual([
      ['Name', 'Bob'],
      ['Wounds', ''],
      ['MA', ''],
    ]);
  });

  it('a value set at its place; a tick-marks value keeps its maximum', () => {
    expect(withSheetValue(sheet, 'MA', () => '7')).toBe('Bob~2/5~7');
    expect(withSheetValue(sheet, 'Wounds', (v) => (v === '2' ? '3' : { problem: v }))).toBe('Bob~3/5~6');
  });
});

const player = (name: string, gpid: number, stats: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="148" width="148">+/null/propertysheet;0Name~0MA~0ST~0AG~0AV~1Skill;Properties;;1;;;;80,130\tpiece;;;${name}.png;${name}/${name}~${stats}~Loner, Dodge\t\\\tnull;0;0;${gpid}</VASSAL.build.widget.PieceSlot>`;
const BALL = `<VASSAL.build.widget.PieceSlot entryName="Ball" gpid="9" height="50" width="50">+/null/piece;;;ball.png;Ball/\tnull;0;0;9</VASSAL.build.widget.PieceSlot>`;
const BUILD_FILE = oneMapBuildFile({
  name: 'Pitch',
  sides: ['Blue', 'Red'],
  palette: player('Quetzal Leap', 1, '8~2~4~7') + player('Ripper', 2, '4~6~1~9') + BALL,
  board: SMALL_HEX_BOARD,
  stacks: setupStack(96, player('Quetzal Leap', 1, '8~2~4~7')),
});

it('players stating MA, ST, AG, AV in a Property Sheet are units with those values; update carries one back', async () => {
  const first = await importBuildFile(BUILD_FILE);
  expect(first.files.get('units.csv')).toBe(
    'id,side,type,name,ma,st,ag,av\nquetzal-leap,unknown,unknown,Quetzal Leap,8,2,4,7\nripper,unknown,unknown,Ripper,4,6,1,9\n',
  );
  const dir = await mkdtemp(path.join(os.tmpdir(), 'property-sheet-'));
  dirs.push(dir);
  const { vmod, game } = await importedModule(dir, BUILD_FILE);
  await editUnitsLine(game, 'quetzal-leap,unknown,unknown,Quetzal Leap,8,2,4,7', 'quetzal-leap,unknown,unknown,Quetzal Leap,9,2,4,7');
  const { lines, xml } = await updated(vmod, game);
  expect(lines.join('\n')).toContain('unit quetzal-leap ma: "8" → "9" (Property Sheet MA), 2 place(s)');
  // The sheet's state in the palette slot and the at-start stack, and nothing else.
  expect(xml).toBe(BUILD_FILE.replaceAll('Quetzal Leap~8~2~4~7', 'Quetzal Leap~9~2~4~7'));
  expect((await importBuildFile(xml)).files.get('units.csv')).toContain('quetzal-leap,unknown,unknown,Quetzal Leap,9,2,4,7');
}, 60_000);

/**
 * `hexforge update` warns where a rename changes what a new import of the updated module reads of
 * the piece: the import read a side from a word of the piece name ("Red Pawn", roster Red and
 * Gray) or its type from a type word ("Infantry"), and the new name takes it away, or names a
 * side: another side, a side its palette window contradicts, or a side for a marker. Before, the
 * update said nothing and only `verify --module` or a new import showed it. A rename keeping the
 * words warns of nothing.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SMALL_HEX_BOARD, importBuildFile, setupStack } from './synthetic-module';
import { editUnitsLine, importedModule, updated } from './real-sweep4/update-kit';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const slot = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="50" width="50">+/null/piece;;;${name}.png;${name}/\tnull;0;0;${gpid}</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Pawns" version="1" VassalVersion="3.7.0" nextPieceSlotId="30">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Gray</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${slot('Red Pawn', 1)}${slot('Red Infantry', 2)}${slot('Gray Pawn', 3)}${slot('Red Guard', 6)}${slot('Control', 4)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PieceWindow name="Red Forces">${slot('Scout', 5)}</VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>${SMALL_HEX_BOARD}</VASSAL.build.module.map.BoardPicker>
    ${setupStack(96, slot('Control', 4))}
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

async function renameMarker(game: string, from: string, to: string): Promise<void> {
  const file = path.join(game, 'counters.json');
  const counters = JSON.parse(await readFile(file, 'utf8')) as { markers: { name: string }[] };
  counters.markers.find((m) => m.name === from)!.name = to;
  await writeFile(file, `${JSON.stringify(counters, null, 2)}\n`);
}

it('warns of each rename that changes the side, the type or whether the piece is a unit, naming the piece and what to do', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rename-readings-'));
  dirs.push(dir);
  const { vmod, game } = await importedModule(dir, BUILD_FILE);
  expect(await readFile(path.join(game, 'units.csv'), 'utf8')).toBe(
    [
      'id,side,type,name',
      'red-pawn,red,unknown,Red Pawn',
      'red-infantry,red,infantry,Red Infantry',
      'red-guard,red,unknown,Red Guard',
      'scout,red,unknown,Scout',
      'gray-pawn,gray,unknown,Gray Pawn',
      '',
    ].join('\n'),
  );
  await editUnitsLine(game, 'red-pawn,red,unknown,Red Pawn', 'red-pawn,red,unknown,Crimson Pawn');
  await editUnitsLine(game, 'red-infantry,red,infantry,Red Infantry', 'red-infantry,red,infantry,Red Rifles');
  await editUnitsLine(game, 'gray-pawn,gray,unknown,Gray Pawn', 'gray-pawn,gray,unknown,Red Sentry');
  await editUnitsLine(game, 'red-guard,red,unknown,Red Guard', 'red-guard,red,unknown,Red Royal Guard');
  await editUnitsLine(game, 'scout,red,unknown,Scout', 'scout,red,unknown,Gray Scout');
  await renameMarker(game, 'Control', 'Gray Control');
  const { lines, xml } = await updated(vmod, game);
  const text = lines.join('\n');
  expect(text.match(/ warning update\/rename-/g)).toHaveLength(5);
  expect(text).toContain(
    'warning update/rename-loses-side: unit red-pawn renamed "Red Pawn" → "Crimson Pawn": the import read it as a unit of side "Red" (side from piece name "Red Pawn"); with the new name nothing names its side, so a new import of the updated module reads the piece as a marker, not a unit',
  );
  expect(text).toContain(
    'hint: keep the side\'s words in the name, or state the side in the module (a Marker "Side" holding "Red" on the piece or its prototype',
  );
  expect(text).toContain(
    'warning update/rename-changes-type: unit red-infantry renamed "Red Infantry" → "Red Rifles": the import read its type as Infantry (type from the word "infantry" in "Red Infantry"); a new import of the updated module reads Unknown type',
  );
  expect(text).toContain(
    'warning update/rename-changes-side: unit gray-pawn renamed "Gray Pawn" → "Red Sentry": the import read its side as "Gray" (side from piece name "Gray Pawn"); a new import of the updated module reads "Red" (side from piece name "Red Sentry")',
  );
  expect(text).toContain(
    'warning update/rename-changes-side: unit scout renamed "Scout" → "Gray Scout": the import read its side as "Red" (side from palette window "Red Forces"); a new import of the updated module reads "Side not stated in the module" (side unknown: piece name "Gray Scout" names Gray, palette window "Red Forces" names Red)',
  );
  expect(text).toContain(
    'warning update/rename-names-side: marker control renamed "Control" → "Gray Control": the new name makes the piece a unit of side "Gray" to a new import of the updated module (side from piece name "Gray Control"); it was read as a marker',
  );
  expect(text).not.toContain('red-guard renamed');
  // What a new import of the updated module reads: as the warnings say.
  const again = await importBuildFile(xml);
  expect((again.files.get('units.csv') as string).trim().split('\n').slice(1).sort()).toEqual([
    'gray-control,gray,unknown,Gray Control',
    'gray-scout,unknown,unknown,Gray Scout',
    'red-rifles,red,unknown,Red Rifles',
    'red-royal-guard,red,unknown,Red Royal Guard',
    'red-sentry,red,unknown,Red Sentry',
  ]);
}, 60_000);

/**
 * `hexforge update`: on every fixture, import, change one value of the data (a unit's value; a
 * marker's name where the module has no values; a unit's name where it has no markers either; the
 * title where it has no units), and rename a marker where setups place markers; update, and
 * compare the new module with the original entry by entry and, in the buildFile and saved games,
 * component by component and trait by trait: only what carries the changed value differs, and a
 * new import of the updated module reads the new value.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { csvText } from '../../src/vassal/import/csv';
import { importModule } from '../../src/vassal/import/import-module';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleSave, type ReadModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { compareTrees, type ModuleDifference } from '../../src/vassal/roundtrip/compare';
import { dataChanges } from '../../src/vassal/update/data-changes';
import { updateModule } from '../../src/vassal/update/update-module';
import { folderData, updateCommand } from '../../src/cli/update';
import type { CountersFile } from '../../src/model/files';
import { describeShared } from '../shared-dir';
import { FIXTURE_NAMES, KASSALA, TEMPLATE, fixture, withTempDir } from './import-fixtures';
import { applyEdit, csvRows, markerEdit, pickEdit, type ChooseEdit, describeEdit } from './update-edit';
import { sidecarOf } from './sidecar-of';

const limits = readLimits();

function text(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : new TextDecoder().decode(data);
}

async function readFixture(name: string): Promise<{ entries: Map<string, Uint8Array>; module: ReadModule }> {
  const entries = (await readModuleEntries(fixture(name), limits)).entries!;
  const module = (await readModule(entries, { source: name, limits })).module!;
  return { entries, module };
}

/** Markers' names in counters.json, in its order. */
const markerNames = (files: ReadonlyMap<string, string | Uint8Array>) =>
  (JSON.parse(text(files.get('counters.json') ?? '{}')) as Partial<CountersFile>).markers?.map((m) => m.name) ?? [];

/**
 * Imports the fixture, makes the edit `choose` picks, updates, and checks that only what carries
 * the value changed, entry by entry, component by component and trait by trait.
 */
async function checkOneEdit(name: string, choose: ChooseEdit) {
  const { entries, module } = await readFixture(name);
  const imported = await importModule(module, { id: 'game' });
  const sidecar = sidecarOf(imported.files.get(SIDECAR_INDEX)!);
  const { header, rows } = csvRows(text(imported.files.get('units.csv')!));
  const edit = choose(sidecar, rows)!;
  console.log(`${name}: ${describeEdit(edit)}`);
  const folder = await withTempDir(async (dir) => {
    const game = path.join(dir, 'game');
    await writeGameFolder(game, imported.files);
    await applyEdit(game, edit);
    return (await folderData(game, sidecar)).data!;
  });
  const changes = dataChanges(sidecar, folder);
  expect(changes.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const result = await updateModule(entries, module, sidecar, changes, { limits, epoch: 0 });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(result.applied.map((a) => [a.before, a.after])).toEqual([[edit.before, edit.after]]);
  const updated = result.entries!;

  // Entry by entry: the same names; bytes equal except the buildFile, the metadata (title) and
  // saved games holding a piece of the changed counter.
  expect([...updated.keys()]).toEqual([...entries.keys()]);
  const changedEntries = [...entries.keys()].filter(
    (e) => Buffer.compare(Buffer.from(entries.get(e)!), Buffer.from(updated.get(e)!)) !== 0,
  );
  const placesEntries = new Set(result.applied.flatMap((a) => a.places.map((p) => p.entry)));
  expect(changedEntries.sort()).toEqual([...placesEntries].sort());
  expect(changedEntries).toContain(module.buildFileName);

  // Component by component, trait by trait.
  const copy = (await readModule(updated, { source: `${name} (updated)`, limits })).module!;
  const differences: ModuleDifference[] = [];
  compareTrees(module.root, copy.root, module.buildFileName, differences);
  expect(differences.length).toBeGreaterThan(0);
  const buildPlaces = result.applied.flatMap((a) => a.places.filter((p) => p.entry === module.buildFileName));
  for (const d of differences) {
    if (edit.column === 'title') {
      expect(d.message).toBe(`attribute name: ${JSON.stringify(edit.before)} became ${JSON.stringify(edit.after)}`);
      continue;
    }
    // Only the traits and labels of the changed counter's pieces.
    expect(d.message).toMatch(/^(trait \d+ \((piece|mark|PROP|label);\) (type|state) differs|attribute entryName: )/);
    // The comparison names a slot by its label alone; update tells slots of one label apart by a `#n`.
    expect(buildPlaces.some((p) => d.where.endsWith(p.where.split('/').pop()!.replace(/#\d+$/, '')))).toBe(true);
  }
  for (const save of module.savedGameNames) {
    const original = (await readModuleSave(module, save))!;
    const after = (await readModuleSave(copy, save))!;
    expect(after.commands.length).toBe(original.commands.length);
    const changed = original.commands.filter((c, i) => c !== after.commands[i]).length;
    expect(changed).toBe(result.applied.flatMap((a) => a.places).filter((p) => p.entry === save).length);
  }

  // A new import of the updated module reads the new value, and every other value as before.
  const again = await importModule(copy, { id: 'game' });
  const reread = csvRows(text(again.files.get('units.csv')!));
  if (edit.column === 'title') {
    expect((JSON.parse(text(again.files.get('game.json')!)) as { title: string }).title).toBe(edit.after);
  } else if (edit.marker) {
    // The marker reads with its new name, every other one as before, and units.csv as before.
    const names = markerNames(imported.files);
    names[names.indexOf(edit.before)] = edit.after;
    expect(markerNames(again.files)).toEqual(names);
    expect(text(again.files.get('units.csv')!)).toBe(text(imported.files.get('units.csv')!));
  } else {
    expect(reread.header).toEqual(header);
    expect(reread.rows.length).toBe(rows.length);
    const index = rows.findIndex((r) => r.id === edit.unit);
    expect(reread.rows[index][edit.column]).toBe(edit.after);
    // Rows of other counter kinds read as before (ids come from names, so a renamed counter
    // may hand its id to a namesake: ids and the notes naming them are left out).
    const kindOf = (id: string) => sidecar.units[id]?.copyOf ?? id;
    const values = ({ id: _id, notes: _notes, ...rest }: Record<string, string>) => rest;
    rows.forEach((row, i) => {
      if (kindOf(row.id) === edit.unit) return;
      expect(values(reread.rows[i])).toEqual(values(row));
    });
  }
}

describeShared('update: one changed value changes only what carries it', () => {
  it.each(FIXTURE_NAMES)('%s', (name) => checkOneEdit(name, pickEdit));
  // The fixtures whose setups place markers also get a marker renamed (pickEdit prefers a value).
  it.each([TEMPLATE])('%s, a marker renamed', (name) => checkOneEdit(name, markerEdit));
});

describeShared('hexforge update (command)', () => {
  it('writes Kassala with one changed factor, reports each place, and refuses a change it cannot carry', async () => {
    await withTempDir(async (dir) => {
      const { module } = await readFixture(KASSALA);
      const imported = await importModule(module, { id: 'kassala' });
      const game = path.join(dir, 'kassala');
      await writeGameFolder(game, imported.files);
      const { header, rows } = csvRows(text(imported.files.get('units.csv')!));
      const row = rows.find((r) => r.id === 'moslem_cavalry_4-3_turkish')!;
      expect([row.value1, row.value2]).toEqual(['4', '3']);
      row.value1 = '5';
      row.name = 'Moslem_Cavalry_5-3_Turkish';
      await writeFile(path.join(game, 'units.csv'), csvText(header, rows));
      const out: string[] = [];
      const io = { out: (s: string) => out.push(s), err: (s: string) => out.push(s), color: false };
      expect(await updateCommand(fixture(KASSALA), game, { out: path.join(dir, 'new.vmod'), limits }, io)).toBe(true);
      const report = out.join('\n');
      // The palette slot and its at-start stack, one edit of the buildFile in two places; the saved-game piece alone.
      expect(report).toContain('+ piece;;;Moslem_Cavalry_4-3_Turkish.png;Moslem_Cavalry_5-3_Turkish');
      expect(report).toMatch(
        /^ {2}buildFile\.xml trait 2 \(piece;\), 2 place\(s\): Map\[Main Map\]\/[^,]*SetupStack\[Mos-Cav-T\][^,]*, PieceWindow\/TabWidget\[Units\]\/ListWidget\[Moslem Units\]\/PieceSlot\[Moslem_Cavalry_4-3_Turkish\]$/m,
      );
      expect(report).toMatch(/^ {2}Default Setup\.vsav piece \d+ trait 3 \(piece;\)$/m);
      expect(report).toContain('2 change(s) in 5 place(s)');

      // The side has no place in Kassala (read from the palette list): refused, nothing written.
      row.side = 'christian';
      await writeFile(path.join(game, 'units.csv'), csvText(header, rows));
      out.length = 0;
      expect(await updateCommand(fixture(KASSALA), game, { out: path.join(dir, 'refused.vmod'), limits }, io)).toBe(false);
      expect(out.join('\n')).toContain('update/no-place');
      expect(existsSync(path.join(dir, 'refused.vmod'))).toBe(false);
    });
  });
});

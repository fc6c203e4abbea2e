/**
 * `roundtrip` and `update` on an extension imported with its base module (the test extension of
 * the Kassala fixture, ./extension-kit.ts): the extension is written back alone, byte for byte
 * with no edits; one changed value changes only the extension's pieces that carry it; a value of
 * the base module, and a base other than the one imported with, are refused and nothing is written.
 */
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { decodePiece } from '../../src/vassal/piece';
import { readLimits, readModule, readModuleFrom, readModuleSave } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { compareTrees, type ModuleDifference } from '../../src/vassal/roundtrip/compare';
import { runCli } from '../cli/run-cli';
import { describeShared } from '../shared-dir';
import { importedExtension, OWN_PICTURE, reinforcements, writeExtension } from './extension-kit';
import { KASSALA, MODULE_TEMPLATE, fixture, withTempDir } from './import-fixtures';
import { zipWith } from './hostile-module-kit';
import { csvRows, editUnit, pickEdit } from './update-edit';
import { sidecarOf } from './sidecar-of';

const limits = readLimits();
const KIT_EPOCH = 1767225600;
const JANISSARY = 'Moslem_Infantry_5-2_Janissary';
const SAVE = 'Janissaries.vsav';

async function entriesOf(file: string): Promise<Map<string, Uint8Array>> {
  return (await readModuleEntries(file, limits)).entries!;
}

const changedEntries = (a: Map<string, Uint8Array>, b: Map<string, Uint8Array>) =>
  [...a.keys()].filter((name) => !b.has(name) || !Buffer.from(a.get(name)!).equals(Buffer.from(b.get(name)!)));

describeShared('an extension written back with its base module', () => {
  it('round-trips byte for byte: the same entries in the same order, and the same archive at the same timestamp', async () => {
    await withTempDir(async (dir) => {
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(ext, reinforcements());
      const copy = path.join(dir, 'copy.vmdx');
      const saved = process.env.SOURCE_DATE_EPOCH;
      process.env.SOURCE_DATE_EPOCH = String(KIT_EPOCH);
      let run;
      try {
        run = await runCli(['roundtrip', ext, '--base', fixture(KASSALA), '--vmod', copy, '--json']);
      } finally {
        if (saved === undefined) delete process.env.SOURCE_DATE_EPOCH;
        else process.env.SOURCE_DATE_EPOCH = saved;
      }
      expect(run.code, run.stdout + run.stderr).toBe(EXIT.ok);
      const report = JSON.parse(run.stdout.split('\n').at(-1)!) as { equivalent: boolean; differences: unknown[] };
      expect(report.equivalent).toBe(true);
      expect(report.differences).toEqual([]);
      const original = await entriesOf(ext);
      const written = await entriesOf(copy);
      expect([...written.keys()]).toEqual([...original.keys()]);
      expect(changedEntries(original, written)).toEqual([]);
      // The kit writes with the same zip writer and timestamp: the archive is the same file.
      expect(await readFile(copy)).toEqual(await readFile(ext));
    });
  });

  it("round-trips an extension whose entries lie in another order than the writer's (as VASSAL and zip tools write them)", async () => {
    await withTempDir(async (dir) => {
      const sorted = path.join(dir, 'sorted.vmdx');
      await writeExtension(sorted, reinforcements());
      const original = await entriesOf(sorted);
      // Reversed: moduledata and extensiondata before buildFile.xml, the saved game and the picture last.
      const names = [...original.keys()].reverse();
      expect(names).not.toEqual([...original.keys()]);
      const ext = path.join(dir, 'Reinforcements.vmdx');
      await writeFile(ext, await zipWith(names.map((name) => ({ name, data: original.get(name)!, level: 6 }))));
      const run = await runCli(['roundtrip', ext, '--base', fixture(KASSALA), '--json']);
      expect(run.code, run.stdout + run.stderr).toBe(EXIT.ok);
      const report = JSON.parse(run.stdout.split('\n').at(-1)!) as { equivalent: boolean; differences: unknown[] };
      expect(report.differences).toEqual([]);
      expect(report.equivalent).toBe(true);
    });
  });

  it('updates one value of an extension piece in the extension alone, trait by trait', async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      const baseBuildFile = await readFile(path.join(fixture(KASSALA), 'buildFile.xml'));
      // The sidecar marks the extension's two counters as its own, and no other: a value is picked from them.
      const sidecar = sidecarOf(await readFile(path.join(game, SIDECAR_INDEX), 'utf8'));
      const own = Object.entries(sidecar.units).filter(([, u]) => u.extension);
      expect(own.map(([id]) => id).sort()).toEqual(['moslem_cavalry_4-3_turkish_reinforcement', 'moslem_infantry_5-2_janissary']);
      const edit = pickEdit(sidecar, csvRows(await readFile(path.join(game, 'units.csv'), 'utf8')).rows);
      expect(own.map(([id]) => id)).toContain(edit.unit);
      // The Janissary's attack factor, "5" in its name "Moslem_Infantry_5-2_Janissary".
      await editUnit(game, 'moslem_infantry_5-2_janissary', 'value1', '5', '6');
      const out = path.join(dir, 'Reinforcements-1.1.vmdx');
      const run = await runCli(['update', ext, game, '--base', fixture(KASSALA), '--out', out, '--json']);
      expect(run.code, run.stderr).toBe(EXIT.ok);

      // Entry by entry: the extension's entries, in order; only its buildFile differs.
      const original = await entriesOf(ext);
      const updated = await entriesOf(out);
      expect([...updated.keys()]).toEqual([...original.keys()]);
      expect(changedEntries(original, updated)).toEqual(['buildFile.xml']);
      // Byte for byte: the original text with the piece's name changed in its palette slot and its
      // at-start stack (the piece trait and the slot's label); the picture keeps its name.
      const text = (data: Uint8Array) => new TextDecoder().decode(data);
      const expected = text(original.get('buildFile.xml')!)
        .replaceAll('entryName="Moslem_Infantry_5-2_Janissary"', 'entryName="Moslem_Infantry_6-2_Janissary"')
        .replaceAll(`;${OWN_PICTURE};Moslem_Infantry_5-2_Janissary/`, `;${OWN_PICTURE};Moslem_Infantry_6-2_Janissary/`);
      expect(expected).not.toBe(text(original.get('buildFile.xml')!));
      expect(text(updated.get('buildFile.xml')!)).toBe(expected);

      // Component by component, trait by trait: the two slots' piece trait and label, nothing else.
      const treeOf = async (entries: Map<string, Uint8Array>) => (await readModule(entries, { source: 'ext', limits })).module!.root;
      const differences: ModuleDifference[] = [];
      compareTrees(await treeOf(original), await treeOf(updated), 'buildFile.xml', differences);
      expect(differences.map((d) => d.message.replace(/:.*/, '')).sort()).toEqual([
        'attribute entryName',
        'attribute entryName',
        'trait 2 (piece;) type differs',
        'trait 2 (piece;) type differs',
      ]);
      for (const d of differences)
        expect(d.where).toMatch(/(ListWidget\[Reinforcements\]|SetupStack\[Mos-Inf-J\])\/PieceSlot\[Moslem_Infantry_5-2_Janissary\]$/);

      // The base module is not written; the report names the extension's buildFile only.
      expect(await readFile(path.join(fixture(KASSALA), 'buildFile.xml'))).toEqual(baseBuildFile);
      const report = JSON.parse(run.stdout.split('\n').at(-1)!) as { changes: { places: { entry: string }[] }[] };
      expect(new Set(report.changes.flatMap((c) => c.places.map((p) => p.entry)))).toEqual(new Set(['buildFile.xml']));

      // Imported again with its base, the updated extension reads the new value.
      const again = path.join(dir, 'again');
      expect((await runCli(['import', out, '--base', fixture(KASSALA), '--out', again])).code).toBe(EXIT.ok);
      const rows = csvRows(await readFile(path.join(again, 'units.csv'), 'utf8')).rows;
      expect(rows.find((r) => r.name === 'Moslem_Infantry_6-2_Janissary')?.value1).toBe('6');
      expect(rows.some((r) => r.name === 'Moslem_Infantry_5-2_Janissary')).toBe(false);
    });
  });

  it("changes the extension's own saved game where it holds a piece of the changed counter", async () => {
    await withTempDir(async (dir) => {
      // A save of the extension's own holding one Janissary (the palette slot's piece), written as the module writer writes saves.
      const plain = path.join(dir, 'plain.vmdx');
      await writeExtension(plain, reinforcements());
      const slot = (await readModuleFrom(plain, limits)).module!.definitions.find(
        (d) => d.kind === 'slot' && d.element.attributes.some(([k, v]) => k === 'entryName' && v === JANISSARY),
      )!;
      const saveFile = path.join(dir, SAVE);
      const identity = { name: 'Kassala', version: '0.2.0', description: '', dateSaved: KIT_EPOCH * 1000 };
      const stack = { mapId: 'Main Map', x: 962, y: 852, pieces: [slot.piece] };
      await writeFile(saveFile, await savedGameArchive({ stacks: [stack], boards: [] }, identity, '', KIT_EPOCH));
      const ext = path.join(dir, 'Reinforcements.vmdx');
      const spec = reinforcements();
      await writeExtension(ext, { ...spec, copies: { ...spec.copies, [SAVE]: saveFile } });
      const game = path.join(dir, 'game');
      expect((await runCli(['import', ext, '--base', fixture(KASSALA), '--out', game])).code).toBe(EXIT.ok);
      await editUnit(game, 'moslem_infantry_5-2_janissary', 'value1', '5', '6');
      const out = path.join(dir, 'new.vmdx');
      const run = await runCli(['update', ext, game, '--base', fixture(KASSALA), '--out', out]);
      expect(run.code, run.stderr).toBe(EXIT.ok);

      const original = await entriesOf(ext);
      const updated = await entriesOf(out);
      expect(changedEntries(original, updated).sort()).toEqual([SAVE, 'buildFile.xml'].sort());
      // Command by command: the Janissary alone, its piece trait naming the new factor.
      const commandsOf = async (entries: Map<string, Uint8Array>) =>
        (await readModuleSave({ source: 'ext', files: entries, limits }, SAVE))!.commands;
      const before = await commandsOf(original);
      const after = await commandsOf(updated);
      expect(after.length).toBe(before.length);
      const changed = before.flatMap((c, i) => (c === after[i] ? [] : [[c, after[i]]]));
      expect(changed.length).toBe(1);
      const traitTypes = (command: string) => decodePiece(command).piece!.traits.map((t) => t.type);
      expect(traitTypes(changed[0][0])).toContain(`piece;;;${OWN_PICTURE};${JANISSARY}`);
      expect(traitTypes(changed[0][1])).toEqual(
        // The name, after the picture's name, which stays.
        traitTypes(changed[0][0]).map((t) => t.replace(new RegExp(`;${JANISSARY}$`), ';Moslem_Infantry_6-2_Janissary')),
      );
    });
  });

  it('refuses a value the base module holds, naming it and what to do, and writes nothing', async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      // Kassala's own Turkish cavalry, a piece of the base module.
      await editUnit(game, 'moslem_cavalry_4-3_turkish', 'value1', '4', '5');
      const out = path.join(dir, 'new.vmdx');
      const run = await runCli(['update', ext, game, '--base', fixture(KASSALA), '--out', out]);
      expect(run.code).toBe(EXIT.invalid);
      expect(run.stderr).toContain(
        'error update/value-in-base: value1 of moslem_cavalry_4-3_turkish lives in the base module "Kassala" 0.2.0',
      );
      expect(run.stderr).toContain('not in the extension "Reinforcements"');
      expect(run.stderr).toContain('hint: import the base module alone (hexforge import <Kassala.vmod> --out <folder>)');
      expect(existsSync(out)).toBe(false);
    });
  });

  it('refuses a base module other than the one the folder was imported with, and the folder without its base', async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      await editUnit(game, 'moslem_infantry_5-2_janissary', 'value1', '5', '6');
      const out = path.join(dir, 'new.vmdx');

      // Kassala 0.2.0 by name and version, but not the module imported with: one byte more in its buildFile.
      const changed = path.join(dir, 'kassala-changed');
      await cp(fixture(KASSALA), changed, { recursive: true });
      await writeFile(path.join(changed, 'buildFile.xml'), `${await readFile(path.join(changed, 'buildFile.xml'), 'utf8')}\n`);
      const wrong = await runCli(['update', ext, game, '--base', changed, '--out', out]);
      expect(wrong.code).toBe(EXIT.invalid);
      expect(wrong.stderr).toContain(
        `error update/wrong-base: ${changed} is not the module "Kassala" 0.2.0 the extension was imported with (its buildFile differs)`,
      );
      expect(existsSync(out)).toBe(false);

      // Another module altogether: refused as VASSAL refuses to load the extension there.
      const other = await runCli(['update', ext, game, '--base', fixture(MODULE_TEMPLATE), '--out', out]);
      expect(other.code).toBe(EXIT.invalid);
      expect(other.stderr).toContain('import/extension-other-module');
      expect(existsSync(out)).toBe(false);

      // The extension itself changed since the import.
      const edited = path.join(dir, 'Edited.vmdx');
      await writeExtension(edited, reinforcements({ version: '1.1' }));
      const notImported = await runCli(['update', edited, game, '--base', fixture(KASSALA), '--out', out]);
      expect(notImported.code).toBe(EXIT.invalid);
      expect(notImported.stderr).toContain('update/wrong-extension');
      expect(existsSync(out)).toBe(false);

      // The extension's folder without its base.
      const noBase = await runCli(['update', ext, game, '--out', out]);
      expect(noBase.stderr).toContain('update/extension-needs-base');
      expect(existsSync(out)).toBe(false);
    });
  });
});

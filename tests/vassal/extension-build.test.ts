/**
 * `build --only vassal` of a folder imported from an extension with its base module (the test
 * extension of the Kassala fixture, ./extension-kit.ts) writes the extension alone, <extension>.vmdx (named as the imported extension's file):
 * with no edit, the extension's own entries, in its order and with its bytes, and none of the base
 * module's; with one value of an extension counter changed, only the pieces carrying it differ, as
 * `update` writes them; a value the base module holds fails the output and writes nothing.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { SIDECAR_INDEX, type SidecarIndex } from '../../src/vassal/import/sidecar';
import { readLimits } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { runCli } from '../cli/run-cli';
import { describeShared } from '../shared-dir';
import { importedExtension, reinforcements, writeExtension } from './extension-kit';
import { KASSALA, fixture, withTempDir } from './import-fixtures';
import { csvRows, editUnit } from './update-edit';

const limits = readLimits();
const JANISSARY = 'moslem_infantry_5-2_janissary';

const entriesOf = async (file: string) => (await readModuleEntries(file, limits)).entries!;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

const build = (game: string, out: string) => runCli(['build', game, '--only', 'vassal', '--out', out]);

describeShared('an extension built from its imported folder', () => {
  it("writes the extension alone: its own entries, none of the base module's", async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      const run = await build(game, path.join(dir, 'out'));
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const outDir = path.join(dir, 'out', 'game');
      expect((await readdir(outDir)).filter((f) => !f.startsWith('.'))).toEqual(['Reinforcements.vmdx']);
      const original = await entriesOf(ext);
      const built = await entriesOf(path.join(outDir, 'Reinforcements.vmdx'));
      expect([...built.keys()]).toEqual([...original.keys()]);
      for (const [name, bytes] of original) expect(Buffer.from(built.get(name)!).equals(Buffer.from(bytes)), name).toBe(true);
      // Nothing of Kassala's: not its map, counters, setup or buildFile.
      const base = await entriesOf(fixture(KASSALA));
      const shared = [...built.keys()].filter(
        (name) => base.has(name) && Buffer.from(base.get(name)!).equals(Buffer.from(built.get(name)!)),
      );
      // moduledata is the base's, copied into every extension by VASSAL's editor (it names the module extended).
      expect(shared).toEqual(['moduledata']);
    });
  });

  it('changes only the pieces that carry a changed value, as update does', async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      await editUnit(game, JANISSARY, 'value1', '5', '6');
      const run = await build(game, path.join(dir, 'out'));
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const built = await entriesOf(path.join(dir, 'out', 'game', 'Reinforcements.vmdx'));
      const original = await entriesOf(ext);
      // The piece name (the last field of the piece; trait) and the slot's entryName carry "5-2"; its picture keeps its name.
      const expected = text(original.get('buildFile.xml')!)
        .replaceAll('entryName="Moslem_Infantry_5-2_Janissary"', 'entryName="Moslem_Infantry_6-2_Janissary"')
        .replaceAll(';Moslem_Infantry_5-2_Janissary/', ';Moslem_Infantry_6-2_Janissary/');
      expect(text(built.get('buildFile.xml')!)).toBe(expected);
      expect(expected).not.toBe(text(original.get('buildFile.xml')!));
      // The same extension as `update` writes from the original files.
      const updated = path.join(dir, 'updated.vmdx');
      const update = await runCli(['update', ext, game, '--base', fixture(KASSALA), '--out', updated]);
      expect(update.code, update.stderr).toBe(EXIT.ok);
      const fromUpdate = await entriesOf(updated);
      expect([...built.keys()]).toEqual([...fromUpdate.keys()]);
      for (const [name, bytes] of fromUpdate) expect(Buffer.from(built.get(name)!).equals(Buffer.from(bytes)), name).toBe(true);
    });
  });

  it('imports again, with its base, to the changed data (the unit id read from the new name)', async () => {
    await withTempDir(async (dir) => {
      const { game } = await importedExtension(dir);
      await editUnit(game, JANISSARY, 'value1', '5', '6');
      await editUnit(game, JANISSARY, 'name', 'Moslem_Infantry_5-2_Janissary', 'Moslem_Infantry_6-2_Janissary');
      expect((await build(game, path.join(dir, 'out'))).code).toBe(EXIT.ok);
      // Built under the extension's own file name, VASSAL's name for it: imported again, it is the same extension.
      const built = path.join(dir, 'out', 'game', 'Reinforcements.vmdx');
      const again = path.join(dir, 'again');
      const run = await runCli(['import', built, '--base', fixture(KASSALA), '--out', again]);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      const rows = async (folder: string) => csvRows(await readFile(path.join(folder, 'units.csv'), 'utf8')).rows;
      const expected = (await rows(game)).map((r) => (r.id === JANISSARY ? { ...r, id: 'moslem_infantry_6-2_janissary' } : r));
      expect(await rows(again)).toEqual(expected);
      for (const file of ['map.json', 'counters.json', 'tracks.json'])
        expect(await readFile(path.join(again, file), 'utf8'), file).toBe(await readFile(path.join(game, file), 'utf8'));
      // The extension keeps its name: the title and sources name "Reinforcements" again.
      const about = async (folder: string) => {
        const json = JSON.parse(await readFile(path.join(folder, 'game.json'), 'utf8')) as {
          title: string;
          sources: Array<{ id: string; title: string }>;
        };
        return { title: json.title, sources: json.sources.map((s) => [s.id, s.title]) };
      };
      expect(await about(again)).toEqual(await about(game));
      expect((await about(game)).sources).toContainEqual(['vassal-extension', 'Reinforcements']);
    });
  });

  it('fails on a value the base module holds, naming it, and writes no extension', async () => {
    await withTempDir(async (dir) => {
      const { game } = await importedExtension(dir);
      // A counter of Kassala's own palette.
      await editUnit(game, 'moslem_infantry_4-2_turkish', 'value1', '4', '5');
      const out = path.join(dir, 'out');
      const run = await build(game, out);
      expect(run.code).not.toBe(EXIT.ok);
      expect(run.stderr).toContain('update/value-in-base');
      expect(existsSync(path.join(out, 'game', 'Reinforcements.vmdx'))).toBe(false);
      expect(existsSync(path.join(out, 'game', 'game.vmod'))).toBe(false);
    });
  });

  it("fails on a folder that does not say which of its files are the base module's, asking for a new import", async () => {
    await withTempDir(async (dir) => {
      const { game } = await importedExtension(dir);
      const indexFile = path.join(game, SIDECAR_INDEX);
      const index = JSON.parse(await readFile(indexFile, 'utf8')) as SidecarIndex;
      delete index.module.extension!.baseEntries;
      await writeFile(indexFile, JSON.stringify(index));
      const out = path.join(dir, 'out');
      const run = await build(game, out);
      expect(run.code).not.toBe(EXIT.ok);
      expect(run.stderr).toContain('vassal/extension-not-kept');
      expect(run.stderr).toContain('--force');
      expect(existsSync(path.join(out, 'game', 'Reinforcements.vmdx'))).toBe(false);
    });
  });

  it('is checked by verify --module loaded into its base: the built extension agrees with the changed data, the original does not', async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      const verify = (module: string, ...base: string[]) =>
        runCli(['verify', '--module', module, ...(base.length > 0 ? ['--base', ...base] : []), game, '--json']);
      const discrepancies = (stdout: string) =>
        (JSON.parse(stdout.trim().split('\n').at(-1)!) as { discrepancies: { kind: string }[] }).discrepancies.map((d) => d.kind);
      const imported = await verify(ext, fixture(KASSALA));
      expect(imported.code, imported.stderr).toBe(EXIT.ok);
      expect(discrepancies(imported.stdout)).toEqual([]);
      // Alone, an extension is no module: refused, saying which module it needs.
      const alone = await verify(ext);
      expect(alone.code).toBe(EXIT.invalid);
      expect(alone.stdout + alone.stderr).toContain('import/extension-needs-base');

      // The value and the name that carries it, changed as a user would.
      await editUnit(game, JANISSARY, 'value1', '5', '6');
      await editUnit(game, JANISSARY, 'name', 'Moslem_Infantry_5-2_Janissary', 'Moslem_Infantry_6-2_Janissary');
      expect((await build(game, path.join(dir, 'out'))).code).toBe(EXIT.ok);
      const built = await verify(path.join(dir, 'out', 'game', 'Reinforcements.vmdx'), fixture(KASSALA));
      expect(discrepancies(built.stdout)).toEqual([]);
      expect(built.code).toBe(EXIT.ok);
      const stale = await verify(ext, fixture(KASSALA));
      expect(stale.code).toBe(EXIT.invalid);
      // Its counter still says 5 where the data says 6.
      expect(discrepancies(stale.stdout)).toEqual(['value']);
    });
  });

  it('is built again when the folder is imported again, its data files unchanged', async () => {
    await withTempDir(async (dir) => {
      const { game } = await importedExtension(dir);
      const out = path.join(dir, 'out');
      expect((await build(game, out)).code).toBe(EXIT.ok);
      const dataFiles = async () => {
        const names = (await readdir(game)).filter((name) => /\.(json|csv)$/.test(name)).sort();
        return Promise.all(names.map(async (name) => [name, await readFile(path.join(game, name), 'utf8')]));
      };
      const before = await dataFiles();
      // The extension imported now has another id: only what vassal/ keeps of it changes.
      const other = path.join(dir, 'Reinforcements.vmdx');
      await writeExtension(other, reinforcements({ extensionId: 'e5b' }));
      const again = await runCli(['import', other, '--base', fixture(KASSALA), '--out', game, '--force']);
      expect(again.code, again.stderr).toBe(EXIT.ok);
      expect(await dataFiles()).toEqual(before);
      const rebuilt = await build(game, out);
      expect(rebuilt.code, rebuilt.stderr).toBe(EXIT.ok);
      const built = await entriesOf(path.join(out, 'game', 'Reinforcements.vmdx'));
      expect(text(built.get('buildFile.xml')!)).toContain('extensionId="e5b"');
    });
  });
});

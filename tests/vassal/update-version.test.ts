/**
 * `hexforge update` and game.json's `version` (the module's ModuleVersion, kept by the import): on
 * every fixture, a new version is written where VASSAL keeps it — the buildFile root's `version`
 * attribute, which the GameModule reads, and moduledata's `<version>`, which the Module Manager
 * shows — and nothing else changes (compared entry by entry, component by component), with no
 * warning about game.json; a new import reads the new version. A version taken off game.json is
 * not carried (the module keeps its own, with a warning); one changed with the title carries both.
 * Loaded in VASSAL 3.7.26: the module reports the new version, every piece and setup as before.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { SIDECAR_INDEX, type SidecarIndex } from '../../src/vassal/import/sidecar';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { sidecarOf } from './sidecar-of';
import { reportDifferences } from '../../src/vassal/harness/differences';
import { readLimits, readModule, type ReadModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { compareTrees, type ModuleDifference } from '../../src/vassal/roundtrip/compare';
import { dataChanges } from '../../src/vassal/update/data-changes';
import { updateModule } from '../../src/vassal/update/update-module';
import { folderData } from '../../src/cli/update';
import { describeShared } from '../shared-dir';
import { describeVassal } from '../vassal-tier';
import { FIXTURE_NAMES, KASSALA, fixture, withTempDir } from './import-fixtures';
import { vassalReport, zipped } from './vassal-run';

const limits = readLimits();
const text = (data: string | Uint8Array) => (typeof data === 'string' ? data : new TextDecoder().decode(data));
type GameJson = { title: string; version?: string };

/** The fixture imported to `dir`/game, game.json edited by `change` as a user would; the update of the module from it. */
async function updatedFrom(name: string, dir: string, change: (game: GameJson, sidecar: SidecarIndex) => void) {
  const entries = (await readModuleEntries(fixture(name), limits)).entries!;
  const module = (await readModule(entries, { source: name, limits })).module!;
  const imported = await importModule(module, { id: 'game' });
  const sidecar = sidecarOf(text(imported.files.get(SIDECAR_INDEX)!));
  const game = path.join(dir, 'game');
  await writeGameFolder(game, imported.files);
  const file = path.join(game, 'game.json');
  const data = JSON.parse(await readFile(file, 'utf8')) as GameJson;
  change(data, sidecar);
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  const changes = dataChanges(sidecar, (await folderData(game, sidecar)).data!);
  const result = await updateModule(entries, module, sidecar, changes, { limits, epoch: 0 });
  return { entries, module, sidecar, changes, result };
}

/** The module's version as the import reads it: the root's attribute. */
const rootVersion = (module: ReadModule) => module.root.attributes.find(([k]) => k === 'version')?.[1];

describeShared('update: a changed version is written where VASSAL keeps it, and nothing else', () => {
  it.each(FIXTURE_NAMES)('%s', async (name) => {
    await withTempDir(async (dir) => {
      let after = '';
      const { entries, module, sidecar, changes, result } = await updatedFrom(name, dir, (game, sidecar) => {
        after = `${sidecar.module.version || '1'}.1 (errata)`;
        game.version = after;
      });
      const before = rootVersion(module)!;
      expect(sidecar.module.version).toBe(before);
      // Nothing else of game.json changed: no warning of any kind.
      expect(changes.diagnostics).toEqual([]);
      expect(result.diagnostics).toEqual([]);
      expect(result.applied.map((a) => [a.subject, a.before, a.after])).toEqual([['version', before, after]]);
      const updated = result.entries!;

      // The buildFile and moduledata (where the module has one) alone differ.
      const changed = [...entries.keys()].filter((e) => !Buffer.from(entries.get(e)!).equals(Buffer.from(updated.get(e)!)));
      const metadata = entries.has('moduledata') ? ['moduledata'] : [];
      expect(changed.sort()).toEqual([module.buildFileName, ...metadata].sort());
      const copy = (await readModule(updated, { source: `${name} (updated)`, limits })).module!;
      const differences: ModuleDifference[] = [];
      compareTrees(module.root, copy.root, module.buildFileName, differences);
      expect(differences.map((d) => d.message)).toEqual([`attribute version: ${JSON.stringify(before)} became ${JSON.stringify(after)}`]);
      if (metadata.length > 0) {
        // moduledata's text the same but for its <version>'s.
        const was = text(entries.get('moduledata')!);
        const own = /<version>([^<]*)<\/version>/.exec(was)![1];
        expect(text(updated.get('moduledata')!)).toBe(was.replace(`<version>${own}</version>`, () => `<version>${after}</version>`));
      }
      const places = result.applied[0].places.map((p) => `${p.entry} ${p.what}`);
      expect(places).toEqual([`${module.buildFileName} attribute version`, ...metadata.map((m) => `${m} version`)]);

      // A new import reads the new version.
      const again = await importModule(copy, { id: 'game' });
      expect((JSON.parse(text(again.files.get('game.json')!)) as GameJson).version).toBe(after);
    });
  });

  it('carries the title and the version changed together, and keeps the version taken off game.json', async () => {
    await withTempDir(async (dir) => {
      const both = await updatedFrom(KASSALA, path.join(dir, 'both'), (game) => {
        game.title = 'Kassala 1876';
        game.version = '0.3.0';
      });
      expect(both.changes.diagnostics).toEqual([]);
      expect(both.result.applied.map((a) => [a.subject, a.before, a.after, a.places.length])).toEqual([
        ['title', 'Kassala', 'Kassala 1876', 2],
        ['version', '0.2.0', '0.3.0', 2],
      ]);
      const metadata = text(both.result.entries!.get('moduledata')!);
      expect(metadata).toContain('<name>Kassala 1876</name>');
      expect(metadata).toContain('<version>0.3.0</version>');

      const removed = await updatedFrom(KASSALA, path.join(dir, 'removed'), (game) => delete game.version);
      expect(removed.changes.diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
        ['update/version-kept', 'warning', 'game.json states no version any more; the module keeps its version "0.2.0"'],
      ]);
      expect(removed.result.applied).toEqual([]);
      expect(removed.result.changed?.size).toBe(0);
    });
  });
});

describeVassal('a changed version in VASSAL itself', () => {
  it('Kassala: VASSAL reads the new version; every piece, setup and menu as before', async () => {
    await withTempDir(async (dir) => {
      const { entries, result } = await updatedFrom(KASSALA, dir, (game) => (game.version = '0.3.0'));
      const [original, updated] = [path.join(dir, 'original.vmod'), path.join(dir, 'updated.vmod')];
      await zipped(original, entries);
      await zipped(updated, new Map(result.entries!));
      const differences = reportDifferences(await vassalReport(original), await vassalReport(updated));
      expect(differences.map((d) => [d.where, d.field, d.before, d.after])).toEqual([['module', 'version', '0.2.0', '0.3.0']]);
    });
  }, 600_000);
});

/**
 * The extension `build --only vassal` writes from a folder imported from an extension, seen by
 * VASSAL 3.7.26 itself: the test extension of the Kassala fixture and the one built from its
 * folder, one factor of one of its counters changed, loaded in turn into the same Kassala module.
 * VASSAL must load the built one without an error and show the same palette, predefined setups and
 * new-game pieces, with the same menus, except the name that carries the changed value.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { listingCounts, reportDifferences, type ReportDifference } from '../../src/vassal/harness/differences';
import { runCli } from '../cli/run-cli';
import { SHARED_VASSAL, describeVassal } from '../vassal-tier';
import { importedExtension, kassalaVmod, REINFORCED_SETUP, reinforcements, writeExtension } from './extension-kit';
import { withTempDir } from './import-fixtures';
import { editUnit } from './update-edit';
import { vassalReport } from './vassal-run';

const BEFORE = 'Moslem_Infantry_5-2_Janissary';
const AFTER = 'Moslem_Infantry_6-2_Janissary';

/** A difference the edit explains: the counter's name, and nothing else, now says 6-2 (its picture keeps its file name). */
const renamed = (d: ReportDifference) =>
  d.before !== d.after && d.after === d.before.replace(new RegExp(`${BEFORE}(?!\\.png)`, 'g'), AFTER);

describeVassal('an extension built from its folder in VASSAL itself', () => {
  it('loads into its base with the same pieces, setups and menus, except the changed value', async () => {
    await withTempDir(async (dir) => {
      const { ext, game } = await importedExtension(dir);
      const vmod = path.join(dir, 'Kassala.vmod');
      await kassalaVmod(vmod);
      await editUnit(game, BEFORE.toLowerCase(), 'value1', '5', '6');
      const run = await runCli(['build', game, '--only', 'vassal', '--out', path.join(dir, 'out')]);
      expect(run.code, run.stderr).toBe(0);
      // VASSAL names an extension by its file: the built one has the original's name.
      const built = path.join(dir, 'out', 'game', 'Reinforcements.vmdx');

      const before = await vassalReport(vmod, [ext]);
      const after = await vassalReport(vmod, [built]);
      expect(before.extensions).toEqual([{ file: ext }]);
      expect(after.extensions).toEqual([{ file: built }]);
      const counts = listingCounts(before);
      expect(listingCounts(after)).toEqual(counts);
      const setup = (report: typeof after) => report.setups?.find((s) => s.name === REINFORCED_SETUP);
      expect(setup(after)?.loadError).toBeUndefined();
      expect(setup(after)?.pieces.length).toBeGreaterThan(0);

      const differences = reportDifferences(before, after);
      expect(differences.filter((d) => !renamed(d))).toEqual([]);
      // VASSAL sees the new name on the extension's palette counter and on its at-start stack's piece.
      expect(differences.some((d) => d.where.startsWith('palette'))).toBe(true);
      expect(differences.some((d) => d.where.startsWith('new game piece'))).toBe(true);
      console.log(
        `VASSAL sees ${counts.palette} palette pieces, ${counts.setups} setups with ${counts.setupPieces} pieces, ` +
          `${counts.atStart} new-game pieces, ${counts.menuItems} menu items with either extension; ` +
          `${differences.length} differences, each the changed name`,
      );
    });
  }, 900_000);

  it('is loaded by vassal-check --extension on its base, where an extension made for another module is refused', async () => {
    await withTempDir(async (dir) => {
      const { game } = await importedExtension(dir);
      const vmod = path.join(dir, 'Kassala.vmod');
      await kassalaVmod(vmod);
      expect((await runCli(['build', game, '--only', 'vassal', '--out', path.join(dir, 'out')])).code).toBe(0);
      const built = path.join(dir, 'out', 'game', 'Reinforcements.vmdx');
      const other = path.join(dir, 'Other.vmdx');
      await writeExtension(other, reinforcements({ module: 'Another Module' }));
      const run = await runCli(['vassal-check', vmod, '--extension', built, other, '--vassal', SHARED_VASSAL, '--json']);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
        extensions: Array<{ file: string; error?: string }>;
        diagnostics: Array<{ code: string; file?: string }>;
      };
      expect(result.extensions.map((e) => [path.basename(e.file), e.error !== undefined])).toEqual([
        ['Reinforcements.vmdx', false],
        ['Other.vmdx', true],
      ]);
      const refused = result.diagnostics.filter((d) => d.code === 'vassal/extension-refused');
      expect(refused.map((d) => path.basename(d.file ?? ''))).toEqual(['Other.vmdx']);
      // The refusal fails the check.
      expect(run.code).toBe(1);
    });
  }, 900_000);

  // VASSAL's own refusal of it reads only "entry"; the check says what is missing.
  it('an extension without extensiondata or moduledata is refused by VASSAL, and vassal-check names the missing entry', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'Kassala.vmod');
      await kassalaVmod(vmod);
      // No extensiondata nor moduledata (which VASSAL reads in its place).
      const bare = path.join(dir, 'Bare.vmdx');
      await writeExtension(bare, reinforcements({ withoutExtensionData: true, baseFolder: undefined }));
      const run = await runCli(['vassal-check', vmod, '--extension', bare, '--vassal', SHARED_VASSAL, '--json']);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
        extensions: Array<{ file: string; error?: string }>;
        diagnostics: Array<{ code: string; file?: string }>;
      };
      expect(result.extensions).toEqual([{ file: bare, error: expect.any(String) }]);
      expect(result.diagnostics.filter((d) => d.file === bare).map((d) => d.code)).toEqual([
        'vassal/extension-no-metadata',
        'vassal/extension-refused',
      ]);
      expect(run.code).toBe(1);
    });
  }, 900_000);

  // ExtensionMetaData.read falls back on the old-style `buildFile`'s root; its vassalVersion before 3.5 makes ModuleExtension read that entry.
  it('an extension saved before 3.5 without extensiondata loads in VASSAL, and vassal-check says nothing of metadata', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'Kassala.vmod');
      await kassalaVmod(vmod);
      const old = path.join(dir, 'Old.vmdx');
      await writeExtension(old, reinforcements({ withoutExtensionData: true, baseFolder: undefined, legacyBuildFile: true }));
      const run = await runCli(['vassal-check', vmod, '--extension', old, '--vassal', SHARED_VASSAL, '--json']);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
        extensions: Array<{ file: string; error?: string }>;
        diagnostics: Array<{ code: string; file?: string }>;
      };
      expect(result.extensions).toEqual([{ file: old }]);
      expect(result.diagnostics.map((d) => d.code)).not.toContain('vassal/extension-no-metadata');
      // Its palette counter is in VASSAL's palette.
      expect((await vassalReport(vmod, [old])).palette?.some((p) => p.name === 'Moslem_Cavalry_4-3_Turkish_Reinforcement')).toBe(true);
    });
  }, 900_000);
});

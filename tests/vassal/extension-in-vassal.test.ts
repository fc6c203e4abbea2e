/**
 * The test extensions, loaded into the Kassala fixture by VASSAL 3.7.26 itself: VASSAL accepts the
 * format they are written in, finds their pieces' pictures and prototypes in the module and the
 * extension, and refuses an extension whose target the module lacks, as the import does.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { locateVassal } from '../../src/vassal/harness/locate';
import { runHarness } from '../../src/vassal/harness/run';
import { runCli } from '../cli/run-cli';
import { SHARED_VASSAL, describeVassal } from '../vassal-tier';
import { BASE_PICTURE, OWN_PICTURE, REINFORCED_SETUP, kassalaAndExtension, reinforcements, writeExtension } from './extension-kit';
import { withTempDir } from './import-fixtures';

describeVassal('extensions in VASSAL itself', () => {
  it('loads the test extension with its pieces, pictures and stack, and refuses a lost target as the import does', async () => {
    await withTempDir(async (dir) => {
      const { vmod, ext: good } = await kassalaAndExtension(dir);
      const lost = path.join(dir, 'Lost.vmdx');
      const spec = reinforcements();
      await writeExtension(lost, {
        ...spec,
        grafts: [{ ...spec.grafts[1], target: 'VASSAL.build.module.Map:Main Map/VASSAL.build.module.map.DrawPile:Reserves' }],
      });

      const runtime = locateVassal(SHARED_VASSAL);
      if (!runtime.ok) throw new Error(runtime.message);
      const run = await runHarness(vmod, runtime.value, { extensions: [good, lost], timeLimit: 240 });
      if (!run.ok) throw new Error(`${run.message}\n${run.hint}`);
      const report = run.value.report;
      expect(report.loadError).toBeUndefined();
      expect(report.extensions).toEqual([{ file: good }, { file: lost, error: expect.stringContaining('Could not find Reserves') }]);
      // The extension's counters are in VASSAL's palette, with the base's prototype expanded (Clone, Delete).
      const added = (report.palette ?? []).filter((p) => /Reinforcement|Janissary/.test(p.slot ?? ''));
      expect(added.map((p) => p.name)).toEqual([
        'Moslem_Infantry_5-2_Janissary',
        'Moslem_Cavalry_4-3_Turkish_Reinforcement',
        'Moslem_Infantry_5-2_Janissary',
      ]);
      for (const piece of added) expect((piece.menu ?? []).map((m) => m.replace(/ \[.*\]$/, ''))).toEqual(['Clone', 'Delete']);
      // VASSAL finds both pictures: the base's and the extension's own.
      const missing = (report.images?.missing ?? []).map((m) => m.image);
      expect(missing).not.toContain(BASE_PICTURE);
      expect(missing).not.toContain(OWN_PICTURE);
      // A new game places the extension's stack where it says.
      const janissaries = (report.atStart ?? []).filter((p) => p.name === 'Moslem_Infantry_5-2_Janissary');
      expect(janissaries.map((p) => [p.x, p.y])).toEqual([[962, 852]]);
      // VASSAL opens the extension's predefined setup from the extension's archive, with the pieces of
      // Kassala's Default Setup, whose save it copies.
      const setups = new Map((report.setups ?? []).map((s) => [s.name, s]));
      expect(setups.get(REINFORCED_SETUP)?.loadError).toBeUndefined();
      expect(setups.get(REINFORCED_SETUP)?.pieces.map((p) => [p.name, p.x, p.y])).toEqual(
        setups.get('Default Setup')?.pieces.map((p) => [p.name, p.x, p.y]),
      );
      expect(setups.get(REINFORCED_SETUP)?.pieces.length).toBeGreaterThan(0);

      // The import agrees on both: the good one imports, the lost one is refused.
      expect((await runCli(['import', good, '--base', vmod, '--out', path.join(dir, 'a')])).code).toBe(0);
      const refused = await runCli(['import', lost, '--base', vmod, '--out', path.join(dir, 'b')]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('vassal/extension-target-missing');
    });
  });
});

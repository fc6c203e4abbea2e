/**
 * An extension written by `hexforge update --base`, seen by VASSAL 3.7.26 itself: the test
 * extension of the Kassala fixture and its update (one factor of one of its counters changed)
 * loaded in turn into the same Kassala module. The palette pieces (names, traits, menus), every
 * predefined setup's pieces and the pieces a new game starts with must be the same, except the
 * traits and names the update reports it changed.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { listingCounts, reportDifferences } from '../../src/vassal/harness/differences';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import { runCli } from '../cli/run-cli';
import { describeVassal } from '../vassal-tier';
import { kassalaAndExtension } from './extension-kit';
import { withTempDir } from './import-fixtures';
import { editUnit } from './update-edit';
import { unexplained, vassalReport } from './update-in-vassal-kit';

describeVassal('an updated extension in VASSAL itself', () => {
  it('loads into its base with the same pieces, setups and menus, except the changed value', async () => {
    await withTempDir(async (dir) => {
      const { vmod, ext } = await kassalaAndExtension(dir);
      const game = path.join(dir, 'game');
      expect((await runCli(['import', ext, '--base', vmod, '--out', game])).code).toBe(0);
      const edit = { unit: 'moslem_infantry_5-2_janissary', column: 'value1', before: '5', after: '6' };
      await editUnit(game, edit.unit, edit.column, edit.before, edit.after);
      // VASSAL names an extension by its file: the update is loaded under the same name.
      const updatedFile = path.join(dir, 'updated', 'Reinforcements.vmdx');
      const run = await runCli(['update', ext, game, '--base', vmod, '--out', updatedFile, '--json']);
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout.split('\n').find((l) => l.startsWith('{"module"'))!) as {
        changes: Array<{ places: ChangedPlace[] }>;
      };
      const places = result.changes.flatMap((c) => c.places);

      const before = await vassalReport(vmod, [ext]);
      const after = await vassalReport(vmod, [updatedFile]);
      expect(before.extensions).toEqual([{ file: ext }]);
      expect(after.extensions).toEqual([{ file: updatedFile }]);
      const counts = listingCounts(before);
      expect(listingCounts(after)).toEqual(counts);

      const differences = reportDifferences(before, after);
      expect(differences.map((d) => unexplained(d, places, edit)).filter(Boolean)).toEqual([]);
      // VASSAL sees the new name on the extension's palette counter and on its at-start stack's piece.
      const renamed = (where: string) =>
        differences.some(
          (d) =>
            d.where.startsWith(where) &&
            d.before.includes('Moslem_Infantry_5-2_Janissary') &&
            d.after.includes('Moslem_Infantry_6-2_Janissary'),
        );
      expect(renamed('palette')).toBe(true);
      expect(renamed('new game piece')).toBe(true);
      console.log(
        `VASSAL sees ${counts.palette} palette pieces, ${counts.setups} setups with ${counts.setupPieces} pieces, ` +
          `${counts.atStart} new-game pieces, ${counts.menuItems} menu items with either extension; ` +
          `${differences.length} differences, all in the ${places.length} reported places`,
      );
    });
  }, 900_000);
});

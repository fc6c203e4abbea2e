/**
 * Seen by VASSAL 3.7.26 itself: the nameless pieces of ./label-named-markers-kit.ts are named as
 * the kit works out by hand from VASSAL's source, the names the import gives their markers.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { VASSAL_SHOWN_NAMES, labelNamedModule } from './label-named-markers-kit';
import { vassalReport } from './vassal-run';

describeVassal('nameless pieces drawn by Text Labels in VASSAL itself', () => {
  it('are named by their labels as worked out from VASSAL’s rules', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'weather.vmod');
      await writeFile(vmod, await labelNamedModule());
      const report = await vassalReport(vmod);
      expect(report.atStart!.map((p) => p.shownName).sort()).toEqual([...VASSAL_SHOWN_NAMES].sort());
    });
  }, 900_000);
});

/**
 * Seen by VASSAL 3.7.26 itself: the Text Labels of the label-references kit
 * (./label-references-kit.ts) answer what the kit works out by hand from VASSAL's source, and the
 * import reads the values of those it can read.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { LABEL_PROPERTIES, VASSAL_ANSWERS, VASSAL_NAMES, labelReferencesModule } from './label-references-kit';
import { vassalReport } from './vassal-run';

describeVassal('Text Labels referring to properties in VASSAL itself', () => {
  it('answer the texts worked out from VASSAL’s rules', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'labels.vmod');
      await writeFile(vmod, await labelReferencesModule());
      const report = await vassalReport(vmod, [], LABEL_PROPERTIES);
      const answers = Object.fromEntries(report.atStart!.map((p) => [p.name, p.properties]));
      expect(answers).toEqual(VASSAL_ANSWERS);
      expect(report.atStart!.map((p) => p.name).sort()).toEqual([...VASSAL_NAMES].sort());
    });
  }, 900_000);
});

/**
 * The toolbar components' and dice's buttons (map.json `buttons[].component`, `buttons[].die`) in
 * VASSAL 3.7.26 itself: the module built from the imported folder loads without an error or warning
 * and passes VASSAL's module validation, with the notes window and the buttons' icons.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { builtModuleEntries } from '../../scripts/built-module';
import { harnessCounts, judgeHarnessReport } from '../../src/vassal/harness/judge';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries } from './rebuild-kit';
import { diceModuleEntries } from './dice-module-kit';
import { vassalReport, zipped } from './vassal-run';

describeVassal('toolbar components in VASSAL itself', () => {
  it('the built module with the palette, roster, notes, turn and dice buttons loads and validates', async () => {
    const imported = await importEntries(await diceModuleEntries(), 'toolbar');
    await withTempDir(async (dir) => {
      await writeGameFolder(path.join(dir, 'game'), imported.files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const report = await vassalReport(built);
      expect(judgeHarnessReport(report).filter((d) => d.severity !== 'info')).toEqual([]);
      expect(harnessCounts(report)).toMatchObject({ errors: 0, warnings: 0, validationWarnings: 0, missingImages: 0 });
    });
  }, 900_000);
});

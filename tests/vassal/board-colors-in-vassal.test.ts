/**
 * Board colours (./board-colors-kit.ts) seen by VASSAL 3.7.26 itself: it paints each board without a
 * picture of the module built from the import in the colour it paints the original's, reads the same
 * colour from both, and paints no colour on a board with a picture.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { HOLDING_MAP } from '../../src/vassal/module/names';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { moduleEntries } from './board-colors-kit';
import { withTempDir } from './import-fixtures';
import { importEntries } from './rebuild-kit';
import { vassalReport, zipped } from './vassal-run';

/** Each board VASSAL offers as "board: colour as VASSAL gives it / pixel painted at its centre", by name. */
const painted = (report: HarnessReport) =>
  Object.fromEntries(
    (report.maps ?? [])
      .filter((m) => m.name !== HOLDING_MAP)
      .flatMap((m) => m.boards.map((b) => [b.name, `${b.color ?? 'none'} / ${b.painted ?? 'picture'}`])),
  );

describeVassal('board colours in VASSAL itself', () => {
  it('the built module paints each board without a picture as the original does', async () => {
    const { before, after } = await withTempDir(async (dir) => {
      const entries = moduleEntries();
      const original = path.join(dir, 'original.vmod');
      await zipped(original, entries);
      await writeGameFolder(path.join(dir, 'game'), (await importEntries(entries, 'colours')).files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      return { before: await vassalReport(original), after: await vassalReport(built) };
    });
    // The original as VASSAL reads its buildFile: "0x336699" is 51, 102, 153; "grey" is black (a
    // data warning); alpha 128 paints a translucent pixel; a board with a picture gives no colour.
    expect(painted(before)).toEqual({
      Field: '0,128,0 / 0,128,0,255',
      Dead: '204,204,204 / 204,204,204,255',
      Glass: '10,20,30,128 / 10,20,30,128',
      Hex: '51,102,153 / 51,102,153,255',
      Bad: '0,0,0 / 0,0,0,255',
      Tracks: 'none / picture',
    });
    expect(painted(after)).toEqual(painted(before));
    expect(after.validation).toEqual([]);
  }, 900_000);
});

/**
 * VASSAL 3.7.26 itself on ./private-windows-kit.ts and the module built from its import: the same
 * windows of the same kinds (PlayerHand, PrivateMap: before, plain maps every player could open),
 * every piece at the same pixel of the same window on File > New Game (the built module's own
 * holding-box map aside). The pieces are the data's own (a built module draws its units afresh);
 * `update` is what keeps the author's traits.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport } from '../../../src/vassal/harness/report';
import { HOLDING_MAP } from '../../../src/vassal/module/names';
import { writeGameFolder } from '../../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../../scripts/built-module';
import { describeVassal } from '../../vassal-tier';
import { withTempDir } from '../import-fixtures';
import { importEntries } from '../rebuild-kit';
import { vassalReport, zipped } from '../vassal-run';
import { PIECES, privateWindowEntries } from './private-windows-kit';

const windows = (r: HarnessReport) =>
  (r.maps ?? [])
    .filter((m) => m.kind !== 'WidgetMap' && m.boards.length > 0 && m.name !== HOLDING_MAP)
    .map((m) => `${m.name} ${m.kind}`)
    .sort();
const pieces = (r: HarnessReport) => r.atStart!.map((p) => `${p.name}: ${p.map} (${p.x}, ${p.y})`).sort();

describeVassal('private windows in VASSAL itself', () => {
  it('the built module shows the same windows and pieces', async () => {
    await withTempDir(async (dir) => {
      const entries = privateWindowEntries();
      const original = path.join(dir, 'original.vmod');
      await zipped(original, entries);
      await writeGameFolder(path.join(dir, 'game'), (await importEntries(entries, 'windows')).files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const [before, after] = [await vassalReport(original), await vassalReport(built)];
      expect(before.atStart!.map((p) => `${p.name}: ${p.map} (${p.x}, ${p.y})`).sort()).toEqual(
        PIECES.map((p) => `${p.name}: ${p.map} (${p.x}, ${p.y})`).sort(),
      );
      expect(windows(before)).toEqual(['Blue Board PrivateMap', 'Main Map Map', 'Red Hand PlayerHand']);
      expect(windows(after)).toEqual(windows(before));
      expect(pieces(after)).toEqual(pieces(before));
      expect(after.validation).toEqual([]);
    });
  }, 600_000);
});

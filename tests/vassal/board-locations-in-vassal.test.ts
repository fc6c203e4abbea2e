/**
 * At-start stacks placed by location name on a board other than the game board
 * (./board-locations-kit.ts), in VASSAL 3.7.26 itself: File > New Game in the module built from the
 * import puts each piece on the same map, at the same map pixel, where VASSAL names the same
 * location as in the original module.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries } from './rebuild-kit';
import { NAMED_STACKS, boardLocationEntries } from './board-locations-kit';
import { vassalReport, zipped } from './vassal-run';

/** Each piece New Game places: its map, map pixel and location name, by piece name. */
const placed = (report: HarnessReport) =>
  Object.fromEntries(
    (report.atStart ?? []).map((p) => [p.name, [p.map, p.x, p.y, p.location]]).sort(([a], [b]) => String(a).localeCompare(String(b))),
  );

describeVassal('at-start stacks by location name on another board in VASSAL itself', () => {
  it('the built module places each piece where the original does, named alike', async () => {
    await withTempDir(async (dir) => {
      const entries = boardLocationEntries();
      const original = path.join(dir, 'original.vmod');
      await zipped(original, entries);
      await writeGameFolder(path.join(dir, 'game'), (await importEntries(entries, 'locations')).files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const before = await vassalReport(original);
      const after = await vassalReport(built);
      // The original as the kit works it out from VASSAL's source ("Charts" has no edge and one board).
      for (const s of NAMED_STACKS) expect(placed(before)[s.name], s.name).toEqual(['Charts', s.at.x, s.at.y, s.named]);
      expect(placed(after)).toEqual(placed(before));
      expect(after.validation).toEqual([]);
    });
  }, 900_000);
});

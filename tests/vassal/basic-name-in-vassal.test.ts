/**
 * Seen by VASSAL 3.7.26 itself: the pieces of the Basic Name kit (./basic-name-kit.ts) bear the
 * names the import reads, and after `hexforge update` renamed one, the new module's piece bears
 * the new name, at the start and in the saved game.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { basicNameModule, importInto, rename, update } from './basic-name-kit';
import { withTempDir } from './import-fixtures';
import { vassalReport } from './vassal-run';

/** The names VASSAL gives the pieces of File > New Game, then of the saved game. */
const placedNames = (report: HarnessReport) => [
  report.atStart!.map((p) => p.name).sort(),
  report.setups![0].pieces.map((p) => p.name).sort(),
];

describeVassal('pieces named by Basic Name traits in VASSAL itself', () => {
  it('bear the names the import reads, and the name update writes', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'cards.vmod');
      await writeFile(vmod, await basicNameModule());
      const game = path.join(dir, 'game');
      const markers = await importInto(vmod, game);
      const before = placedNames(await vassalReport(vmod));
      expect(before).toEqual([
        ['Card', 'Eastern Fleet', 'Supply'],
        ['Eastern Fleet', 'Supply'],
      ]);
      expect(markers.map((m) => m.name).sort()).toEqual(before[0]);
      await rename(game, markers.find((m) => m.name === 'Eastern Fleet')!.id, 'Western Fleet');
      const out = path.join(dir, 'new.vmod');
      const { ok, lines } = await update(vmod, game, out);
      expect(ok, lines.join('\n')).toBe(true);
      expect(placedNames(await vassalReport(out))).toEqual([
        ['Card', 'Supply', 'Western Fleet'],
        ['Supply', 'Western Fleet'],
      ]);
    });
  }, 900_000);
});

/**
 * Seen by VASSAL 3.7.26 itself: the cards of the BasicName property kit (./basic-name-property-kit.ts)
 * bear the names the kit states and the import reads (a Marker, Dynamic Property or Text Label
 * BasicName outside any Basic Name trait names the piece), and after `hexforge update` wrote renames
 * into those traits, the new module's cards bear the new names, at the start and in the saved game.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { importInto } from './basic-name-kit';
import { CARD_NAMES, RENAMED_NAMES, RENAMES, SAVED_NAMES, basicNamePropertyModule, renameAll } from './basic-name-property-kit';
import { withTempDir } from './import-fixtures';
import { vassalReport } from './vassal-run';

/** The names VASSAL gives the pieces of File > New Game, then of the saved game. */
const placedNames = (report: HarnessReport) => [
  report.atStart!.map((p) => p.name).sort(),
  report.setups![0].pieces.map((p) => p.name).sort(),
];

const renamed = (name: string) => RENAMES.find(([from]) => from === name)?.[1] ?? name;

describeVassal('pieces named by a property BasicName in VASSAL itself', () => {
  it('bear the names the import reads', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'named.vmod');
      await writeFile(vmod, await basicNamePropertyModule());
      const names = placedNames(await vassalReport(vmod));
      expect(names).toEqual([[...CARD_NAMES].sort(), [...SAVED_NAMES].sort()]);
      const markers = await importInto(vmod, path.join(dir, 'game'));
      expect(markers.map((m) => m.name).sort()).toEqual(names[0]);
    });
  }, 900_000);

  it('bear the names update writes into those traits', async () => {
    await withTempDir(async (dir) => {
      const { out, ok, lines } = await renameAll(dir);
      expect(ok, lines.join('\n')).toBe(true);
      expect(placedNames(await vassalReport(out))).toEqual([[...RENAMED_NAMES].sort(), SAVED_NAMES.map(renamed).sort()]);
    });
  }, 900_000);
});

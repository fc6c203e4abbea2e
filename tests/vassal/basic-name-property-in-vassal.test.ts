/**
 * Seen by VASSAL 3.7.26 itself: the cards of the BasicName property kit (./basic-name-property-kit.ts)
 * bear the names the kit states and the import reads (a Marker or Dynamic Property BasicName
 * outside any Basic Name trait names the piece).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeVassal } from '../vassal-tier';
import { importInto } from './basic-name-kit';
import { CARD_NAMES, basicNamePropertyModule } from './basic-name-property-kit';
import { withTempDir } from './import-fixtures';
import { vassalReport } from './vassal-run';

describeVassal('pieces named by a property BasicName in VASSAL itself', () => {
  it('bear the names the import reads', async () => {
    await withTempDir(async (dir) => {
      const vmod = path.join(dir, 'named.vmod');
      await writeFile(vmod, await basicNamePropertyModule());
      const report = await vassalReport(vmod);
      const names = report.atStart!.map((p) => p.name).sort();
      expect(names).toEqual([...CARD_NAMES].sort());
      const markers = await importInto(vmod, path.join(dir, 'game'));
      expect(markers.map((m) => m.name).sort()).toEqual(names);
    });
  }, 900_000);
});

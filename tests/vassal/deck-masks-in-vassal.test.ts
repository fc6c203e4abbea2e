/**
 * A deck's cards keep their Mask: the template fixture's "Draw" deck (faceDown "Always") holds
 * three cards only its DrawPile defines, each carrying a Mask. In VASSAL 3.7.26 itself a new game
 * of the module built from the imported folder lays them in a face-down deck as the original does,
 * each carrying its Mask (its Unmask command).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { TEMPLATE, fixture, withTempDir } from './import-fixtures';
import { vassalReport, zipped } from './vassal-run';

/**
 * The deck's cards as VASSAL shows them: name, hidden from others or not, lying face down or not,
 * and the menu command of their Mask ("Unmask", Ctrl+U: the fixture's `obs;85,130;…;Unmask;…`);
 * the rest of a card (its labels, other commands) is the build's own marker.
 */
const cards = (pieces: readonly SetupPiece[]) =>
  pieces
    .filter((p) => p.deck?.name === 'Draw')
    .map((p) => {
      const mask = (p.menu ?? []).filter((c) => c.startsWith('Unmask'));
      return [p.name, p.properties.ObscuredToOthers ?? '', p.deck!.isFaceDown, mask.join('|')].join(' / ');
    })
    .sort();

describeVassal('deck masks in VASSAL itself', () => {
  it("Template: the built deck's cards lie face down under their Masks, as the original's", async () => {
    await withTempDir(async (dir) => {
      const limits = readLimits();
      const entries = (await readModuleEntries(fixture(TEMPLATE), limits)).entries!;
      const original = path.join(dir, 'original.vmod');
      await zipped(original, entries);
      const imported = await importModule((await readModule(entries, { source: 'fixture', limits })).module!, { id: 'game' });
      await writeGameFolder(path.join(dir, 'game'), imported.files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const [before, after] = [await vassalReport(original, [], ['ObscuredToOthers']), await vassalReport(built, [], ['ObscuredToOthers'])];
      expect(cards(before.atStart!)).toHaveLength(3);
      expect(cards(after.atStart!)).toEqual(cards(before.atStart!));
    });
  }, 600_000);
});

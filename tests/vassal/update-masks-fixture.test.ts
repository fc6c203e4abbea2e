/**
 * A mask edit carried into a real module: the template fixture's "Draw" deck holds three cards
 * carrying the Mask `obs;85,130;counter-white;Unmask;G1x1.png;?;player:;Peek;;false;;` (Ctrl+U,
 * "Unmask"). Its keystroke and menu text changed in counters.json to Ctrl+R, "Reveal": the update
 * changes those two fields of each card's Mask trait and nothing else; VASSAL 3.7.26 itself then
 * shows each card's command as "Reveal", the deck laid as before.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { updateCommand } from '../../src/cli/update';
import { reportDifferences } from '../../src/vassal/harness/differences';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { describeShared } from '../shared-dir';
import { describeVassal } from '../vassal-tier';
import { TEMPLATE, fixture, withTempDir } from './import-fixtures';
import { changedTraits } from './update-masks-kit';
import { vassalReport, zipped } from './vassal-run';

const limits = readLimits();
const UNMASK = 'obs;85,130;counter-white;Unmask;G1x1.png;?;player:;Peek;;false;;';
/** The fields key (82,130: Ctrl+R) and menu text changed, the other nine as they were. */
const REVEAL = 'obs;82,130;counter-white;Reveal;G1x1.png;?;player:;Peek;;false;;';

/** The fixture zipped, imported, its mask's keystroke and menu text edited, and updated. */
async function updatedTemplate(dir: string): Promise<{ original: string; updated: string }> {
  const entries = (await readModuleEntries(fixture(TEMPLATE), limits)).entries!;
  const original = path.join(dir, 'original.vmod');
  await zipped(original, entries);
  const game = path.join(dir, 'game');
  const imported = await importModule((await readModule(entries, { source: original, limits })).module!, { id: 'game' });
  await writeGameFolder(game, imported.files);
  const countersFile = path.join(game, 'counters.json');
  const counters = JSON.parse(await readFile(countersFile, 'utf8'));
  expect(counters.vassal.masks).toEqual([
    { markers: ['inf-liii-1', 'inf-liii-2', 'inf-liii-3'], image: '', style: 'I', key: '85,130', menu: 'Unmask' },
  ]);
  Object.assign(counters.vassal.masks[0], { key: '82,130', menu: 'Reveal' });
  await writeFile(countersFile, `${JSON.stringify(counters, null, 2)}\n`);
  const lines: string[] = [];
  const io = { out: (s: string) => lines.push(s), err: (s: string) => lines.push(s), color: false };
  const updated = path.join(dir, 'updated.vmod');
  expect(await updateCommand(original, game, { out: updated, limits }, io), lines.join('\n')).toBe(true);
  return { original, updated };
}

describeShared('update of a real module: a mask edit', () => {
  it("Template: each deck card's Mask trait changes by its keystroke and menu text alone", async () => {
    await withTempDir(async (dir) => {
      const { original, updated } = await updatedTemplate(dir);
      const changed = await changedTraits(original, updated);
      expect(changed.map((c) => [c.index, c.before.type, c.after.type, c.before.state === c.after.state])).toEqual(
        Array.from({ length: 3 }, () => [1, UNMASK, REVEAL, true]),
      );
    });
  }, 120_000);
});

/** The deck's cards as VASSAL shows them: name, lying face down, and their Mask's menu command. */
const cards = (pieces: readonly SetupPiece[]) =>
  pieces
    .filter((p) => p.deck?.name === 'Draw')
    .map((p) => [p.name, p.deck!.isFaceDown, (p.menu ?? []).filter((c) => /^(Unmask|Reveal)/.test(c)).join('|')].join(' / '))
    .sort();

describeVassal('update of a mask edit in VASSAL itself', () => {
  it("Template: the updated deck's cards offer Reveal where the original's offer Unmask", async () => {
    await withTempDir(async (dir) => {
      const { original, updated } = await updatedTemplate(dir);
      const [was, now] = [await vassalReport(original), await vassalReport(updated)];
      const before = cards(was.atStart!);
      expect(before).toHaveLength(3);
      // VASSAL names the keystroke of a menu command in brackets.
      expect(before.every((c) => c.endsWith('Unmask [ctrl U]'))).toBe(true);
      expect(cards(now.atStart!)).toEqual(before.map((c) => c.replace('Unmask [ctrl U]', 'Reveal [ctrl R]')));
      // Nothing else VASSAL reports differs: each difference is the Mask's command or trait.
      const others = reportDifferences(was, now).filter(
        (d) => !(d.before.includes('Unmask') && d.after.includes('Reveal')) && !(d.before === UNMASK && d.after === REVEAL),
      );
      expect(others).toEqual([]);
    });
  }, 600_000);
});

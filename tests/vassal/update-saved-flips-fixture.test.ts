/**
 * A face-down flip carried into a real module's setup saved as a game: the Kassala fixture's
 * "Default Setup.vsav" (obfuscated `!VCSK`) holds the Portuguese 2-2 infantry in hex 0507. Its
 * pieces carry no Mask, so a flip is refused at first, saying so; once counters.json lists the
 * counter under a Mask and the module is updated and imported again, the flip turns that one saved
 * piece face down (hidden by the Christian side): its Mask's state alone changes (to
 * "Christian;false|0", as VASSAL writes it), every other entry, command and trait as it was. VASSAL 3.7.26 then starts the setup with that piece hidden
 * from others, every other piece as before.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { describeShared } from '../shared-dir';
import { describeVassal } from '../vassal-tier';
import { KASSALA, fixture, withTempDir } from './import-fixtures';
import { changedTraits, edit, turnFaceDown, update } from './update-masks-kit';
import { vassalReport, zipped } from './vassal-run';

const limits = readLimits();
const UNIT = 'christian_infantry_2-2_portuguese';
const SAVE = 'Default Setup.vsav';

async function imported(vmod: string, game: string): Promise<void> {
  const entries = (await readModuleEntries(vmod, limits)).entries!;
  await writeGameFolder(game, (await importModule((await readModule(entries, { source: vmod, limits })).module!, { id: 'kassala' })).files);
}

/** The saved-game scenario's index in scenarios.json. */
async function savedScenario(game: string): Promise<number> {
  const { scenarios } = JSON.parse(await readFile(path.join(game, 'scenarios.json'), 'utf8'));
  const index = scenarios.findIndex((s: { vassal?: { file?: string } }) => s.vassal?.file === SAVE);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

/** Kassala zipped; the flip refused; the counter given a Mask (masked.vmod); the flip carried (flipped.vmod). */
async function flippedKassala(dir: string): Promise<{ masked: string; flipped: string }> {
  const original = path.join(dir, 'original.vmod');
  await zipped(original, (await readModuleEntries(fixture(KASSALA), limits)).entries!);
  const game = path.join(dir, 'game');
  await imported(original, game);
  const scenario = await savedScenario(game);

  const refused = await edit(game, 'scenarios.json', (s) => {
    s.scenarios[scenario].setup.find((p: { units: string[] }) => p.units.includes(UNIT)).faceDown = true;
  });
  let run = await update(original, game, path.join(dir, 'refused.vmod'));
  expect(run.ok).toBe(false);
  expect(run.report).toMatch(new RegExp(`unit ${UNIT} in scenario .*: its piece carries no Mask; update cannot turn it face down`));
  await refused();

  // A Mask for the counter, showing one of the module's pictures to players of other sides.
  const masked = path.join(dir, 'masked.vmod');
  const counters = path.join(game, 'counters.json');
  const data = JSON.parse(await readFile(counters, 'utf8'));
  data.vassal = {
    ...data.vassal,
    masks: [{ units: [UNIT], image: 'vassal/module/images/Christian_Cannon_1-0.png', style: 'I', access: 'side' }],
  };
  await writeFile(counters, `${JSON.stringify(data, null, 2)}\n`);
  run = await update(original, game, masked);
  expect(run.ok, run.report).toBe(true);

  const again = path.join(dir, 'again');
  await imported(masked, again);
  await turnFaceDown(again, UNIT, 'Christian', scenario);
  const flipped = path.join(dir, 'flipped.vmod');
  run = await update(masked, again, flipped);
  expect(run.ok, run.report).toBe(true);
  return { masked, flipped };
}

describeShared('update of a real module: a face-down flip in its saved setup', () => {
  it("Kassala: the saved Portuguese infantry's Mask state alone changes, null → Christian", async () => {
    await withTempDir(async (dir) => {
      const { masked, flipped } = await flippedKassala(dir);
      const changed = await changedTraits(masked, flipped, [SAVE]);
      expect(changed).toHaveLength(1);
      const [{ where, index, before, after }] = changed;
      expect(where).toMatch(new RegExp(`^${SAVE} piece \\d+$`));
      expect(index).toBe(0);
      expect(before.type).toMatch(/^obs;/);
      expect([after.type, before.state, after.state]).toEqual([before.type, 'null;', 'Christian;false|0']);
    });
  }, 180_000);
});

describeVassal('a face-down flip in a real saved setup, in VASSAL itself', () => {
  it('Kassala: the Portuguese infantry starts the Default Setup hidden from others, every other piece as before', async () => {
    await withTempDir(async (dir) => {
      const { masked, flipped } = await flippedKassala(dir);
      const hidden = async (file: string) => {
        const setup = (await vassalReport(file, [], ['ObscuredToOthers'])).setups!.find((s) => s.file === SAVE)!;
        expect(setup.loadError ?? null).toBeNull();
        return setup.pieces.map((p) => `${p.name} ${p.x},${p.y}: ${p.properties.ObscuredToOthers ?? ''}`).sort();
      };
      const [before, after] = [await hidden(masked), await hidden(flipped)];
      const turned = before.filter((p, i) => p !== after[i]);
      expect(turned).toHaveLength(1);
      expect(turned[0]).toMatch(/Portuguese.*: false$/);
      expect(after).toEqual(before.map((p) => (p === turned[0] ? p.replace(/false$/, 'true') : p)));
    });
  }, 900_000);
});

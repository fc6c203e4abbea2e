/**
 * `hexforge update` and a placement's `faceDown` flipped in a setup saved as a game (a predefined
 * setup's .vsav in the module, its command string obfuscated `!VCSK`). The save holds a scout face
 * up (hex 0201), a tank without a Mask (0401) and two snipers face down, hidden by Allies (0201,
 * 0601); the module's at-start stacks hold a scout and a tank too (scenario 0). Turning the save's
 * scout face down changes that piece's Mask state alone ("null;" → "Allies;false|0", as VASSAL
 * writes a hidden piece's), the at-start scout
 * untouched; turning both snipers face up changes both, and the one of hex 0201 alone that one
 * (its hex tells which); the tank, which has no Mask, is refused, nothing written. Compared piece by piece and trait by trait: every other command, entry and byte
 * of the buildFile the same, the save obfuscated with the same key. Loaded in VASSAL 3.7.26: the
 * setup's scout starts hidden from others.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { SMALL_HEX_BOARD, oneMapBuildFile, setupStack } from './synthetic-module';
import {
  TANK,
  UNIT_MASK,
  changedTraits,
  edit,
  importedModule as importedFrom,
  maskedPiece,
  pictures,
  savedPiece,
  slot,
  turnFaceDown,
  update,
  withSavedSetup,
} from './update-masks-kit';
import { vassalReport } from './vassal-run';

const limits = readLimits();

const MODULE = withSavedSetup(
  oneMapBuildFile({
    name: 'Hidden',
    sides: ['Allies', 'Axis'],
    palette: slot(maskedPiece('Scout', null), 1) + slot(maskedPiece('Sniper', null), 2) + slot(TANK, 3),
    board: SMALL_HEX_BOARD,
    stacks: setupStack(96, slot(maskedPiece('Scout', null), 11)) + setupStack(208, slot(TANK, 12)),
  })
    // VASSAL decodes pieces with the module's command encoder.
    .replace('<VASSAL.build.module.PlayerRoster>', '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.PlayerRoster>'),
);

/** Hexes 0201, 0401, 0201 and 0601. */
const SAVE = [
  'begin_save',
  '',
  savedPiece(1000, maskedPiece('Scout', null), 96),
  savedPiece(1001, TANK, 208),
  savedPiece(1002, maskedPiece('Sniper', 'Allies'), 96),
  savedPiece(1003, maskedPiece('Sniper', 'Allies'), 320),
  'SETUP_STACK\t',
  'end_save',
].join(COMMAND_SEPARATOR);

/** The command string obfuscated as VASSAL 3.7 writes it (reference §5.2): `!VCSK`, the key in two hex digits, each byte XOR key in two. */
function obfuscated(text: string, key: number): Buffer {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return Buffer.from(`!VCSK${hex(key)}${[...Buffer.from(text, 'utf8')].map((b) => hex(b ^ key)).join('')}`, 'latin1');
}

/** The module with Hidden.vsav, its savedGame obfuscated with the key 0x5c, imported. */
async function importedModule(dir: string): Promise<{ vmod: string; game: string }> {
  const plain = await savedGameArchive(SAVE, { name: 'Hidden', version: '1', description: '', dateSaved: 0 }, 'Hidden start', 0);
  const inner = (await readZip(plain, { file: 'Hidden.vsav', limits })).entries;
  const save = await writeZip(
    [...inner].map(([entry, data]) => ({ path: entry, data: entry === 'savedGame' ? obfuscated(SAVE, 0x5c) : data })),
    0,
  );
  const images = pictures(['scout-back.png', 'scout.png', 'sniper.png', 'tank.png']);
  return importedFrom(dir, MODULE, [...images, { path: 'Hidden.vsav', data: save }]);
}

/** scenarios.json's scenario 1 is the saved game's. */
const SAVED_SCENARIO = 1;
const state = (by: string) => ({ type: UNIT_MASK, state: `${by};` });

describe('update and a face-down flip in a setup saved as a game', () => {
  it("turns the save's scout face down: its Mask's state alone changes, in the save alone", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'scenarios.json', (s) =>
        expect(s.scenarios[SAVED_SCENARIO].vassal).toMatchObject({ setup: 'saved game', file: 'Hidden.vsav' }),
      );
      await turnFaceDown(game, 'scout', 'Allies', SAVED_SCENARIO);
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(/unit scout in scenario .* faceDown: "face up" → "face down"/);
      expect(await changedTraits(vmod, out, ['Hidden.vsav'])).toEqual([
        { where: 'Hidden.vsav piece 1000', index: 0, before: state('null'), after: { type: UNIT_MASK, state: 'Allies;false|0' } },
      ]);
    });
  }, 60_000);

  it('turns both snipers face up, or the one of hex 0201 alone, and refuses a flip of the tank; nothing written', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      const sniperPlacements = (s: { scenarios: { setup: { units: string[]; hex?: string; faceDown?: boolean }[] }[] }) =>
        s.scenarios[SAVED_SCENARIO].setup.filter((p) => p.units.some((u) => u.startsWith('sniper')));
      let restore = await edit(game, 'scenarios.json', (s) => {
        for (const p of sniperPlacements(s)) delete p.faceDown;
        delete s.scenarios[SAVED_SCENARIO].vassal.unitMasks;
      });
      let run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out, ['Hidden.vsav'])).toEqual([
        { where: 'Hidden.vsav piece 1002', index: 0, before: state('Allies'), after: state('null') },
        { where: 'Hidden.vsav piece 1003', index: 0, before: state('Allies'), after: state('null') },
      ]);
      await restore();

      // The sniper of 0201 alone face up: its hex tells which.
      restore = await edit(game, 'scenarios.json', (s) => {
        const [first] = sniperPlacements(s);
        expect([first.units.length, first.hex]).toEqual([1, '0201']);
        delete first.faceDown;
        delete s.scenarios[SAVED_SCENARIO].vassal.unitMasks[first.units[0]];
      });
      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out, ['Hidden.vsav'])).toEqual([
        { where: 'Hidden.vsav piece 1002', index: 0, before: state('Allies'), after: state('null') },
      ]);
      await restore();

      const refused = path.join(dir, 'refused.vmod');

      await turnFaceDown(game, 'tank', 'Axis', SAVED_SCENARIO);
      run = await update(vmod, game, refused);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/unit tank in scenario .*: its piece carries no Mask; update cannot turn it face down/);
      expect(existsSync(refused)).toBe(false);
    });
  }, 60_000);
});

describeVassal('a face-down flip in a saved setup, in VASSAL itself', () => {
  it("the setup's scout turned face down starts hidden from others; the snipers as before", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await turnFaceDown(game, 'scout', 'Allies', SAVED_SCENARIO);
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      // VASSAL's property of a masked piece (Obscurable: "true" while someone else masked it).
      const hidden = async (file: string) => {
        const report = await vassalReport(file, [], ['ObscuredToOthers']);
        const setup = report.setups!.find((s) => s.name === 'Hidden start')!;
        expect(setup.loadError ?? null).toBeNull();
        return setup.pieces.map((p) => `${p.name}: ${p.properties.ObscuredToOthers ?? ''}`).sort();
      };
      const [before, after] = [await hidden(vmod), await hidden(out)];
      expect(before).toEqual(['Scout: false', 'Sniper: true', 'Sniper: true', 'Tank: ']);
      expect(after).toEqual(['Scout: true', 'Sniper: true', 'Sniper: true', 'Tank: ']);
    });
  }, 600_000);
});

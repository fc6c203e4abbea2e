/**
 * `hexforge update` and mask edits: a Mask's settings edited in counters.json (`vassal.masks`), or
 * a counter listed under a Mask or taken off it, changes that Mask trait in each piece of the kind
 * and nothing else (compared trait by trait with the original); what cannot be carried (a
 * face-down piece losing its Mask, a picture the module lacks, scenarios.json's masks and
 * `faceDown`) is refused, saying why, nothing written. A flip to face down loaded in VASSAL 3.7.26:
 * the piece starts hidden from others.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { vassalReport } from './vassal-run';
import {
  TANK,
  UNIT_MASK,
  changedTraits,
  edit,
  importedModule,
  maskedPiece,
  pictures,
  slot,
  turnFaceDown,
  update,
} from './update-masks-kit';
import { greyPicture } from './rebuild-kit';
import { SMALL_HEX_BOARD, oneMapBuildFile, setupStack } from './synthetic-module';
import type { Trait } from '../../src/vassal/traits/index';

const scout = (by: string | null) => maskedPiece('Scout', by);
/** A piece turned face down, its Mask's state as VASSAL writes it (Obscurable.myGetState: who, then the masking options it records, "false|0"). */
const HIDDEN_BY_ALLIES = 'Allies;false|0';
const tank = TANK;
/** A scout in the palette, one hidden by the Allies side in hex 0201, one shown in 0401. */
const MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout(null), 1),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(96, slot(scout('Allies'), 11)) + setupStack(208, slot(scout(null), 12)),
});
const IMAGES = pictures(['scout-back.png', 'scout.png', 'tank.png']);

type Placement = { units: string[]; hex: string; faceDown?: true };
type Scenarios = { scenarios: { setup: Placement[]; vassal: { unitMasks: Record<string, unknown> } }[] };

/** Two placements turned the other way: `down`'s units face up without masks, `up`'s face down under the mask `down`'s first had. */
function turnOver(s: Scenarios, down: Placement, up: Placement): void {
  const masks = s.scenarios[0].vassal.unitMasks;
  const mask = masks[down.units[0]];
  delete down.faceDown;
  for (const u of down.units) delete masks[u];
  up.faceDown = true;
  for (const u of up.units) masks[u] = mask;
}

describe('update and mask edits', () => {
  it("turns an at-start piece over where a placement's faceDown flips: its Mask's state alone changes", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, TWO_UNIT_MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      await turnFaceDown(game, 'scout', 'Allies');
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(/unit scout in scenario .* faceDown/);
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 22', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: UNIT_MASK, state: HIDDEN_BY_ALLIES } },
      ]);
    });
  }, 60_000);

  it('turns every face-down piece of a kind face up, every one face down, and pieces swapping sides between hexes', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      let restore = await edit(game, 'scenarios.json', (s) => {
        for (const p of s.scenarios[0].setup) delete p.faceDown;
        delete s.scenarios[0].vassal.unitMasks;
      });
      let run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 11', index: 0, before: { type: UNIT_MASK, state: 'Allies;' }, after: { type: UNIT_MASK, state: 'null;' } },
      ]);
      await restore();

      // Two scouts in unnamed stacks, one face down: the other turned down instead is no count the module can place.
      const counters = JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8'));
      const { units: _units, ...mask } = counters.vassal.masks[0];
      restore = await edit(game, 'scenarios.json', (s) => {
        const at = s.scenarios[0];
        for (const p of at.setup) p.faceDown = true;
        at.vassal.unitMasks = Object.fromEntries(
          at.setup.flatMap((p: { units: string[] }) => p.units).map((u: string) => [u, { ...mask, by: 'Allies' }]),
        );
      });
      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 12', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: UNIT_MASK, state: HIDDEN_BY_ALLIES } },
      ]);
      await restore();

      // The scout of 0201 face up, the one of 0401 face down: as many face down as before, each hex telling which.
      await edit(game, 'scenarios.json', (s) => {
        const at = s.scenarios[0];
        const [down, up] = [
          at.setup.find((p: { faceDown?: boolean }) => p.faceDown),
          at.setup.find((p: { faceDown?: boolean }) => !p.faceDown),
        ];
        expect([down.hex, up.hex]).toEqual(['0201', '0401']);
        delete down.faceDown;
        up.faceDown = true;
        at.vassal.unitMasks = Object.fromEntries(up.units.map((u: string) => [u, { ...mask, by: 'Allies' }]));
      });
      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 11', index: 0, before: { type: UNIT_MASK, state: 'Allies;' }, after: { type: UNIT_MASK, state: 'null;' } },
        { where: 'slot 12', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: UNIT_MASK, state: HIDDEN_BY_ALLIES } },
      ]);
    });
  }, 60_000);

  it("turns over exactly the pieces of the hexes a flip names, and one of a hex's like pieces where only some there turn", async () => {
    await withTempDir(async (dir) => {
      // Three scouts in hex 0201 (one hidden by the Allies), one in 0401 (shown).
      const { vmod, game } = await importedModule(dir, THREE_SCOUTS_MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      const counters = JSON.parse(await readFile(path.join(game, 'counters.json'), 'utf8'));
      const { units: _units, ...mask } = counters.vassal.masks[0];
      type Placement = { units: string[]; hex: string; stack?: string; faceDown?: true };
      const placements = (s: { scenarios: { setup: Placement[] }[] }) => s.scenarios[0].setup;
      const hidden = (s: { scenarios: { vassal: { unitMasks: Record<string, unknown> } }[] }, units: string[]) =>
        Object.assign(s.scenarios[0].vassal.unitMasks, Object.fromEntries(units.map((u) => [u, { ...mask, by: 'Allies' }])));

      // The scout of 0401 (its stack named apart) face down: two of four, as 0201 keeps its one.
      let restore = await edit(game, 'scenarios.json', (s) => {
        const [down, up, alone] = placements(s);
        expect([down.hex, down.faceDown, down.units.length, up.hex, up.faceDown, up.units.length]).toEqual([
          '0201',
          true,
          1,
          '0201',
          undefined,
          2,
        ]);
        expect([alone.hex, alone.stack, alone.faceDown]).toEqual(['0401', 'Lone scout', undefined]);
        alone.faceDown = true;
        hidden(s, alone.units);
      });
      let run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 14', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: UNIT_MASK, state: HIDDEN_BY_ALLIES } },
      ]);
      await restore();

      // In 0201 the hidden scout shown and the two shown hidden: two of its three there face down, one
      // lying so now. The two shown are the same piece (slots 12 and 13 differ in their gpid alone):
      // either turned gives the same game, and the first of the stack, slot 12, turns.
      restore = await edit(game, 'scenarios.json', (s) => {
        const [down, up] = placements(s);
        delete down.faceDown;
        for (const u of down.units) delete s.scenarios[0].vassal.unitMasks[u];
        up.faceDown = true;
        hidden(s, up.units);
      });
      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 12', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: UNIT_MASK, state: HIDDEN_BY_ALLIES } },
      ]);
      await restore();
    });
  }, 60_000);

  it("turns some of a hex's like pieces of a counter over, the first in the stack; two face down become one, or none", async () => {
    await withTempDir(async (dir) => {
      // Hex 0201: scouts 11 and 12 hidden by the Allies, 13 shown; 0401: scout 14 hidden.
      const { vmod, game } = await importedModule(dir, HIDDEN_PAIR_MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      const inHex = (s: Scenarios, hex: string, faceDown: boolean) =>
        s.scenarios[0].setup.find((p) => p.hex === hex && (p.faceDown === true) === faceDown)!;

      // 0201: its placements turned the other way, one of its two face-down scouts face up (and the
      // shown one face down). Both are alike: the first, slot 11, turns; 13 lies as it did.
      let restore = await edit(game, 'scenarios.json', (s: Scenarios) => {
        const [down, up] = [inHex(s, '0201', true), inHex(s, '0201', false)];
        expect([down.units.length, up.units.length]).toEqual([2, 1]);
        turnOver(s, down, up);
      });
      let run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(/unit scout in scenario .*faceDown/);
      // Slot 13 turned face down and 11 face up would be the same game (the three are alike), but
      // the update turns the fewest: one of the two of the three lying otherwise than asked.
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 11', index: 0, before: { type: UNIT_MASK, state: 'Allies;' }, after: { type: UNIT_MASK, state: 'null;' } },
      ]);
      await restore();

      // 0201: both face up, 0401's scout still hidden: the two of 0201 turn.
      restore = await edit(game, 'scenarios.json', (s: Scenarios) => {
        const down = inHex(s, '0201', true);
        delete down.faceDown;
        for (const u of down.units) delete s.scenarios[0].vassal.unitMasks[u];
      });
      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out)).toEqual(
        ['slot 11', 'slot 12'].map((where) => ({
          where,
          index: 0,
          before: { type: UNIT_MASK, state: 'Allies;' },
          after: { type: UNIT_MASK, state: 'null;' },
        })),
      );
      await restore();
    });
  }, 60_000);

  it("refuses to turn one of a hex's pieces of a counter over where those that could turn differ; nothing written", async () => {
    await withTempDir(async (dir) => {
      // Hex 0201: scout 11 hidden, 12 shown and reduced (its Layer active), 13 shown and full.
      const { vmod, game } = await importedModule(dir, UNLIKE_SCOUTS_MODULE, [...IMAGES, ...pictures(['reduced.png'])]);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'scenarios.json', (s: Scenarios) => {
        const [down, up] = s.scenarios[0].setup;
        expect([down.faceDown, down.units.length, up.faceDown, up.units.length]).toEqual([true, 1, undefined, 2]);
        turnOver(s, down, up);
      });
      const run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(
        /unit scout in scenario [^:]*: hex 0201: 2 of its 3 pieces there are to lie face down, 1 lie so now, and its face-up pieces there differ; which of its pieces to turn over cannot be told/,
      );
      expect(run.report).toMatch(/turn the pieces over in VASSAL's editor/);
      expect(existsSync(out)).toBe(false);
    });
  }, 60_000);

  it('refuses a mask edited in scenarios.json it cannot carry, and reports other edits as before', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');

      let restore = await edit(game, 'scenarios.json', (s) => (s.scenarios[0].vassal.unitMasks.scout.by = 'Axis'));
      let run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/the Mask hiding its face-down pieces changed in scenarios.json/);
      expect(run.report).not.toMatch(/not-carried: scenarios.json/);
      expect(existsSync(out)).toBe(false);
      await restore();

      // A placement moved is no mask edit: refused as before.
      restore = await edit(game, 'scenarios.json', (s) => (s.scenarios[0].setup[1].hex = '0501'));
      run = await update(vmod, game, out);
      expect(run.report).toMatch(/error update\/not-carried: scenarios.json changed since the import/);
      expect(run.report).not.toMatch(/mask-not-carried/);
      await restore();

      // Rewritten by an editor with other indentation and no final newline: nothing to carry, nothing refused.
      for (const name of ['scenarios.json', 'counters.json']) {
        const file = path.join(game, name);
        await writeFile(file, JSON.stringify(JSON.parse(await readFile(file, 'utf8')), null, 4));
      }
      run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).not.toMatch(/not-carried|not-in-module/);
    });
  }, 60_000);

  it("carries a Mask's settings changed in counters.json into the Mask trait of every piece carrying it, nothing else", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => {
        c.vassal.masks[0].menu = 'Cover';
        c.vassal.masks[0].peek = 'Glance';
      });
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(/unit scout mask/);
      // Obscurable's fields: key, image, menu text, style, name, access, peek text, description, auto-peek, deal key, deal expression.
      const covered = 'obs;72,130;scout-back.png;Cover;I;Hidden unit;side:;Glance;;false;;';
      const changed = await changedTraits(vmod, out);
      expect(changed).toEqual([
        { where: 'slot 1', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: covered, state: 'null;' } },
        { where: 'slot 11', index: 0, before: { type: UNIT_MASK, state: 'Allies;' }, after: { type: covered, state: 'Allies;' } },
        { where: 'slot 12', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: covered, state: 'null;' } },
      ]);
    });
  }, 60_000);

  it('adds a Mask as the outermost trait of a unit listed under it and removes it from one no longer listed', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, TWO_UNIT_MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => (c.vassal.masks[0].units = ['tank']));
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      const changed = await changedTraits(vmod, out);
      const added = { type: UNIT_MASK, state: 'null;' };
      const none = { type: '', state: '' };
      expect(changed).toEqual([
        { where: 'slot 1', index: 0, before: added, after: none },
        { where: 'slot 2', index: 0, before: none, after: added },
        { where: 'slot 21', index: 0, before: none, after: added },
        { where: 'slot 22', index: 0, before: added, after: none },
      ]);
    });
  }, 60_000);

  it('adds a Mask to a counter of a counters.json that had no `vassal`: a mask edit alone, nothing said of the rest', async () => {
    await withTempDir(async (dir) => {
      // The scout's Mask as an import of MODULE states it (UNIT_MASK), given to the tank.
      await mkdir(path.join(dir, 'scouts'));
      const scouts = await importedModule(path.join(dir, 'scouts'), MODULE, IMAGES);
      const { units: _units, ...mask } = JSON.parse(await readFile(path.join(scouts.game, 'counters.json'), 'utf8')).vassal.masks[0];
      const { vmod, game } = await importedModule(dir, TANK_MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => {
        expect(c.vassal).toBeUndefined();
        c.vassal = { masks: [{ units: ['tank'], ...mask }] };
      });
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(/unit tank mask: "none" →/);
      expect(run.report).not.toMatch(/not-in-module|not-carried/);
      const added = { type: UNIT_MASK, state: 'null;' };
      const none = { type: '', state: '' };
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 2', index: 0, before: none, after: added },
        { where: 'slot 21', index: 0, before: none, after: added },
      ]);
    });
  }, 60_000);

  it('refuses a mask edit it cannot carry: a face-down piece losing its Mask, a picture the module lacks', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, MODULE, IMAGES);
      const out = path.join(dir, 'new.vmod');
      let restore = await edit(game, 'counters.json', (c) => (c.vassal.masks = []));
      let run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/lies face down under the Mask \(masked by "Allies"\), which would show it face up/);
      expect(existsSync(out)).toBe(false);
      await restore();

      // A picture of the folder, not of the module.
      await mkdir(path.join(game, 'art'), { recursive: true });
      await writeFile(path.join(game, 'art/fog.png'), greyPicture(20, 30, 90));
      restore = await edit(game, 'counters.json', (c) => (c.vassal.masks[0].image = 'art/fog.png'));
      run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/the mask of unit scout shows "art\/fog.png", which is no image of the module/);
      expect(existsSync(out)).toBe(false);
      await restore();
    });
  }, 60_000);
});

/** The buildFile with VASSAL's command encoder, with which VASSAL decodes the module's pieces. */
const withCommandEncoder = (buildFile: string) =>
  buildFile.replace('<VASSAL.build.module.PlayerRoster>', '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.PlayerRoster>');

/** Each at-start piece's name and whether VASSAL hides it from others (Obscurable's "true" while someone else masked it). */
const hiddenAtStart = async (file: string) =>
  (await vassalReport(file, [], ['ObscuredToOthers'])).atStart!.map((p) => `${p.name}: ${p.properties.ObscuredToOthers ?? ''}`).sort();

describeVassal('a face-down flip in VASSAL itself', () => {
  it('the scout turned face down by the update starts hidden from others in a new game, the tank as before', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, withCommandEncoder(TWO_UNIT_MODULE), IMAGES);
      const out = path.join(dir, 'new.vmod');
      await turnFaceDown(game, 'scout', 'Allies');
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      const [before, after] = [await hiddenAtStart(vmod), await hiddenAtStart(out)];
      // The tank carries no Mask: VASSAL gives it no such property.
      expect(before).toEqual(['Scout: false', 'Tank: ']);
      expect(after).toEqual(['Scout: true', 'Tank: ']);
    });
  }, 600_000);

  it("one of a hex's two like scouts turned face down by the update starts hidden, the other two as before", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir, withCommandEncoder(THREE_SCOUTS_MODULE), IMAGES);
      const out = path.join(dir, 'new.vmod');
      // 0201's placements turned the other way: two of its three scouts face down, one lying so now.
      await edit(game, 'scenarios.json', (s) => {
        const [down, up] = s.scenarios[0].setup;
        turnOver(s, down, up);
      });
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      const [before, after] = [await hiddenAtStart(vmod), await hiddenAtStart(out)];
      expect(before).toEqual(['Scout: false', 'Scout: false', 'Scout: false', 'Scout: true']);
      expect(after).toEqual(['Scout: false', 'Scout: false', 'Scout: true', 'Scout: true']);
    });
  }, 600_000);
});

/** A scout with a Mask and a tank without, each in the palette and in a setup stack, none face down. */
const TWO_UNIT_MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout(null), 1) + slot(tank, 2),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(96, slot(tank, 21)) + setupStack(208, slot(scout(null), 22)),
});

/** A tank, no Mask anywhere: in the palette and in a setup stack. */
const TANK_MODULE = oneMapBuildFile({
  name: 'Tanks',
  sides: ['Allies', 'Axis'],
  palette: slot(tank, 2),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(96, slot(tank, 21)),
});

/** Three scouts in an at-start stack of hex 0201, the first hidden by the Allies; one shown in 0401, in a stack named "Lone scout". */
const THREE_SCOUTS_MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout(null), 1),
  board: SMALL_HEX_BOARD,
  stacks:
    setupStack(96, slot(scout('Allies'), 11) + slot(scout(null), 12) + slot(scout(null), 13)) +
    setupStack(208, slot(scout(null), 14)).replace('name=""', 'name="Lone scout"'),
});

/** Two scouts hidden by the Allies and one shown in hex 0201, one hidden in 0401. */
const HIDDEN_PAIR_MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout(null), 1),
  board: SMALL_HEX_BOARD,
  stacks:
    setupStack(96, slot(scout('Allies'), 11) + slot(scout('Allies'), 12) + slot(scout(null), 13)) +
    setupStack(208, slot(scout('Allies'), 14)),
});

/** A Layer showing the reduced side, active at state 1, inactive at -1 (format reference §3.4, Embellishment). */
const reducedLayer = (active: boolean): Trait => ({
  type: 'emb2;Reduce;2;A;;0;;;0;;;;1;false;0;0;reduced.png;+ reduced;true;Step;;;false;;1;1;true;65,130;;;;1.0;;false',
  state: active ? '1' : '-1',
});

/** Three scouts in hex 0201: the first hidden by the Allies, the second shown reduced, the third shown full. */
const UNLIKE_SCOUTS_MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot([reducedLayer(false), ...scout(null)], 1),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(
    96,
    slot([reducedLayer(false), ...scout('Allies')], 11) +
      slot([reducedLayer(true), ...scout(null)], 12) +
      slot([reducedLayer(false), ...scout(null)], 13),
  ),
});

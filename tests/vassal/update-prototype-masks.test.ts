/**
 * `hexforge update` and a Mask a prototype gives. The scout and the sniper take their Mask from
 * prototype "Hidden"; the tank's prototype "Armour" has none. Changed alike for every counter using
 * "Hidden" (in counters.json, the one mask entry listing both), the Mask trait in the prototype's
 * definition changes once, and so does the copy of it in the saved piece that holds "Hidden"
 * expanded (as VASSAL writes pieces); the piece saved with the prototype unexpanded gets it from
 * the definition. Changed for the scout alone, it is refused, naming the sniper: the prototype is
 * the sniper's Mask too. Taken off every counter, the prototype loses its Mask; off the scout alone,
 * refused. A Mask given to the tank is its own, as its outermost trait, "Armour" untouched.
 * Compared definition by definition and trait by trait (every other entry byte for byte the same).
 * Loaded in VASSAL 3.7.26: the pieces using "Hidden" offer the new menu command.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodePiece } from '../../src/vassal/piece';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { SMALL_HEX_BOARD, oneMapBuildFile, setupStack } from './synthetic-module';
import {
  changedTraits,
  edit,
  importedModule as importedFrom,
  pictures,
  savedPiece,
  slot,
  update,
  withSavedSetup,
} from './update-masks-kit';
import { vassalReport } from './vassal-run';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** Obscurable's fields: key (Ctrl+H), image, menu text, style, name, access (any player), peek text, description, auto-peek, deal key, deal expression. */
const UNIT_MASK = 'obs;72,130;scout-back.png;Hide;I;Hidden unit;player:;Look;;false;;';
/** The same with the menu text "Cover". */
const COVER_MASK = 'obs;72,130;scout-back.png;Cover;I;Hidden unit;player:;Look;;false;;';

const prototype = (name: string, traits: Trait[]) =>
  `<VASSAL.build.module.PrototypeDefinition description="" name="${name}">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.module.PrototypeDefinition>`;
const HIDDEN: Trait[] = [
  { type: UNIT_MASK, state: 'null;' },
  { type: 'mark;Side', state: 'Allies' },
];
const PROTOTYPES =
  '<VASSAL.build.module.PrototypesContainer>' +
  prototype('Hidden', [...HIDDEN, buildBasicPiece({ name: '' })]) +
  prototype('Armour', [{ type: 'mark;Side', state: 'Axis' }, buildBasicPiece({ name: '' })]) +
  '</VASSAL.build.module.PrototypesContainer>';

const using = (name: string, piece: string): Trait[] => [
  { type: `prototype;${name}`, state: '' },
  buildBasicPiece({ name: piece, image: `${piece.toLowerCase()}.png` }),
];
const [scout, sniper, tank] = [using('Hidden', 'Scout'), using('Hidden', 'Sniper'), using('Armour', 'Tank')];

/** At-start stacks in hexes 0201, 0401 and 0601 (x = 96, 208, 320); a predefined setup of a saved game. */
const MODULE = withSavedSetup(
  oneMapBuildFile({
    name: 'Hidden',
    sides: ['Allies', 'Axis'],
    palette: slot(scout, 1) + slot(sniper, 2) + slot(tank, 3),
    board: SMALL_HEX_BOARD,
    stacks: setupStack(96, slot(scout, 11)) + setupStack(208, slot(sniper, 12)) + setupStack(320, slot(tank, 13)),
  }).replace(
    '<VASSAL.build.module.PlayerRoster>',
    `<VASSAL.build.module.BasicCommandEncoder/>${PROTOTYPES}<VASSAL.build.module.PlayerRoster>`,
  ),
);

/** The scout as VASSAL saves it, "Hidden" expanded in its place (its traits but the BasicPiece); the sniper unexpanded. */
const SAVE = [
  'begin_save',
  '',
  savedPiece(1000, [...HIDDEN, scout[1]], 96),
  savedPiece(1001, sniper, 208),
  'SETUP_STACK\t',
  'end_save',
].join(COMMAND_SEPARATOR);

async function importedModule(dir: string): Promise<{ vmod: string; game: string }> {
  const save = await savedGameArchive(SAVE, { name: 'Hidden', version: '1', description: '', dateSaved: 0 }, 'Hidden start', 0);
  const images = pictures(['scout-back.png', 'scout.png', 'sniper.png', 'tank.png']);
  return importedFrom(dir, MODULE, [...images, { path: 'Hidden.vsav', data: save }]);
}

const NONE = { type: '', state: '' };

describe('update and a Mask a prototype gives', () => {
  it('changes the prototype once where every counter using it changes alike, and the saved copy of it', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => {
        // As imported: the one entry lists the two counters using "Hidden".
        expect(c.vassal.masks.map((m: { units: string[] }) => m.units)).toEqual([['scout', 'sniper']]);
        c.vassal.masks[0].menu = 'Cover';
      });
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(run.report).toMatch(/unit scout, unit sniper mask/);
      expect(await changedTraits(vmod, out, ['Hidden.vsav'])).toEqual([
        { where: 'prototype Hidden', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: { type: COVER_MASK, state: 'null;' } },
        {
          where: 'Hidden.vsav piece 1000',
          index: 0,
          before: { type: UNIT_MASK, state: 'null;' },
          after: { type: COVER_MASK, state: 'null;' },
        },
      ]);
    });
  }, 60_000);

  it("refuses a change of the prototype's Mask for some of its counters, naming the others; nothing written", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      let restore = await edit(game, 'counters.json', (c) => {
        const [entry] = c.vassal.masks;
        c.vassal.masks = [
          { ...entry, units: ['sniper'] },
          { ...entry, units: ['scout'], menu: 'Cover' },
        ];
      });
      let run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/the mask of unit scout comes from prototype "Hidden", which unit sniper use too/);
      expect(existsSync(out)).toBe(false);
      await restore();

      // Taken off the scout alone: the same.
      restore = await edit(game, 'counters.json', (c) => (c.vassal.masks[0].units = ['sniper']));
      run = await update(vmod, game, out);
      expect(run.ok).toBe(false);
      expect(run.report).toMatch(/the mask of unit scout comes from prototype "Hidden", which unit sniper use too/);
      expect(existsSync(out)).toBe(false);
      await restore();
    });
  }, 60_000);

  it("removes the prototype's Mask where every counter using it is taken off the masks", async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => (c.vassal.masks = []));
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      expect(await changedTraits(vmod, out, ['Hidden.vsav'])).toEqual([
        { where: 'prototype Hidden', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: NONE },
        { where: 'Hidden.vsav piece 1000', index: 0, before: { type: UNIT_MASK, state: 'null;' }, after: NONE },
      ]);
    });
  }, 60_000);

  it('gives a counter whose prototype has no Mask a Mask of its own, outermost; its prototype untouched', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => c.vassal.masks[0].units.push('tank'));
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      const added = { type: UNIT_MASK, state: 'null;' };
      expect(await changedTraits(vmod, out)).toEqual([
        { where: 'slot 3', index: 0, before: NONE, after: added },
        { where: 'slot 13', index: 0, before: NONE, after: added },
      ]);
    });
  }, 60_000);
});

describeVassal("a prototype's Mask changed, in VASSAL itself", () => {
  it('every piece using the prototype offers "Cover" where it offered "Hide"; the tank as before', async () => {
    await withTempDir(async (dir) => {
      const { vmod, game } = await importedModule(dir);
      const out = path.join(dir, 'new.vmod');
      await edit(game, 'counters.json', (c) => (c.vassal.masks[0].menu = 'Cover'));
      const run = await update(vmod, game, out);
      expect(run.ok, run.report).toBe(true);
      const menus = async (file: string) =>
        (await vassalReport(file))
          .atStart!.map((p) => `${p.name}: ${(p.menu ?? []).filter((c) => /^(Hide|Cover)/.test(c)).join('|')}`)
          .sort();
      const [before, after] = [await menus(vmod), await menus(out)];
      // VASSAL names the keystroke of a menu command in brackets.
      expect(before).toEqual(['Scout: Hide [ctrl H]', 'Sniper: Hide [ctrl H]', 'Tank: ']);
      expect(after).toEqual(['Scout: Cover [ctrl H]', 'Sniper: Cover [ctrl H]', 'Tank: ']);
    });
  }, 600_000);
});

/**
 * A Mask a prototype holds hides the pieces using it as their own Mask does: VASSAL expands a
 * placed piece's prototypes with the states their definitions give (PieceCloner.clonePiece via
 * UsePrototype.getExpandedInner), so a prototype whose Mask its definition states masked by a side
 * places every piece using it hidden by that side, in an at-start stack and in a save holding the
 * piece unexpanded. The built module writes that Mask on the piece (its prototypes are its own),
 * hidden by the same side: VASSAL shows both modules' pieces alike.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { encodePiece } from '../../src/vassal/piece';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { readModuleSave } from '../../src/vassal/reader/module';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { greyPicture } from './rebuild-kit';
import { SMALL_HEX_BOARD, importBuildFile, oneMapBuildFile, setupStack } from './synthetic-module';
import { vassalReport, zipped } from './vassal-run';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** Ctrl+H "Hide", peek Ctrl+P "Look", players of the masking side may unmask, named "Hidden unit". */
const UNIT_MASK = 'obs;72,130;scout-back.png;Hide;P80,130;Hidden unit;side:;Look;Scout mask;false;;';
/** The card's: no keystroke, "Conceal", Allies or Axis may unmask, another picture for others. */
const CARD_MASK = 'obs;;card-back.png;Conceal;Gcard-cover.png;?;sides:Allies:Axis;Peek;;true;;';

const prototype = (name: string, traits: Trait[]) =>
  `<VASSAL.build.module.PrototypeDefinition description="" name="${name}">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.module.PrototypeDefinition>`;
/** "Hidden": its Mask stated masked by the Allies side; "Card": its Mask unmasked. */
const PROTOTYPES =
  '<VASSAL.build.module.PrototypesContainer>' +
  prototype('Hidden', [{ type: UNIT_MASK, state: 'Allies;' }, { type: 'mark;Side', state: 'Allies' }, buildBasicPiece({ name: '' })]) +
  prototype('Card', [{ type: CARD_MASK, state: 'null;' }, buildBasicPiece({ name: '' })]) +
  '</VASSAL.build.module.PrototypesContainer>';

const scout: Trait[] = [{ type: 'prototype;Hidden', state: '' }, buildBasicPiece({ name: 'Scout', image: 'scout.png' })];
const card: Trait[] = [{ type: 'prototype;Card', state: '' }, buildBasicPiece({ name: 'Ambush', image: 'ambush.png' })];
const slot = (traits: Trait[], gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.widget.PieceSlot>`;

/** Hex 0201 (x = 96): a scout and a card; hex 0401 (x = 208): a scout. */
const MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout, 1) + slot(card, 2),
  board: SMALL_HEX_BOARD,
  stacks: setupStack(96, slot(scout, 11) + slot(card, 12)) + setupStack(208, slot(scout, 13)),
})
  .replace(
    '<VASSAL.build.module.PlayerRoster>',
    `<VASSAL.build.module.BasicCommandEncoder/>${PROTOTYPES}<VASSAL.build.module.PlayerRoster>`,
  )
  .replace(
    '</VASSAL.build.GameModule>',
    '<VASSAL.build.module.PredefinedSetup file="Hidden.vsav" isMenu="false" name="Hidden start" useFile="true"/></VASSAL.build.GameModule>',
  );

/** A save holding a scout and a card unexpanded (their prototypes as the module defines them) at (x, 100). */
const saved = (id: number, traits: Trait[], x: number) =>
  encodePiece({
    id: String(id),
    traits: traits.map((t, i) => (i === traits.length - 1 ? { ...t, state: `Main Map;${x};100;${id};0` } : t)),
  });
const SAVE = ['begin_save', '', saved(1000, scout, 96), saved(1001, card, 208), 'SETUP_STACK\t', 'end_save'].join(COMMAND_SEPARATOR);

const IMAGES = ['scout-back.png', 'scout.png', 'card-back.png', 'card-cover.png', 'ambush.png'].map((name, i) => ({
  path: `images/${name}`,
  data: greyPicture(20, 30, 40 + 30 * i),
}));
const images = 'vassal/module/images/';
const unitMask = {
  image: `${images}scout-back.png`,
  style: 'P80,130',
  key: '72,130',
  menu: 'Hide',
  name: 'Hidden unit',
  access: 'side',
  peek: 'Look',
  description: 'Scout mask',
};

const scenarioOf = (files: Map<string, string | Uint8Array>, n: number) =>
  (JSON.parse(files.get('scenarios.json') as string) as { scenarios: Array<Record<string, unknown>> }).scenarios[n];

const run = (async () => {
  const save = await savedGameArchive(SAVE, { name: 'Hidden', version: '1', description: '', dateSaved: 0 }, 'Hidden start', 0);
  const entries = [...IMAGES, { path: 'Hidden.vsav', data: save }];
  const first = await importBuildFile(MODULE, entries);
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() })).module!;
    return { first, built };
  });
})();
run.catch(() => undefined);

const masksOf = (traits: readonly Trait[]) => traits.filter((t) => t.type.startsWith('obs;')).map((t) => [t.type, t.state]);

it("a prototype's Mask stated masked hides the at-start pieces using it, and the built module hides them by the same side", async () => {
  const { first, built } = await run;
  const scenario = scenarioOf(first.files, 0);
  expect(scenario.setup).toEqual([
    { units: ['scout'], hex: '0201', faceDown: true },
    { units: ['scout-2'], hex: '0401', faceDown: true },
  ]);
  expect(scenario.markers).toEqual([{ marker: 'ambush', hex: '0201' }]);
  expect(scenario.vassal).toEqual({
    setup: 'at-start stacks',
    unitMasks: { scout: { ...unitMask, by: 'Allies' }, 'scout-2': { ...unitMask, by: 'Allies' } },
  });
  const atStart = built.definitions.filter(
    (d) => d.kind === 'slot' && d.ancestors.some((a) => a.name === 'VASSAL.build.module.map.SetupStack'),
  );
  expect(atStart.map((d) => masksOf(d.piece.traits))).toEqual([
    [[UNIT_MASK, 'Allies;false|0']],
    [[CARD_MASK, 'null;']],
    [[UNIT_MASK, 'Allies;false|0']],
  ]);
}, 60_000);

it("a save's unexpanded piece is hidden by its prototype's Mask as stated", async () => {
  const { first, built } = await run;
  const scenario = scenarioOf(first.files, 1);
  expect([scenario.setup, scenario.markers]).toEqual([
    [{ units: ['scout'], hex: '0201', faceDown: true }],
    [{ marker: 'ambush', hex: '0401' }],
  ]);
  const save = (await readModuleSave(built, 'Hidden.vsav'))!;
  expect(save.pieces.map((p) => masksOf(p.piece.traits))).toEqual([[[UNIT_MASK, 'Allies;false|0']], [[CARD_MASK, 'null;']]]);
}, 60_000);

/** What VASSAL shows of each at-start piece: where, its names, masker, hidden from others, menu but Clone and Delete. */
const seen = (pieces: readonly SetupPiece[]) =>
  pieces
    .map((p) => {
      const menu = (p.menu ?? []).filter((c) => !c.startsWith('Clone') && !c.startsWith('Delete'));
      return [p.location, p.name, p.shownName, p.properties['obs;'] ?? '', p.properties.ObscuredToOthers ?? '', menu.join('|')].join(' / ');
    })
    .sort();

describeVassal("prototypes' Masks in VASSAL itself", () => {
  it("a new game and the save in the built module place the pieces a prototype masks as the original's do", async () => {
    await withTempDir(async (dir) => {
      const original = path.join(dir, 'original.vmod');
      const save = await savedGameArchive(SAVE, { name: 'Hidden', version: '1', description: '', dateSaved: 0 }, 'Hidden start', 0);
      const entries = [...IMAGES, { path: 'Hidden.vsav', data: save }];
      const zip = await writeZip([{ path: 'buildFile.xml', data: MODULE }, ...entries], 0);
      await zipped(original, (await readZip(zip, { file: 'o', limits: readLimits() })).entries);
      const imported = await importBuildFile(MODULE, entries);
      await writeGameFolder(path.join(dir, 'game'), imported.files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
      const properties = ['obs;', 'ObscuredToOthers'];
      const [before, after] = [await vassalReport(original, [], properties), await vassalReport(built, [], properties)];
      expect(seen(before.atStart!).filter((p) => p.includes('Allies'))).toHaveLength(2);
      expect(seen(after.atStart!)).toEqual(seen(before.atStart!));
      // The save's pieces as VASSAL loads them: the scout, unexpanded in the original, shows its mask's
      // name there too. (An unexpanded prototype does not pass its traits' properties on, so the
      // original reports no masker: the built save's, expanded, is the side its Mask states.)
      const shown = (r: typeof before) =>
        (r.setups ?? [])
          .flatMap((setup) => setup.pieces)
          .map((p) => [p.location, p.name, p.shownName, (p.menu ?? []).filter((c) => !/^(Clone|Delete)/.test(c)).join('|')].join(' / '));
      expect(shown(before)).toEqual(['0201 / Scout / Hidden unit / ', '0401 / Ambush / Ambush / ']);
      expect(shown(after)).toEqual(shown(before));
      expect(after.setups![0].pieces.map((p) => [p.properties['obs;'] ?? '', p.properties.ObscuredToOthers])).toEqual([
        ['Allies', 'true'],
        ['', 'false'],
      ]);
    });
  }, 600_000);
});

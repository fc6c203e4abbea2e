/**
 * Masks as the module has them, kept through import → build → import: a unit its own Mask hides
 * in an at-start stack starts face down in the built module too; a Mask's keystroke, menu texts,
 * peek key and access (by side, or by a list of sides) are written back as the module had them
 * (Obscurable.myGetType, PieceAccessConfigurer.encode); and the palette pieces carrying a Mask
 * carry it in the built module.
 */
import { expect, it } from 'vitest';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { encodePiece } from '../../src/vassal/piece';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { readLimits, readModule, type ReadModule } from '../../src/vassal/reader/index';
import { readModuleSave } from '../../src/vassal/reader/module';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { buildBasicPiece, type Trait } from '../../src/vassal/traits/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { greyPicture } from './rebuild-kit';
import { SMALL_HEX_BOARD, importBuildFile, oneMapBuildFile, setupStack } from './synthetic-module';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/**
 * A scout's Mask: Ctrl+H "Hide", peek with Ctrl+P "Look", any player of the masking side may
 * unmask (`side:`), named "Hidden unit", no auto-peek.
 */
const UNIT_MASK = 'obs;72,130;scout-back.png;Hide;P80,130;Hidden unit;side:;Look;Scout mask;false;;';
/** A card's Mask: no keystroke, menu "Conceal", players of Allies or Axis may unmask, drawn over by another picture. */
const CARD_MASK = 'obs;;card-back.png;Conceal;Gcard-cover.png;?;sides:Allies:Axis;Peek;;true;;';

/** A Mask of the format reference's example but for its picture: all a build's defaults. */
const PLAIN_MASK = 'obs;77,130;card-back.png;Mask;I;?;player:;Peek;;false;;';

const scout = (by: string | null): Trait[] => [
  { type: UNIT_MASK, state: by === null ? 'null;' : `${by};` },
  { type: 'mark;Side', state: 'Allies' },
  buildBasicPiece({ name: 'Scout', image: 'scout.png' }),
];
const card = (by: string | null): Trait[] => [
  { type: CARD_MASK, state: by === null ? 'null;' : `${by};` },
  buildBasicPiece({ name: 'Ambush', image: 'ambush.png' }),
];
/** A card only an at-start stack holds (as a deck's cards are), face up, carrying a Mask. */
const mine: Trait[] = [{ type: PLAIN_MASK, state: 'null;' }, buildBasicPiece({ name: 'Mine', image: 'ambush.png' })];
const slot = (traits: Trait[], gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="" gpid="${gpid}" height="0" width="0">${xmlText(encodePiece({ id: 'null', traits }))}</VASSAL.build.widget.PieceSlot>`;

const MODULE = oneMapBuildFile({
  name: 'Hidden',
  sides: ['Allies', 'Axis'],
  palette: slot(scout(null), 1) + slot(card(null), 2),
  board: SMALL_HEX_BOARD,
  // Hexes 0201 (x = 96), 0401 (x = 208) and 0601 (x = 320): a scout hidden by the Allies side and
  // one shown, a card hidden by Axis, a card of no palette.
  stacks:
    setupStack(96, slot(scout('Allies'), 11) + slot(card('Axis'), 12)) +
    setupStack(208, slot(scout(null), 13)) +
    setupStack(320, slot(mine, 14)),
});
/** The module with a predefined setup "Hidden start" of a save holding a scout hidden by Allies, one shown, and the card hidden by Axis. */
const BUILD_FILE = MODULE.replace(
  '</VASSAL.build.GameModule>',
  '<VASSAL.build.module.PredefinedSetup file="Hidden.vsav" isMenu="false" name="Hidden start" useFile="true"/></VASSAL.build.GameModule>',
);
/** A saved piece: its traits with the BasicPiece's state on the map at (x, 100). */
const saved = (id: number, traits: Trait[], x: number) =>
  encodePiece({
    id: String(id),
    traits: traits.map((t, i) => (i === traits.length - 1 ? { ...t, state: `Main Map;${x};100;${id};0` } : t)),
  });
const SAVE = [
  'begin_save',
  '',
  saved(1000, scout('Allies'), 96),
  saved(1001, card('Axis'), 96),
  saved(1002, scout(null), 208),
  'SETUP_STACK\t',
  'end_save',
].join(COMMAND_SEPARATOR);

const IMAGES = ['scout-back.png', 'scout.png', 'card-back.png', 'card-cover.png', 'ambush.png'].map((name, i) => ({
  path: `images/${name}`,
  data: greyPicture(20, 30, 40 + 30 * i),
}));

const scenarioOf = (files: Map<string, string | Uint8Array>, n = 0) =>
  (JSON.parse(files.get('scenarios.json') as string) as { scenarios: Array<Record<string, unknown>> }).scenarios[n];
const countersOf = (files: Map<string, string | Uint8Array>) => JSON.parse(files.get('counters.json') as string) as Record<string, unknown>;

/** Each piece's Mask (type, state), those of the palette and those of the at-start stacks. */
function masksOf(module: ReadModule): { palette: string[][]; atStart: string[][] } {
  const atStart = (d: ReadModule['definitions'][number]) => d.ancestors.some((a) => a.name === 'VASSAL.build.module.map.SetupStack');
  const masks = (defs: ReadModule['definitions']) =>
    defs.flatMap((d) => d.piece.traits.filter((t) => t.type.startsWith('obs;')).map((t) => [t.type, t.state]));
  const slots = module.definitions.filter((d) => d.kind === 'slot');
  return { palette: masks(slots.filter((d) => !atStart(d))), atStart: masks(slots.filter(atStart)) };
}

const images = 'vassal/module/images/';
// Fields as UNIT_MASK and CARD_MASK state them where they differ from a build's defaults.
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
const cardMask = {
  image: `${images}card-back.png`,
  style: `G${images}card-cover.png`,
  key: '',
  menu: 'Conceal',
  access: ['Allies', 'Axis'],
  autoPeek: true,
};

/** The first import, the module built from it, and that module imported. */
const run = (async () => {
  const save = await savedGameArchive(SAVE, { name: 'Hidden', version: '1', description: '', dateSaved: 0 }, 'Hidden start', 0);
  const first = await importBuildFile(BUILD_FILE, [...IMAGES, { path: 'Hidden.vsav', data: save }]);
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() })).module!;
    return { first, built, again: await importModule(built, { id: 'synthetic' }) };
  });
})();
run.catch(() => undefined);

it('a unit its Mask hides starts face down, and the built module hides it by the same side', async () => {
  const { first, built } = await run;
  expect(scenarioOf(first.files).setup).toEqual([
    { units: ['scout'], hex: '0201', faceDown: true },
    { units: ['scout-2'], hex: '0401' },
  ]);
  expect(scenarioOf(first.files).markers).toEqual([
    { marker: 'ambush', hex: '0201', faceDown: true },
    { marker: 'mine', hex: '0601' },
  ]);
  expect(masksOf(built).atStart.map(([, state]) => state)).toEqual(['Allies;false|0', 'Axis;false|0', 'null;', 'null;']);
}, 60_000);

it("a Mask's keystroke, texts, peek key and access are kept, and written back as the module had them", async () => {
  const { first, built } = await run;
  expect(scenarioOf(first.files).vassal).toEqual({
    setup: 'at-start stacks',
    masks: { ambush: { ...cardMask, by: 'Axis' } },
    unitMasks: { scout: { ...unitMask, by: 'Allies' } },
  });
  // The module's own Mask types, byte for byte.
  expect(masksOf(built).atStart.map(([type]) => type)).toEqual([UNIT_MASK, CARD_MASK, UNIT_MASK, PLAIN_MASK]);
}, 60_000);

it('palette pieces carrying a Mask carry it in the built module, as do the markers of no palette', async () => {
  const { first, built } = await run;
  // One entry per distinct Mask: the scout's copy carries its unit's.
  expect(countersOf(first.files).vassal).toEqual({
    masks: [
      { units: ['scout', 'scout-2'], ...unitMask },
      { markers: ['ambush'], ...cardMask },
      { markers: ['mine'], image: `${images}card-back.png`, style: 'I' },
    ],
  });
  expect(masksOf(built).palette).toEqual([
    [UNIT_MASK, 'null;'],
    [UNIT_MASK, 'null;'],
    [CARD_MASK, 'null;'],
    [PLAIN_MASK, 'null;'],
  ]);
}, 60_000);

it("a save's masked pieces start face down as the at-start stacks' do, and the built save hides them alike", async () => {
  const { first, built } = await run;
  const scenario = scenarioOf(first.files, 1);
  expect([scenario.name, scenario.setup, scenario.markers]).toEqual([
    'Hidden start',
    [
      { units: ['scout'], hex: '0201', faceDown: true },
      { units: ['scout-2'], hex: '0401' },
    ],
    [{ marker: 'ambush', hex: '0201', faceDown: true }],
  ]);
  expect(scenario.vassal).toEqual({
    setup: 'saved game',
    file: 'Hidden.vsav',
    masks: { ambush: { ...cardMask, by: 'Axis' } },
    unitMasks: { scout: { ...unitMask, by: 'Allies' } },
  });
  const save = (await readModuleSave(built, 'Hidden.vsav'))!;
  const masks = save.pieces.map((p) => p.piece.traits.filter((t) => t.type.startsWith('obs;')).map((t) => [t.type, t.state]));
  expect(masks).toEqual([[[UNIT_MASK, 'Allies;false|0']], [[CARD_MASK, 'Axis;false|0']], [[UNIT_MASK, 'null;']]]);
}, 60_000);

it('the built module imports back to the same data', async () => {
  const { first, again } = await run;
  for (const file of ['scenarios.json', 'counters.json', 'units.csv']) expect(again.files.get(file), file).toEqual(first.files.get(file));
}, 60_000);

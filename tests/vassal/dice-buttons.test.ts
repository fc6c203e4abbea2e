/**
 * The buttons of a module's dice (map.json `buttons[].die`): a DiceButton's and a SpecialDiceButton's
 * `text`, `tooltip`, `icon` and `hotkey` (VASSAL's AbstractToolbarItem names, which both classes use). The
 * import keeps what differs from the DiceButton the build writes for the die (its id as text, its
 * name as tooltip, as VASSAL shows a DiceButton's `name` when no tooltip is set), the module built
 * from the folder writes the module's buttons on the dice's DiceButtons, each named as the module
 * named it (VASSAL's roll report prints a DiceButton's `name` as $name$: DiceButton.formatResult),
 * the icon the same bytes, and its import reads the same data back.
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';
import { DIE_ICON, diceModuleEntries } from './dice-module-kit';
import { M } from './toolbar-module-kit';

const BUTTON = ['text', 'tooltip', 'icon', 'hotkey'];
const DICE = new Set([`${M}.DiceButton`, `${M}.SpecialDiceButton`]);
const diceButtons = (root: XmlElement) => [...walkElements(root)].filter((e) => DICE.has(e.name));
const rootOf = async (entries: Map<string, Uint8Array>) =>
  (await readModule(entries, { source: 'module', limits: readLimits() })).module!.root;
const buttonOf = (e: XmlElement) => BUTTON.map((n) => attribute(e, n));

it("each die's toolbar button is kept, named by the die, and the built DiceButtons carry the module's buttons", async () => {
  const entries = await diceModuleEntries();
  const imported = await importEntries(entries, 'dice');
  expect(validateGameFiles('dice', imported.files).filter((d) => d.severity === 'error')).toEqual([]);
  expect(jsonOf(imported, 'game.json').dice.map((d: { id: string; name: string }) => [d.id, d.name])).toEqual([
    ['2d6', 'Combat'],
    ['1d6', 'Morale'],
  ]);
  // The Combat die's tooltip is its own; the Morale die's is its name, the built default; its text is "" (its icon alone).
  expect(jsonOf(imported, 'map.json').buttons.filter((b: { die?: string }) => b.die !== undefined)).toEqual([
    { die: '2d6', text: 'Fight!', tooltip: 'Roll for combat', icon: 'vassal/module/images/icon-die.png', hotkey: '68,130' },
    { die: '1d6', text: '', icon: '/images/die.gif', hotkey: '77,195' },
  ]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, imported, 'dice');
    // The module's own buttons, its icon named as the built module ships it (under images/, as the original).
    const originalDice = diceButtons(await rootOf(entries));
    const original = originalDice.map(buttonOf);
    expect(original).toEqual([
      ['Fight!', 'Roll for combat', 'icon-die.png', '68,130'],
      ['', 'Morale', '/images/die.gif', '77,195'],
    ]);
    const builtDice = diceButtons(await rootOf(built));
    expect(builtDice.map((e) => e.name)).toEqual([`${M}.DiceButton`, `${M}.DiceButton`]);
    expect(builtDice.map(buttonOf)).toEqual(original);
    // The name each roll report prints, as in the module.
    expect(builtDice.map((e) => attribute(e, 'name'))).toEqual(originalDice.map((e) => attribute(e, 'name')));
    expect(Buffer.from(built.get('images/icon-die.png')!).equals(Buffer.from(DIE_ICON))).toBe(true);
    expect(dataFiles(second)).toEqual(dataFiles(imported));
  });
}, 120_000);

it('a button naming no die of game.json is an error at the button', async () => {
  const files = new Map((await importEntries(await diceModuleEntries(), 'dice')).files);
  const map = JSON.parse(files.get('map.json') as string);
  map.buttons.push({ die: '3d6', text: 'Three' });
  files.set('map.json', JSON.stringify(map, null, 2));
  expect(
    validateGameFiles('dice', files)
      .filter((d) => d.severity === 'error')
      .map((d) => [d.code, d.pointer]),
  ).toEqual([['ref/unknown-die', '/buttons/7/die']]);
});

it("a tooltip on a die's button is kept without a warning; one on the turn tracker's button is a warning: the built one is the turn label's", async () => {
  const files = new Map((await importEntries(await diceModuleEntries(), 'dice')).files);
  const map = JSON.parse(files.get('map.json') as string);
  const die = map.buttons.findIndex((b: { die?: string }) => b.die !== undefined);
  map.buttons[die].tooltip = 'Roll';
  const turn = map.buttons.findIndex((b: { component?: string }) => b.component === 'turn');
  map.buttons[turn].tooltip = 'Turns';
  files.set('map.json', JSON.stringify(map, null, 2));
  expect(
    validateGameFiles('dice', files)
      .filter((d) => d.code.startsWith('map/'))
      .map((d) => [d.severity, d.code, d.pointer]),
  ).toEqual([['warning', 'map/button-tooltip-unused', `/buttons/${turn}/tooltip`]]);
}, 60_000);

/**
 * A DiceButton of a module from before VASSAL 1.3 has one `label` attribute for its name and its
 * button text: DiceButton.setAttribute reads the deprecated `label` (DEPRECATED_NAME) as both, so
 * VASSAL's roll report prints it as $name$ and its toolbar button shows it. VASSAL sets attributes
 * in sorted order (`label`, `name`, `text`): a `name` beside it wins as the name, a `text` as the
 * button text. A SpecialDiceButton has no such attribute (its setAttribute reads `name` alone).
 */
import { expect, it } from 'vitest';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const M = 'VASSAL.build.module';

const BUILD_FILE = oneMapBuildFile({
  name: 'Old dice',
  sides: ['Red'],
  palette: `<VASSAL.build.widget.PieceSlot entryName="Tank" gpid="1" height="50" width="50">+/null/mark;Side\tpiece;;;Tank.png;Tank/Red\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>`,
  board: `<${M}.map.boardPicker.Board image="" name="Map" width="400" height="400"/>`,
  stacks: '',
}).replace(
  '</VASSAL.build.GameModule>',
  `<${M}.DiceButton label="Combat die" nDice="1" nSides="6"/>` +
    `<${M}.DiceButton label="Old name" name="Morale" nDice="2" nSides="10"/>` +
    `<${M}.DiceButton label="Old text" text="Roll" nDice="3" nSides="6"/>` +
    `<${M}.SpecialDiceButton label="Ignored" name="Special" text="Draw"><${M}.SpecialDie faces="2" name="Coin"><${M}.SpecialDieFace text="1" value="1"/><${M}.SpecialDieFace text="2" value="2"/></${M}.SpecialDie></${M}.SpecialDiceButton>` +
    '</VASSAL.build.GameModule>',
);

it("an old DiceButton's `label` is its name and its button's text, and a `name` or `text` beside it wins", async () => {
  const imported = await importBuildFile(BUILD_FILE);
  const dice = JSON.parse(imported.files.get('game.json') as string).dice as { id: string; name: string; count: number; faces: number }[];
  expect(dice.map((d) => [d.id, d.name, d.count, d.faces])).toEqual([
    ['1d6', 'Combat die', 1, 6],
    ['2d10', 'Morale', 2, 10],
    ['3d6', 'Old text', 3, 6],
    ['1d2', 'Special', 1, 2],
  ]);
  // The built button's text is the die's id and its tooltip the die's name (VASSAL's when no tooltip is set): only the texts differ.
  const buttons = JSON.parse(imported.files.get('map.json') as string).buttons as { die?: string }[];
  expect(buttons.filter((b) => b.die !== undefined)).toEqual([
    { die: '1d6', text: 'Combat die' },
    { die: '2d10', text: 'Old name' },
    { die: '3d6', text: 'Roll' },
    { die: '1d2', text: 'Draw' },
  ]);
  // The module built from the folder writes those names and texts, and its import reads them back.
  const again = await importBuiltModule(imported);
  const json = (r: typeof imported, file: string) => JSON.parse(r.files.get(file) as string);
  expect(json(again, 'game.json').dice).toEqual(json(imported, 'game.json').dice);
  expect(json(again, 'map.json').buttons).toEqual(buttons);
}, 60_000);

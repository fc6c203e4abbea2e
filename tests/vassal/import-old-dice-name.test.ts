/**
 * A DiceButton of a module from before VASSAL 1.3 has one `label` attribute for its name and its
 * button text: DiceButton.setAttribute reads the deprecated `label` (DEPRECATED_NAME) as both, so
 * VASSAL's roll report prints it as $name$. A `name` beside it wins (set after it).
 */
import { expect, it } from 'vitest';
import { importBuildFile, oneMapBuildFile } from './synthetic-module';

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
    '</VASSAL.build.GameModule>',
);

it("an old DiceButton's `label` is its name, and a `name` beside it wins", async () => {
  const imported = await importBuildFile(BUILD_FILE);
  const dice = JSON.parse(imported.files.get('game.json') as string).dice as { name: string; count: number; faces: number }[];
  expect(dice.map((d) => [d.name, d.count, d.faces])).toEqual([
    ['Combat die', 1, 6],
    ['Morale', 2, 10],
  ]);
});

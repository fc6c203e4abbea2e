/**
 * A SpecialDiceButton (VASSAL's dice drawn as pictures: SpecialDie children, each a list of
 * SpecialDieFace with a numeric value) is a numbered die when each of its dice has faces worth
 * 1..n, each once: VASSAL rolls one face of each die uniformly and totals the values
 * ($numericalTotal$). Dice of symbols (values repeated or missing, or faces reporting words, as a
 * 3.2 module's die of "Minus one", "Nothing", "Capture" worth 1..6) are no numbered die. The die
 * read stays the same through build and import again.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const M = 'VASSAL.build.module';
const face = (value: number, text: string) => `<${M}.SpecialDieFace icon="White D6 ${text}.jpg" text="${text}" value="${value}"/>`;
const die = (name: string, values: readonly number[]) =>
  `<${M}.SpecialDie format="$result$" name="${name}">${values.map((v, i) => face(v, String(i + 1))).join('')}</${M}.SpecialDie>`;
const button = (name: string, dice: string) =>
  `<${M}.SpecialDiceButton name="${name}" text="${name}" tooltip="" reportFormat="$name$: $result1$ $result2$">${dice}</${M}.SpecialDiceButton>`;

const WORDS = ['Minus one', 'Nothing', 'Capture', 'Capture', 'Capture', 'Plus one'];

const SLOT = `<VASSAL.build.widget.PieceSlot entryName="Tank" gpid="1" height="50" width="50">+/null/mark;Side\tpiece;;;Tank.png;Tank/Red\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Dice',
  sides: ['Red'],
  palette: SLOT,
  board: `<${M}.map.boardPicker.Board image="" name="Map" width="400" height="400"/>`,
  stacks: '',
}).replace(
  '</VASSAL.build.GameModule>',
  // Two d6 whose faces are listed out of order; a combat die of symbols; a single d10 counted from 1.
  button('Fire combat', die('White', [1, 2, 3, 4, 5, 6]) + die('Yellow', [6, 5, 4, 3, 2, 1])) +
    button('Combat die', die('Symbols', [0, 0, 1, 1, 2, 3])) +
    button('Capture', `<${M}.SpecialDie format="$result$" name="Empty">${WORDS.map((w, i) => face(i + 1, w)).join('')}</${M}.SpecialDie>`) +
    `<${M}.DiceButton name="Morale" nDice="1" nSides="10"/>` +
    button('Chit draw', die('D10', [3, 1, 2, 4, 5, 6, 7, 8, 9, 10])) +
    '</VASSAL.build.GameModule>',
);

const dice = (r: ImportResult) => JSON.parse(r.files.get('game.json') as string).dice;

it('a SpecialDiceButton of numbered faces is read as dice, in document order, and stays so after build and import again', async () => {
  const first = await importBuildFile(BUILD_FILE);
  expect(dice(first).map(({ source: _source, ...d }: { source: unknown }) => d)).toEqual([
    { id: '2d6', count: 2, faces: 6, name: 'Fire combat' },
    { id: '1d10', count: 1, faces: 10, name: 'Morale' },
    { id: '1d10-2', count: 1, faces: 10, name: 'Chit draw' },
  ]);
  const again = await importBuiltModule(first);
  expect(dice(again).map((d: { id: string; count: number; faces: number; name: string }) => [d.id, d.count, d.faces, d.name])).toEqual(
    dice(first).map((d: { id: string; count: number; faces: number; name: string }) => [d.id, d.count, d.faces, d.name]),
  );
}, 60_000);

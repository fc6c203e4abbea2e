/**
 * A deck's cards are setup placements: VASSAL's DrawPile is a SetupStack (map/DrawPile.java), so a
 * new game starts with its cards (CardSlot children) at the deck's pixel of its owning board, in
 * their order, as one deck. The import lists each card as a marker placement of the at-start
 * scenario, in the stack named after the deck; the built module places them there again, and its
 * import reads the same data.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from './synthetic-module';

const slot = (name: string, gpid: number, side: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/mark;Side\tpiece;;;;${name}/${side}\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
const card = (name: string, gpid: number) =>
  `<VASSAL.build.widget.CardSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.CardSlot>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Decks',
  sides: ['Red', 'Blue'],
  palette: slot('Red 1', 1, 'Red') + slot('Blue 1', 2, 'Blue'),
  board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="600" height="400"/>',
  stacks: `<VASSAL.build.module.map.SetupStack name="Red 1" owningBoard="Table" useGridLocation="false" x="50" y="60">${slot('Red 1', 11, 'Red')}</VASSAL.build.module.map.SetupStack>
    <VASSAL.build.module.map.DrawPile name="Event Deck" owningBoard="Table" x="300" y="200" width="70" height="130" faceDown="Always" shuffle="Always" draw="true">${card('Ambush', 21)}${card('Rain', 22)}${card('Ambush', 23)}</VASSAL.build.module.map.DrawPile>`,
});

const scenario = (r: ImportResult) => JSON.parse(r.files.get('scenarios.json') as string).scenarios[0];

it("a deck's cards are placed where the deck stands, in order, and read back the same after build and import again", async () => {
  const first = await importBuildFile(BUILD_FILE);
  const deck = { box: 'main-map', at: { board: 'Table', x: 300, y: 200 }, stack: 'Event Deck' };
  expect(scenario(first).markers).toEqual([
    { marker: 'ambush', ...deck },
    { marker: 'rain', ...deck },
    { marker: 'ambush', ...deck },
  ]);
  const markers = JSON.parse(first.files.get('counters.json') as string).markers;
  expect(markers.map((m: { id: string; count: number }) => [m.id, m.count])).toEqual([
    ['ambush', 2],
    ['rain', 1],
  ]);
  const again = await importBuiltModule(first);
  expect(scenario(again).markers).toEqual(scenario(first).markers);
  expect(scenario(again).setup).toEqual(scenario(first).setup);
}, 60_000);

/**
 * A pattern met in real modules: several decks on one map, listed in the buildFile in an order other
 * than where they stand (here the first deck stands right of the other two). The import lists the
 * decks as the module holds them; the built module must hold them in that order too, so that
 * importing it again lists the same decks in the same order.
 */
import { expect, it } from 'vitest';
import type { ImportResult } from '../../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from '../synthetic-module';

const unit = `<VASSAL.build.widget.PieceSlot entryName="Red 1" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;;Red 1/Red\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>`;
let gpid = 10;
const card = (name: string) =>
  `<VASSAL.build.widget.CardSlot entryName="${name}" gpid="${++gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.CardSlot>`;
const deck = (name: string, x: number, y: number, cards: string[]) =>
  `<VASSAL.build.module.map.DrawPile name="${name}" owningBoard="Table" x="${x}" y="${y}" width="70" height="100" faceDown="Always" shuffle="Always" draw="true">${cards.map(card).join('')}</VASSAL.build.module.map.DrawPile>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Decks in module order',
  sides: ['Red'],
  palette: unit,
  board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="1000" height="1000"/>',
  stacks: [
    deck('Weather', 420, 90, ['Rain', 'Fog']),
    deck('Events', 400, 300, ['Strike', 'Flood']),
    deck('Supply', 400, 520, ['Convoy']),
  ].join(''),
});

const decks = (r: ImportResult): Array<[string, string[]]> =>
  JSON.parse(r.files.get('scenarios.json') as string).scenarios[0].decks.map((d: { name: string; cards: string[] }) => [d.name, d.cards]);

it('decks keep the order the module lists them in, through build and import again', async () => {
  const first = await importBuildFile(BUILD_FILE);
  expect(decks(first)).toEqual([
    ['Weather', ['rain', 'fog']],
    ['Events', ['strike', 'flood']],
    ['Supply', ['convoy']],
  ]);
  const again = await importBuiltModule(first);
  expect(decks(again)).toEqual(decks(first));
}, 60_000);

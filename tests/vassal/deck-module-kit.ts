/**
 * A module with a deck: one map, a SetupStack and a DrawPile "Event Deck" of four cards (a unit
 * card between marker cards), with settings of map/DrawPile.java other than VASSAL's defaults.
 */
import { oneMapBuildFile } from './synthetic-module';

const slot = (kind: 'PieceSlot' | 'CardSlot', name: string, gpid: number, side?: string) =>
  `<VASSAL.build.widget.${kind} entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${side ? 'mark;Side\t' : ''}piece;;;;${name}/${side ? `${side}\t` : ''}null;0;0;${gpid};0</VASSAL.build.widget.${kind}>`;

/** The deck's settings as the module states them (every attribute but name and position). */
export const SETTINGS = {
  allowMultiple: 'true',
  draw: 'true',
  drawFaceUp: 'false',
  faceDown: 'Always',
  height: '130',
  reshufflable: 'true',
  reshuffleTarget: 'Discards',
  shuffle: 'Via right-click Menu',
  width: '70',
};
const settingsXml = Object.entries(SETTINGS)
  .map(([k, v]) => `${k}="${v}"`)
  .join(' ');

// A unit card between marker cards: the data's order of setup units and markers alone would lose it.
// With the command encoder VASSAL needs to decode the pieces, so that it loads the original too.
export const BUILD_FILE = oneMapBuildFile({
  name: 'Decks',
  sides: ['Red', 'Blue'],
  palette: slot('PieceSlot', 'Red 1', 1, 'Red') + slot('PieceSlot', 'Blue 1', 2, 'Blue'),
  board: '<VASSAL.build.module.map.boardPicker.Board name="Table" width="600" height="400"/>',
  stacks: `<VASSAL.build.module.map.SetupStack name="Red 1" owningBoard="Table" useGridLocation="false" x="50" y="60">${slot('PieceSlot', 'Red 1', 11, 'Red')}</VASSAL.build.module.map.SetupStack>
    <VASSAL.build.module.map.DrawPile ${settingsXml} name="Event Deck" owningBoard="Table" x="300" y="200">${slot('CardSlot', 'Ambush', 21)}${slot('CardSlot', 'Blue 1', 22, 'Blue')}${slot('CardSlot', 'Rain', 23)}${slot('CardSlot', 'Ambush', 24)}</VASSAL.build.module.map.DrawPile>`,
}).replace('<VASSAL.build.module.PlayerRoster>', '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.PlayerRoster>');

/** A discard pile: a DrawPile no card starts in, in an editor folder. */
export const DISCARDS = `<VASSAL.build.module.folder.MapSubFolder name="Piles" desc=""><VASSAL.build.module.map.DrawPile name="Discards" owningBoard="Table" x="450" y="200" faceDown="Never" draw="true"/></VASSAL.build.module.folder.MapSubFolder>`;

/** The module with the discard pile on its map. */
export const WITH_DISCARDS = BUILD_FILE.replace('</VASSAL.build.module.Map>', `${DISCARDS}</VASSAL.build.module.Map>`);

/** The module's entries, as a .vmod holds them. */
export const deckModuleEntries = (buildFile = BUILD_FILE): Map<string, Uint8Array> =>
  new Map([['buildFile.xml', new TextEncoder().encode(buildFile)]]);

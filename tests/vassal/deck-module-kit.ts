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

/**
 * A Deck's type as counters/Deck.java getType writes it for "Event Deck" (tokens in its order:
 * outline, colour, width, height, face-down option, shuffle option, multiple draw, select draw,
 * reversible, send-to command and target, its message, the deck's name, …; VASSAL takes its
 * defaults for the tokens after the last one written).
 */
export const EVENT_DECK_TYPE =
  'deck;true;0,0,0;70;130;Via right-click Menu;Via right-click Menu;true;false;false;Send to Discards;Discards;;Event Deck;;;;false;false;;;10;;false;;false;;$BasicName$;;false;;Shuffle;Reverse';
export const DISCARDS_TYPE = 'deck;true;0,0,0;40;40;Never;Never;false;false;false;;;;Discards';

/**
 * A saved game of the module: "Red 1" beside the deck's cards at its pixel; "Event Deck" face up
 * (its state names its cards in another order than the save writes them: Ambush 24, Blue 1, Ambush
 * 21, Rain); "Discards" empty and face up (Deck.getState writes no card ids then).
 */
export const DEAL_COMMANDS = [
  'begin_save',
  '',
  '+/1000/piece;;;;Ambush/Main Map;300;200;21;0',
  '+/1001/mark;Side\tpiece;;;;Blue 1/Blue\tMain Map;300;200;22;0',
  '+/1002/piece;;;;Rain/Main Map;300;200;23;0',
  '+/1003/piece;;;;Ambush/Main Map;300;200;24;0',
  `+/1004/${EVENT_DECK_TYPE.replace(/\//g, '\\/')}/Main Map;300;200;false;1003,1001,1000,1002`,
  '+/1005/mark;Side\tpiece;;;;Red 1/Red\tMain Map;300;200;11;0',
  `+/1006/${DISCARDS_TYPE}/Main Map;450;200;false`,
  'SETUP_STACK\t',
  'end_save',
];

/** The module with the discard pile and a predefined setup "Deal" of that save (`Deal.vsav`). */
export const WITH_DEAL = WITH_DISCARDS.replace(
  '</VASSAL.build.GameModule>',
  '<VASSAL.build.module.PredefinedSetup file="Deal.vsav" isMenu="false" name="Deal" useFile="true"/></VASSAL.build.GameModule>',
);

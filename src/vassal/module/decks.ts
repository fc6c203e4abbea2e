/**
 * A deck of the data as VASSAL holds it: a DrawPile (a SetupStack a new game turns into a Deck
 * players draw from), its cards as CardSlots in the deck's order, and the settings the data kept
 * from the module (map/DrawPile.java attributes). An attribute the data does not state is left out,
 * so VASSAL takes its own default.
 */
import type { Point } from '../../hex';
import type { DeckFile } from '../../model/files';
import type { XmlElement } from '../xml-tree';
import { decodeSequence, encodeSequence } from '../sequence-encoder';
import { P, el } from './components';

/** The DrawPile attributes that say where it stands: the built module writes them from the placements, never from the settings. */
const PLACE_ATTRIBUTES = new Set(['name', 'owningBoard', 'x', 'y', 'useGridLocation', 'location']);

/** The position of the deck's cards in the order the deck lists them; cards it does not list follow, in their own order. */
export function deckOrder(pieceIds: readonly string[], cards: readonly string[]): number[] {
  // Each id's positions, first first: a card listed n times takes its first n copies.
  const free = new Map<string, number[]>();
  pieceIds.forEach((id, i) => {
    const list = free.get(id);
    if (list) list.push(i);
    else free.set(id, [i]);
  });
  const listed = cards.flatMap((card) => {
    const at = free.get(card)?.shift();
    return at === undefined ? [] : [at];
  });
  const taken = new Set(listed);
  return [...listed, ...pieceIds.map((_, i) => i).filter((i) => !taken.has(i))];
}

export function cardSlot(entryName: string, gpid: number, definition: string): XmlElement {
  return el(`${P}widget.CardSlot`, { entryName, gpid, height: 0, width: 0 }, [], definition);
}

/** The DrawPile of a deck standing at a board pixel, holding `cards` (CardSlots). */
export function drawPile(deck: DeckFile, at: { board: string; x: number; y: number }, cards: XmlElement[]): XmlElement {
  const settings = Object.entries(deck.vassal ?? {}).filter(([name]) => !PLACE_ATTRIBUTES.has(name));
  return el(
    `${P}module.map.DrawPile`,
    { ...Object.fromEntries(settings), name: deck.name, owningBoard: at.board, x: at.x, y: at.y },
    cards,
  );
}

/** Where a deck without cards stands: its map, board and pixel on that board. */
export type DeckTarget = (deck: DeckFile) => { mapId: string; board: string; onBoard: Point } | undefined;

/** The deck's name in a Deck type (`deck;…`, counters/Deck.java getType): the token after the reshuffle message, VASSAL's default when the type stops before it. */
const DECK_NAME_TOKEN = 13;
const DEFAULT_DECK_NAME = 'Deck';

export function deckName(type: string): string {
  return decodeSequence(type, ';')[DECK_NAME_TOKEN] ?? DEFAULT_DECK_NAME;
}

/** The Deck type naming the deck `name`: a deck renamed in the data is saved under its new name (VASSAL finds its DrawPile by it). */
export function renamedDeckType(type: string, name: string): string {
  if (deckName(type) === name) return type;
  const tokens = decodeSequence(type, ';');
  while (tokens.length <= DECK_NAME_TOKEN) tokens.push('');
  tokens[DECK_NAME_TOKEN] = name;
  return encodeSequence(tokens, ';')!;
}

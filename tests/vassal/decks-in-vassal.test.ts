/**
 * Decks seen by VASSAL 3.7.26 itself: File > New Game in the module built from the import of a
 * module with a DrawPile (./deck-module-kit.ts) puts the same cards in a Deck of the same name, at
 * the same board pixel, in the same order, with the face-down, shuffle and multiple-draw settings the original gave it;
 * and so for the template fixture's deck. A saved game's deck loads from the built module's save as
 * from the original's: the same cards in the same order, the same settings and face.
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { DEAL_COMMANDS, SETTINGS, WITH_DEAL, WITH_DISCARDS, deckModuleEntries } from './deck-module-kit';
import { TEMPLATE, fixture } from './import-fixtures';
import { placedBeforeAndAfter } from './vassal-run';

/** Each piece in a deck as "name: deck settings, map (x, y)", in the deck's order (it is shuffled only from its menu). */
const inDecks = (pieces: readonly SetupPiece[]) =>
  pieces.filter((p) => p.deck !== undefined).map((p) => `${p.name}: ${JSON.stringify(p.deck)} ${p.map} (${p.x}, ${p.y})`);

describeVassal('decks in VASSAL itself', () => {
  it("the built module's new game deals the original's cards into a deck with its settings", async () => {
    const { before, after, validation } = await placedBeforeAndAfter(deckModuleEntries(), 'decks', true);
    const deck = {
      name: 'Event Deck',
      faceDown: SETTINGS.faceDown,
      shuffle: SETTINGS.shuffle,
      allowMultiple: true,
      size: 4,
      isFaceDown: true,
    };
    // The original, as the buildFile states it: four cards in the deck, in its order, at board pixel (300, 200).
    expect(inDecks(before)).toEqual(['Ambush', 'Blue 1', 'Rain', 'Ambush'].map((n) => `${n}: ${JSON.stringify(deck)} Main Map (300, 200)`));
    expect(inDecks(after)).toEqual(inDecks(before));
    expect(after.find((p) => p.name === 'Red 1')?.deck).toBeUndefined();
    expect(validation).toEqual([]);
  }, 900_000);

  it('the built module lays out an empty discard pile as the original does: its place and settings', async () => {
    const { decks } = await placedBeforeAndAfter(deckModuleEntries(WITH_DISCARDS), 'decks', true);
    // The original, as the buildFile states it: "Discards" at board pixel (450, 200), face up, no card.
    const discards = { name: 'Discards', faceDown: 'Never', size: 0, map: 'Main Map', x: 450, y: 200 };
    expect(decks.before?.find((d) => d.name === 'Discards')).toMatchObject(discards);
    expect(decks.after).toEqual(decks.before);
  }, 900_000);

  it("the template fixture: the built module's new game deals the original's three cards into its deck", async () => {
    const entries = (await readModuleEntries(fixture(TEMPLATE), readLimits())).entries!;
    const { before, after, validation } = await placedBeforeAndAfter(entries, 'game', true);
    // Its deck is shuffled at will ("Always"): the cards are compared as a set.
    const sorted = (pieces: readonly SetupPiece[]) => inDecks(pieces).sort();
    const deck = { name: 'Draw', faceDown: 'Always', shuffle: 'Always', allowMultiple: true, size: 3, isFaceDown: true };
    expect(sorted(before)).toEqual(['INF-lIII-1', 'INF-lIII-2', 'INF-lIII-3'].map((n) => `${n}: ${JSON.stringify(deck)} Draw (100, 100)`));
    expect(sorted(after)).toEqual(sorted(before));
    expect(validation).toEqual([]);
  }, 900_000);

  it("a saved game's deck: the built module's save loads the original's deck, its cards in order, its settings and face", async () => {
    const identity = { name: 'Decks', version: '1', description: '', dateSaved: 0 };
    const entries = deckModuleEntries(WITH_DEAL);
    entries.set('Deal.vsav', await savedGameArchive(DEAL_COMMANDS.join(COMMAND_SEPARATOR), identity, 'Deal', 0));
    const { before, after, validation } = await placedBeforeAndAfter(entries, 'decks', false);
    // The original, as its save states it (deck-module-kit.ts): the state's order, the type's settings, face up.
    const deck = {
      name: 'Event Deck',
      faceDown: 'Via right-click Menu',
      shuffle: 'Via right-click Menu',
      allowMultiple: true,
      size: 4,
      isFaceDown: false,
    };
    expect(inDecks(before)).toEqual(['Ambush', 'Blue 1', 'Ambush', 'Rain'].map((n) => `${n}: ${JSON.stringify(deck)} Main Map (300, 200)`));
    expect(inDecks(after)).toEqual(inDecks(before));
    const red = (pieces: readonly SetupPiece[]) => pieces.filter((p) => p.name === 'Red 1').map((p) => [p.deck, p.map, p.x, p.y]);
    expect(red(before)).toEqual([[undefined, 'Main Map', 300, 200]]);
    expect(red(after)).toEqual(red(before));
    expect(validation).toEqual([]);
  }, 900_000);
});

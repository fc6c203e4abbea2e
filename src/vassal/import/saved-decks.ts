/**
 * The decks of a saved game (counters/Deck.java, as GameState writes it: each card its own piece
 * command, then the deck naming them). A deck's cards are read where the deck stands, in the
 * deck's order, and the deck keeps its type (the settings VASSAL reads back when it loads the save)
 * and whether its cards lie face down.
 */
import type { SavedDeckRecord, SavedGameContents, SavedPiece } from '../reader/saved-game';
import { deckName } from '../module/decks';

export interface SavedDeck {
  name: string;
  record: SavedDeckRecord;
  /** Its cards, in the deck's order; ids the save holds no piece for are left out, as VASSAL leaves them. */
  cards: SavedPiece[];
}

/** The save's decks, and the pieces that lie in one (each in the first deck naming it). */
export function savedDecks(save: SavedGameContents): { decks: SavedDeck[]; inDeck: Set<SavedPiece> } {
  const byId = new Map(save.pieces.map((p) => [p.id, p]));
  const inDeck = new Set<SavedPiece>();
  const decks = save.decks.map((record): SavedDeck => {
    const cards = record.pieceIds.flatMap((id) => {
      const piece = byId.get(id);
      if (!piece || inDeck.has(piece)) return [];
      inDeck.add(piece);
      return [piece];
    });
    return { name: deckName(record.type), record, cards };
  });
  return { decks, inDeck };
}

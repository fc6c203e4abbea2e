/**
 * The decks of a scenario built as a saved game: a deck the data keeps as a save held it (`saved`:
 * its Deck type and face) is a Deck of the save again, its cards the pieces the scenario places in
 * the stack of its name, in the deck's order, where they stand; a deck without cards stands at its
 * own place. Other pieces of that place stay a stack of their own.
 */
import type { Diagnostic } from '../../diagnostics';
import type { DeckFile, ScenarioFile } from '../../model/files';
import type { Point } from '../../hex';
import { type DeckTarget, deckOrder, renamedDeckType } from './decks';
import type { SavedStack } from './saved-game';
import type { PlacedStack } from './placements';

/** The decks a saved game holds: those the data keeps with their saved type. */
export const savedGameDecks = (scenario: ScenarioFile): DeckFile[] => (scenario.decks ?? []).filter((d) => d.saved !== undefined);

/**
 * The setup's stacks with each deck's cards taken out of their place's stack into a deck there
 * (right after what remains of it), and the empty decks after them all; `origins` places a board
 * pixel on its map, `target` an empty deck.
 */
export function withSavedDecks(
  scenario: ScenarioFile,
  stacks: readonly PlacedStack[],
  target: DeckTarget,
  originOf: (mapId: string, board: string) => Point,
): SavedStack[] {
  const decks = new Map(savedGameDecks(scenario).map((d) => [d.name, d]));
  if (decks.size === 0) return [...stacks];
  const deckOfUnit = new Map<string, string>();
  for (const p of scenario.setup ?? [])
    if (p.stack !== undefined && decks.has(p.stack)) for (const u of p.units ?? []) deckOfUnit.set(u, p.stack);
  const out: SavedStack[] = [];
  for (const stack of stacks) {
    const parts = new Map<string | undefined, number[]>();
    stack.units.forEach((unit, i) => {
      const marker = stack.markerStacks[i]?.name;
      const deck = unit !== '' ? deckOfUnit.get(unit) : marker !== undefined && decks.has(marker) ? marker : undefined;
      parts.set(deck, [...(parts.get(deck) ?? []), i]);
    });
    for (const [name, at] of parts) {
      const deck = name !== undefined ? decks.get(name) : undefined;
      const order = deck
        ? deckOrder(
            at.map((i) => stack.pieceIds[i]),
            deck.cards,
          ).map((k) => at[k])
        : at;
      out.push({
        mapId: stack.mapId,
        x: stack.x,
        y: stack.y,
        pieces: order.map((i) => stack.pieces[i]),
        ...(deck ? { deck: deckState(deck) } : {}),
      });
    }
  }
  for (const deck of decks.values()) {
    const place = deck.cards.length === 0 ? target(deck) : undefined;
    if (!place) continue;
    const origin = originOf(place.mapId, place.board);
    out.push({ mapId: place.mapId, x: origin.x + place.onBoard.x, y: origin.y + place.onBoard.y, pieces: [], deck: deckState(deck) });
  }
  return out;
}

function deckState(deck: DeckFile): NonNullable<SavedStack['deck']> {
  return { type: renamedDeckType(deck.saved!.type, deck.name), faceDown: deck.saved!.faceDown };
}

/** A deck the save cannot hold as a deck (no saved type): its cards are a plain stack. */
export function plainDecksOfSave(scenario: ScenarioFile, diagnostics: Diagnostic[]): void {
  const plain = (scenario.decks ?? []).filter((d) => d.saved === undefined);
  if (plain.length === 0) return;
  diagnostics.push({
    code: 'vassal/deck-in-saved-game',
    severity: 'warning',
    message: `scenario "${scenario.id}" is built as a saved game and its deck(s) ${plain.map((d) => `"${d.name}"`).join(', ')} keep no saved deck (\`saved\`): a module holds such decks (DrawPiles) in its at-start stacks, so the save places their cards as plain stacks`,
    hint: `give "${scenario.id}" \`vassal\` \`setup: "at-start stacks"\` if a new game starts with these decks`,
    pointer: `scenarios.json/scenarios/${scenario.id}/decks`,
  });
}

/**
 * A scenario's decks against its placements: a deck's cards are the units and markers the scenario
 * places in the stack named as the deck, so each card listed must be placed there (as often as it
 * is listed) and each piece placed there must be listed.
 */
import type { ScenarioFile } from '../model/files';
import type { CheckContext } from './check-context';

/** Unit and marker id → how many times the scenario places it in the stack `name`. */
function placedInStack(s: ScenarioFile, name: string): Map<string, number> {
  const placed = new Map<string, number>();
  const add = (id: string) => placed.set(id, (placed.get(id) ?? 0) + 1);
  for (const p of s.setup ?? []) if (p.stack === name) (p.units ?? []).forEach(add);
  for (const m of s.markers ?? []) if (m.stack === name) add(m.marker);
  return placed;
}

export function checkDecks(ctx: CheckContext, s: ScenarioFile, at: string): void {
  const seen = new Map<string, number>();
  (s.decks ?? []).forEach((deck, k) => {
    const here = `${at}/decks/${k}`;
    const first = seen.get(deck.name);
    if (first !== undefined)
      ctx.error('scenarios', `${here}/name`, 'scenarios/deck-twice', `deck "${deck.name}" is listed twice (also at ${at}/decks/${first})`, "a deck is one stack: merge the two entries' cards");
    else seen.set(deck.name, k);
    const placed = placedInStack(s, deck.name);
    deck.cards.forEach((card, n) => {
      const left = placed.get(card) ?? 0;
      if (left > 0) placed.set(card, left - 1);
      else
        ctx.error(
          'scenarios',
          `${here}/cards/${n}`,
          'scenarios/deck-card-unplaced',
          `card "${card}" of deck "${deck.name}" is not placed in the deck${left === 0 && placed.has(card) ? ' that many times' : ''}: no \`setup\` or \`markers\` placement with \`stack\` "${deck.name}" places it`,
          `place the unit or marker in a placement whose \`stack\` is "${deck.name}", or remove it from the deck's cards`,
        );
    });
    const unlisted = [...placed].flatMap(([id, n]) => Array<string>(n).fill(id));
    if (unlisted.length > 0)
      ctx.error(
        'scenarios',
        `${here}/cards`,
        'scenarios/deck-card-unlisted',
        `deck "${deck.name}" does not list ${unlisted.map((id) => `"${id}"`).join(', ')}, placed in its stack`,
        "add each to the deck's `cards` where it lies in the deck, or place it in a stack of another name",
      );
  });
}

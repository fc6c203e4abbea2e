/**
 * A scenario's deck names its cards: the units and markers the scenario places in the stack of the
 * deck's name. A card not placed there, or a piece placed there the deck does not list, is an
 * error at the line that holds it, with a hint.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import type { DeckFile, ScenariosFile } from '../../src/model/files';

const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');
const work = mkdtempSync(path.join(tmpdir(), 'hexforge-deck-cards-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The demo game whose first scenario places its first placement's units (a-1c-hq, a-bren-gar) in
 * the stack "Reserve", with the deck `deck`.
 */
function gameWithDeck(name: string, deck: DeckFile): { dir: string; file: string } {
  const dir = path.join(work, name);
  cpSync(DEMO, dir, { recursive: true });
  const file = path.join(dir, 'scenarios.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as ScenariosFile;
  data.scenarios[0].setup![0].stack = 'Reserve';
  data.scenarios[0].decks = [deck];
  writeFileSync(file, JSON.stringify(data, null, 2));
  return { dir, file };
}

const deckErrors = async (dir: string) => (await loadGame(dir)).diagnostics.filter((d) => d.code.startsWith('scenarios/deck'));
const lineOf = (file: string, text: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

it('a deck listing exactly the pieces placed in its stack is accepted', async () => {
  const { dir } = gameWithDeck('ok', { name: 'Reserve', cards: ['a-bren-gar', 'a-1c-hq'], vassal: { faceDown: 'Always' } });
  expect(await deckErrors(dir)).toEqual([]);
});

it('a card the scenario does not place in the deck is reported at its line with a hint', async () => {
  const { dir, file } = gameWithDeck('unplaced', { name: 'Reserve', cards: ['a-bren-gar', 'a-1c-hq', 'a-1c-arty'] });
  const [error, ...more] = await deckErrors(dir);
  expect(more).toEqual([]);
  // The deck's own line naming a-1c-arty: the first after its "decks" (the setup names it in hex 0808 before).
  const lines = readFileSync(file, 'utf8').split('\n');
  const decksLine = lines.findIndex((l) => l.includes('"decks"'));
  const cardLine = lines.findIndex((l, i) => i > decksLine && l.includes('"a-1c-arty"')) + 1;
  expect(error).toMatchObject({
    code: 'scenarios/deck-card-unplaced',
    severity: 'error',
    file,
    line: cardLine,
    pointer: '/scenarios/0/decks/0/cards/2',
  });
  expect(error.hint).toContain('"Reserve"');
});

it('a piece placed in the deck that the deck does not list is reported at its cards', async () => {
  const { dir, file } = gameWithDeck('unlisted', { name: 'Reserve', cards: ['a-1c-hq'] });
  const [error, ...more] = await deckErrors(dir);
  expect(more).toEqual([]);
  expect(error).toMatchObject({ code: 'scenarios/deck-card-unlisted', file, line: lineOf(file, '"cards"'), pointer: '/scenarios/0/decks/0/cards' });
  expect(error.message).toContain('"a-bren-gar"');
  expect(error.hint).toBeDefined();
});

/**
 * A deck in a saved game (counters/Deck.java: its cards' pieces, then `+/id/deck;<type>/<map;x;y;
 * faceDown;ids>`) is kept as a deck of the save's scenario: its cards placed where it stands, in the
 * order its state lists them, with its type and face; a module built from the data saves it as the
 * same Deck, and its import reads the same data.
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { readModuleSave } from '../../src/vassal/reader/module';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { DEAL_COMMANDS, DISCARDS_TYPE, EVENT_DECK_TYPE, WITH_DEAL } from './deck-module-kit';
import { importBuildFile, importBuiltModule } from './synthetic-module';

const identity = { name: 'Decks', version: '1', description: '', dateSaved: 0 };
const deal = async () => savedGameArchive(DEAL_COMMANDS.join(COMMAND_SEPARATOR), identity, 'Deal', 0);
const dealOf = (r: ImportResult) =>
  JSON.parse(r.files.get('scenarios.json') as string).scenarios.find((s: { name: string }) => s.name === 'Deal');

it("a saved game's deck is a deck of its scenario: its cards in its order where it stands, its type and face", async () => {
  const first = await importBuildFile(WITH_DEAL, [{ path: 'Deal.vsav', data: await deal() }]);
  expect(validateGameFiles('decks', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  const scenario = dealOf(first);
  const at = { box: 'main-map', at: { board: 'Table', x: 300, y: 200 } };
  expect(scenario.decks).toEqual([
    { name: 'Event Deck', cards: ['ambush', 'blue-1', 'ambush', 'rain'], saved: { type: EVENT_DECK_TYPE, faceDown: false } },
    {
      name: 'Discards',
      cards: [],
      place: { box: 'main-map', at: { board: 'Table', x: 450, y: 200 } },
      saved: { type: DISCARDS_TYPE, faceDown: false },
    },
  ]);
  // "Red 1" shares the deck's pixel and is no card of it.
  expect(scenario.setup).toEqual([
    { units: ['red-1'], ...at },
    { units: ['blue-1'], ...at, stack: 'Event Deck' },
  ]);
  expect(scenario.markers).toEqual([
    { marker: 'ambush', ...at, stack: 'Event Deck' },
    { marker: 'ambush', ...at, stack: 'Event Deck' },
    { marker: 'rain', ...at, stack: 'Event Deck' },
  ]);

  const again = await importBuiltModule(first);
  expect(again.files.get('scenarios.json')).toBe(first.files.get('scenarios.json'));
}, 120_000);

it("the built module's save holds the deck as VASSAL's Deck: the same type, pixel, face and cards in order", async () => {
  const first = await importBuildFile(WITH_DEAL, [{ path: 'Deal.vsav', data: await deal() }]);
  const save = await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() })).module!;
    return (await readModuleSave(built, 'Deal.vsav'))!;
  });
  const names = new Map(save.pieces.map((p) => [p.id, p.piece.traits[p.piece.traits.length - 1].type.split(';')[4]]));
  const decks = save.decks.map((d) => ({
    type: d.type,
    at: [d.mapId, d.x, d.y],
    faceDown: d.faceDown,
    cards: d.pieceIds.map((id) => names.get(id)),
  }));
  expect(decks).toEqual([
    { type: EVENT_DECK_TYPE, at: ['Main Map', 300, 200], faceDown: false, cards: ['Ambush', 'Blue 1', 'Ambush', 'Rain'] },
    { type: DISCARDS_TYPE, at: ['Main Map', 450, 200], faceDown: false, cards: [] },
  ]);
  // Each card's command comes before its deck's, as VASSAL's own saves write them (the deck looks its cards up by id).
  const commandAt = (id: string) => save.commands.findIndex((c) => c.startsWith(`+/${id}/`));
  const deckAt = commandAt(save.decks[0].id);
  for (const id of save.decks[0].pieceIds) expect(commandAt(id)).toBeLessThan(deckAt);
}, 120_000);

it("a deck renamed in the data is saved under its new name (VASSAL finds the deck's DrawPile by the name in its type)", async () => {
  const first = await importBuildFile(WITH_DEAL, [{ path: 'Deal.vsav', data: await deal() }]);
  const scenarios = JSON.parse(first.files.get('scenarios.json') as string);
  const scenario = scenarios.scenarios.find((s: { name: string }) => s.name === 'Deal');
  scenario.decks[0].name = 'Events';
  for (const p of [...scenario.setup, ...scenario.markers]) if (p.stack === 'Event Deck') p.stack = 'Events';
  const files = new Map(first.files);
  files.set('scenarios.json', JSON.stringify(scenarios));
  const save = await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, files);
    const built = (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() })).module!;
    return (await readModuleSave(built, 'Deal.vsav'))!;
  });
  // The type's tokens but the name (the 14th, counters/Deck.java getType) are the original's.
  expect(save.decks[0].type).toBe(EVENT_DECK_TYPE.replace(';Event Deck;', ';Events;'));
  expect(save.decks[0].pieceIds).toHaveLength(4);
}, 120_000);

/**
 * A deck stays a deck: the import keeps a DrawPile's cards in the module's order and its settings
 * (map/DrawPile.java attributes), and the module built from that folder holds a DrawPile of
 * CardSlots with those settings where the deck stood, which imports back to the same data. A
 * deck in a scenario built as a saved game is reported, its cards placed as a plain stack.
 */
import { expect, it } from 'vitest';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { builtModuleEntries } from '../../scripts/built-module';
import { validateGameFiles } from '../../src/cli/load-game';
import { collectArt } from '../../src/vassal/module/collect-art';
import { writeVmod } from '../../src/vassal/module/vmod';
import { planCounters } from '../../src/plan';
import { withTempDir } from './import-fixtures';
import { TEST_EPOCH, mustLoad, standInSources } from './module-helpers';
import { importBuildFile } from './synthetic-module';
import { BUILD_FILE, SETTINGS, WITH_DISCARDS } from './deck-module-kit';

const scenario = (r: ImportResult) => JSON.parse(r.files.get('scenarios.json') as string).scenarios[0];

/** The module built from the imported folder: its buildFile's tree and the module imported again. */
async function built(first: ImportResult): Promise<{ root: XmlElement; again: ImportResult }> {
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const module = (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits: readLimits() })).module!;
    return { root: module.root, again: await importModule(module, { id: 'synthetic' }) };
  });
}

it('a DrawPile is imported as a deck: its cards in order and its settings, its position left to the placements', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const s = scenario(first);
  const blue = s.setup.find((p: { stack?: string }) => p.stack === 'Event Deck');
  expect(blue).toMatchObject({ box: 'main-map', at: { board: 'Table', x: 300, y: 200 }, stack: 'Event Deck' });
  expect(blue.units).toHaveLength(1);
  expect(s.decks).toEqual([{ name: 'Event Deck', cards: ['ambush', blue.units[0], 'rain', 'ambush'], vassal: SETTINGS }]);
}, 60_000);

it('the built module holds the deck as a DrawPile of CardSlots in its order with its settings, and imports back the same', async () => {
  const first = await importBuildFile(BUILD_FILE);
  const { root, again } = await built(first);
  const piles = [...walkElements(root)].filter((e) => e.name === 'VASSAL.build.module.map.DrawPile');
  expect(piles).toHaveLength(1);
  const [pile] = piles;
  expect(Object.fromEntries(pile.attributes)).toEqual({ ...SETTINGS, name: 'Event Deck', owningBoard: 'Table', x: '300', y: '200' });
  expect(pile.children.map((c) => [c.name, attribute(c, 'entryName')])).toEqual(
    ['Ambush', 'Blue 1', 'Rain', 'Ambush'].map((n) => ['VASSAL.build.widget.CardSlot', n]),
  );
  // No plain stack stands in for the deck.
  const stacks = [...walkElements(root)].filter((e) => e.name === 'VASSAL.build.module.map.SetupStack');
  expect(stacks.map((e) => attribute(e, 'name'))).not.toContain('Event Deck');
  expect(again.files.get('scenarios.json')).toEqual(first.files.get('scenarios.json'));
  expect(again.files.get('counters.json')).toEqual(first.files.get('counters.json'));
}, 120_000);

it('a deck without its saved Deck (`saved`) in a scenario built as a saved game is reported: only at-start stacks hold a DrawPile', async () => {
  const game = await mustLoad('data/demo');
  const [scenario] = game.scenarios;
  const [first] = scenario.setup!;
  scenario.decks = [{ name: 'Reserve', cards: [...(first.units ?? [])] }];
  const result = await writeVmod(game, await collectArt(game, standInSources(game)), { epoch: TEST_EPOCH, plan: planCounters(game) });
  const warned = result.diagnostics.filter((d) => d.code === 'vassal/deck-in-saved-game');
  expect(warned).toMatchObject([{ severity: 'warning', pointer: `scenarios.json/scenarios/${scenario.id}/decks` }]);
  expect(warned[0].hint).toContain('at-start stacks');
}, 120_000);

it('piles sharing a name in different places stay stacks of that name, and the folder validates', async () => {
  const pile = (x: number, card: string, gpid: number) =>
    `<VASSAL.build.module.map.DrawPile name="Discard" owningBoard="Table" x="${x}" y="50" faceDown="Never">${card.length > 0 ? `<VASSAL.build.widget.CardSlot entryName="${card}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${card}/null;0;0;${gpid};0</VASSAL.build.widget.CardSlot>` : ''}</VASSAL.build.module.map.DrawPile>`;
  const xml = BUILD_FILE.replace(
    '</VASSAL.build.module.Map>',
    `${pile(100, 'Ambush', 31)}${pile(200, 'Rain', 32)}</VASSAL.build.module.Map>`,
  );
  const first = await importBuildFile(xml);
  const s = scenario(first);
  expect(s.decks.map((d: { name: string }) => d.name)).toEqual(['Event Deck']);
  expect(s.notes).toContain('several decks named "Discard"');
  expect(s.markers.filter((m: { stack?: string }) => m.stack === 'Discard')).toHaveLength(2);
  expect(validateGameFiles('synthetic', first.files).filter((d) => d.severity === 'error')).toEqual([]);
}, 60_000);

it("cards in a deck's editor folders (DeckSubFolder) are the deck's, in document order", async () => {
  const folder = '<VASSAL.build.module.folder.DeckSubFolder name="Middle" description="">';
  const start = BUILD_FILE.indexOf('<VASSAL.build.widget.CardSlot entryName="Blue 1"');
  const rain = BUILD_FILE.indexOf('<VASSAL.build.widget.CardSlot entryName="Rain"');
  const end = BUILD_FILE.indexOf('</VASSAL.build.widget.CardSlot>', rain) + '</VASSAL.build.widget.CardSlot>'.length;
  expect([start, rain].every((i) => i > 0)).toBe(true);
  const xml = `${BUILD_FILE.slice(0, start)}${folder}${BUILD_FILE.slice(start, end)}</VASSAL.build.module.folder.DeckSubFolder>${BUILD_FILE.slice(end)}`;
  const [flat, foldered] = [scenario(await importBuildFile(BUILD_FILE)), scenario(await importBuildFile(xml))];
  expect(foldered.decks).toEqual(flat.decks);
  expect(foldered.decks[0].cards).toHaveLength(4);
  expect(foldered.markers).toEqual(flat.markers);
}, 60_000);

it('a DrawPile without cards (a discard pile) stays a deck at its place, in its folder, and is built as an empty DrawPile', async () => {
  const first = await importBuildFile(WITH_DISCARDS);
  const s = scenario(first);
  expect(s.decks.map((d: { name: string }) => d.name)).toEqual(['Event Deck', 'Discards']);
  expect(s.decks[1]).toEqual({
    name: 'Discards',
    cards: [],
    vassal: { draw: 'true', faceDown: 'Never' },
    place: { box: 'main-map', at: { board: 'Table', x: 450, y: 200 } },
    folders: ['Piles'],
  });
  expect(validateGameFiles('synthetic', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  const { root, again } = await built(first);
  const pile = [...walkElements(root)].find((e) => e.name === 'VASSAL.build.module.map.DrawPile' && attribute(e, 'name') === 'Discards');
  expect(pile && Object.fromEntries(pile.attributes)).toEqual({
    draw: 'true',
    faceDown: 'Never',
    name: 'Discards',
    owningBoard: 'Table',
    x: '450',
    y: '200',
  });
  expect(pile?.children).toEqual([]);
  const folder = [...walkElements(root)].find(
    (e) => e.name === 'VASSAL.build.module.folder.MapSubFolder' && attribute(e, 'name') === 'Piles',
  );
  expect(folder?.children).toContain(pile);
  expect(again.files.get('scenarios.json')).toEqual(first.files.get('scenarios.json'));
  expect(again.files.get('map.json')).toEqual(first.files.get('map.json'));
}, 120_000);

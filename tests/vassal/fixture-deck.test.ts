/**
 * The template fixture's deck ("Draw": a DrawPile of three CardSlots with 52 attributes, on the
 * board "Draw" of its own map) through import and build: the data keeps its three cards in order
 * and its 48 settings, and the built module holds a DrawPile of the same cards, in the same order,
 * with every attribute of the original's. Shared tier.
 */
import { expect, it } from 'vitest';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleFrom } from '../../src/vassal/reader/index';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeShared } from '../shared-dir';
import { TEMPLATE, fixture, withTempDir } from './import-fixtures';

const DRAW_PILE = 'VASSAL.build.module.map.DrawPile';
const limits = readLimits();

const pilesOf = (root: XmlElement) => [...walkElements(root)].filter((e) => e.name === DRAW_PILE);

describeShared("the template fixture's deck", () => {
  it('is imported as a deck with its cards and settings, and built as the same DrawPile', async () => {
    const original = (await readModuleFrom(fixture(TEMPLATE), limits)).module!;
    const [pile] = pilesOf(original.root);
    const attributes = Object.fromEntries(pile.attributes);
    expect(Object.keys(attributes)).toHaveLength(52);
    const { name, owningBoard, x, y, ...settings } = attributes;
    expect([name, owningBoard, x, y]).toEqual(['Draw', 'Draw', '100', '100']);

    const first: ImportResult = await importModule(original, { id: 'game' });
    const [scenario] = JSON.parse(first.files.get('scenarios.json') as string).scenarios;
    expect(scenario.decks).toHaveLength(1);
    const [deck] = scenario.decks;
    expect(deck.name).toBe('Draw');
    expect(deck.vassal).toEqual(settings);
    expect(deck.vassal).toMatchObject({ faceDown: 'Always', shuffle: 'Always', allowMultiple: 'true', width: '40', height: '40' });
    // The three cards are the pieces the scenario places in the stack "Draw".
    const inDeck = [
      ...(scenario.setup ?? []).filter((p: { stack?: string }) => p.stack === 'Draw').flatMap((p: { units: string[] }) => p.units),
      ...(scenario.markers ?? []).filter((m: { stack?: string }) => m.stack === 'Draw').map((m: { marker: string }) => m.marker),
    ];
    expect(deck.cards).toHaveLength(3);
    expect([...deck.cards].sort()).toEqual(inDeck.sort());

    const built = await withTempDir(async (dir) => {
      await writeGameFolder(`${dir}/game`, first.files);
      return (await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits })).module!;
    });
    const piles = pilesOf(built.root);
    expect(piles).toHaveLength(1);
    expect(Object.fromEntries(piles[0].attributes)).toEqual(attributes);
    const entries = (p: XmlElement) => p.children.map((c) => [c.name, attribute(c, 'entryName')]);
    expect(entries(piles[0])).toEqual(entries(pile));
    expect(entries(pile).map(([, n]) => n)).toEqual(['INF-lIII-1', 'INF-lIII-2', 'INF-lIII-3']);
  }, 300_000);
});

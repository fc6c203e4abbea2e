/**
 * The module holds a scenario or a table as the data says the imported module held it
 * (scenarios.json and tables.json `vassal`): data/demo with one scenario from at-start stacks, a
 * save's entry name, and a table held as an HTML page, against the reference's shapes (§2.4, §5).
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/model/game';
import { collectArt } from '../../src/vassal/module/collect-art';
import { writeVmod } from '../../src/vassal/module/vmod';
import { planCounters } from '../../src/plan';
import { scenarioPlacement } from '../../src/vassal/module/placements';
import { readLimits } from '../../src/vassal/reader/limits';
import { readZip } from '../../src/vassal/reader/zip';
import { readModule } from '../../src/vassal/reader/index';
import { importModule } from '../../src/vassal/import/import-module';
import type { ScenariosFile } from '../../src/model/files';
import { decodePiece } from '../../src/vassal/piece';
import { basicPieceState } from '../../src/vassal/traits/index';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { TEST_EPOCH, mustLoad, standInPng, standInSources } from './module-helpers';

const PKG = 'VASSAL.build.';

async function built(change: (game: Game) => void) {
  const game = await mustLoad('data/demo');
  change(game);
  // Stand-in aid cards, each printing its table (as the drawn cards of tables do).
  const sources = standInSources(game);
  sources.aidCards = async () => game.tables.map((t) => ({ id: t.id, name: t.name, table: t.id, png: standInPng(`chart/${t.id}`) }));
  const art = await collectArt(game, sources);
  const result = await writeVmod(game, art, { epoch: TEST_EPOCH, plan: planCounters(game) });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const entries = (await readZip(result.vmod!, { file: 'demo.vmod', limits: readLimits() })).entries;
  return { game, root: result.module.buildFile, entries };
}

const named = (root: XmlElement, suffix: string) => [...walkElements(root)].filter((e) => e.name === PKG + suffix);

describe('a built module holds setups and tables as the imported module did', () => {
  it('a scenario from at-start stacks: SetupStacks with its pieces, no save, a new-game setup carrying its name', async () => {
    const { game, root, entries } = await built((g) => {
      g.scenarios[0].vassal = { setup: 'at-start stacks' };
      const first = g.scenarios[0].setup!.find((p) => p.hex !== undefined)!;
      first.stack = 'Vanguard';
    });
    const scenario = game.scenarios[0];
    const stacks = named(root, 'module.map.SetupStack');
    // One stack per hex and box the scenario fills, each piece once (units × count, and markers).
    const { placement } = scenarioPlacement(game, scenario);
    expect(stacks).toHaveLength(placement.hexes.length + placement.boxes.length);
    const pieces = stacks.flatMap((s) => s.children);
    const expected = [...placement.hexes, ...placement.boxes].reduce((n, p) => n + p.pieces.length, 0);
    expect(pieces).toHaveLength(expected);
    // Named as the data names them, else by hex id or box label; on the board of their map.
    expect(attribute(stacks[0], 'name')).toBe('Vanguard');
    expect(stacks.slice(1, placement.hexes.length).map((s) => attribute(s, 'name'))).toEqual(placement.hexes.slice(1).map((h) => h.hex));
    expect(stacks.slice(placement.hexes.length).map((s) => attribute(s, 'name'))).toEqual(placement.boxes.map((b) => b.box));
    expect(new Set(stacks.map((s) => attribute(s, 'owningBoard')))).toEqual(new Set(['Map', 'Boxes']));
    // Each slot its own gpid, in its BasicPiece state too, below nextPieceSlotId.
    const gpids = named(root, 'widget.PieceSlot').map((p) => attribute(p, 'gpid'));
    expect(new Set(gpids).size).toBe(gpids.length);
    for (const p of pieces) {
      const traits = decodePiece(p.text!).piece!.traits;
      expect(basicPieceState.decode(traits[traits.length - 1].state).gpid).toBe(attribute(p, 'gpid'));
    }
    expect(Number(attribute(root, 'nextPieceSlotId'))).toBe(Math.max(...gpids.map(Number)) + 1);
    // No save for it; File > New Game under its own name (useFile false), the other scenario's save as before.
    const setups = named(root, 'module.PredefinedSetup').map((s) => [attribute(s, 'name'), attribute(s, 'useFile'), attribute(s, 'file')]);
    expect(setups).toEqual([
      [scenario.name, 'false', undefined],
      [game.scenarios[1].name, 'true', `${game.scenarios[1].id}.vsav`],
    ]);
    expect([...entries.keys()].filter((e) => e.endsWith('.vsav'))).toEqual([`${game.scenarios[1].id}.vsav`]);
  });

  it('nested editor folders hold the stacks the data puts in them, consecutive stacks of one folder sharing it', async () => {
    const { root } = await built((g) => {
      g.scenarios[0].vassal = { setup: 'at-start stacks' };
      const hexes = g.scenarios[0].setup!.filter((p) => p.hex !== undefined && (p.units?.length ?? 0) > 0);
      expect(hexes.length).toBeGreaterThanOrEqual(3);
      Object.assign(hexes[0], { stack: 'A', folders: ['Side', 'Vanguard'] });
      Object.assign(hexes[1], { stack: 'B', folders: ['Side', 'Vanguard'] });
      Object.assign(hexes[2], { stack: 'C', folders: ['Side'] });
    });
    const layout = (el: XmlElement): unknown[] =>
      el.children.flatMap((c): unknown[] =>
        c.name === `${PKG}module.folder.MapSubFolder`
          ? [[attribute(c, 'name'), layout(c)]]
          : c.name === `${PKG}module.map.SetupStack`
            ? [attribute(c, 'name')]
            : [],
      );
    const main = named(root, 'module.Map').find((m) => named(m, 'module.map.SetupStack').length > 0)!;
    const top = layout(main);
    expect(top[0]).toEqual(['Side', [['Vanguard', ['A', 'B']], 'C']]);
    // The stacks no folder holds follow, on the map itself.
    expect(top.slice(1).every((e) => typeof e === 'string')).toBe(true);
  });

  it('a second scenario from at-start stacks is built as a saved game, with a warning: a New Game places every stack', async () => {
    const game = await mustLoad('data/demo');
    for (const s of game.scenarios.slice(0, 2)) s.vassal = { setup: 'at-start stacks' };
    const art = await collectArt(game, standInSources(game));
    const result = await writeVmod(game, art, { epoch: TEST_EPOCH, plan: planCounters(game) });
    expect(result.diagnostics.filter((d) => d.code === 'vassal/several-at-start').map((d) => d.severity)).toEqual(['warning']);
    const root = result.module.buildFile;
    const setups = named(root, 'module.PredefinedSetup').map((s) => [attribute(s, 'name'), attribute(s, 'useFile'), attribute(s, 'file')]);
    expect(setups).toEqual([
      [game.scenarios[0].name, 'false', undefined],
      [game.scenarios[1].name, 'true', `${game.scenarios[1].id}.vsav`],
    ]);
    expect(named(root, 'module.map.SetupStack').length).toBeGreaterThan(0);
  });

  it('at-start stacks import to the placements a save of the same scenario imports to, in hexes and holding boxes', async () => {
    const placements = async (change: (game: Game) => void) => {
      const { entries } = await built(change);
      const module = (await readModule(entries, { source: 'built', limits: readLimits() })).module!;
      const files = (await importModule(module, { id: 'demo' })).files;
      const scenarios = (JSON.parse(files.get('scenarios.json') as string) as ScenariosFile).scenarios;
      const first = scenarios.find((s) => s.vassal?.setup === 'at-start stacks') ?? scenarios[0];
      return { setup: first.setup!.map(({ stack: _, ...rest }) => rest), source: first.vassal };
    };
    const [saved, stacked] = [await placements(() => {}), await placements((g) => (g.scenarios[0].vassal = { setup: 'at-start stacks' }))];
    expect(stacked.source).toEqual({ setup: 'at-start stacks' });
    expect(saved.source).toEqual({ setup: 'saved game', file: 'dash-to-the-vell.vsav' });
    const [hexes, boxes] = [(p: { hex?: string }) => p.hex !== undefined, (p: { box?: string }) => p.box !== undefined];
    expect(stacked.setup.filter(hexes)).toEqual(saved.setup.filter(hexes));
    // Boxes: the same units, each box named by its zone. (The stand-in holding picture is smaller
    // than the boxes' layout, so the saves' map pixels, read through the board's size, name none.)
    expect(stacked.setup.filter(boxes).map((p) => p.units)).toEqual(saved.setup.filter(boxes).map((p) => p.units));
    expect(stacked.setup.filter(boxes).length).toBeGreaterThan(0);
    for (const p of stacked.setup.filter(boxes)) expect(p.where, p.box).toBeUndefined();
  });

  it("a save keeps its entry name; one that another setup has, or that is no plain file name, is the scenario's id", async () => {
    const { game, root, entries } = await built((g) => {
      g.scenarios[0].vassal = { setup: 'saved game', file: 'Campaign Start.vsav' };
      g.scenarios[1].vassal = { setup: 'saved game', file: 'Campaign Start.vsav' };
    });
    const files = named(root, 'module.PredefinedSetup').map((s) => attribute(s, 'file'));
    expect(files).toEqual(['Campaign Start.vsav', `${game.scenarios[1].id}.vsav`]);
    for (const f of files) expect(entries.has(f!), f).toBe(true);
    const odd = await built((g) => (g.scenarios[0].vassal = { setup: 'saved game', file: '../up.vsav' }));
    expect(attribute(named(odd.root, 'module.PredefinedSetup')[0], 'file')).toBe(`${odd.game.scenarios[0].id}.vsav`);
  });

  it('a table held as an HTML page: an HtmlChart whose page shows the aid card from images/', async () => {
    const { root, entries } = await built((g) => (g.tables.find((t) => t.id === 'crt')!.vassal = { chart: 'html' }));
    const html = named(root, 'widget.HtmlChart');
    expect(html.map((c) => [attribute(c, 'description'), attribute(c, 'fileName')])).toEqual([['Table crt', 'charts/crt.html']]);
    const page = new TextDecoder().decode(entries.get('charts/crt.html'));
    // VASSAL's HTML kit reads an <img src> from the archive's images/ folder (DataArchiveHTMLEditorKit).
    const src = /<img src="([^"]+)">/.exec(page)![1];
    expect(entries.has(`images/${src}`), src).toBe(true);
    expect(named(root, 'widget.Chart').some((c) => attribute(c, 'description') === 'Table crt')).toBe(false);
  });
});

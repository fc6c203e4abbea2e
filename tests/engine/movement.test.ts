/** Scenario tests on small ASCII maps; every expected cost is worked out by hand in the comments. */
import { describe, expect, it } from 'vitest';
import { engineFor, pathCost, reachWorkspace, searchReach, enemyZocMask, zocRules, stepCost } from '../../src/engine';
import type { TerrainTypeFile } from '../../src/model/files';
import { asciiGame } from './ascii-game';

const TERRAIN: TerrainTypeFile[] = [
  { id: 'clear', name: 'Clear', kind: 'hex', movement: 1 },
  { id: 'forest', name: 'Forest', kind: 'hex', movement: { motorized: 3, default: 2 }, combat: { drm: -2, source: '9.1' } },
  { id: 'swamp', name: 'Swamp', kind: 'hex', movement: { motorized: 'prohibited', default: { mud: 'all', default: 2 } } },
  { id: 'lake', name: 'Lake', kind: 'hex', movement: 'prohibited' },
  { id: 'town', name: 'Town', kind: 'feature', movement: 'other', combat: { drm: -1, source: '9.2' } },
  { id: 'river', name: 'River', kind: 'hexside', movement: { add: 2 }, combat: { drm: -1, appliesTo: 'attack-across' } },
  { id: 'road', name: 'Road', kind: 'path', movement: 0.5 },
  { id: 'bridge', name: 'Bridge', kind: 'hexside', movement: 'other' },
  { id: 'major-river', name: 'Major River', kind: 'hexside', movement: { motorized: 'prohibited', default: { add: 3 } } },
  { id: 'mystery', name: 'Mystery', kind: 'hex', movement: { unknown: true, reason: 'TEC not in the source' } },
];

function reach(
  game: ReturnType<typeof asciiGame>,
  from: string,
  ma: number,
  opts: { cls?: string; weather?: string; enemies?: string[] } = {},
) {
  const engine = engineFor(game);
  const g = engine.graph;
  const occupied = new Uint8Array(g.size);
  const enemyIdx = (opts.enemies ?? []).map((id) => g.indexOf(id)!);
  for (const i of enemyIdx) occupied[i] = 1;
  const rules = zocRules(engine);
  const zoc = enemyIdx.length && rules ? { mask: enemyZocMask(engine, enemyIdx), rules } : undefined;
  const ws = reachWorkspace(engine);
  const n = searchReach(g.neighbors, ws, {
    costs: engine.edgeCosts(opts.cls ?? 'foot', opts.weather),
    start: g.indexOf(from)!,
    ma,
    occupied,
    zoc,
  });
  const out = new Map<string, number>();
  for (let k = 0; k < n; k++) out.set(g.ids[ws.order[k]], ws.costTo(ws.order[k])!);
  return out;
}

describe('movement cost of one step', () => {
  const game = asciiGame({ map: '. f', legend: { '.': 'clear', f: 'forest' }, terrain: TERRAIN });
  const lookup = (id: string) => TERRAIN.find((t) => t.id === id);
  it('per movement class, per weather, with defaults', () => {
    expect(stepCost(lookup, { movementClass: 'foot', terrain: ['forest'] })).toBe(2);
    expect(stepCost(lookup, { movementClass: 'motorized', terrain: ['forest'] })).toBe(3);
    expect(stepCost(lookup, { movementClass: 'motorized', terrain: ['swamp'] })).toBe(Number.POSITIVE_INFINITY);
    expect(stepCost(lookup, { movementClass: 'foot', weather: 'mud', terrain: ['swamp'] })).toBe(-1);
    expect(stepCost(lookup, { movementClass: 'foot', weather: 'dry', terrain: ['swamp'] })).toBe(2);
  });
  it('features defer to the hex, hexsides add, roads replace, unknown stays unknown', () => {
    expect(stepCost(lookup, { terrain: ['forest', 'town'] })).toBe(2);
    // clear 1 + river {add 2} = 3
    expect(stepCost(lookup, { terrain: ['clear'], hexside: ['river'] })).toBe(3);
    // along a road the road rate replaces forest and river
    expect(stepCost(lookup, { terrain: ['forest'], hexside: ['river'], paths: ['road'] })).toBe(0.5);
    // a bridge cancels the river: only the hex entered counts, even where the river is prohibited
    expect(stepCost(lookup, { terrain: ['forest'], hexside: ['major-river', 'bridge'] })).toBe(2);
    expect(stepCost(lookup, { movementClass: 'motorized', terrain: ['clear'], hexside: ['major-river', 'bridge'] })).toBe(1);
    expect(stepCost(lookup, { movementClass: 'motorized', terrain: ['clear'], hexside: ['major-river'] })).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(stepCost(lookup, { terrain: ['mystery'] }))).toBe(true);
    expect(Number.isNaN(stepCost(lookup, { terrain: null }))).toBe(true);
  });
  it('reasons cite the terrain rule', () => {
    const reasons: string[] = [];
    stepCost(lookup, { terrain: ['forest'] }, reasons);
    expect(reasons).toEqual(['forest: 2 MP']);
    expect(game.map.hexes).toHaveLength(2);
  });
});

describe('reachable hexes', () => {
  it('a forest column costs 2 to enter', () => {
    const game = asciiGame({
      map: `
      . . f . .
      . . f . .
      . . f . .`,
      legend: { '.': 'clear', f: 'forest' },
      terrain: TERRAIN,
    });
    const r = reach(game, '0101', 3);
    // 0101 → 0201 (1) → 0301 forest (+2) = 3; 0401 would be 4.
    expect(r.get('0201')).toBe(1);
    expect(r.get('0301')).toBe(3);
    expect(r.has('0401')).toBe(false);
    // 0101 → 0102 (1) → 0103 (2) → 0203 (3)
    expect(r.get('0203')).toBe(3);
    expect(r.get('0101')).toBe(0);
  });

  it('a river hexside adds 2 and a road runs at half a point per hex', () => {
    const game = asciiGame({
      map: `
      . . . .
      . . . .`,
      legend: { '.': 'clear' },
      terrain: TERRAIN,
      hexsides: [{ feature: 'river', sides: ['0101/0201', '0102/0201', '0102/0202'] }],
      paths: [{ feature: 'road', hexes: ['0102', '0202', '0302', '0402'] }],
    });
    const r = reach(game, '0101', 2);
    // 0101 → 0201 crosses the river: 1 + 2 = 3 > 2; 0101 → 0102 → 0202 crosses 0102/0202 (on the road: 0.5).
    expect(r.has('0201')).toBe(false);
    expect(r.get('0102')).toBe(1);
    expect(r.get('0202')).toBe(1.5);
    expect(r.get('0302')).toBe(2);
    expect(r.has('0402')).toBe(false);
  });

  it('prohibited terrain is never entered; an all-MP hex only as the first step', () => {
    const game = asciiGame({ map: '. s . w .', legend: { '.': 'clear', s: 'swamp', w: 'lake' }, terrain: TERRAIN });
    const mud = reach(game, '0101', 5, { weather: 'mud' });
    // 0101 → 0201 swamp in mud costs all 5 MP; nothing beyond it.
    expect(mud.get('0201')).toBe(5);
    expect(mud.has('0301')).toBe(false);
    const fromClear = reach(game, '0301', 5, { weather: 'mud' });
    expect(fromClear.get('0201')).toBe(5);
    expect(fromClear.has('0401')).toBe(false);
    expect(fromClear.has('0501')).toBe(false);
    const motor = reach(game, '0101', 9, { cls: 'motorized' });
    expect([...motor.keys()]).toEqual(['0101']);
  });

  it('enemy ZOC stops movement, enemy hexes are never entered', () => {
    const game = asciiGame({
      map: `
      . . . . .
      . . . . .
      . . . . .`,
      legend: { '.': 'clear' },
      terrain: TERRAIN,
      info: { zoc: { enter: 'stop', leave: 'free', source: '6.1' } },
    });
    // Enemy in 0402: its ZOC covers 0401, 0403, 0302, 0303, 0502, 0503 (even column 4 sits low).
    const r = reach(game, '0102', 4, { enemies: ['0402'] });
    expect(r.has('0402')).toBe(false);
    expect(r.get('0302')).toBe(2);
    // 0501 and 0502 lie behind the ZOC line (their other neighbours 0401, 0503 are in ZOC, which stops movement).
    expect(r.has('0501')).toBe(false);
    expect(r.has('0502')).toBe(false);
    // 0102 → 0201 → 0301 → 0401: 0401 is in ZOC, entered for 3 MP, and movement stops there.
    expect(r.get('0401')).toBe(3);
    expect(r.get('0301')).toBe(2);
  });
});

describe('path cost and legality', () => {
  const game = asciiGame({
    map: `
    . f . .
    . . . .`,
    legend: { '.': 'clear', f: 'forest' },
    terrain: TERRAIN,
    info: { zoc: { enter: 'stop', leave: 'free', zocToZoc: 'prohibited' } },
  });
  const engine = engineFor(game);
  const idx = (ids: string[]) => ids.map((id) => engine.graph.indexOf(id)!);
  it('sums step costs and checks the allowance', () => {
    // 0101 → 0201 forest (2) → 0301 clear (1) = 3
    expect(pathCost(engine, idx(['0101', '0201', '0301']), { movementClass: 'foot', ma: 3 })).toMatchObject({ cost: 3, legal: true });
    expect(pathCost(engine, idx(['0101', '0201', '0301']), { movementClass: 'foot', ma: 2 })).toMatchObject({ cost: 3, legal: false });
    expect(pathCost(engine, idx(['0101', '0301']), { movementClass: 'foot' })).toMatchObject({ cost: 'prohibited', legal: false });
  });
  it('may not continue after entering enemy ZOC', () => {
    const mask = new Uint8Array(engine.graph.size);
    mask[engine.graph.indexOf('0201')!] = 1;
    const rules = zocRules(engine)!;
    expect(pathCost(engine, idx(['0101', '0201', '0301']), { movementClass: 'foot', zoc: { mask, rules } }).legal).toBe(false);
    expect(pathCost(engine, idx(['0101', '0201']), { movementClass: 'foot', zoc: { mask, rules } }).legal).toBe(true);
  });
});

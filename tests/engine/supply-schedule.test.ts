/** The supply query on a small map, reinforcement arrivals and victory points. */
import { describe, expect, it } from 'vitest';
import { arrivalsOn, runCheck, victoryPoints } from '../../src/engine';
import type { CheckFile } from '../../src/model/files';
import { asciiGame } from './ascii-game';

// Supply source: the west column (0101..0103). A line of enemy ZOC can cut the map in two.
const game = asciiGame({
  map: `
  . . . . .
  . . . . .
  . . . . .`,
  legend: { '.': 'clear' },
  terrain: [{ id: 'clear', name: 'Clear', kind: 'hex', movement: 1 }],
  zones: [
    { id: 'west', kind: 'supply', side: 'blue', hexes: ['0101..0103'], source: '10.1' },
    { id: 'town', kind: 'victory', hexes: ['0502'], value: 3 },
  ],
});
const supply = (input: Record<string, unknown>, inSupply: boolean): CheckFile => ({
  id: 'S',
  kind: 'derived',
  rule: '10.1',
  query: 'supply',
  input: { side: 'blue', ...input },
  expect: { inSupply },
});

describe('supply query', () => {
  it('traces to the nearest source, within a length limit', () => {
    // 0501 → 0401 → 0301 → 0201 → 0101: 4 hexes.
    expect(runCheck(game, supply({ hex: '0501' }, true)).status).toBe('pass');
    expect(runCheck(game, supply({ hex: '0501', maxLength: 4 }, true)).status).toBe('pass');
    expect(runCheck(game, supply({ hex: '0501', maxLength: 3 }, false)).status).toBe('pass');
  });
  it('enemy units and their ZOC block; friendly units negate ZOC only where the game says so', () => {
    // Enemies in 0301 and 0303 (odd column, half a hex up): their ZOC covers 0201, 0401, 0302 and
    // 0202, 0203, 0402, 0403, so column 3 and the way east are closed.
    const enemies = ['0301', '0303'];
    expect(runCheck(game, supply({ hex: '0502', enemies }, false)).status).toBe('pass');
    // Friendly units in 0402, 0302 and 0202 open 0502 → 0402 → 0302 → 0202 → 0102, when they negate ZOC.
    const negating = { ...game, info: { ...game.info, supply: { friendlyNegatesZoc: true } } };
    expect(runCheck(negating, supply({ hex: '0502', enemies, friendlies: ['0402', '0302', '0202'] }, true)).status).toBe('pass');
    expect(runCheck(negating, supply({ hex: '0502', enemies, friendlies: ['0402', '0302'] }, false)).status).toBe('pass');
    // Without friendlyNegatesZoc (the default), the same friendly units change nothing.
    expect(runCheck(game, supply({ hex: '0502', enemies, friendlies: ['0402', '0302', '0202'] }, false)).status).toBe('pass');
  });
  it('a unit standing in enemy ZOC still traces out of it', () => {
    expect(runCheck(game, supply({ hex: '0202', enemies: ['0303'] }, true)).status).toBe('pass');
  });
});

describe('reinforcements and victory points', () => {
  it('lists what arrives on a turn and what has no stated turn', () => {
    const scenario = {
      id: 's',
      name: 'S',
      firstTurn: 1,
      lastTurn: 5,
      reinforcements: [
        { turn: 2, units: ['a', 'b'], hex: '0101' },
        { turn: 3, formations: ['f'], zone: 'west' },
        { turn: { unknown: true as const }, units: ['c'] },
      ],
    };
    const two = arrivalsOn(scenario, 2);
    expect(two.arrivals.map((a) => [a.units, a.where])).toEqual([[['a', 'b'], '0101']]);
    expect(arrivalsOn(scenario, 3).arrivals[0]).toMatchObject({ formations: ['f'], where: 'zone west' });
    expect(two.undated).toHaveLength(1);
  });
  it('scores victory hexes for the side controlling them', () => {
    expect(victoryPoints(game, undefined, { '0502': 'red' }).bySide).toEqual({ red: 3 });
    expect(victoryPoints(game, undefined, {}).bySide).toEqual({});
  });
});

describe('supply by the game’s rules: hexsides, bridges, control, unknown terrain', () => {
  // 0302 is ringed by river hexsides; a bridge spans one of them when `bridged`.
  const ring = ['0302/0301', '0302/0303', '0302/0201', '0302/0202', '0302/0401', '0302/0402'];
  const riverGame = (bridged: boolean, unknownHex?: string) => {
    const g = asciiGame({
      map: `
      . . . . .
      . . . . .
      . . . . .`,
      legend: { '.': 'clear' },
      terrain: [
        { id: 'clear', name: 'Clear', kind: 'hex', movement: 1 },
        { id: 'river', name: 'River', kind: 'hexside', movement: { add: 1 } },
        { id: 'bridge', name: 'Bridge', kind: 'hexside', movement: 'other' },
      ],
      hexsides: [{ feature: 'river', sides: ring }, ...(bridged ? [{ feature: 'bridge', sides: ['0302/0202'] }] : [])],
      zones: [{ id: 'west', kind: 'supply', side: 'blue', hexes: ['0101..0103'] }],
      info: { supply: { prohibitedTerrain: ['river'], bridges: ['bridge'], blockedByEnemyControl: true } },
    });
    if (unknownHex) {
      const h = g.map.hexes.find((x) => x.id === unknownHex)!;
      h.terrain = { unknown: true };
    }
    return g;
  };
  it('a unit whose every exit crosses an unbridged river is out of supply', () => {
    expect(runCheck(riverGame(false), supply({ hex: '0302' }, false)).status).toBe('pass');
  });
  it('a bridge spans the river', () => {
    expect(runCheck(riverGame(true), supply({ hex: '0302' }, true)).status).toBe('pass');
  });
  it('enemy-controlled hexes block when the rules say so', () => {
    expect(runCheck(riverGame(true), supply({ hex: '0302', enemyControlled: ['0202'] }, false)).status).toBe('pass');
  });
  it('a line that exists only through a hex of unknown terrain is a gap, not open ground', () => {
    // Bridged towards 0202, whose terrain the map does not give: 0302 → 0202 → 0102 may or may not be open.
    const r = runCheck(riverGame(true, '0202'), supply({ hex: '0302' }, true));
    expect(r.status).toBe('gap');
    expect(r.reasoning.at(-1)).toContain('whose terrain the map does not give');
  });
});

/** The ring-of-fire system queries: key mechanics against the rule text, and every check of data/rof. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../../src/cli/load-game';
import { engineFor, type Engine } from '../../../src/engine/context';
import { runChecks } from '../../../src/engine/checks/runner';
import { ROF_QUERIES } from '../../../src/engine/systems/rof';
import type { Game } from '../../../src/model/game';

let game: Game;
let engine: Engine;

beforeAll(async () => {
  const loaded = await loadGame('data/rof');
  if (!loaded.game) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  game = loaded.game;
  engine = engineFor(game);
});

const ask = (name: string, input: Record<string, unknown>) => ROF_QUERIES[`ring-of-fire.${name}`].run(engine, input);
const actual = (name: string, input: Record<string, unknown>) => {
  const answer = ask(name, input);
  expect(answer.unsupported, answer.unsupported).toBeUndefined();
  return answer.actual as Record<string, unknown>;
};

/** One attacking hex A against one defending hex D, German phasing. */
const duel = (units: Record<string, unknown>[], fire: Record<string, unknown>[], extra: Record<string, unknown>[] = []) => ({
  phasing: 'german',
  units,
  adjacent: [['A', 'D']],
  segments: [{ segment: 'combat', combats: [{ from: 'A', to: 'D', fire }] }, ...extra],
});
const tank = (id: string, side: string, hex: string, tcer: number | string, more: Record<string, unknown> = {}) => ({
  id,
  side,
  hex,
  tcer,
  steps: 2,
  ...more,
});

describe('Tank Combat (12.12-12.161)', () => {
  it('fires in descending TCER, the defender first on equal ratings', () => {
    const order = actual('tankFireOrder', {
      attacker: {
        side: 'soviet',
        units: [
          { id: 'a3', tcer: 3 },
          { id: 'a1', tcer: 1 },
        ],
      },
      defender: {
        side: 'german',
        units: [
          { id: 'd3', tcer: 3 },
          { id: 'd2', tcer: 2 },
        ],
      },
    });
    expect(order).toEqual({ order: [['d3'], ['a3'], ['d2'], ['a1']] });
  });

  it('hits on a roll at or under the TCER; only a TCER 4 rolling 1 costs two steps (L675)', () => {
    const hit = (tcer: number, roll: number) =>
      (
        actual('tankCombat', duel([tank('G', 'german', 'A', tcer), tank('S', 'soviet', 'D', 1)], [{ unit: 'G', target: 'S', roll }]))
          .steps as Record<string, number>
      ).S;
    expect(hit(4, 1)).toBe(0);
    expect(hit(4, 2)).toBe(1);
    expect(hit(4, 4)).toBe(1);
    expect(hit(4, 5)).toBe(2);
    expect(hit(3, 3)).toBe(1);
    expect(hit(2, 3)).toBe(2);
    expect(hit(1, 1)).toBe(1);
  });

  it('an eliminated unit cannot fire back, and a unit fires once per segment', () => {
    const units = [tank('G', 'german', 'A', 4), tank('S', 'soviet', 'D', 1)];
    expect(
      actual(
        'tankCombat',
        duel(units, [
          { unit: 'G', target: 'S', roll: 1 },
          { unit: 'S', target: 'G', roll: 1 },
        ]),
      ).legal,
    ).toBe(false);
    expect(
      actual(
        'tankCombat',
        duel(units, [
          { unit: 'G', target: 'S', roll: 6 },
          { unit: 'G', target: 'S', roll: 6 },
        ]),
      ).legal,
    ).toBe(false);
  });

  it('a lower rating may not fire before a higher one', () => {
    const units = [tank('G', 'german', 'A', 2), tank('S', 'soviet', 'D', 3)];
    expect(
      actual(
        'tankCombat',
        duel(units, [
          { unit: 'G', target: 'S' },
          { unit: 'S', target: 'G' },
        ]),
      ).legal,
    ).toBe(false);
    expect(
      actual(
        'tankCombat',
        duel(units, [
          { unit: 'S', target: 'G' },
          { unit: 'G', target: 'S' },
        ]),
      ).legal,
    ).toBe(true);
  });

  it('Tank Combat markers keep the units out of the reserve-phase segment, then come off (12.16, 12.161)', () => {
    const units = [tank('G', 'german', 'A', 2), tank('R', 'german', 'B', 2, { reserve: true }), tank('S', 'soviet', 'D', 1)];
    const script = (fire: Record<string, unknown>[]) => ({
      phasing: 'german',
      units,
      adjacent: [
        ['A', 'D'],
        ['B', 'D'],
      ],
      segments: [
        { segment: 'combat', combats: [{ from: 'A', to: 'D', fire: [{ unit: 'G', target: 'S', roll: 6 }] }] },
        { segment: 'reserve', combats: [{ from: 'B', to: 'D', fire }] },
      ],
    });
    const ok = actual(
      'tankCombat',
      script([
        { unit: 'R', target: 'S', roll: 6 },
        { unit: 'S', target: 'R', roll: 6 },
      ]),
    );
    expect(ok.legal).toBe(true);
    expect(ok.tankCombatMarkers).toEqual([]);
    expect(actual('tankCombat', script([{ unit: 'S', target: 'G', roll: 6 }])).legal).toBe(false);
  });

  it('a tank eliminated out of supply goes to the Permanently Eliminated box (clarification L1267)', () => {
    const r = actual(
      'tankCombat',
      duel(
        [tank('G', 'german', 'A', 4), tank('S', 'soviet', 'D', 1, { outOfSupply: true, steps: 1 })],
        [{ unit: 'G', target: 'S', roll: 3 }],
      ),
    );
    expect(r.permanentlyEliminated).toEqual(['S']);
  });

  it('an unstated TCER is accepted only when every rating gives the same outcome', () => {
    const units = [tank('G', 'german', 'A', '?'), tank('S', 'soviet', 'D', 1)];
    expect(actual('tankCombat', duel(units, [{ unit: 'G', target: 'S', roll: 5 }])).steps).toEqual({ G: 2, S: 2 });
    expect(ask('tankCombat', duel(units, [{ unit: 'G', target: 'S', roll: 2 }])).unsupported).toMatch(/unstated TCER/);
  });

  it('no Tank Combat across a Major River (12.14)', () => {
    const units = [
      { id: 'G', side: 'german', hex: 'A', tcer: 2 },
      { id: 'S', side: 'soviet', hex: 'D', tcer: 1 },
    ];
    expect(
      actual('tankCombatsRequired', { phasing: 'german', units, adjacent: [['A', 'D']], hexsides: { 'A/D': ['major-river'] } }),
    ).toEqual({ combats: [] });
    expect(actual('tankCombatsRequired', { phasing: 'german', units, adjacent: [['A', 'D']] })).toEqual({ combats: [['A', 'D']] });
  });
});

describe('Regular Combat (12.35-12.71)', () => {
  it('counts virtual columns above 5:1 before shifting, then resolves on 5:1 (12.36)', () => {
    const col = (attack: number, defend: number, defenderTerrain: string[]) =>
      actual('finalColumn', { table: 'crt', attack, defend, attackerSide: 'soviet', defenderSide: 'german', defenderTerrain }).column;
    expect(col(28, 4, ['forest', 'fortification'])).toBe('5:1');
    expect(col(20, 4, ['forest'])).toBe('4:1');
    expect(col(40, 4, ['clear'])).toBe('5:1');
  });

  it('refuses a shift through CRT columns the table does not list', () => {
    expect(
      ask('finalColumn', {
        table: 'crt',
        attack: 8,
        defend: 4,
        attackerSide: 'soviet',
        defenderSide: 'german',
        defenderTerrain: ['clear'],
        concentric: true,
      }).unsupported,
    ).toMatch(/only some columns/);
  });

  it('Maximum Effort doubles, attacker 0 → 1; the fortification then moves one step each way unless a Barrage negates it (12.64, 12.65)', () => {
    const result = (crtResult: string, maximumEffort: boolean, fort: boolean, barrage = false) =>
      actual('combatResult', { crtResult, maximumEffort, attackerSide: 'soviet', germanDefenderInFortification: fort, barrage }).result;
    expect(result('A1/D1', true, true)).toBe('A3/D1');
    expect(result('A1/D1', true, true, true)).toBe('A2/D2');
    expect(result('D1', true, false)).toBe('A1/D2');
    expect(result('A2/D3', false, true)).toBe('A3/D2');
  });

  it('spreads step losses evenly and ignores the excess (12.71)', () => {
    expect(
      actual('stepLoss', {
        result: 'D3',
        units: [
          { id: 'a', steps: 2 },
          { id: 'b', steps: 4 },
        ],
      }),
    ).toEqual({ steps: { a: 0, b: 3 }, eliminated: ['a'], ignored: 0 });
    expect(
      actual('stepLoss', {
        result: 'A5',
        units: [
          { id: 'a', steps: 2 },
          { id: 'b', steps: 2 },
        ],
      }),
    ).toEqual({ steps: { a: 0, b: 0 }, eliminated: ['a', 'b'], ignored: 1 });
  });

  it('multiplies river and supply modifiers (3.2, 12.5)', () => {
    expect(actual('strengthMultiplier', { movementClass: 'leg', modifiers: ['minor-river', 'major-river'] })).toEqual({
      multiplier: 0.125,
    });
    expect(actual('strengthMultiplier', { role: 'defense', modifiers: ['minor-river', 'out-of-supply'] })).toEqual({ multiplier: 0.5 });
  });
});

describe('ZOC Links (10.3-10.7) on the derived adjacency', () => {
  it('finds Hex and Hexside Links and their negation', () => {
    expect(actual('zocLinks', { side: 'german', units: ['2020', '2022', '2220'], enemies: [] })).toMatchObject({
      hexLinks: ['2021'],
      hexsideLinks: ['2120/2121'],
    });
    expect(actual('zocLinks', { side: 'german', units: ['2020', '2022', '2220'], enemies: ['2021', '2121'] })).toMatchObject({
      hexLinks: [],
      hexsideLinks: ['2120/2121'],
    });
  });

  it('re-evaluates links after every move (10.5)', () => {
    expect(actual('moveSequence', { side: 'soviet', enemies: ['2020', '2220'], moves: [{ unit: 'x', path: ['2120', '2121'] }] })).toEqual({
      legal: [false],
    });
    expect(
      actual('moveSequence', {
        side: 'soviet',
        enemies: ['2020', '2220'],
        moves: [
          { unit: 'y', path: ['2122', '2121'] },
          { unit: 'x', path: ['2120', '2121'] },
        ],
      }),
    ).toEqual({ legal: [true, true] });
  });

  it('concentric attacks come from opposite or alternating hexes (12.61)', () => {
    expect(actual('concentric', { defender: '2120', attackers: ['2220', '2019'] })).toEqual({ concentric: true });
    expect(actual('concentric', { defender: '2120', attackers: ['2220', '2219'] })).toEqual({ concentric: false });
  });
});

describe('supply, replacements and victory', () => {
  it('a Kharkov hex entered by a Soviet unit is never again a German source (15.4)', () => {
    expect(actual('supplySource', { side: 'german', hex: '1131', enteredBySoviet: [] })).toEqual({ source: true });
    expect(actual('supplySource', { side: 'german', hex: '1131', enteredBySoviet: ['1131'] })).toEqual({ source: false });
  });

  it('reads the Replacement Schedule with the scenario override and refuses rows it lacks (6.1, 16.2)', () => {
    expect(actual('replacements', { scenario: '16-2-polkovodets-rumyantsev', turn: 7, side: 'german' })).toEqual({ mobile: 1, leg: 2 });
    expect(ask('replacements', { turn: 3, side: 'german' }).unsupported).toMatch(/not given/);
  });

  it('bands net VPs into the scenario levels (16.1 L1097-1101, 16.2 L1192-1198)', () => {
    const level = (scenario: string, sovietVp: number, germanVp: number) => actual('victoryLevel', { scenario, sovietVp, germanVp }).level;
    expect(level('16-2-polkovodets-rumyantsev', 49, 4)).toBe('level-draw');
    expect(level('16-2-polkovodets-rumyantsev', 44, 0)).toBe('level-german-marginal');
    expect(level('16-2-polkovodets-rumyantsev', 69, 0)).toBe('level-soviet-marginal');
    expect(level('16-1-breakthrough', 15, 0)).toBe('level-soviet-victory');
    expect(level('16-1-breakthrough', 5, 0)).toBe('level-german-victory');
    expect(level('16-1-breakthrough', 5, 6)).toBe('level-german-decisive');
  });
});

describe('data/rof checks', () => {
  it('every check passes (errata with the rule text), none unsupported', () => {
    const outcomes = runChecks(game).map(({ check, outcome }) => ({
      id: check.id,
      status: outcome.status,
      why: outcome.reasoning.slice(-1)[0],
    }));
    expect(outcomes.filter((o) => o.status === 'fail' || o.status === 'unsupported')).toEqual([]);
    expect(outcomes.length).toBe(151);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundledGame } from '../../../src/cli/verify';
import { engineFor, runChecks, type Engine } from '../../../src/engine';
import { T3_QUERIES } from '../../../src/engine/systems/t3';
import { concentricPattern } from '../../../src/engine/systems/t3/concentric';
import { spread } from '../../../src/engine/systems/t3/hits';
import type { Game } from '../../../src/model/game';

let game: Game;
let engine: Engine;
const ask = (query: string, input: Record<string, unknown>) => T3_QUERIES[`t3.${query}`].run(engine, input);

beforeAll(async () => {
  const loaded = await loadBundledGame('data/ttt');
  if (!loaded.game) throw new Error(JSON.stringify(loaded.diagnostics));
  game = loaded.game;
  engine = engineFor(game);
});

describe('t3 combat arithmetic', () => {
  it('clamps the summed DRM to -6..+6 (11.6.B) and the modified roll to 2..12 (11.5.B)', () => {
    expect(ask('finalDrm', { drms: [2, 3, -1] }).actual).toEqual({ drm: 4 });
    expect(ask('finalDrm', { drms: [-4, -4] }).actual).toEqual({ drm: -6 });
    expect(ask('modifiedRoll', { roll: 11, drm: 3 }).actual).toEqual({ roll: 12 });
    expect(ask('modifiedRoll', { roll: 9, drm: -3 }).actual).toEqual({ roll: 6 });
  });

  it('floors each unit at one before the side total is rounded down (11.6.A, 3.1.A)', () => {
    // 3 halved = 1.5; 1 quartered = 0.25 → 1; 1.5 + 1 = 2.5 → 2.
    expect(ask('combinedStrength', { values: [3, 1], halved: [1, 2] }).actual).toEqual({ total: 2 });
  });

  it('takes the highest modified TR as TPV (11.3.1) and gives chits by TS (11.3.2)', () => {
    // 14 GRD TR 3 halved across a river = 1.5 → TPV 1; 132/44 TR 4.
    expect(ask('tpv', { attackers: ['14-grd'], acrossRiver: ['14-grd'], defenders: ['132-44'] }).actual).toEqual({
      attacker: 1,
      defender: 4,
    });
    expect(ask('tacticalSuperiority', { attackerTpv: 4, defenderTpv: 1 }).actual).toEqual({
      superior: 'attacker',
      attackerChits: 3,
      defenderChits: 1,
    });
    expect(ask('tacticalSuperiority', { attackerTpv: 1, defenderTpv: 1 }).actual).toEqual({
      superior: 'none',
      attackerChits: 1,
      defenderChits: 1,
    });
  });

  it('applies chit increases before reductions (11.6.2.B)', () => {
    // Soviet #9 adds one CH to the Axis defender, Axis #13 removes one of its own.
    expect(ask('applyChits', { result: '2/1', attackerChits: ['soviet-09'], defenderChits: ['axis-13'] }).actual).toEqual({
      afterIncreases: '2/2',
      result: '2/1',
    });
    expect(ask('applyChits', { result: '0/0', attackerChits: [], defenderChits: ['axis-13'] }).actual).toEqual({
      afterIncreases: '0/0',
      result: '0/0',
    });
  });
});

describe('t3 concentric attack (11.6.3)', () => {
  it('recognises opposite, alternating and more-than-three patterns', () => {
    expect(concentricPattern([0, 3]).concentric).toBe(true);
    expect(concentricPattern([1, 3, 5]).concentric).toBe(true);
    expect(concentricPattern([0, 1, 2]).concentric).toBe(false);
    expect(concentricPattern([0, 1]).concentric).toBe(false);
    expect(concentricPattern([0, 1, 2, 4]).concentric).toBe(true);
  });

  it('reads river hexsides from the map: 1813/1913 is a river (11.8.G), 1812/1913 is not', () => {
    expect(ask('concentric', { defender: '1913', attackersFrom: ['1812', '2013'] }).actual).toEqual({ concentric: true });
    expect(ask('concentric', { defender: '1913', attackersFrom: ['1813', '2012'] }).actual).toEqual({ concentric: false });
  });
});

describe('t3 combat results (11.7)', () => {
  it('spreads step losses evenly (11.7.F)', () => {
    expect(spread(5, 2)).toEqual([3, 2]);
    expect(spread(3, 3)).toEqual([1, 1, 1]);
    expect(spread(1, 3)).toEqual([1, 0, 0]);
  });

  it('forces a retreat only when CHs exceed the defenders, and costs one step more when unable (11.7.1.1)', () => {
    expect(ask('defenderHits', { hits: 3, defenders: 3 }).actual).toMatchObject({ minRetreat: 0, maxRetreat: 2, minStepLosses: 1 });
    expect(ask('defenderHits', { hits: 1, defenders: 1, canRetreat: false }).actual).toMatchObject({ stepLosses: 2 });
    expect(ask('defenderHits', { hits: 3, defenders: 1, retreat: 0 }).actual).toMatchObject({ legal: false });
  });

  it('walks a tank corps through its substitute counter and out of play (2.4.4[Steps])', () => {
    expect(ask('stepLoss', { unit: '23-tc', stepsLost: 1 }).actual).toMatchObject({ counter: '23-tc', face: 'reverse' });
    expect(ask('stepLoss', { unit: '23-tc', stepsLost: 3 }).actual).toMatchObject({ counter: '23-tc-sub', face: 'reverse' });
    expect(ask('stepLoss', { unit: '23-tc', stepsLost: 4 }).actual).toEqual({ eliminated: true });
  });
});

describe('t3 command, movement and scenarios', () => {
  it('keeps one C3I Point for each later segment (8.2.B)', () => {
    expect(ask('c3iSpend', { side: 'soviet', segment: 1, c3i: 4 }).actual).toEqual({ allowed: [1, 2] });
    expect(ask('c3iSpend', { side: 'soviet', segment: 1, c3i: 4, spend: 3 }).actual).toMatchObject({ legal: false });
  });

  it('stops movement in the first EZOC entered (6.0.C)', () => {
    expect(ask('zocMove', { path: ['free', 'ezoc'] }).actual).toEqual({ legal: true, stopAt: 1 });
    expect(ask('zocMove', { path: ['free', 'free'] }).actual).toEqual({ legal: true });
  });

  it('reads victory levels from the scenario (13.4.B) and awards step-loss VPs by side (13.3.B-C)', () => {
    expect(ask('victory', { scenario: 'like-hungry-wolves', turn: 1, vp: 20 }).actual).toEqual({ winner: 'none' });
    expect(ask('victory', { scenario: 'seize-that-bridgehead', turn: 3, vp: -10 }).actual).toMatchObject({ winner: 'axis' });
    expect(ask('stepLossVp', { side: 'soviet', steps: 3 }).actual).toEqual({ vpChange: -3 });
  });
});

describe('verify data/ttt', () => {
  it('passes every check except the two whose values the data leaves unknown', () => {
    const outcomes = runChecks(game);
    const byStatus = (s: string) => outcomes.filter((o) => o.outcome.status === s).map((o) => o.check.id);
    expect(byStatus('fail')).toEqual([]);
    // EX-12: Feint and Mobile Battle effects are given only together; EX-14.3: 23 TC and 15 TB TRs unknown.
    expect(byStatus('gap')).toEqual(['EX-12', 'EX-14.3']);
    expect(byStatus('unsupported')).toEqual([]);
    // EX-14.5 is an example, not an erratum: 11.6.A's floor is on the side's total (3.1.C), as 11.8.G applies it.
    // The errata are the inventory's contradictions C1 (Dnepropetrovsk's hex) and C4 (units across the river).
    expect(byStatus('erratum')).toEqual(['ERR-C1', 'ERR-C4']);
  });
});

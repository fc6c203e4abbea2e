/** The spi-kursk system queries: key mechanics against the rule text, and every spi-kursk.* check of data/kursk. */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../../src/cli/load-game';
import { engineFor, type Engine } from '../../../src/engine/context';
import { runChecks } from '../../../src/engine/checks/runner';
import { KURSK_QUERIES } from '../../../src/engine/systems/kursk';
import type { Game } from '../../../src/model/game';

let game: Game;
let engine: Engine;

beforeAll(async () => {
  const loaded = await loadGame('data/kursk');
  if (!loaded.game) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
  game = loaded.game;
  engine = engineFor(game);
});

const ask = (name: string, input: Record<string, unknown>) => KURSK_QUERIES[`spi-kursk.${name}`].run(engine, input);
const actual = (name: string, input: Record<string, unknown>) => {
  const answer = ask(name, input);
  expect(answer.unsupported, answer.unsupported).toBeUndefined();
  return answer.actual as Record<string, unknown>;
};

describe('CRT column (9.0, 9.35, 9.36)', () => {
  it('finds the column of the net Attack Strength and counts shifts off', () => {
    expect(actual('crtColumn', { netAttack: 45 })).toEqual({ column: '43-49' });
    expect(actual('crtColumn', { netAttack: 36, shift: -1 })).toEqual({ column: '29-35' });
    expect(actual('crtColumn', { netAttack: 5 })).toEqual({ column: '1-5' });
  });
  it('stops shifts at the end columns (9.36)', () => {
    expect(actual('crtColumn', { netAttack: 64, shift: 9 })).toEqual({ column: '72 or more' });
    expect(actual('crtColumn', { netAttack: 2, shift: -4 })).toEqual({ column: '0 or less' });
  });
  it('refuses columns and shifts the text does not give', () => {
    expect(ask('crtColumn', { netAttack: 12 }).unsupported).toMatch(/between the columns/);
    expect(ask('crtColumn', { netAttack: 45, shift: 3 }).unsupported).toMatch(/crosses CRT columns/);
  });
});

describe('artillery (13.12-13.14, 13.61)', () => {
  it('takes points off infantry first, then half the rest off the others, rounding down', () => {
    expect(actual('artilleryModifier', { infantry: 3, secondary: 10, artilleryPoints: 8 })).toEqual({ netAttack: 8 });
    expect(actual('artilleryModifier', { infantry: 12, secondary: 0, artilleryPoints: 5 })).toEqual({ netAttack: 7 });
    expect(actual('artilleryModifier', { infantry: 0, secondary: 9, artilleryPoints: 7 })).toEqual({ netAttack: 6 });
  });
  it('knows only the Level Two threshold of 8 points', () => {
    expect(actual('counterbattery', { artilleryPoints: 12, negated: 6 })).toEqual({ points: 6, level: 1 });
    expect(ask('counterbattery', { artilleryPoints: 12, negated: 2 }).unsupported).toMatch(/Levels above Two/);
  });
});

describe('mixed command (11.18, 11.19) through the formation tree', () => {
  it('two corps of the same army are different headquarters', () => {
    expect(actual('commandShift', { defenders: [{ hq: 'ger-46pzk' }, { hq: 'ger-47pzk' }] })).toEqual({ shift: 2 });
  });
  it('an army and its own corps are one command; units in independent command give one column', () => {
    expect(actual('commandShift', { defenders: [{ hq: 'ger-9a' }, { hq: 'ger-41pzk' }] })).toEqual({ shift: 0 });
    expect(actual('commandShift', { defenders: [{ command: 'independent' }, { command: 'alternate' }] })).toEqual({ shift: 1 });
    expect(actual('commandShift', { defenders: [{ command: 'independent' }] })).toEqual({ shift: 0 });
  });
  it('traces to its own HQ and the parent without 11.6', () => {
    expect(actual('commandHQs', { unitHQ: 'ger-gr' })).toEqual({ hqs: ['ger-gr', 'ger-adk'] });
  });
});

describe('Step losses (9.51, 9.53) and results (9.47)', () => {
  it('replaces an odd-Step counter by the next one and flips an even one', () => {
    const r = actual('stepLoss', { unit: { multiCounter: true, stepValue: 3 }, losses: 2 });
    expect(r.sequence).toEqual([
      { stepValue: 2, action: 'next-counter' },
      { stepValue: 1, action: 'flip' },
    ]);
  });
  it('applies the -2/-1 marker to Attack Strength and Step Value', () => {
    const r = actual('stepLoss', { unit: { nonConsecutive: true, front: { attack: 7, stepValue: 4, movement: 3 } }, losses: 1 });
    expect(r).toMatchObject({ marker: '-2/-1', effective: { attack: 5, stepValue: 3, movement: 3 } });
  });
  it('leaves slash results alone and adjusts "m" results only for the two mode pairs', () => {
    expect(actual('mResult', { result: '2/1', attackerMode: 'assault', defenderMode: 'static' })).toEqual({ attacker: 2, defender: 1 });
    expect(actual('mResult', { result: '-m3', attackerMode: 'static', defenderMode: 'mobile' })).toEqual({ attacker: '-', defender: 3 });
    expect(actual('mResult', { result: '2m-', attackerMode: 'mobile', defenderMode: 'mobile' })).toEqual({ attacker: 1, defender: '-' });
  });
});

describe('movement and air (5.41, 11.52, 17.11)', () => {
  it('halves once for mode or supply, quarters for both', () => {
    expect(actual('movementAllowance', { movement: 7, mode: 'mobile', supplied: false, inCommunication: true })).toEqual({ movement: 3 });
    expect(actual('movementAllowance', { movement: 7, mode: 'static', supplied: true, inCommunication: false })).toEqual({ movement: 1 });
    expect(actual('movementAllowance', { movement: 6, mode: 'assault', supplied: true, inCommunication: true })).toEqual({ movement: 3 });
  });
  it('widens interception by one face per Air Point over three, never to a six', () => {
    expect(actual('interception', { interceptors: 'one', committed: 4 })).toEqual({ success: [1, 2, 3] });
    expect(actual('interception', { interceptors: 'one', committed: 9 })).toEqual({ success: [1, 2, 3, 4, 5] });
  });
});

describe('scenario rules', () => {
  it('reads victory bands from scenarios.json', () => {
    expect(actual('victoryLevel', { scenario: 'may', netVP: 20 })).toEqual({ level: 'soviet-strategic' });
    expect(actual('victoryLevel', { scenario: 'jul', netVP: 45 })).toEqual({ level: 'draw' });
  });
  it('counts reserve VP through Game-Turn 7 only', () => {
    expect(actual('reserveVP', { scenario: 'jul', activatedTurn: 1, activation: 'voluntary' })).toEqual({ vp: 1 + 6 });
  });
  it('maps input.cases and reports an unsupported case', () => {
    expect(actual('attackAllowed', { cases: [{ attack: 6 }, { attack: 5 }] })).toEqual({ cases: [{ allowed: true }, { allowed: false }] });
    expect(ask('crtColumn', { cases: [{ netAttack: 45 }, { netAttack: 12 }] }).unsupported).toMatch(/^case 2:/);
  });
});

describe('verify data/kursk', () => {
  it("answers every spi-kursk.* check with the expected (or the rule text's) answer, and no check is unsupported", () => {
    const outcomes = runChecks(game);
    const unsupportedIds = outcomes.filter((o) => o.outcome.status === 'unsupported').map((o) => o.check.id);
    expect(unsupportedIds).toEqual([]);
    const kursk = outcomes.filter((o) => o.check.query.startsWith('spi-kursk.'));
    expect(kursk.length).toBeGreaterThan(90);
    const failing = kursk
      .filter((o) => o.outcome.status !== 'pass' && o.outcome.status !== 'erratum')
      .map((o) => `${o.check.id}: ${o.outcome.reasoning.join(' | ')}`);
    expect(failing).toEqual([]);
    expect(kursk.find((o) => o.check.id === 'E28')?.outcome.status).toBe('erratum');
  });
});

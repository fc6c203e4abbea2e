/**
 * Each system rule module runs on a second, small ORIGINAL game (tests/fixtures/systems/<system>/,
 * invented for these tests): its queries answer from that game's data alone. Every expected answer
 * there is computed by hand (arithmetic in each check's notes); the values differ from the rulebook
 * game's on purpose, so a rule that still held a bundled game's number would fail here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../../src/cli/load-game';
import { QUERIES, runCheck, runChecks } from '../../../src/engine/checks/runner';
import { engineFor } from '../../../src/engine/context';
import type { Game } from '../../../src/model/game';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'systems');

async function original(system: string): Promise<Game> {
  const loaded = await loadGame(path.join(FIXTURES, system));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return loaded.game!;
}

/** The game with one rule value of its system block replaced (the data edited, the engine unchanged). */
function withRule(game: Game, name: string, value: unknown): Game {
  const system = game.info.system!;
  const block = game.info.systemRules![system];
  return { ...game, info: { ...game.info, systemRules: { [system]: { ...block, [name]: { value } } } } };
}

describe.each(['schwerpunkt', 't3', 'spi-kursk', 'ring-of-fire'])('the %s module on its original test game', (system) => {
  it('answers every check of the game from its own data, as computed by hand', async () => {
    const game = await original(system);
    expect(game.info.original).toBe(true);
    const outcomes = runChecks(game);
    expect(outcomes.filter((o) => o.outcome.status !== 'pass').map((o) => `${o.check.id}: ${o.outcome.reasoning.at(-1)}`)).toEqual([]);
  });

  it("asks every one of the system's queries", async () => {
    const game = await original(system);
    const asked = new Set(game.checks.map((c) => c.query));
    const prefix = `${game.checks[0].query.split('.')[0]}.`;
    const all = Object.keys(QUERIES).filter((q) => q.startsWith(prefix));
    expect(all.filter((q) => !asked.has(q))).toEqual([]);
  });
});

describe('the schwerpunkt module follows the data, not a stored game', () => {
  it('an edited Activity Point cost changes the answer', async () => {
    const game = await original('schwerpunkt');
    const check = game.checks.find((c) => c.id === 'SP-22')!;
    expect(runCheck(game, check).status).toBe('pass');
    const cheaper = withRule(game, 'activityPoints', { perUnitMoved: 2, perFormationStack: 3, perCombat: 3 });
    expect(runCheck(cheaper, check)).toMatchObject({ status: 'fail', actual: { legal: true, apCost: 3 } });
  });

  it('a chit whose effect the data does not give is a gap, never an answer', async () => {
    const game = await original('schwerpunkt');
    const answer = QUERIES['schwerpunkt.combatChits'](engineFor(game), { played: { lowland: ['low-flank', 'low-secret'] } });
    expect(answer.gap).toMatch(/Secret Orders.*not known/);
    expect(answer.actual).toBeNull();
  });

  it('a rule value the game does not give is unsupported, and an unknown one a gap', async () => {
    const game = await original('schwerpunkt');
    const { frontRange: _omitted, ...rest } = game.info.systemRules!.schwerpunkt;
    const without = { ...game, info: { ...game.info, systemRules: { schwerpunkt: rest } } };
    expect(QUERIES['schwerpunkt.frontRange'](engineFor(without), { distance: 3 }).unsupported).toMatch(
      /systemRules\.schwerpunkt\.frontRange is not given/,
    );
    const unknown = {
      ...game,
      info: { ...game.info, systemRules: { schwerpunkt: { ...rest, frontRange: { unknown: true, reason: 'chart lost' } } } },
    };
    expect(QUERIES['schwerpunkt.frontRange'](engineFor(unknown as Game), { distance: 3 }).gap).toMatch(/not known: chart lost/);
  });
});

describe('the t3 module follows the data, not a stored game', () => {
  it('an edited least C3I spend changes the spends allowed', async () => {
    const game = await original('t3');
    const check = game.checks.find((c) => c.id === 'SM-08')!;
    expect(runCheck(game, check).status).toBe('pass');
    const looser = withRule(game, 'c3iSpend', { min: 1, max: 3 });
    expect(runCheck(looser, check)).toMatchObject({ status: 'fail', actual: { allowed: [1, 2, 3] } });
  });

  it('an edited motorized category changes who advances a second hex', async () => {
    const game = await original('t3');
    const check = game.checks.find((c) => c.id === 'SM-70')!;
    expect(runCheck(game, check).status).toBe('pass');
    const footMotorized = withRule(game, 'motorizedCategory', 'foot');
    expect(runCheck(footMotorized, check)).toMatchObject({ status: 'fail', actual: { firstHex: true, secondHex: true } });
  });

  it('a chit whose effect the data does not give is a gap, never an answer', async () => {
    const game = await original('t3');
    const answer = QUERIES['t3.applyChits'](engineFor(game), { side: 'ember', hits: 2, ownReductions: ['ember-scout'] });
    expect(answer.gap).toMatch(/ember-scout \(Scouts\) is not known/);
  });
});

describe('the spi-kursk module follows the data, not a stored game', () => {
  it('an edited overrun rule for units out of communication changes who may overrun', async () => {
    const game = await original('spi-kursk');
    const check = game.checks.find((c) => c.query === 'spi-kursk.overrun')!;
    expect(runCheck(game, check).status).toBe('pass');
    const strict = withRule(game, 'outOfCommunication', { movementHalved: false, mayOverrun: false, attackNeedsCommunication: ['azure'] });
    const answer = runCheck(strict, check);
    expect(answer.status).toBe('fail');
    expect((answer.actual as { cases: unknown[] }).cases.at(-1)).toEqual({ allowed: false });
  });

  it('an edited Kampfgruppen count per division changes how many recombine', async () => {
    const game = await original('spi-kursk');
    const two = withRule(game, 'breakdown', { kampfgruppenPerDivision: 2, maxDivisionsBrokenDown: 2, divisionsPerCorps: 2 });
    const ask = QUERIES['spi-kursk.recombine'];
    expect(ask(engineFor(game), { kampfgruppeSteps: [1, 2, 1] }).actual).toEqual({ divisionSteps: 4 });
    expect(() => ask(engineFor(two), { kampfgruppeSteps: [1, 2, 1] })).toThrow(/2 Azure Directorate Kampfgruppen recombine/);
    expect(ask(engineFor(two), { kampfgruppeSteps: [2, 1] }).actual).toEqual({ divisionSteps: 3 });
  });
});

describe('the ring-of-fire module follows the data, not a stored game', () => {
  it.each([
    ['an edited reserve share changes who may be placed in reserve', 'CR-45', 'reserveMovementFraction', 0.5, { allowed: true }],
    ['an edited Barrage limit per hex changes whether a second marker is legal', 'CR-24', 'barragesPerHex', 1, { legal: false }],
  ])('%s', async (_title, id, name, value, actual) => {
    const game = await original('ring-of-fire');
    const check = game.checks.find((c) => c.id === id)!;
    expect(runCheck(game, check).status).toBe('pass');
    expect(runCheck(withRule(game, name, value), check)).toMatchObject({ status: 'fail', actual });
  });
});

/**
 * The rule forms the generic engine evaluates, on an original test game written in them alone
 * (tests/fixtures/rule-forms, "Ferrow Gap"): every check there is hand-computed (the arithmetic is
 * in each check's notes) and passes; changing the data a check reads makes it fail, so the answers
 * come from the data, not from the check.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGameDir } from '../../src/data/read-game-dir';
import { validateGame } from '../../src/data/validate';
import { runCheck } from '../../src/engine';
import { CHECK_QUERY_CATALOG } from '../../src/engine/checks/catalog';
import type { Game } from '../../src/model/game';

const DIR = path.join(__dirname, '..', 'fixtures', 'rule-forms');
let game: Game;

beforeAll(async () => {
  const { sources } = await readGameDir(DIR);
  const result = validateGame(sources!, { checkQueries: CHECK_QUERY_CATALOG });
  expect(result.diagnostics).toEqual([]);
  game = result.game!;
});

const status = (g: Game, id: string) =>
  runCheck(
    g,
    g.checks.find((c) => c.id === id)!,
  ).status;
const clone = (g: Game): Game => structuredClone(g);

describe('Ferrow Gap: a game in rule forms alone', () => {
  it('every hand-computed check passes', () => {
    const results = game.checks.map((c) => [c.id, runCheck(game, c).status]);
    expect(results.filter(([, s]) => s !== 'pass')).toEqual([]);
    expect(results).toHaveLength(24);
  });

  it('a defensive benefit for one side only: remove its condition and the North defender is doubled too', () => {
    const g = clone(game);
    delete g.terrain.find((t) => t.id === 'woods')!.combatEffects![0].when;
    expect(status(g, 'F-01')).toBe('pass');
    expect(status(g, 'F-02')).toBe('fail'); // 8 : 8 = 1:1, not 2:1
  });

  it('strengths come from units.csv: a wrong counter value fails its check', () => {
    const g = clone(game);
    g.units.find((u) => u.id === 's-4-inf')!.front.defense = 5;
    expect(status(g, 'F-01')).toBe('fail'); // 8 : 10 = 1:2
    expect(status(g, 'F-04')).toBe('fail'); // 12 : 5 = 2:1
  });

  it('halves are kept by the game’s rule: rounding each unit down changes the column', () => {
    const g = clone(game);
    g.info.strength = [{ ...g.info.strength![0], fractions: 'round-each', round: 'down' }];
    expect(status(g, 'F-03')).toBe('fail'); // 8, not 8.5
    expect(status(g, 'F-04')).toBe('fail'); // 8 + 3 = 11 : 4 = 2:1
  });

  it('the rail phase follows the railway only; without the mode the phase moves normally', () => {
    const g = clone(game);
    g.info.movementModes = [];
    expect(status(g, 'F-07')).toBe('fail'); // 4 MP of normal movement reach 0203, not 0702
  });

  it('mud caps the move at one hex; without the cap the unit goes further', () => {
    const g = clone(game);
    delete g.info.weather!.find((w) => w.id === 'mud')!.movement;
    expect(status(g, 'F-10')).toBe('fail');
    expect(status(g, 'F-12')).toBe('fail');
  });

  it('friendly units do not negate enemy ZOC for supply here; where the rules say they do, the line opens', () => {
    const g = clone(game);
    g.info.supply = { ...g.info.supply, friendlyNegatesZoc: true };
    expect(status(g, 'F-21')).toBe('fail');
  });

  it('replacements and free setup are read from scenarios.json', () => {
    const g = clone(game);
    const s = g.scenarios[0];
    s.replacements![0].available = { from: 3, to: 4 };
    s.setup![0].choose = 4;
    expect(status(g, 'F-18')).toBe('fail');
    expect(status(g, 'F-13')).toBe('fail');
  });
});

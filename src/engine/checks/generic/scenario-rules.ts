/** Scenario rules as queries: whether a setup keeps to a scenario's setup rules, and a turn's replacements. */
import { replacementsOn } from '../../replacements';
import { checkSetup, type Placed } from '../../setup';
import { QueryInputError, hexIndex, number, optString, string } from '../input';
import { bool, int, list, object, ref, str } from '../input-schema';
import { defineQuery, knownGap } from '../query';

export const setup = defineQuery({
  summary: "whether a proposed setup keeps to a scenario's setup rules (fixed hexes, zones, free setup of N of M units)",
  input: object(
    {
      scenario: ref('scenario', 'the scenario'),
      side: ref('side', 'the side setting up (default: every side)'),
      placements: list(
        object({ unit: ref('unit', 'the unit'), hex: ref('hex', 'where it sets up') }, ['unit', 'hex']),
        'where each unit sets up',
      ),
      complete: bool("the placements are the side's whole setup (default true): units the scenario places must all be there"),
    },
    ['scenario', 'placements'],
  ),
  expect: object({ legal: bool('the setup is legal'), problems: list(str('problem'), 'what breaks the rules') }),
  run: (engine, input) => {
    const id = string(input, 'scenario');
    const scenario = engine.game.scenarios.find((s) => s.id === id);
    if (!scenario) throw new QueryInputError(`scenario "${id}" is not in scenarios.json`);
    if (!Array.isArray(input.placements)) throw new QueryInputError('input.placements must be a list of {unit, hex}');
    const placed: Placed[] = (input.placements as { unit?: unknown; hex?: unknown }[]).map((p, i) => {
      if (typeof p?.unit !== 'string' || typeof p?.hex !== 'string')
        throw new QueryInputError(`input.placements[${i}] must be {unit, hex}`);
      if (!engine.unit(p.unit)) throw new QueryInputError(`unit "${p.unit}" is not in units.csv`);
      return { unit: p.unit, hex: hexIndex(engine, p.hex) };
    });
    const v = checkSetup(engine, scenario, optString(input, 'side'), placed, input.complete !== false);
    const reasoning = [...v.reasons, ...v.problems];
    if (v.undecided) return knownGap(v.undecided, reasoning);
    return {
      actual: { legal: v.legal, problems: v.problems },
      reasoning: reasoning.length ? reasoning : ['every placement keeps to the setup rules'],
    };
  },
});

export const replacements = defineQuery({
  summary: 'the replacement points and counters a side receives on a turn of a scenario',
  input: object(
    {
      scenario: ref('scenario', 'the scenario'),
      side: ref('side', 'the side'),
      turn: int('the game turn'),
      kind: str('only replacements of this kind (as scenarios.json names it)'),
    },
    ['scenario', 'side', 'turn'],
  ),
  expect: object({
    points: { type: 'number', description: 'total points' },
    byKind: { type: 'object', description: 'points by kind' },
    units: list(ref('unit', 'unit'), 'counters that become available'),
  }),
  run: (engine, input) => {
    const id = string(input, 'scenario');
    const scenario = engine.game.scenarios.find((s) => s.id === id);
    if (!scenario) throw new QueryInputError(`scenario "${id}" is not in scenarios.json`);
    const r = replacementsOn(scenario, string(input, 'side'), number(input, 'turn'), optString(input, 'kind'));
    if (r.undecided) return knownGap(r.undecided, r.reasons);
    const total = Object.values(r.points).reduce((a, b) => a + b, 0);
    return { actual: { points: total, byKind: r.points, units: r.units }, reasoning: r.reasons };
  },
});

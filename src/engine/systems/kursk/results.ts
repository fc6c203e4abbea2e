/**
 * Combat results (9.4): Step/retreat combinations, the "m" mode adjustment, anti-tank results,
 * retreats (9.65, 9.7, 6.2-6.3), advance after combat (9.8), and the August result adjustment (21.46).
 */
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { flag } from './cases';
import { modifier, scenario, specialRule } from './game-data';
import * as rules from './rules';

/** A result number or "-" (no effect, 9.43). */
type ResultValue = number | '-';
const NO_EFFECT = '-';

function resultValue(v: unknown, what: string): ResultValue {
  if (v === NO_EFFECT) return NO_EFFECT;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  throw new QueryInputError(`${what} must be a number or "-", not ${JSON.stringify(v)}`);
}

const asNumber = (r: ResultValue) => (r === NO_EFFECT ? 0 : r);
const asResult = (n: number): ResultValue => (n <= 0 ? NO_EFFECT : n);

/** 9.43, 9.72, 7.21: every split of a result into hexes retreated (up to the limit) and Step losses. */
export function resultOptions(_engine: Engine, input: Input): QueryAnswer {
  const result = asNumber(resultValue(input.result, 'input.result'));
  let limit = optNumber(input, 'retreatLimit') ?? result;
  const reasoning: string[] = [];
  if (flag(input, 'retreatRoutesOverstacked')) {
    limit = 0;
    reasoning.push('every retreat route is fully stacked: Step losses in lieu of retreat [7.21 L285]');
  }
  const options: { retreat: number; steps: number }[] = [];
  for (let retreat = Math.min(limit, result); retreat >= 0; retreat--) options.push({ retreat, steps: result - retreat });
  reasoning.push(`result ${result}: retreat up to ${Math.min(limit, result)} hexes, the rest as Step losses [9.43 L353, 9.72]`);
  return { actual: { options }, reasoning };
}

/** 9.47: "m" adds one to both sides (Assault vs Static) or takes one off (Mobile vs Mobile). */
export function mResult(engine: Engine, input: Input): QueryAnswer {
  const text = string(input, 'result');
  const match = /^(?<attacker>-|\d+)\s*(?<kind>[m/])\s*(?<defender>-|\d+)$/.exec(text)?.groups;
  if (!match) throw new QueryInputError(`input.result "${text}" is not "a/d" or "amd"`);
  let attacker = asNumber(resultValue(match.attacker, 'attacker result'));
  let defender = asNumber(resultValue(match.defender, 'defender result'));
  const attackerMode = string(input, 'attackerMode');
  const defenderMode = string(input, 'defenderMode');
  const reasoning: string[] = [];
  const { value: modes, cite: where } = rules.modes(engine);
  const pair = (p: { attacker: string; defender: string }) => attackerMode === p.attacker && defenderMode === p.defender;
  if (match.kind === '/') reasoning.push('a slash: modes do not change the result [9.41, 9.47]');
  else if (pair(modes.mAddsOne)) {
    attacker += 1;
    defender += 1;
    reasoning.push(`"m" with the attacker in ${attackerMode} and the defender in ${defenderMode}: one added to both${where}`);
  } else if (pair(modes.mSubtractsOne)) {
    attacker -= 1;
    defender -= 1;
    reasoning.push(`"m" with ${attackerMode} against ${defenderMode}: one subtracted from both, "-" stays "-"${where}`);
  } else reasoning.push(`"m" with ${attackerMode} against ${defenderMode}: no change [9.47]`);
  return { actual: { attacker: asResult(attacker), defender: asResult(defender) }, reasoning };
}

/** 13.25, 13.26, 13.29: anti-tank combat results. */
export function antitankResult(engine: Engine, input: Input): QueryAnswer {
  const result = asNumber(resultValue(input.result, 'input.result'));
  const against = string(input, 'against');
  if (against === rules.gunUnits(engine).value.antitankType) {
    const during = string(input, 'during');
    if (during === 'gun-segment') {
      const levelsLost = Math.ceil(result / 2);
      return {
        actual: { levelsLost },
        reasoning: [
          `Gun Segment: result ${result} against the anti-tank unit halved rounding up = ${levelsLost} Levels [13.26 L513, 13.25]`,
        ],
      };
    }
    if (during === 'overrun' || during === 'movement')
      return {
        actual: { levelsLost: result },
        reasoning: [`overrun in a Movement Phase: result ${result} applied as printed, in Levels [13.26, 13.25]`],
      };
    throw new QueryInputError('input.during must be gun-segment or overrun');
  }
  if (against === 'phasing-stack') {
    const first = rules.antitankLossesFirstFrom(engine);
    return {
      actual: { stepLossesOnly: true, stepLosses: result, lossesFirstFrom: [...first.value] },
      reasoning: [
        `result ${result} against the attacking stack taken as Step losses only [13.25 L512]`,
        `from ${first.value.join(' and ')} units first${first.cite}`,
      ],
    };
  }
  throw new QueryInputError('input.against must be antitank or phasing-stack');
}

export function artilleryRetreat(engine: Engine, input: Input): QueryAnswer {
  const hexes = number(input, 'hexesRetreated');
  const per = rules.artilleryLevelsPerHexRetreated(engine);
  return {
    actual: { levelsLost: hexes * per.value },
    reasoning: [`${per.value} Level lost per hex retreated × ${hexes}${per.cite}`],
  };
}

/** 9.74: a retreat ends as far from the combat hex as possible: optimally as many hexes as retreated. */
export function retreatDistance(_engine: Engine, input: Input): QueryAnswer {
  const hexes = number(input, 'hexesRetreated');
  return {
    actual: { distanceFromOrigin: hexes },
    reasoning: [`each of the ${hexes} hexes moves away from the combat hex: distance ${hexes} [9.74 L374]`],
  };
}

/** 9.77: a unit retreated into a stack attacked again that Segment adds no Steps and shares its fate. */
export function retreatedIntoStack(_engine: Engine, input: Input): QueryAnswer {
  if (!flag(input, 'attackedAgainSameSegment')) {
    return {
      actual: { contributesSteps: true, mayAbsorbResult: true, eliminatedIfStackRetreatsOrIsEliminated: false },
      reasoning: ['not attacked again this Segment: an ordinary member of the stack [9.21]'],
    };
  }
  return {
    actual: { addsSteps: 0, contributesSteps: false, mayAbsorbResult: false, eliminatedIfStackRetreatsOrIsEliminated: true },
    reasoning: [
      'retreated into a stack attacked in the same Segment: adds no Steps, may not satisfy the result, eliminated if the stack retreats or is eliminated [9.77 L377]',
    ],
  };
}

/** 9.81-9.88: how far and along which path units may advance after combat. */
export function advance(engine: Engine, input: Input): QueryAnswer {
  const reasoning: string[] = [];
  if (flag(input, 'overrun')) return { actual: { mayAdvance: false }, reasoning: ['no advance after an overrun [9.87, 6.25]'] };
  if (flag(input, 'advancerRetreated'))
    return { actual: { mayAdvance: false }, reasoning: ['units that retreated may not advance [9.88]'] };
  const { value: a, cite: where } = rules.advanceAfterCombat(engine);
  const common = { mayAdvance: true, stopsOnEntering: a.stopsOnEntering, mayEnterEnemyOccupied: a.mayEnterEnemyOccupied };
  reasoning.push(
    `an advance stops on entering an ${a.stopsOnEntering}; ${a.mayEnterEnemyOccupied ? 'it may' : 'it never'} enter an Enemy-occupied hex${where}`,
  );
  if (flag(input, 'defenderEliminated')) {
    reasoning.push(`the path of an eliminated unit: ${a.eliminatedPath}, ${a.eliminatedMaxAdvance} hexes`);
    return { actual: { ...common, maxAdvance: a.eliminatedMaxAdvance, path: a.eliminatedPath }, reasoning };
  }
  const retreated = number(input, 'defenderRetreated');
  reasoning.push(`along the ${a.retreatPath}, up to the ${retreated} hexes the defender retreated`);
  return { actual: { ...common, maxAdvance: retreated, path: a.retreatPath }, reasoning };
}

/** 6.23, 6.31-6.35, 9.78: retreats in an overrun. */
export function overrunRetreat(engine: Engine, input: Input): QueryAnswer {
  const role = string(input, 'role');
  const { value: r, cite: where } = rules.overrunRetreat(engine);
  if (role === 'defender') {
    const type = string(input, 'unitType');
    const disrupted = !r.neverDisrupted.includes(type);
    return {
      actual: { disrupted, ...(disrupted ? { ...r.disrupted } : {}), forbiddenHexes: [...r.defenderForbiddenHexes] },
      reasoning: [
        disrupted
          ? `a defender retreating from an overrun is disrupted: ${Object.entries(r.disrupted)
              .map(([k, v]) => `${k} ${String(v)}`)
              .join(', ')}${where}`
          : `${type} is never disrupted${where}`,
        `it may not retreat into: ${r.defenderForbiddenHexes.join(', ')}`,
      ],
    };
  }
  if (role === 'attacker') {
    if (!flag(input, 'overrunFailed'))
      return {
        actual: { attackersStop: false, mustOccupy: true },
        reasoning: ['a successful overrun occupies the vacated hex and may move on [6.24]'],
      };
    return {
      actual: { attackersStop: true, maxRetreat: r.attackerMaxRetreat, retreatTo: [...r.attackerRetreatTo] },
      reasoning: [
        "a failed overrun ends the units' movement [6.23 L266]",
        `overrunning units retreat at most ${r.attackerMaxRetreat} hex, into: ${r.attackerRetreatTo.join(', ')}${where}`,
      ],
    };
  }
  throw new QueryInputError('input.role must be attacker or defender');
}

/** 21.46 (August): a scenario modifier on every combat result against a Soviet stack in supply. */
export function adjustResult(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const result = resultValue(input.result, 'input.result');
  const { specialRule: id, modifier: modifierId } = rules.scenarioRules(engine).value.resultAdjustment;
  if (!specialRule(s, id)) return { actual: { result }, reasoning: [`scenario ${s.id} has no ${id} adjustment`] };
  if (!flag(input, 'sovietStackInSupply'))
    return { actual: { result }, reasoning: [`the stack is out of supply (one unit suffices): result unchanged [${id}]`] };
  const m = modifier(engine, modifierId);
  if ('unknown' in m) return unsupported(m.unknown);
  const adjusted = asResult(asNumber(result) + m.value);
  return {
    actual: { result: adjusted },
    reasoning: [`stack in supply: ${result} ${m.value < 0 ? '−' : '+'} ${Math.abs(m.value)} = ${adjusted}${m.cite}`],
  };
}

/**
 * Combat results (9.4): Step/retreat combinations, the "m" mode adjustment, anti-tank results,
 * retreats (9.65, 9.7, 6.2-6.3), advance after combat (9.8), and the August result adjustment (21.46).
 */
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, string, type Input } from '../../checks/input';
import type { QueryAnswer } from '../../checks/query';
import { flag } from './cases';
import { scenario, specialRule } from './game-data';

/** A result number or "-" (no effect, 9.43). */
type ResultValue = number | '-';
const NO_EFFECT = '-';

/** 6.2: overrunning units never retreat more than one hex. */
const OVERRUN_MAX_RETREAT = 1;
/** 9.65: artillery loses one Level per hex retreated. */
const LEVELS_PER_HEX = 1;

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
export function mResult(_engine: Engine, input: Input): QueryAnswer {
  const text = string(input, 'result');
  const match = /^(-|\d+)\s*([m/])\s*(-|\d+)$/.exec(text);
  if (!match) throw new QueryInputError(`input.result "${text}" is not "a/d" or "amd"`);
  let attacker = asNumber(resultValue(match[1], 'attacker result'));
  let defender = asNumber(resultValue(match[3], 'defender result'));
  const attackerMode = string(input, 'attackerMode');
  const defenderMode = string(input, 'defenderMode');
  const reasoning: string[] = [];
  if (match[2] === '/') reasoning.push('a slash: modes do not change the result [9.41, 9.47]');
  else if (attackerMode === 'assault' && defenderMode === 'static') {
    attacker += 1;
    defender += 1;
    reasoning.push('"m" with the attacker in Assault and the defender in Static: one added to both [9.47 L357]');
  } else if (attackerMode === 'mobile' && defenderMode === 'mobile') {
    attacker -= 1;
    defender -= 1;
    reasoning.push('"m" with both in Mobile Mode: one subtracted from both, "-" stays "-" [9.47 L357]');
  } else reasoning.push(`"m" with ${attackerMode} against ${defenderMode}: no change [9.47]`);
  return { actual: { attacker: asResult(attacker), defender: asResult(defender) }, reasoning };
}

/** 13.25, 13.26, 13.29: anti-tank combat results. */
export function antitankResult(_engine: Engine, input: Input): QueryAnswer {
  const result = asNumber(resultValue(input.result, 'input.result'));
  const against = string(input, 'against');
  if (against === 'antitank') {
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
    return {
      actual: { stepLossesOnly: true, stepLosses: result, lossesFirstFrom: ['armor', 'mechanized'] },
      reasoning: [
        `result ${result} against the attacking stack taken as Step losses only [13.25 L512]`,
        'from armor and mechanized units first [13.29 L516]',
      ],
    };
  }
  throw new QueryInputError('input.against must be antitank or phasing-stack');
}

export function artilleryRetreat(_engine: Engine, input: Input): QueryAnswer {
  const hexes = number(input, 'hexesRetreated');
  return {
    actual: { levelsLost: hexes * LEVELS_PER_HEX },
    reasoning: [`${LEVELS_PER_HEX} Level lost per hex retreated × ${hexes} [9.65 L367]`],
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
export function advance(_engine: Engine, input: Input): QueryAnswer {
  const reasoning: string[] = [];
  if (flag(input, 'overrun')) return { actual: { mayAdvance: false }, reasoning: ['no advance after an overrun [9.87, 6.25]'] };
  if (flag(input, 'advancerRetreated'))
    return { actual: { mayAdvance: false }, reasoning: ['units that retreated may not advance [9.88]'] };
  const common = {
    mayAdvance: true,
    stopsOnEntering: 'Enemy entrenchment hex the defender held at the start of the Segment',
    mayEnterEnemyOccupied: false,
  };
  reasoning.push(
    'an advance stops on entering an Enemy entrenchment hex the retreating units held at the start of the Segment and never enters an Enemy-occupied hex [9.82 L381]',
  );
  if (flag(input, 'defenderEliminated')) {
    reasoning.push('the path of an eliminated unit is its hex plus one adjacent hex chosen by the attacker [9.83 L382]');
    return { actual: { ...common, maxAdvance: 2, path: 'defender hex plus one adjacent hex chosen by the attacker' }, reasoning };
  }
  const retreated = number(input, 'defenderRetreated');
  reasoning.push(`along the path of retreat, up to the ${retreated} hexes the defender retreated [9.81 L380]`);
  return { actual: { ...common, maxAdvance: retreated, path: 'retreat path' }, reasoning };
}

/** 6.23, 6.31-6.35, 9.78: retreats in an overrun. */
export function overrunRetreat(_engine: Engine, input: Input): QueryAnswer {
  const role = string(input, 'role');
  if (role === 'defender') {
    const type = input.unitType;
    const disrupted = type !== 'artillery';
    return {
      actual: {
        disrupted,
        ...(disrupted ? { mayMove: false, mayAttack: false, exertsZoc: true, removed: 'own next Disruption Removal Phase' } : {}),
        forbiddenHexes: ['origin', 'the two hexes adjacent to the origin'],
      },
      reasoning: [
        disrupted
          ? 'a defender retreating from an overrun is disrupted [6.31 L269]: it may not move or attack but exerts a ZOC [6.33]; the marker goes in its next Disruption Removal Phase [6.35]'
          : 'artillery is never disrupted [6.31]',
        'it may not retreat into the hex the overrun came from or the two hexes adjacent to it [9.78 L378]',
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
      actual: {
        attackersStop: true,
        maxRetreat: OVERRUN_MAX_RETREAT,
        retreatTo: ['origin', 'either hex adjacent to both the origin and the overrun hex'],
      },
      reasoning: [
        "a failed overrun ends the units' movement [6.23 L267]",
        `overrunning units retreat at most ${OVERRUN_MAX_RETREAT} hex [6.2], into the origin hex or a hex adjacent to both it and the overrun hex [9.78]`,
      ],
    };
  }
  throw new QueryInputError('input.role must be attacker or defender');
}

/** 21.46 (August): one off every combat result against a Soviet stack in supply. */
export function adjustResult(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const result = resultValue(input.result, 'input.result');
  const rule = specialRule(s, '21.46');
  if (!rule) return { actual: { result }, reasoning: [`scenario ${s.id} has no 21.46 adjustment`] };
  if (!flag(input, 'sovietStackInSupply'))
    return { actual: { result }, reasoning: ['the Soviet stack is out of supply (one unit suffices): result unchanged [21.46 L901]'] };
  const adjusted = asResult(asNumber(result) - 1);
  return { actual: { result: adjusted }, reasoning: [`Soviet stack in supply: ${result} − 1 = ${adjusted} [21.46 L901]`] };
}

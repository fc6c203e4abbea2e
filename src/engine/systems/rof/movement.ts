/**
 * Movement and reserves: minimum move (11.2), Strategic Movement (11.7), interdiction cost (13.1),
 * reserve designation, status and movement (14.1–14.51, 15.1), and Advance After Combat (12.72).
 */
import { isUnknown } from '../../../model/common';
import { QueryInputError, number, optNumber, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { bool, fmt, optBool, scenario, sideOf } from './common';
import * as rules from './rules';

export const minimumMove: QueryHandler = (_engine, input) => {
  const phase = string(input, 'phase');
  const ma = number(input, 'ma');
  const cost = input.firstHexCost;
  if (cost === 'prohibited')
    return {
      actual: { allowed: false },
      reasoning: ['the guarantee never allows entering prohibited hexes or crossing prohibited hexsides [11.2]'],
    };
  if (typeof cost !== 'number') throw new QueryInputError('input.firstHexCost must be a number or "prohibited"');
  if (cost <= ma) return { actual: { allowed: true }, reasoning: [`${fmt(cost)} MP ≤ ${fmt(ma)} MP: an ordinary move`] };
  if (phase === 'regular')
    return {
      actual: { allowed: true },
      reasoning: ['every unit may move at least one hex in its Movement Phase by expending all its MPs [11.2]'],
    };
  if (phase === 'reserve')
    return { actual: { allowed: false }, reasoning: ['the one-hex guarantee does not apply in the Reserve Movement Phase [11.2]'] };
  throw new QueryInputError('input.phase must be "regular" or "reserve"');
};

export const strategicMovement: QueryHandler = (engine, input) => {
  const phase = string(input, 'phase');
  const ma = number(input, 'ma');
  const why =
    phase !== 'regular'
      ? 'only in the Regular Movement Phase (never in the Reserve Movement Phase) [11.7, 14.4]'
      : bool(input, 'reserve')
        ? 'units designated as reserves may not use it [11.7, 14.1]'
        : bool(input, 'entersHexAdjacentToEnemy')
          ? 'no hex entered may be adjacent to an enemy ground unit [11.7]'
          : bool(input, 'entersEnemyControlledHex')
            ? 'every hex entered must be friendly-controlled [11.7]'
            : undefined;
  if (why) return { actual: { allowed: false }, reasoning: [`no Strategic Movement: ${why}`] };
  const started = optBool(input, 'startsAdjacentToEnemy') ? ' (starting adjacent to an enemy is allowed)' : '';
  return {
    actual: { allowed: true, mp: ma * rules.strategicMovementFactor(engine).value },
    reasoning: [
      `Strategic Movement: ${fmt(ma)} × ${rules.strategicMovementFactor(engine).value} = ${fmt(ma * rules.strategicMovementFactor(engine).value)} MP${started} [11.7]`,
    ],
  };
};

export const interdictionCost: QueryHandler = (engine, input) => {
  const movementClass = string(input, 'movementClass');
  const markers = number(input, 'markersInHex');
  const way = string(input, 'enteringOrExiting');
  const t = engine.terrain(rules.interdictedTerrain(engine).value);
  if (!t) return unsupported(`terrain.json has no "${rules.interdictedTerrain(engine).value}" entry`);
  if (markers <= 0) return { actual: { add: 0 }, reasoning: ['no Interdiction marker in the hex'] };
  if (way === 'exiting') return { actual: { add: 0 }, reasoning: [`exiting an interdicted hex costs nothing [13.1]${cite(t.source)}`] };
  if (way !== 'entering') throw new QueryInputError('input.enteringOrExiting must be "entering" or "exiting"');
  const spec =
    typeof t.movement === 'object' && t.movement !== null && !isUnknown(t.movement)
      ? (t.movement as Record<string, unknown>)[movementClass]
      : undefined;
  const add = spec && typeof spec === 'object' && 'add' in spec ? (spec as { add: unknown }).add : undefined;
  if (typeof add !== 'number') return unsupported(`terrain.json gives no interdiction cost for the ${movementClass} class`);
  return {
    actual: { add },
    reasoning: [
      `entering an interdicted hex: +${add} MP for ${movementClass} units${markers > 1 ? `; ${markers} markers count as one` : ''} [13.1]${cite(t.source)}`,
    ],
  };
};

export const reserveMovement: QueryHandler = (engine, input) => {
  const role = string(input, 'role');
  if (role !== 'offensive' && role !== 'defensive') throw new QueryInputError('input.role must be "offensive" or "defensive"');
  const ma = number(input, 'ma');
  const oos = bool(input, 'outOfSupply');
  const fraction = rules.reserveMovementFraction(engine).value;
  let mp = ma * fraction;
  const reasoning = [`${role} reserve: ${fmt(ma)} × ${fmt(fraction)} → ${fmt(mp)} MP [${role === 'offensive' ? '14.4' : '14.5'}]`];
  if (oos) {
    const factor = rules.outOfSupplyMovementFactor(engine).value;
    mp *= factor;
    reasoning.push(`out of supply: × ${fmt(factor)} → ${fmt(mp)} MP; fractions are kept [15.1, 3.1]`);
  }
  return { actual: { mp }, reasoning };
};

export const reserveDesignation: QueryHandler = (engine, input) => {
  const ma = number(input, 'ma');
  const spent = number(input, 'mpSpent');
  const why = bool(input, 'adjacentToEnemy')
    ? 'adjacent to an enemy unit at the instant of designation'
    : spent > ma * rules.reserveMovementFraction(engine).value
      ? `${fmt(spent)} MP spent, more than ${fmt(ma)} × ${fmt(rules.reserveMovementFraction(engine).value)}`
      : bool(input, 'strategicMovement')
        ? 'it used Strategic Movement'
        : undefined;
  return {
    actual: { allowed: !why },
    reasoning: [
      why
        ? `no reserve designation: ${why} [14.1]`
        : `not adjacent to an enemy, ${fmt(spent)} of ${fmt(ma)} MP spent, no Strategic Movement: may be placed in reserve [14.1]`,
    ],
  };
};

/** Events of 14.2 that end reserve status. */
export const reserveStatus: QueryHandler = (_engine, input) => {
  const event = string(input, 'event');
  switch (event) {
    case 'enemy-moves-adjacent':
      return {
        actual: { lost: true },
        reasoning: [
          `an enemy unit moved adjacent${optBool(input, 'acrossMajorRiver') ? ', even across a Major River' : ''}: reserve status lost [14.2]`,
        ],
      };
    case 'air-strike-step-loss': {
      const hit = bool(input, 'unitHit');
      return {
        actual: { lost: hit },
        reasoning: [
          hit
            ? 'the reserve unit took a step loss from an Air Strike: marker removed [14.2, 14.51]'
            : 'another unit of the stack was hit: only the unit that lost the step loses reserve status [14.51]',
        ],
      };
    }
    case 'reserve-move':
      return {
        actual: { lost: true },
        reasoning: ['it moved in its Reserve Movement Phase: the marker stays only until the end of the Reserve Combat Phase [14.2, 14.4]'],
      };
    case 'defensive-commit':
      return { actual: { lost: true }, reasoning: ['it moved to reinforce a defending hex: marker removed [14.2, 14.5]'] };
    default:
      throw new QueryInputError('input.event must be enemy-moves-adjacent, air-strike-step-loss, reserve-move or defensive-commit');
  }
};

export const defensiveReserve: QueryHandler = (engine, input) => {
  const s = scenario(engine, input);
  const turn = optNumber(input, 'turn');
  const side = input.side === undefined ? undefined : sideOf(engine, input.side);
  const ban = s?.specialRules?.find((r) => r.id === rules.noReservesRule(engine).value.rule);
  if (ban && turn === rules.noReservesRule(engine).value.turn && side === rules.noReservesRule(engine).value.side) {
    return { actual: { allowed: false }, reasoning: [`${ban.title}: ${ban.text}${cite(ban.source)}`] };
  }
  const ma = number(input, 'ma');
  const oos = bool(input, 'outOfSupply');
  const reach = ma * rules.reserveMovementFraction(engine).value * (oos ? rules.outOfSupplyMovementFactor(engine).value : 1);
  const mp = number(input, 'mpToTarget');
  const why = !bool(input, 'targetUnderRegularAttack')
    ? 'defensive reserves move only to hexes under Regular Combat attack'
    : bool(input, 'targetInTankCombat')
      ? 'never to a hex involved in Tank Combat'
      : mp > reach
        ? `${fmt(mp)} MP away, beyond ${fmt(reach)} MP (the reserve share of the MA${oos ? ', reduced again out of supply' : ''})`
        : undefined;
  return {
    actual: { allowed: !why },
    reasoning: [
      why
        ? `no commitment: ${why} [14.5${oos ? ', 15.1' : ''}]`
        : `within ${fmt(reach)} MP of a hex under regular attack: may reinforce [14.5]`,
    ],
  };
};

export const advanceAfterCombat: QueryHandler = (_engine, input) => {
  const role = string(input, 'role');
  const why =
    role !== 'attacker'
      ? 'defenders never advance after Regular Combat'
      : !bool(input, 'participated')
        ? 'only units that took part in the attack may advance'
        : !bool(input, 'defenderHexVacated')
          ? 'the defending hex is not vacated'
          : undefined;
  if (why) return { actual: { allowed: false }, reasoning: [`no advance: ${why} [12.72]`] };
  const zoc = optBool(input, 'crossesEnemyZocLink') ? '; it may enter or cross enemy ZOC Links' : '';
  return {
    actual: { allowed: true, mp: 0 },
    reasoning: [`advance into the vacated hex at no MP cost${zoc}; stacking limits apply [12.72, 10.4]`],
  };
};

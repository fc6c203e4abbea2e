/**
 * Applying Combat Hits and retreats (16.10–16.11): retreat length, mandatory retreats, no retreat
 * possible, EZOC losses on the retreat path, even distribution of step losses, defender first, and
 * stationary units in a retreating stack.
 */
import { QueryInputError, number, optStrings } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { resultsApplied, retreat as retreatRule } from './rules';
import { bool, isStationary, list, rulesUnits, Unanswerable } from './read';

function count(input: Record<string, unknown>, key: string): number {
  const n = number(input, key);
  if (!Number.isInteger(n) || n < 0) throw new QueryInputError(`input.${key} must be a whole number ≥ 0`);
  return n;
}

export const retreatOptions: QueryHandler = (engine, input) => {
  const hits = count(input, 'hits');
  const units = rulesUnits(engine, input.defender, 'input.defender');
  const reasoning: string[] = [];
  const movers = units.filter((u) => !isStationary(engine, u));
  if (movers.length < units.length)
    reasoning.push('stationary units never retreat; a retreating stack eliminates one of them instead [16.11 L551, L553]');
  let maxRetreat: number;
  if (movers.length === 0) {
    maxRetreat = 0;
    reasoning.push('no defending unit can retreat [16.11 L551]');
  } else {
    const rule = retreatRule(engine);
    const { maxHexes, fullRetreatClasses, otherMaxHexes } = rule.value;
    const full = movers.every((u) => u.movementClass !== undefined && fullRetreatClasses.includes(u.movementClass) && u.inSupply);
    maxRetreat = Math.min(hits, full ? maxHexes : otherMaxHexes);
    reasoning.push(
      full
        ? `supplied ${fullRetreatClasses.join('/')} units only: up to ${maxHexes} retreat hexes${rule.cite}`
        : `not only supplied ${fullRetreatClasses.join('/')} units: at most ${otherMaxHexes} retreat hex(es)${rule.cite}`,
    );
    if (full && hits < maxHexes) reasoning.push(`only ${hits} Combat Hit(s): no longer retreat [16.11 L543]`);
  }
  const minStepLosses = hits - maxRetreat;
  reasoning.push(`${hits} hits − ${maxRetreat} retreat hexes = at least ${minStepLosses} step losses [16.10 L534, 16.11 L541]`);
  return { actual: { maxRetreat, minStepLosses }, reasoning };
};

export const mandatoryRetreat: QueryHandler = (engine, input) => {
  const hits = count(input, 'hits');
  const units = count(input, 'defendingUnits');
  const reasoning: string[] = [];
  for (const id of optStrings(input, 'defenderTerrain') ?? []) {
    const t = engine.terrain(id);
    if (!t) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    if (t.combat?.noRetreat || t.combat?.noForcedRetreat) {
      reasoning.push(`defender in ${t.name}: never forced to retreat${cite(t.combat?.source ?? t.source)}`);
      return { actual: { mandatory: false, minRetreat: 0 }, reasoning };
    }
  }
  const mandatory = hits > units;
  reasoning.push(
    mandatory
      ? `${hits} Combat Hits exceed ${units} defending units: all must retreat at least one hex, absorbing one hit [16.11 L544]`
      : `${hits} Combat Hits do not exceed ${units} defending units: no mandatory retreat [16.11 L544]`,
  );
  return { actual: { mandatory, minRetreat: mandatory ? 1 : 0 }, reasoning };
};

export const noRetreatPossible: QueryHandler = (engine, input) => {
  const hits = count(input, 'hits');
  const must = bool(input, 'mustRetreat', false);
  const can = bool(input, 'canRetreat', false);
  const reasoning: string[] = [];
  if (can) {
    reasoning.push('the defender can retreat: the losses depend on the retreat chosen (see retreatOptions) [16.11 L541]');
    return { actual: { stepLosses: null, penalty: 0 }, reasoning };
  }
  const rule = retreatRule(engine);
  const extra = rule.value.cannotRetreatPenalty;
  if (must && extra === undefined)
    throw new Unanswerable('the step loss of a stack that must retreat but cannot is not given (systemRules retreat)');
  const penalty = must ? extra! : 0;
  reasoning.push(
    must
      ? `must retreat but cannot: all ${hits} hits as step losses plus ${penalty} additional${rule.cite}`
      : `no retreat: all ${hits} hits as step losses [16.10 L534]`,
  );
  return { actual: { stepLosses: hits + penalty, penalty }, reasoning };
};

export const retreatEzocLosses: QueryHandler = (engine, input) => {
  const path = list(input, 'retreatPath');
  const rule = retreatRule(engine);
  const perHex = rule.value.enemyZocLossPerHex;
  if (perHex === undefined) throw new Unanswerable('the step loss per EZOC hex of a retreat is not given (systemRules retreat)');
  let losses = 0;
  path.forEach((hex, i) => {
    if (!hex || typeof hex !== 'object') throw new QueryInputError(`input.retreatPath[${i}] must be an object {enemyZoc}`);
    if ((hex as { enemyZoc?: unknown }).enemyZoc === true) losses += perHex;
  });
  return {
    actual: { stepLosses: losses },
    reasoning: [
      `retreat hexes in an EZOC: ${perHex} step loss(es) for the stack each, ${losses} in all; friendly units do not negate it${rule.cite} [6.2 L300]`,
    ],
  };
};

export const distributeLosses: QueryHandler = (_engine, input) => {
  const losses = count(input, 'stepLosses');
  const units = count(input, 'units');
  if (units === 0) throw new QueryInputError('input.units must be at least 1');
  const base = Math.floor(losses / units);
  const extra = losses % units;
  const perUnit = Array.from({ length: units }, (_, i) => base + (i < extra ? 1 : 0));
  return {
    actual: { perUnit },
    reasoning: [`${losses} step losses over ${units} units: no unit takes another loss before every unit has taken as many [16.10 L535]`],
  };
};

export const applyOrder: QueryHandler = (engine) => {
  const order = resultsApplied(engine);
  return {
    actual: { first: order.value[0], then: order.value[1] },
    reasoning: [`results are applied in the order ${order.value.join(', ')}${order.cite}`],
  };
};

export const stationaryRetreat: QueryHandler = (engine, input) => {
  const stack = rulesUnits(engine, input.stack, 'input.stack');
  const retreats = bool(input, 'retreats', false);
  const stationary = stack.filter((u) => isStationary(engine, u)).length;
  const eliminate = retreats && stationary > 0 && stationary < stack.length;
  const reasoning = [
    stationary === 0
      ? 'no stationary unit in the stack'
      : !retreats
        ? 'the stack does not retreat: stationary units stay'
        : stationary === stack.length
          ? 'only stationary units: they can never retreat [16.11 L551]'
          : `the stack retreats: one stationary unit is eliminated, absorbing one Combat Hit [16.11 L553]`,
  ];
  return { actual: { eliminateStationary: eliminate, hitsAbsorbed: eliminate ? 1 : 0 }, reasoning };
};

/**
 * Applying Combat Hits and retreats (16.10–16.11): retreat length, mandatory retreats, no retreat
 * possible, EZOC losses on the retreat path, even distribution of step losses, defender first, and
 * stationary units in a retreating stack.
 */
import { QueryInputError, number, optStrings } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { APPLY_FIRST, APPLY_THEN, MAX_RETREAT_HEXES, MOTORIZED } from './rules';
import { bool, isStationary, list, rulesUnits } from './read';

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
    const twoHex = movers.every((u) => u.movementClass === MOTORIZED && u.inSupply);
    maxRetreat = Math.min(hits, twoHex ? MAX_RETREAT_HEXES : 1);
    reasoning.push(
      twoHex
        ? `supplied motorized units only: up to ${MAX_RETREAT_HEXES} retreat hexes [16.11 L541–542]`
        : 'non-motorized, OOS or mixed stack: at most one retreat hex [16.11 L542]',
    );
    if (twoHex && hits < MAX_RETREAT_HEXES) reasoning.push(`only ${hits} Combat Hit(s): no two-hex retreat [16.11 L543]`);
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
    if (t.combat?.noRetreat || t.other?.some((o) => o.topic === 'retreat' && /never forced to retreat/i.test(o.text))) {
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

export const noRetreatPossible: QueryHandler = (_engine, input) => {
  const hits = count(input, 'hits');
  const must = bool(input, 'mustRetreat', false);
  const can = bool(input, 'canRetreat', false);
  const reasoning: string[] = [];
  if (can) {
    reasoning.push('the defender can retreat: the losses depend on the retreat chosen (see retreatOptions) [16.11 L541]');
    return { actual: { stepLosses: null, penalty: 0 }, reasoning };
  }
  const penalty = must ? 1 : 0;
  reasoning.push(
    must
      ? `must retreat but cannot: all ${hits} hits as step losses plus one additional [16.11 L545]`
      : `no retreat: all ${hits} hits as step losses [16.10 L534]`,
  );
  return { actual: { stepLosses: hits + penalty, penalty }, reasoning };
};

export const retreatEzocLosses: QueryHandler = (_engine, input) => {
  const path = list(input, 'retreatPath');
  let losses = 0;
  path.forEach((hex, i) => {
    if (!hex || typeof hex !== 'object') throw new QueryInputError(`input.retreatPath[${i}] must be an object {enemyZoc}`);
    if ((hex as { enemyZoc?: unknown }).enemyZoc === true) losses++;
  });
  return {
    actual: { stepLosses: losses },
    reasoning: [
      `${losses} of ${path.length} retreat hexes are in an EZOC: one step loss for the stack each, friendly units do not negate it [16.11 L546, 6.2 L300]`,
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

export const applyOrder: QueryHandler = () => ({
  actual: { first: APPLY_FIRST, then: APPLY_THEN },
  reasoning: ['results against the defender are always applied before those against the attacker [16.10 L535, 16.4 STEP 7 L486]'],
});

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

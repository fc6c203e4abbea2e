/**
 * Queries on Tactical Ratings and Superiority: tacticalSuperiority (16.4 STEP 2–4), chitAllowance
 * (16.51–16.52), integrity (16.6) and tacticalRating (3.2, 16.9).
 */
import { QueryInputError, number, optNumber, optString, string, type Input } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { activityPoints, combatRefusal } from './rules';
import { bool, object, rulesUnits, Unanswerable, type RulesUnit } from './read';
import { kindOfSegment } from './segments';
import { chitAllowance, finalTacticalRating, integrityBonus, tacticalPointsValue } from './tactical';

function eliminatedByFormation(input: Input): Record<string, number> {
  const v = input.formationEliminated;
  if (v === undefined) return {};
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.values(v).some((n) => typeof n !== 'number')) {
    throw new QueryInputError('input.formationEliminated must map formation ids to numbers of eliminated units');
  }
  return v as Record<string, number>;
}

function attackerStacks(engine: Engine, attacker: Input): RulesUnit[][] {
  if (Array.isArray(attacker.stacks)) return attacker.stacks.map((s, i) => rulesUnits(engine, s, `attacker.stacks[${i}]`));
  if (Array.isArray(attacker.units)) return [rulesUnits(engine, attacker.units, 'attacker.units')];
  throw new QueryInputError('input.attacker needs stacks (units grouped by hex) or units (one hex)');
}

export const tacticalSuperiority: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const attacker = object(input, 'attacker');
  const defender = object(input, 'defender');
  const eliminated = eliminatedByFormation(input);
  const stacks = attackerStacks(engine, attacker);
  // 16.3 L478: all defending units in a hex defend together, so they form one stack.
  const defenders = rulesUnits(engine, defender.units, 'defender.units');
  const concentric = bool(attacker, 'concentric', false);
  reasoning.push('attacker:');
  const att = tacticalPointsValue(engine, stacks, { concentric, eliminatedByFormation: eliminated }, reasoning);
  reasoning.push('defender:');
  const def = tacticalPointsValue(engine, [defenders], { concentric: false, eliminatedByFormation: eliminated }, reasoning);
  if ('unknown' in att) throw new Unanswerable(att.unknown);
  if ('unknown' in def) throw new Unanswerable(def.unknown);
  reasoning.push(`attacker TPV ${att.tpv} (${att.unit}), defender TPV ${def.tpv} (${def.unit}) [16.51 L491]`);
  const chits = chitAllowance(engine, att.tpv, def.tpv, reasoning);
  const refusal = combatRefusal(engine);
  const classes = refusal.value.classes;
  const allQualify = defenders.every((u) => u.movementClass !== undefined && classes.includes(u.movementClass));
  const refusalOffered = chits.superiority === 'defender' && allQualify;
  reasoning.push(
    refusalOffered
      ? `the defender holds Tactical Superiority and is all ${classes.join('/')}: Combat Refusal may be offered [16.4 STEP 3 L482]${refusal.cite}`
      : `no Combat Refusal: ${chits.superiority !== 'defender' ? 'the defender lacks Tactical Superiority' : `not every defending unit is ${classes.join('/')}`}${refusal.cite}`,
  );
  const segment = optString(input, 'segment');
  const actual: Record<string, unknown> = { attackerTpv: att.tpv, defenderTpv: def.tpv, ...chits, refusalOffered };
  if (segment !== undefined) {
    const schwerpunkt = kindOfSegment(engine, segment) === 'schwerpunkt';
    const costs = activityPoints(engine);
    actual.apCost = schwerpunkt ? costs.value.perCombat : 0;
    reasoning.push(
      schwerpunkt
        ? `a Schwerpunkt combat costs ${costs.value.perCombat} AP${costs.cite}`
        : 'a General Segment combat costs no AP [16.2 L472]',
    );
  }
  return { actual, reasoning };
};

export const chitAllowanceQuery: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const chits = chitAllowance(engine, number(input, 'attackerTpv'), number(input, 'defenderTpv'), reasoning);
  return { actual: chits, reasoning };
};

export const integrity: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const tr = number(input, 'tr');
  const bonus = integrityBonus(
    engine,
    string(input, 'formation'),
    number(input, 'stackedWithSameFormation'),
    optNumber(input, 'formationEliminated') ?? 0,
    reasoning,
  );
  return { actual: { tr: tr + bonus, bonus }, reasoning };
};

export const tacticalRating: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const halved = optNumber(input, 'halved') ?? 0;
  if (!Number.isInteger(halved) || halved < 0) throw new QueryInputError('input.halved must be a count of halvings');
  const tr = finalTacticalRating(engine, number(input, 'tr'), 1 / 2 ** halved, reasoning);
  if (halved === 0) reasoning.push(`TR ${tr} unchanged`);
  return { actual: { tr }, reasoning };
};

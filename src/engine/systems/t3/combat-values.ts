/**
 * Combat arithmetic: the final DRM (11.6.A-B) and modified roll (11.5.B) clamps read from the CRT,
 * TR and CS floors (3.1, 11.6.A), combined multipliers, the side's combined CS, TPV and Tactical
 * Superiority (11.3), the CP cost of a combat (11.0.D, 11.6.1.1.B), and the Soviet Tank Bonus (11.6.4).
 */
import { clampDrm, signed } from '../../crt';
import { QueryInputError, naturalRoll, number, optNumber, type Input } from '../../checks/input';
import { knownGap, unsupported, type QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { crt, crtMultiplier, isMotorized, label, list, namedSet, printed, units } from './read';
import * as rules from './rules';

/** 3.1.B, 11.6.A: no unit ever has its TR or combat strength reduced to less than one. */
export const VALUE_FLOOR = 1;
/** 11.1.E: a unit attacks at most once per Combat Phase. */
const ATTACKS_PER_PHASE = 1;

function numbers(input: Input, key: string): number[] {
  const v = list(input, key);
  if (v.some((x) => typeof x !== 'number')) throw new QueryInputError(`input.${key} must be a list of numbers`);
  return v as number[];
}

export const finalDrm: QueryHandler = (engine, input) => {
  const drms = numbers(input, 'drms');
  const sum = drms.reduce((a, b) => a + b, 0);
  const reasoning = [`DRMs ${drms.map(signed).join(', ')} are cumulative: ${signed(sum)} [11.6.A L745]`];
  const drm = clampDrm(crt(engine), sum, reasoning);
  return { actual: { drm }, reasoning };
};

export const modifiedRoll: QueryHandler = (engine, input) => {
  const table = crt(engine);
  // A roll the CRT's dice cannot show is refused, not clamped to the table as a modified roll is.
  const roll = naturalRoll(engine, table, input);
  const drm = optNumber(input, 'drm') ?? 0;
  const reasoning: string[] = [];
  const d = clampDrm(table, drm, reasoning);
  let modified = roll + d;
  reasoning.push(`roll ${roll} ${signed(d)} = ${modified}`);
  if (table.rollRange) {
    const clamped = Math.min(table.rollRange.max, Math.max(table.rollRange.min, modified));
    if (clamped !== modified)
      reasoning.push(
        `treated as ${clamped} (modified rolls ${table.rollRange.min}..${table.rollRange.max})${cite(table.source)} [11.5.B L739]`,
      );
    modified = clamped;
  }
  return { actual: { roll: modified }, reasoning };
};

/** A value halved `halvings` times, fractions kept (3.1.A), never below one (3.1.B, 11.6.A). */
export function reduced(value: number, halvings: number): number {
  return Math.max(VALUE_FLOOR, value / 2 ** halvings);
}

export const tacticalRating: QueryHandler = (_engine, input) => {
  const tr = number(input, 'tr');
  const halvings = optNumber(input, 'halvings') ?? 0;
  const result = reduced(tr, halvings);
  return {
    actual: { tr: result },
    reasoning: [
      `TR ${tr} halved ${halvings} time(s) = ${tr / 2 ** halvings}${result !== tr / 2 ** halvings ? `, raised to ${VALUE_FLOOR}` : ''} [3.1.B L364, 11.6.A L745]`,
    ],
  };
};

export const strengthMultiplier: QueryHandler = (_engine, input) => {
  const multipliers = numbers(input, 'multipliers');
  const multiplier = multipliers.reduce((a, b) => a * b, 1);
  return {
    actual: { multiplier },
    reasoning: [`multipliers ${multipliers.map((m) => `×${m}`).join(' ')} combine to ×${multiplier} [11.6.A L745]`],
  };
};

/** A side's CS: each unit halved with fractions kept and floored at one, summed, rounded down. */
export const combinedStrength: QueryHandler = (_engine, input) => {
  const values = numbers(input, 'values');
  const halved = input.halved === undefined ? values.map(() => 0) : numbers(input, 'halved');
  if (halved.length !== values.length) throw new QueryInputError('input.halved must give one count per value');
  const reasoning: string[] = [];
  let sum = 0;
  values.forEach((v, i) => {
    const raw = v / 2 ** halved[i];
    const unit = reduced(v, halved[i]);
    if (halved[i] > 0)
      reasoning.push(
        `unit ${i + 1}: ${v} halved ${halved[i]} time(s) = ${raw}${unit !== raw ? `, but no unit is reduced below ${VALUE_FLOOR} [11.6.A L745]` : ''}`,
      );
    sum += unit;
  });
  const total = Math.max(VALUE_FLOOR, Math.floor(sum + 1e-9));
  reasoning.push(`sum ${sum}, fractions rounded down once for the side: ${total} [3.1.A L362, 3.1.C L366]`);
  return { actual: { total }, reasoning };
};

/** Halvings of a combat unit: attacking across a river (11.6.1.1.A) and being OOS (7.4.B). */
function halvingsOf(
  engine: Engine,
  id: string | undefined,
  river: { all: boolean; ids: Set<string> },
  oos: { all: boolean; ids: Set<string> },
): { factor: number; why: string[] } {
  let factor = 1;
  const why: string[] = [];
  if (river.all || (id !== undefined && river.ids.has(id))) {
    const m = crtMultiplier(engine, rules.crtModifiers(engine).value.river);
    if (m === undefined) throw new QueryInputError('the CRT gives no known river multiplier');
    factor *= m;
    why.push(`×${m} across a river [11.6.1.1.A L759]`);
  }
  if (oos.all || (id !== undefined && oos.ids.has(id))) {
    const m = crtMultiplier(engine, rules.crtModifiers(engine).value.outOfSupply);
    if (m === undefined) throw new QueryInputError('the CRT gives no known OOS multiplier');
    factor *= m;
    why.push(`×${m} OOS [7.4.B L533]`);
  }
  return { factor, why };
}

/** TPV: the highest modified TR among a side's units (11.3.1.A-B); chits are whole, so rounded down. */
export const tpv: QueryHandler = (engine, input) => {
  const river = namedSet(input, 'acrossRiver');
  const oos = namedSet(input, 'oos');
  const reasoning: string[] = [];
  const missing: string[] = [];
  const sideTpv = (key: 'attackers' | 'defenders', canCrossRiver: boolean): number => {
    let best = 0;
    for (const unit of units(engine, input, key)) {
      const tr = printed(engine, unit, 'tactical');
      if (tr === undefined) {
        missing.push(label(unit));
        continue;
      }
      const { factor, why } = halvingsOf(engine, unit.id, canCrossRiver ? river : { all: false, ids: new Set() }, oos);
      const modified = Math.max(VALUE_FLOOR, tr * factor);
      reasoning.push(
        `${label(unit)}: TR ${tr}${why.length ? ` ${why.join(' ')} = ${tr * factor}` : ''}${modified !== tr * factor ? `, raised to ${VALUE_FLOOR}` : ''}`,
      );
      best = Math.max(best, modified);
    }
    return Math.floor(best + 1e-9);
  };
  const attacker = sideTpv('attackers', true);
  const defender = sideTpv('defenders', false);
  if (missing.length)
    return knownGap(`the TR of ${missing.join(', ')} is not given in units.csv, so the highest modified TR is not known`, reasoning);
  reasoning.push(`TPV = highest modified TR: attacker ${attacker}, defender ${defender} [11.3.1.A-B L707-L709]`);
  return { actual: { attacker, defender }, reasoning };
};

export const tacticalSuperiority: QueryHandler = (engine, input) => {
  const a = number(input, 'attackerTpv');
  const d = number(input, 'defenderTpv');
  const superior = a === d ? 'none' : a > d ? 'attacker' : 'defender';
  const { value: chits, cite: where } = rules.chitsPlayable(engine);
  const limit = (who: 'attacker' | 'defender') =>
    superior === 'none' ? chits.equal : superior === who ? chits.withSuperiority : chits.withoutSuperiority;
  // Play Note 11.3.2: never more chits than were drawn, and a side draws its TPV in chits.
  const attackerChits = Math.min(limit('attacker'), a);
  const defenderChits = Math.min(limit('defender'), d);
  return {
    actual: { superior, attackerChits, defenderChits },
    reasoning: [
      superior === 'none'
        ? `equal TPVs (${a}): neither side has TS, up to ${chits.equal} chits each${where}`
        : `${superior} has the higher TPV (${a} vs ${d}): TS, up to ${chits.withSuperiority} chits against ${chits.withoutSuperiority}${where}`,
      `no more chits than drawn (TPV) [11.3.2 Play Note L723]: attacker ${attackerChits}, defender ${defenderChits}`,
    ],
  };
};

export const combatCost: QueryHandler = (engine, input) => {
  const across = list(input, 'attackersAcrossRiver');
  const { value: costs, cite: where } = rules.activationCosts(engine);
  const cps = across.length > 0 ? costs.cpAcrossRiver : costs.cpPerCombat;
  return {
    actual: { cps },
    reasoning: [
      across.length > 0
        ? `${across.length} attacker(s) across a river hexside: ${costs.cpAcrossRiver} CPs${where}`
        : `${costs.cpPerCombat} CP per combat${where}`,
    ],
  };
};

export const tankBonus: QueryHandler = (engine, input) => {
  const [attacker] = units(engine, { attacker: [input.attacker] }, 'attacker');
  const defenders = units(engine, input, 'defenders');
  const terrain = list(input, 'defenderTerrain').map(String);
  const acrossRiver = input.acrossRiver === true || (Array.isArray(input.acrossRiver) && input.acrossRiver.length > 0);
  const cs = printed(engine, attacker, 'combat');
  if (cs === undefined) return unsupported(`the CS of ${label(attacker)} is not given`);
  const reasoning: string[] = [];
  const { value: tb, cite: where } = rules.tankBonus(engine);
  const eligible = attacker.size === tb.size && attacker.type === tb.type && (attacker.flags ?? []).includes(tb.flag);
  const motorized = defenders.filter((d) => isMotorized(engine, d));
  const unknownType = defenders.filter((d) => isMotorized(engine, d) === undefined);
  const barred = terrain.filter((t) => tb.noBonusTerrain.includes(t));
  let bonus = false;
  if (!eligible) reasoning.push(`${label(attacker)} is not a Tank Bonus tank brigade (asterisked CS) [2.4.2.C L228, 11.6.4.A L793]`);
  else if (motorized.length)
    reasoning.push(`the defending force contains a motorized unit (${motorized.map(label).join(', ')}): no Tank Bonus${where}`);
  else if (unknownType.length) return unsupported(`the type of ${unknownType.map(label).join(', ')} is not known`);
  else if (barred.length) reasoning.push(`attacking into ${barred.join(', ')}: no Tank Bonus [11.6.4.B L795]`);
  else if (acrossRiver) reasoning.push('attacking across a river hexside: no Tank Bonus [11.6.4.B L795]');
  else bonus = true;
  const multiplier = crtMultiplier(engine, rules.crtModifiers(engine).value.tankBonus);
  if (bonus && multiplier === undefined) return unsupported('the CRT gives no known Tank Bonus multiplier');
  const result = bonus ? cs * multiplier! : cs;
  if (bonus) reasoning.push(`no motorized defender: CS ${cs} ×${multiplier} = ${result}${where}`);
  return { actual: { cs: result, bonus }, reasoning };
};

export const combatEligibility: QueryHandler = (engine, input) => {
  if (input.attackOnly !== undefined) {
    const stack = list(input, 'defenders').map(String);
    const attacked = new Set(list(input, 'attackOnly').map(String));
    const left = stack.filter((id) => !attacked.has(id));
    return {
      actual: { legal: left.length === 0 },
      reasoning: [
        left.length
          ? `stacked defenders must be attacked as one combined unit; ${left.join(', ')} would be left out [11.1.D L679]`
          : 'the whole stack is attacked [11.1.D L679]',
      ],
    };
  }
  const [unit] = units(engine, { unit: [input.unit] }, 'unit');
  const done = number(input, 'attacksThisPhase');
  const mayAttack = done < ATTACKS_PER_PHASE;
  return {
    actual: { mayAttack },
    reasoning: [`${label(unit)} has attacked ${done} time(s) this Combat Phase; at most ${ATTACKS_PER_PHASE} [11.1.E L681]`],
  };
};

/**
 * Column shifts and Attack Strength changes of the Combat Modifiers Table (9.93) that the text
 * states: hexside terrain (9.33), several terrains in a hex (5.61), supply (11.55, 11.56), Soviet
 * barrage (13.44), German barrage (13.55), anti-tank fire at infantry (13.24), Air Points (17.2).
 * Values are read from tables.json (combat-modifiers) and terrain.json.
 */
import { isUnknown } from '../../../model/common';
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, optStrings, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { cite } from '../../source-text';
import { flag, numbers } from './cases';
import { modifier } from './game-data';
import * as rules from './rules';
import { maxOf } from '../../../extremes';

type ModifierRole = Exclude<keyof ReturnType<typeof rules.combatModifiers>['value'], 'table'>;

/** The Combat Modifiers Table entry the game names for this rule. */
function known(engine: Engine, role: ModifierRole): { value: number; cite: string; label: string } {
  const m = modifier(engine, rules.combatModifiers(engine).value[role]);
  if ('unknown' in m) throw new MissingValue(m.unknown);
  return m;
}

/** A rule value the data does not hold: the handler answers "unsupported". */
class MissingValue extends Error {}

function guarded(fn: (engine: Engine, input: Input) => QueryAnswer) {
  return (engine: Engine, input: Input): QueryAnswer => {
    try {
      return fn(engine, input);
    } catch (e) {
      if (e instanceof MissingValue) return unsupported(e.message);
      throw e;
    }
  };
}

/** 9.33: attacking across several hexside types, the one with the least shift applies. */
export const hexsideShift = guarded((engine, input) => {
  const across = optStrings(input, 'across');
  if (!across || across.length === 0) throw new QueryInputError('input.across must name at least one hexside terrain');
  const reasoning: string[] = [];
  const shifts: number[] = [];
  const unknowns: string[] = [];
  for (const id of across) {
    const t = engine.terrain(id);
    if (!t) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    const shift = t.combat?.shift;
    if (typeof shift === 'number') {
      shifts.push(shift);
      reasoning.push(`${id}: shift ${shift}${cite(t.combat?.source ?? t.source)}`);
    } else {
      unknowns.push(id);
      reasoning.push(`${id}: shift not given${isUnknown(shift) && shift.reason ? ` (${shift.reason})` : ''}`);
    }
  }
  const least = shifts.length ? shifts.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a)) : undefined;
  // An unknown shift could only be smaller than a known one if that one is not already zero.
  if (least === undefined || (unknowns.length > 0 && least !== 0))
    return unsupported(`the shift of ${unknowns.join(', ')} is not given`, reasoning);
  reasoning.push(`the least hexside shift applies: ${least} [9.33 L343]`);
  return { actual: { shift: least }, reasoning };
});

/** 5.61: the single greatest Movement Point cost, all defensive shifts added. */
export function multiTerrain(_engine: Engine, input: Input): QueryAnswer {
  const costs = numbers(input, 'costs');
  const shifts = input.shifts === undefined ? [] : numbers(input, 'shifts');
  if (costs.length === 0) throw new QueryInputError('input.costs must not be empty');
  const cost = maxOf(costs);
  const shift = shifts.reduce((a, b) => a + b, 0);
  return {
    actual: { cost, shift },
    reasoning: [`greatest cost of ${costs.join(', ')} = ${cost}; shifts ${shifts.join(' + ') || '0'} = ${shift} [5.61 L240]`],
  };
}

export function attackAllowed(engine: Engine, input: Input): QueryAnswer {
  const attack = number(input, 'attack');
  const least = rules.minimumAttack(engine);
  const allowed = attack >= least.value;
  return {
    actual: { allowed },
    reasoning: [`${attack} attack Strength Points ${allowed ? '≥' : '<'} ${least.value} before shifts${least.cite}`],
  };
}

/** 11.55: an out-of-supply attacking stack has its combined Attack Strength halved, rounded down. */
export const attackStrength = guarded((engine, input) => {
  const attack = number(input, 'attack');
  if (!flag(input, 'outOfSupply')) return { actual: { attack }, reasoning: ['in supply: Attack Strength unchanged [11.55]'] };
  const m = known(engine, 'attackerOutOfSupply');
  const halved = Math.floor(attack * m.value);
  return { actual: { attack: halved }, reasoning: [`${m.label}: ${attack} × ${m.value} rounded down = ${halved}${m.cite}`] };
});

/** 11.56: one defending unit out of supply is enough for the shift (it does not add up per unit). */
export const supplyShift = guarded((engine, input) => {
  const count = number(input, 'defendersOutOfSupply');
  if (count <= 0) return { actual: { shift: 0 }, reasoning: ['every defender in supply: no shift [11.56]'] };
  const m = known(engine, 'defenderOutOfSupply');
  return {
    actual: { shift: m.value },
    reasoning: [`${count} defending unit(s) out of supply: ${m.label} ${m.value > 0 ? '+' : ''}${m.value}${m.cite}`],
  };
});

/** 13.44: one column right per Level of each barraging artillery unit. */
export const barrageShift = guarded((engine, input) => {
  const levels = numbers(input, 'levels');
  const m = known(engine, 'sovietBarrage');
  const shift = levels.reduce((a, b) => a + b, 0) * m.value;
  return { actual: { shift }, reasoning: [`Levels ${levels.join(' + ') || '0'} × ${m.value} = shift ${shift}${m.cite}`] };
});

/** 13.55: +1 Attack Strength per German Artillery Point allocated to the barrage. */
export const germanBarrage = guarded((engine, input) => {
  const attack = number(input, 'attack');
  const points = number(input, 'artilleryPoints');
  const m = known(engine, 'germanBarrage');
  const netAttack = attack + points * m.value;
  return { actual: { netAttack }, reasoning: [`${attack} + ${points} Artillery Points × ${m.value} = ${netAttack}${m.cite}`] };
});

/** 13.24: anti-tank fire at a stack entirely of infantry and/or HQs shifts one left. */
export const antitankShift = guarded((engine, input) => {
  if (!flag(input, 'targetAllInfantryOrHQ'))
    return { actual: { shift: 0 }, reasoning: ['the target stack holds armor or mechanized units: no shift [13.21, 13.24]'] };
  const m = known(engine, 'antitankVsInfantry');
  return { actual: { shift: m.value }, reasoning: [`${m.label}: ${m.value}${m.cite}`] };
});

/** 17.21-17.25: each side may add at most two Air Points to a combat, none to an overrun. */
export const airShift = guarded((engine, input) => {
  const attacker = optNumber(input, 'attackerAirPoints') ?? 0;
  const defender = optNumber(input, 'defenderAirPoints') ?? 0;
  const reasoning: string[] = [];
  if (flag(input, 'overrun') && attacker + defender > 0) {
    reasoning.push('Air Points may not be used to affect overruns [17.25 L641]');
    return { actual: { legal: false }, reasoning };
  }
  const most = rules.maxAirPointsPerCombat(engine);
  if (attacker > most.value || defender > most.value) {
    reasoning.push(`at most ${most.value} Air Points per side in a combat${most.cite}`);
    return { actual: { legal: false }, reasoning };
  }
  const up = known(engine, 'airAttacker');
  const down = known(engine, 'airDefender');
  const shift = attacker * up.value + defender * down.value;
  reasoning.push(`attacker ${attacker} × ${up.value}${up.cite} + defender ${defender} × ${down.value}${down.cite} = ${shift}`);
  return { actual: { shift, legal: true }, reasoning };
});

/**
 * 13.12-13.14, 13.35: defending Artillery Points come off the infantry Attack Strength first; what is
 * left over, halved (rounded down), comes off the secondarily affected (armor, mechanized, HQ) part.
 */
export function artilleryModifier(_engine: Engine, input: Input): QueryAnswer {
  const infantry = number(input, 'infantry');
  const secondary = number(input, 'secondary');
  const points = number(input, 'artilleryPoints');
  const reasoning: string[] = [];
  const offInfantry = Math.min(infantry, points);
  const leftOver = points - offInfantry;
  const offSecondary = Math.min(secondary, Math.floor(leftOver / 2));
  if (infantry > 0) reasoning.push(`infantry ${infantry} − ${offInfantry} Artillery Points [13.12 L495]`);
  if (leftOver > 0)
    reasoning.push(
      `${leftOver} Artillery Points left, halved rounding down to ${Math.floor(leftOver / 2)}, off the ${secondary} secondarily affected points [${infantry > 0 ? '13.14 L499' : '13.13 L497'}, 13.35]`,
    );
  const netAttack = infantry - offInfantry + secondary - offSecondary;
  reasoning.push(`net Attack Strength ${netAttack}`);
  return { actual: { netAttack }, reasoning };
}

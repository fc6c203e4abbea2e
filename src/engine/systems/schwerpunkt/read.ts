/**
 * Reading schwerpunkt.* inputs: booleans, nested objects, lists and inline units, plus the
 * exception a handler throws when the rules or the data cannot give the answer.
 */
import type { Engine } from '../../context';
import { movementClassOf, unitValue } from '../../context';
import { QueryInputError, unitFrom, type Input } from '../../checks/input';
import { isUnknown } from '../../../model/common';
import { Unanswerable } from '../rule-values';
import { stationaryClass } from './rules';

export { Unanswerable };

export function optBool(input: Input, key: string): boolean | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new QueryInputError(`input.${key} must be true or false, not ${JSON.stringify(v)}`);
  return v;
}

export function bool(input: Input, key: string, fallback: boolean): boolean {
  return optBool(input, key) ?? fallback;
}

export function object(input: Input, key: string): Input {
  const v = input[key];
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new QueryInputError(`input.${key} must be an object`);
  return v as Input;
}

export function list(input: Input, key: string): unknown[] {
  const v = input[key];
  if (!Array.isArray(v)) throw new QueryInputError(`input.${key} must be a list`);
  return v;
}

export function optList(input: Input, key: string): unknown[] | undefined {
  return input[key] === undefined ? undefined : list(input, key);
}

/** A unit as the combat and supply rules see it. */
export interface RulesUnit {
  label: string;
  side?: string;
  formation?: string;
  movementClass?: string;
  flags: string[];
  inSupply: boolean;
  reduced: boolean;
  /** Printed Tactical Rating on the face in play, if stated. */
  tr?: number;
  raw: Input;
}

export function rulesUnit(engine: Engine, value: unknown, what: string): RulesUnit {
  const u = unitFrom(engine, value, what);
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Input;
  const reduced = raw.reduced === true;
  const face = reduced ? 'reverse' : 'front';
  const tr = unitValue(engine.game, { front: u.front ?? {}, reverse: u.reverse ?? {} }, ['tactical'], face);
  const movementClass = u.movementClass ?? movementClassOf(engine.game, u.type);
  return {
    label:
      u.id ??
      `${u.side ?? ''}${u.formation ? ` ${u.formation}` : ''} ${u.type ?? movementClass ?? 'unit'}${tr !== undefined ? ` TR ${tr}` : ''}`.trim(),
    side: u.side,
    formation: u.formation,
    movementClass,
    flags: u.flags ?? [],
    inSupply: raw.inSupply !== false,
    reduced,
    tr,
    raw,
  };
}

export function rulesUnits(engine: Engine, value: unknown, what: string): RulesUnit[] {
  if (!Array.isArray(value)) throw new QueryInputError(`${what} must be a list of units`);
  return value.map((v, i) => rulesUnit(engine, v, `${what}[${i}]`));
}

/** Whether a unit's flags carry a flag effect (game.json unitFlags `effect`, the engine's vocabulary). */
export function hasFlagEffect(engine: Engine, flags: readonly string[], effect: string): boolean {
  const declared = engine.game.info.unitFlags ?? [];
  return flags.some((f) => declared.find((d) => d.id === f)?.effect === effect);
}

export function isStationary(engine: Engine, unit: RulesUnit): boolean {
  return hasFlagEffect(engine, unit.flags, 'static') || unit.movementClass === stationaryClass(engine).value;
}

export { sideName } from '../rule-values';

/** A value of the data that may be a declared unknown. */
export function known<T>(value: T | { unknown: true } | undefined, what: string): T {
  if (value === undefined || isUnknown(value)) throw new Unanswerable(`${what} is not given by the data`);
  return value as T;
}

/** Reading t3 check inputs and the game facts every t3 mechanic shares (unit values, types, sides). */
import { isUnknown } from '../../../model/common';
import type { TableFile } from '../../../model/files';
import type { Engine } from '../../context';
import { motorizedCategory } from './rules';
import { movementClassOf, unitValue } from '../../context';
import { QueryInputError, unitFrom, type Input, type UnitLike } from '../../checks/input';

export function flag(input: Input, key: string): boolean | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new QueryInputError(`input.${key} must be true or false, not ${JSON.stringify(v)}`);
  return v;
}

/** A count given as a number, or as a list whose length is the count. */
export function count(input: Input, key: string): number {
  const v = input[key];
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (Array.isArray(v)) return v.length;
  throw new QueryInputError(`input.${key} must be a whole number or a list`);
}

export function list(input: Input, key: string): unknown[] {
  const v = input[key];
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new QueryInputError(`input.${key} must be a list`);
  return v;
}

/** Units of a list input: ids from units.csv or inline objects. */
export function units(engine: Engine, input: Input, key: string): UnitLike[] {
  return list(input, key).map((u, i) => unitFrom(engine, u, `${key}[${i}]`));
}

export function label(unit: UnitLike): string {
  return unit.id ?? [unit.side, unit.type, unit.size].filter(Boolean).join(' ');
}

/** Unit ids named by an input that is either a list of ids or true/false for all units. */
export function namedSet(input: Input, key: string): { all: boolean; ids: Set<string> } {
  const v = input[key];
  if (v === undefined || v === false) return { all: false, ids: new Set() };
  if (v === true) return { all: true, ids: new Set() };
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return { all: false, ids: new Set(v as string[]) };
  throw new QueryInputError(`input.${key} must be true/false or a list of unit ids`);
}

/**
 * Input keys named after a side (`<side>UnitIn`, `traces<Side>Supply`) must name a side of the
 * game: a misspelt one would be read as absent. `shapes` hold the parts around the side's id.
 */
export function refuseUnknownSideKeys(engine: Engine, input: Input, shapes: ReadonlyArray<readonly [string, string]>): void {
  const sides = engine.game.info.sides.map((s) => s.id.toLowerCase());
  for (const key of Object.keys(input))
    for (const [before, after] of shapes) {
      if (!key.startsWith(before) || !key.endsWith(after) || key.length <= before.length + after.length) continue;
      const named = key.slice(before.length, key.length - after.length).toLowerCase();
      if (!sides.includes(named))
        throw new QueryInputError(`input.${key} names no side of the game (${before}<side>${after}; sides: ${sides.join(', ')})`);
    }
}

export function side(engine: Engine, value: string, what = 'side'): string {
  if (!engine.game.info.sides.some((s) => s.id === value)) throw new QueryInputError(`${what} "${value}" is not a side of the game`);
  return value;
}

export function otherSide(engine: Engine, sideId: string): string {
  const other = engine.game.info.sides.find((s) => s.id !== sideId);
  if (!other) throw new QueryInputError(`the game has no side other than "${sideId}"`);
  return other.id;
}

/** A printed value by role (combat, tactical, movement) on the unit's front, or undefined when unknown. */
export function printed(engine: Engine, unit: UnitLike, role: 'combat' | 'tactical' | 'movement'): number | undefined {
  return unitValue(engine.game, { front: unit.front ?? {}, reverse: unit.reverse ?? {} }, [role]);
}

/** Whether a unit type belongs to the motorized category (2.4.6). */
export function isMotorized(engine: Engine, unit: UnitLike): boolean | undefined {
  if (unit.type === undefined) return undefined;
  const type = (engine.game.info.unitTypes ?? []).find((t) => t.id === unit.type);
  const category = (type as { category?: string } | undefined)?.category ?? movementClassOf(engine.game, unit.type);
  return category === undefined ? undefined : category === motorizedCategory(engine).value;
}

/** The effect a unit's flags carry (flag id or its declared effect). */
export function hasFlagEffect(engine: Engine, unit: UnitLike, effect: string): boolean {
  const declared = (id: string) => engine.game.info.unitFlags?.find((f) => f.id === id)?.effect;
  return (unit.flags ?? []).some((f) => f === effect || declared(f) === effect);
}

export function crt(engine: Engine): TableFile {
  const table = engine.game.tables.find((t) => t.kind === 'crt');
  if (!table) throw new QueryInputError('the game has no CRT in tables.json');
  return table;
}

/** A known multiplier of the CRT's modifier list (river, oos, concentric, tank-bonus…). */
export function crtMultiplier(engine: Engine, id: string): number | undefined {
  const m = crt(engine).modifiers?.find((x) => x.id === id);
  return m && m.kind === 'multiplier' && typeof m.value === 'number' && !isUnknown(m.value) ? m.value : undefined;
}

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ORDINALS = new Intl.PluralRules('en', { type: 'ordinal' });

export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIX[ORDINALS.select(n)] ?? ORDINAL_SUFFIX.other}`;
}

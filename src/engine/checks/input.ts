/** Reading a check's `input`: typed accessors that turn a malformed input into a clear error. */
import type { TableFile } from '../../model/files';
import type { Unit } from '../../model/game';
import type { Engine } from '../context';
import { movementClassOf, unitValue } from '../context';

/** A check whose input the engine cannot read: reported as a failure of that check, not a crash. */
export class QueryInputError extends Error {}

export type Input = Record<string, unknown>;

/**
 * The largest number a question may hold: beyond it whole numbers are no longer exact, so a
 * strength or a count this big is no value of a game, and sums or ratios of it overflow to Infinity
 * ("odds Infinity:0"). A number nearer zero than its reciprocal (but not zero) is refused alike.
 */
export const MAX_INPUT_MAGNITUDE = Number.MAX_SAFE_INTEGER;

/** Why `value` is no number a question may hold, or undefined when it is one. */
function outOfBounds(value: number): string | undefined {
  if (!Number.isFinite(value)) return `${value} is not a finite number`;
  const size = Math.abs(value);
  if (size > MAX_INPUT_MAGNITUDE) return `${value} is beyond ±${MAX_INPUT_MAGNITUDE}, the largest number a question may hold`;
  if (size !== 0 && size < 1 / MAX_INPUT_MAGNITUDE)
    return `${value} is nearer zero than 1/${MAX_INPUT_MAGNITUDE}, the finest fraction a question may hold`;
  return undefined;
}

/**
 * Every number anywhere in an input (nested lists and objects too) that is out of bounds, with the
 * JSON pointer of its field: the command line and the check runner refuse the question rather than
 * answer with Infinity.
 */
export function numberProblems(value: unknown, pointer = ''): Array<{ pointer: string; message: string }> {
  if (typeof value === 'number') {
    const why = outOfBounds(value);
    return why ? [{ pointer, message: why }] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => numberProblems(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
}

export function optNumber(input: Input, key: string): number | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number') throw new QueryInputError(`input.${key} must be a number, not ${JSON.stringify(v)}`);
  const why = outOfBounds(v);
  if (why) throw new QueryInputError(`input.${key}: ${why}`);
  return v;
}

export function number(input: Input, key: string): number {
  const v = optNumber(input, key);
  if (v === undefined) throw new QueryInputError(`input.${key} is required`);
  return v;
}

export function optString(input: Input, key: string): string | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new QueryInputError(`input.${key} must be a string, not ${JSON.stringify(v)}`);
  return v;
}

export function string(input: Input, key: string): string {
  const v = optString(input, key);
  if (v === undefined) throw new QueryInputError(`input.${key} is required`);
  return v;
}

export function optStrings(input: Input, key: string): string[] | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v === 'string') return [v];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new QueryInputError(`input.${key} must be a list of strings`);
  return v as string[];
}

/** A number, or a list of numbers summed (strengths of several units). */
export function optTotal(input: Input, key: string): number | undefined {
  const v = input[key];
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) {
    const sum = (v as number[]).reduce((a, b) => a + b, 0);
    const why = outOfBounds(sum);
    if (why) throw new QueryInputError(`input.${key} adds up to ${why}`);
    return sum;
  }
  return optNumber(input, key);
}

/**
 * The natural roll a question gives for `table`: a whole number its dice (game.json dice, named by
 * the table) can show. A roll the dice cannot show is refused naming their range, never read off
 * the table's last row.
 */
export function naturalRoll(engine: Engine, table: TableFile, input: Input): number {
  const roll = number(input, 'roll');
  if (!Number.isInteger(roll)) throw new QueryInputError(`input.roll must be a whole number, not ${roll}`);
  const die = table.dice === undefined ? undefined : engine.game.info.dice?.find((d) => d.id === table.dice);
  if (!die) return roll;
  if (die.combine === 'digits') {
    // Each die gives one digit: only faces 1…9 read as one digit each.
    if (die.faces > 9) return roll;
    const digits = String(roll);
    const ok = digits.length === die.count && [...digits].every((d) => Number(d) >= 1 && Number(d) <= die.faces);
    if (!ok)
      throw new QueryInputError(
        `input.roll ${roll} is not a roll of ${die.id} (table ${table.id}): ${die.count} digits, each 1…${die.faces}`,
      );
    return roll;
  }
  const [min, max] = [die.count, die.count * die.faces];
  if (roll < min || roll > max)
    throw new QueryInputError(`input.roll ${roll} is not a roll of ${die.id} (table ${table.id}): the dice show ${min}…${max}`);
  return roll;
}

export function hexIndex(engine: Engine, id: string, what = 'hex'): number {
  const i = engine.graph.indexOf(id);
  if (i === undefined) throw new QueryInputError(`${what} "${id}" is not a hex of the map`);
  return i;
}

/** A unit named by id (units.csv) or written inline ({side, type, front: {…}, …}). */
export type UnitLike = Partial<Unit> & { movementClass?: string; ma?: number };

export function unitFrom(engine: Engine, value: unknown, what = 'unit'): UnitLike {
  if (typeof value === 'string') {
    const u = engine.unit(value);
    if (!u) throw new QueryInputError(`${what} "${value}" is not in units.csv`);
    return u;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as UnitLike;
  throw new QueryInputError(`${what} must be a unit id or an inline unit object`);
}

/**
 * A units.csv counter named more often than the counter mix holds copies of it (its `count`, 1
 * unless stated) would be counted twice: an impossible question, refused rather than answered.
 */
export function refuseExtraCopies(key: string, uses: Iterable<{ id: string; copies: number; times?: number }>): void {
  const named = new Map<string, number>();
  for (const { id, copies, times = 1 } of uses) {
    const total = (named.get(id) ?? 0) + times;
    named.set(id, total);
    if (total > copies)
      throw new QueryInputError(
        `input.${key} names unit "${id}" ${total} times, but the counter mix holds ${copies === 1 ? 'one' : copies} of it (units.csv count)`,
      );
  }
}

/** Movement class and allowance from `movementClass`/`ma` or from a unit. */
export function mover(engine: Engine, input: Input): { movementClass?: string; ma?: number; label: string } {
  const unit = input.unit !== undefined ? unitFrom(engine, input.unit) : undefined;
  const movementClass = optString(input, 'movementClass') ?? unit?.movementClass ?? movementClassOf(engine.game, unit?.type);
  const face = input.face === 'reverse' ? 'reverse' : 'front';
  const ma =
    optNumber(input, 'ma') ??
    unit?.ma ??
    (unit ? unitValue(engine.game, { front: unit.front ?? {}, reverse: unit.reverse ?? {} }, ['movement'], face) : undefined);
  const label = unit
    ? `${unit.id ?? unit.type ?? 'unit'}${movementClass ? ` (${movementClass})` : ''}`
    : `class ${movementClass ?? '(none)'}`;
  return { movementClass, ma, label };
}

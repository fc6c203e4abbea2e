/**
 * Whether an erratum changes a printed counter, decided by the component plan: the unit's counter
 * is planned with only that field changed, and its faces and copies compared with the old ones.
 * So a field prints exactly when some face shows it (the side through the counter's colours, the
 * formation through its colour box, a front value on a back that has none of its own).
 */
import { UNIT_COLUMNS } from '../model/files';
import type { Game, Unit } from '../model/game';
import { faceContent, unitCounter } from '../plan';

/** The unit fields diff compares that are not value columns (front or `back.<field>`): units.csv's named columns but id and the notes. */
export const UNIT_KEYS = UNIT_COLUMNS.filter(
  (c): c is Exclude<(typeof UNIT_COLUMNS)[number], 'id' | 'source' | 'notes'> => c !== 'id' && c !== 'source' && c !== 'notes',
);

function setOrDelete<T extends object>(target: T, key: string, value: unknown): void {
  if (value === undefined) delete (target as Record<string, unknown>)[key];
  else (target as Record<string, unknown>)[key] = value;
}

/** Unit `a` with one field (as diff names it) taken from unit `b`. */
export function withFieldOf(a: Unit, b: Unit, field: string): Unit {
  const out: Unit = { ...a, front: { ...a.front }, reverse: { ...a.reverse } };
  if (field === 'setup') {
    setOrDelete(out, 'setupHex', b.setupHex);
    setOrDelete(out, 'setup', b.setup);
  } else if ((UNIT_KEYS as readonly string[]).includes(field)) setOrDelete(out, field, (b as unknown as Record<string, unknown>)[field]);
  else if (field.startsWith('back.')) setOrDelete(out.reverse, field.slice(5), b.reverse[field.slice(5)]);
  else setOrDelete(out.front, field, b.front[field]);
  return out;
}

/** What the sheets of `game` print of `unit`: its copies and both faces, as one comparable text. */
export function printedCounter(game: Game, unit: Unit): string {
  const counter = unitCounter(game, unit);
  return JSON.stringify([counter.copies, faceContent(counter.front), faceContent(counter.back)]);
}

/**
 * True when changing `field` from `a`'s value to `b`'s changes what the sheets of `game` print;
 * `before` is what they print of `a`, passed in when one unit's fields are asked about in turn.
 */
export function changesPrintedCounter(game: Game, a: Unit, b: Unit, field: string, before = printedCounter(game, a)): boolean {
  return printedCounter(game, withFieldOf(a, b, field)) !== before;
}

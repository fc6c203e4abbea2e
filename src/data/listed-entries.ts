/**
 * The keys and values of a parsed JSON object listed once and shared by the walks that need them.
 * An object with thousands of keys (map.json's terrain, one per hex) lives in V8's dictionary mode,
 * where every `for…in` or `Object.keys` lists and sorts its keys anew (some 4 ms on a 20,000-hex
 * map); the census walk (number-bounds.ts) lists such an object once and keeps the listing here.
 */

/** Objects with at least this many keys are kept listed (far below it, listing is cheap). */
export const LISTED_MIN_KEYS = 1024;

export interface ObjectEntries<T> {
  keys: string[];
  values: T[];
}

const listed = new WeakMap<object, ObjectEntries<unknown>>();

/** Keeps the listing of `object` for entriesOf; the object is not changed afterwards (parsed data is not). */
export function keepEntries(object: object, keys: string[], values: unknown[]): void {
  listed.set(object, { keys, values });
}

/** The object's own keys in enumeration order, with their values: the kept listing, else listed now. */
export function entriesOf<T>(object: Record<string, T>): ObjectEntries<T> {
  const kept = listed.get(object) as ObjectEntries<T> | undefined;
  if (kept) return kept;
  const keys: string[] = [];
  const values: T[] = [];
  for (const key in object) {
    keys.push(key);
    values.push(object[key]);
  }
  return { keys, values };
}

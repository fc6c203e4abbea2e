/**
 * How an expected answer is compared with the engine's: every key the check states must match
 * (keys it leaves out are not compared); numbers within rounding noise; a number and its text
 * ("3" and 3, as table cells are written either way) are the same answer.
 */
export function matches(expect: unknown, actual: unknown): boolean {
  if (expect === null || typeof expect !== 'object') {
    if (typeof expect === 'number' && typeof actual === 'number') return Math.abs(expect - actual) < 1e-9;
    if (expect === actual) return true;
    const primitive = (v: unknown) => typeof v === 'string' || typeof v === 'number';
    return primitive(expect) && primitive(actual) && String(expect) === String(actual);
  }
  if (Array.isArray(expect)) {
    return Array.isArray(actual) && expect.length === actual.length && expect.every((e, i) => matches(e, actual[i]));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  return Object.entries(expect as Record<string, unknown>).every(([k, v]) => matches(v, (actual as Record<string, unknown>)[k]));
}

/** Same members, any order. */
export function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const sa = new Set(a.map(String));
  const sb = new Set(b.map(String));
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

export function containsAll(haystack: readonly unknown[], needles: readonly unknown[]): boolean {
  const s = new Set(haystack.map(String));
  return needles.every((n) => s.has(String(n)));
}

/**
 * Like `matches`, but a list in the expectation names members the actual list must contain (each
 * matched by some member), not the whole list: "the scenario's markers include C3I 5 and 2".
 */
export function matchesLoosely(expect: unknown, actual: unknown): boolean {
  if (Array.isArray(expect)) {
    return Array.isArray(actual) && expect.every((e) => actual.some((a) => matchesLoosely(e, a)));
  }
  if (expect !== null && typeof expect === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expect as Record<string, unknown>).every(([k, v]) => matchesLoosely(v, (actual as Record<string, unknown>)[k]));
  }
  return matches(expect, actual);
}

/**
 * Numbers a wargame's data can hold: finite and within ±1,000,000 (years, victory points and
 * turn numbers all fit). JSON itself admits "1e400" (Infinity once parsed) and 20-digit numbers
 * that no longer round-trip; such a value is a slip, reported at its position.
 */
export const MAX_DATA_MAGNITUDE = 1_000_000;

export function isSaneNumber(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value) <= MAX_DATA_MAGNITUDE;
}

/** What one walk of a parsed JSON value finds. */
export interface ValueCensus {
  /** Properties of every object (fewer than the key tokens in the text means a duplicate key). */
  keys: number;
  /** JSON pointers of the numbers that are not sane, sorted. */
  insaneNumbers: string[];
  /** Nesting of the deepest container (1 for a flat object or list, 0 for a scalar). */
  depth: number;
}

/**
 * One walk over a parsed value, with its own stack of containers only (so no nesting can overflow
 * the call stack; scalars are checked where they sit). A pointer is spelt only for a number it
 * reports: a big map holds tens of thousands of values and, as a rule, none to report.
 */
export function censusOf(value: unknown): ValueCensus {
  if (typeof value === 'number') return { keys: 0, insaneNumbers: isSaneNumber(value) ? [] : [''], depth: 0 };
  let keys = 0;
  let depth = 0;
  const insane: string[] = [];
  // Each container with the index of its parent entry and its key (or list index) there, to spell
  // pointers on demand.
  const containers: Container[] = [];
  const pending: number[] = [];
  const visitChild = (child: unknown, parent: number, key: string | number): void => {
    if (typeof child === 'number') {
      if (!isSaneNumber(child)) insane.push(pointerOf(containers, parent, key));
    } else if (child !== null && typeof child === 'object') {
      pending.push(containers.push({ value: child, parent, key, depth: containers[parent].depth + 1 }) - 1);
    }
  };
  if (value !== null && typeof value === 'object') pending.push(containers.push({ value, parent: -1, key: '', depth: 1 }) - 1);
  while (pending.length > 0) {
    const at = pending.pop()!;
    const { value: item, depth: level } = containers[at];
    if (level > depth) depth = level;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) visitChild(item[i], at, i);
      continue;
    }
    for (const key of Object.keys(item)) {
      keys += 1;
      visitChild((item as Record<string, unknown>)[key], at, key);
    }
  }
  return { keys, insaneNumbers: insane.sort(), depth };
}

interface Container {
  value: object;
  parent: number;
  key: string | number;
  depth: number;
}

function pointerOf(containers: readonly Container[], parent: number, key: string | number): string {
  const segments = [String(key)];
  for (let at = parent; at > 0; at = containers[at].parent) segments.push(String(containers[at].key));
  return segments
    .reverse()
    .map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');
}

/**
 * Numbers a wargame's data can hold: finite and within ±1,000,000 (years, victory points and
 * turn numbers all fit). JSON itself admits "1e400" (Infinity once parsed) and 20-digit numbers
 * that no longer round-trip; such a value is a slip, reported at its position.
 */
import { keepEntries, LISTED_MIN_KEYS } from './listed-entries';

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
 * One walk over a parsed value. The walk recurses, but never deeper than `depthLimit` + 1 levels:
 * a value nested deeper (JSON.parse itself does not recurse) is reported by its depth alone, and
 * its keys and numbers are not all counted. The path is one shared stack of keys, and a pointer is
 * spelt only for a number it reports: a big map holds tens of thousands of values and, as a rule,
 * none to report.
 */
export function censusOf(value: unknown, depthLimit: number): ValueCensus {
  if (typeof value === 'number') return { keys: 0, insaneNumbers: isSaneNumber(value) ? [] : [''], depth: 0 };
  if (value === null || typeof value !== 'object') return { keys: 0, insaneNumbers: [], depth: 0 };
  const walk: CensusWalk = { keys: 0, depth: 0, insane: [], path: [], depthLimit, keyStack: entryKeyStack, valueStack: entryValueStack, stackTop: 0, stackPeak: 0 };
  visitContainer(walk, value, 1);
  // The stacks outlive the walk; what they hold does not.
  entryValueStack.fill(undefined, 0, walk.stackPeak);
  entryKeyStack.fill('', 0, walk.stackPeak);
  return { keys: walk.keys, insaneNumbers: walk.insane.sort(), depth: walk.depth };
}

/**
 * The entry stacks of every walk (one walk runs at a time: it never yields), kept from walk to walk
 * so that they grow once rather than anew each walk: a big map's terrain alone holds 20,000 entries.
 */
const entryKeyStack: string[] = [];
const entryValueStack: unknown[] = [];

interface CensusWalk {
  keys: number;
  depth: number;
  insane: string[];
  /** Keys (or list indexes) from the root to the container being visited. */
  path: (string | number)[];
  depthLimit: number;
  /**
   * Keys and values of the objects being visited, each object's above its parent's (a child's are
   * given up when it is done): an object found big enough is kept listed (listed-entries.ts) from here.
   */
  keyStack: string[];
  valueStack: unknown[];
  /** Entries of the stacks in use (beyond it they hold leftovers of objects already done). */
  stackTop: number;
  /** The most entries the stacks held in this walk (what is cleared when it is done). */
  stackPeak: number;
}

function visitContainer(walk: CensusWalk, container: object, level: number): void {
  if (level > walk.depth) walk.depth = level;
  if (level > walk.depthLimit) return;
  if (Array.isArray(container)) {
    for (let i = 0; i < container.length; i++) visitChild(walk, container[i], level, i);
    return;
  }
  // for…in, not Object.keys: parsed JSON has no inherited enumerable keys, and no array per object.
  const { keyStack, valueStack } = walk;
  const start = walk.stackTop;
  for (const key in container) {
    walk.keys += 1;
    const child = (container as Record<string, unknown>)[key];
    // Written by index, not pushed and truncated: the stacks keep their storage from object to object.
    keyStack[walk.stackTop] = key;
    valueStack[walk.stackTop++] = child;
    visitChild(walk, child, level, key);
  }
  if (walk.stackTop > walk.stackPeak) walk.stackPeak = walk.stackTop;
  if (walk.stackTop - start >= LISTED_MIN_KEYS) keepEntries(container, keyStack.slice(start, walk.stackTop), valueStack.slice(start, walk.stackTop));
  walk.stackTop = start;
}

function visitChild(walk: CensusWalk, child: unknown, level: number, key: string | number): void {
  if (typeof child === 'number') {
    if (!isSaneNumber(child)) walk.insane.push(pointerOf([...walk.path, key]));
  } else if (child !== null && typeof child === 'object') {
    walk.path.push(key);
    visitContainer(walk, child, level + 1);
    walk.path.pop();
  }
}

function pointerOf(path: readonly (string | number)[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

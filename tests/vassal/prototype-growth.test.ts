/**
 * The expanded-trait count against a plain walk that expands every UsePrototype in place, skipping
 * a prototype already on the path (what the importer does), on graphs small enough to walk.
 */
import { expect, it } from 'vitest';
import { PrototypeGrowth } from '../../src/vassal/reader/prototype-growth';
import { buildBasicPiece, buildMarker, buildUsePrototype, decodeTrait, type DecodedTrait } from '../../src/vassal/traits/index';

const basic = decodeTrait(buildBasicPiece({ name: '' }));
const mark = decodeTrait(buildMarker([['k', 'v']]));
const use = (name: string) => decodeTrait(buildUsePrototype(name));

function plainWalk(decoded: readonly DecodedTrait[], prototypes: Map<string, DecodedTrait[]>, path: string[] = []): number {
  let n = 0;
  for (const trait of decoded) {
    n++;
    if (trait.kind !== 'usePrototype') continue;
    const name = trait.type.prototypeName ?? '';
    const inner = prototypes.get(name);
    if (inner && !path.includes(name)) n += plainWalk(inner, prototypes, [...path, name]);
  }
  return n;
}

/** P0 … P(n-1), each using the next twice; the last uses `last`. */
function doubling(n: number, last: DecodedTrait[] = []): Map<string, DecodedTrait[]> {
  return new Map(
    Array.from({ length: n }, (_, i) => [`P${i}`, i < n - 1 ? [use(`P${i + 1}`), mark, use(`P${i + 1}`), basic] : [...last, basic]]),
  );
}

it('counts what the walk expands, prototypes shared between pieces included', () => {
  const prototypes = doubling(6);
  const pieces = [[use('P0'), basic], [use('P3'), mark, basic], [basic]];
  const growth = new PrototypeGrowth(prototypes, 1e9);
  let total = 0;
  for (const piece of pieces) {
    expect(growth.add(piece)).toBe(true);
    total += plainWalk(piece, prototypes);
  }
  expect(growth.total).toBe(total);
  // By hand: P5 is its BasicPiece alone (1); each Pi before it is 4 traits and P(i+1) twice,
  // so 6, 16, 36, 76, 156 for P4 … P0; the piece adds its UsePrototype and BasicPiece.
  expect(plainWalk(pieces[0], prototypes)).toBe(158);
});

it('counts a loop as the walk cuts it, whichever prototype a piece enters it by, after others entered elsewhere', () => {
  // P5 uses P0 again: entered at P0 the loop is cut at P0, entered at P5 it is cut at P5.
  const prototypes = doubling(6, [use('P0')]);
  for (const order of [
    ['P0', 'P3', 'P5'],
    ['P5', 'P3', 'P0'],
    ['P3', 'P0', 'P5'],
  ]) {
    const growth = new PrototypeGrowth(prototypes, 1e9);
    for (const entry of order) {
      const before = growth.total;
      growth.add([use(entry), basic]);
      expect(growth.total - before).toBe(plainWalk([use(entry), basic], prototypes));
    }
  }
});

it('stops at the limit at once on forty doubling prototypes (2^40 traits)', () => {
  const growth = new PrototypeGrowth(doubling(40), 1_000_000);
  const start = performance.now();
  expect(growth.add([use('P0'), basic])).toBe(false);
  expect(performance.now() - start).toBeLessThan(2000);
  // And on a loop back into the doubling chain, entered at its far end.
  const looped = new PrototypeGrowth(doubling(40, [use('P0')]), 1_000_000);
  expect(looped.add([use('P39'), basic])).toBe(false);
});

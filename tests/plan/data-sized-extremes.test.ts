/**
 * The largest or smallest of a list sized by the data is found by a loop (src/extremes.ts):
 * Math.max(...list) passes each value as an argument, and 200,000 of them overflow the call stack.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxOf, minOf } from '../../src/extremes';
import { largestCounterInches } from '../../src/plan/holding';

const MANY = 200_000;

describe('extremes of data-sized lists', () => {
  it('maxOf and minOf answer as Math.max and Math.min do, floor and ceiling included', () => {
    fc.assert(
      fc.property(fc.array(fc.double()), fc.double(), (values, bound) => {
        expect(maxOf(values)).toBe(Math.max(...values));
        expect(minOf(values)).toBe(Math.min(...values));
        expect(maxOf(values, bound)).toBe(Math.max(bound, ...values));
        expect(minOf(values, bound)).toBe(Math.min(bound, ...values));
      }),
    );
  });

  it(`${MANY.toLocaleString('en')} values, more than a call takes as arguments`, () => {
    const values = Array.from({ length: MANY }, (_, i) => (i * 7919) % MANY);
    expect(() => Math.max(...values)).toThrow(RangeError);
    expect(maxOf(values)).toBe(MANY - 1);
    expect(minOf(new Set(values))).toBe(0);
  });

  it(`the largest counter of a game declaring ${MANY.toLocaleString('en')} counter sizes`, () => {
    const sizes = Object.fromEntries(Array.from({ length: MANY }, (_, i) => [`size${i}`, 0.25 + (i % 500) / 1000]));
    // Every size is under 0.75 in but one.
    sizes.size77 = 1.25;
    expect(largestCounterInches({ counters: { sizes } } as unknown as Parameters<typeof largestCounterInches>[0])).toBe(1.25);
  });
});

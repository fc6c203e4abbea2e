import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexDistance, hexKey } from '../../src/hex/axial';
import { hexLine } from '../../src/hex/line';
import { hexRange, hexRing, hexSpiral } from '../../src/hex/ring';
import { arbHex } from './arbitraries';
import { hexesWithinBruteForce as within } from './brute-force';

const small = fc.record({ q: fc.integer({ min: -60, max: 60 }), r: fc.integer({ min: -60, max: 60 }) });

describe('lines', () => {
  it('draws the Red Blob reference line (0,0) → (1,-5)', () => {
    // Worked by hand: at t = i/5 the lerp is (0.2i, -i); rounding gives q = 0,0,0,1,1,1.
    expect(hexLine({ q: 0, r: 0 }, { q: 1, r: -5 })).toEqual([
      { q: 0, r: 0 },
      { q: 0, r: -1 },
      { q: 0, r: -2 },
      { q: 1, r: -3 },
      { q: 1, r: -4 },
      { q: 1, r: -5 },
    ]);
    expect(hexLine({ q: 2, r: 3 }, { q: 2, r: 3 })).toEqual([{ q: 2, r: 3 }]);
  });

  it('breaks ties the same way every time (a line along hexsides)', () => {
    // (0,0) → (2,-1) runs exactly between (1,0) and (1,-1) at its midpoint: a tie without the nudge.
    const first = hexLine({ q: 0, r: 0 }, { q: 2, r: -1 });
    expect(first).toHaveLength(3);
    expect([
      { q: 1, r: 0 },
      { q: 1, r: -1 },
    ]).toContainEqual(first[1]);
    expect(hexLine({ q: 0, r: 0 }, { q: 2, r: -1 })).toEqual(first);
    // Shifted copies choose the same relative hex.
    const shifted = hexLine({ q: 10, r: 7 }, { q: 12, r: 6 });
    expect({ q: shifted[1].q - 10, r: shifted[1].r - 7 }).toEqual(first[1]);
  });

  it('has distance+1 hexes, starts and ends right, each adjacent to the next', () => {
    fc.assert(
      fc.property(arbHex, small, (a, d) => {
        const b = { q: a.q + d.q, r: a.r + d.r };
        const line = hexLine(a, b);
        expect(line).toHaveLength(hexDistance(a, b) + 1);
        expect(line[0]).toEqual(a);
        expect(line[line.length - 1]).toEqual(b);
        for (let i = 1; i < line.length; i++) expect(hexDistance(line[i - 1], line[i])).toBe(1);
        line.forEach((h, i) => expect(hexDistance(a, h)).toBe(i));
      }),
    );
  });
});

describe('rings, spirals and ranges', () => {
  it('ring 1 is the six neighbours; ring 0 is the centre', () => {
    expect(hexRing({ q: 0, r: 0 }, 0)).toEqual([{ q: 0, r: 0 }]);
    expect(hexRing({ q: 0, r: 0 }, 1).map(hexKey).sort()).toEqual(
      [
        { q: 1, r: 0 },
        { q: 1, r: -1 },
        { q: 0, r: -1 },
        { q: -1, r: 0 },
        { q: -1, r: 1 },
        { q: 0, r: 1 },
      ]
        .map(hexKey)
        .sort(),
    );
    expect(() => hexRing({ q: 0, r: 0 }, -1)).toThrow(RangeError);
  });

  it('ring(n) has 6n distinct hexes, all at distance n, walking step by step around', () => {
    fc.assert(
      fc.property(arbHex, fc.integer({ min: 1, max: 12 }), (c, n) => {
        const ring = hexRing(c, n);
        expect(ring).toHaveLength(6 * n);
        expect(new Set(ring.map(hexKey)).size).toBe(6 * n);
        ring.forEach((h, i) => {
          expect(hexDistance(c, h)).toBe(n);
          expect(hexDistance(h, ring[(i + 1) % ring.length])).toBe(1);
        });
      }),
    );
  });

  it('spiral and range hold exactly the hexes within n (brute force)', () => {
    fc.assert(
      fc.property(arbHex, fc.integer({ min: 0, max: 6 }), (c, n) => {
        const expected = within(c, n).map(hexKey).sort();
        const spiral = hexSpiral(c, n);
        expect(spiral).toHaveLength(1 + 3 * n * (n + 1));
        expect(spiral.map(hexKey).sort()).toEqual(expected);
        for (let i = 1; i < spiral.length; i++) expect(hexDistance(c, spiral[i])).toBeGreaterThanOrEqual(hexDistance(c, spiral[i - 1]));
        expect(hexRange(c, n).map(hexKey).sort()).toEqual(expected);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AXIAL_DIRECTIONS,
  type HexKey,
  axialDirectionBetween,
  hexAdd,
  hexDistance,
  hexEquals,
  hexFromKey,
  hexKey,
  hexRound,
  hexS,
  hexScale,
  hexSubtract,
  neighbor,
  neighbors,
  oppositeAxialDirection,
} from '../../src/hex/axial';
import { arbHex } from './arbitraries';

describe('axial arithmetic', () => {
  it('adds, subtracts, scales and derives s', () => {
    expect(hexAdd({ q: 1, r: -3 }, { q: 3, r: -7 })).toEqual({ q: 4, r: -10 });
    expect(hexSubtract({ q: 1, r: -3 }, { q: 3, r: -7 })).toEqual({ q: -2, r: 4 });
    expect(hexScale({ q: 1, r: -3 }, 2)).toEqual({ q: 2, r: -6 });
    expect(hexS({ q: 3, r: -7 })).toBe(4);
    expect(hexEquals({ q: 1, r: 2 }, { q: 1, r: 2 })).toBe(true);
    expect(hexEquals({ q: 1, r: 2 }, { q: 2, r: 1 })).toBe(false);
  });

  it('measures distance as the largest cube difference', () => {
    // cube (3,-7,4) is 7 steps from the origin: max(|3|,|7|,|4|).
    expect(hexDistance({ q: 3, r: -7 }, { q: 0, r: 0 })).toBe(7);
    expect(hexDistance({ q: 0, r: 0 }, { q: 0, r: 0 })).toBe(0);
    expect(hexDistance({ q: -2, r: 1 }, { q: 2, r: -1 })).toBe(4);
  });

  it('has six unit directions, opposite pairs three apart', () => {
    for (let i = 0; i < 6; i++) {
      const d = AXIAL_DIRECTIONS[i];
      const o = AXIAL_DIRECTIONS[oppositeAxialDirection(i as 0)];
      expect(hexDistance(d, { q: 0, r: 0 })).toBe(1);
      expect(d.q + o.q).toBe(0);
      expect(d.r + o.r).toBe(0);
    }
    expect(neighbor({ q: 1, r: -2 }, 0)).toEqual({ q: 2, r: -2 });
    expect(neighbor({ q: 1, r: -2 }, 2)).toEqual({ q: 1, r: -3 });
  });

  it('rounds fractional hexes to the nearest hex', () => {
    const a = { q: 0, r: 0 };
    const b = { q: 1, r: -1 };
    const c = { q: 0, r: -1 };
    const lerp = (x: { q: number; r: number }, y: { q: number; r: number }, t: number) =>
      [x.q + (y.q - x.q) * t, x.r + (y.r - x.r) * t] as const;
    expect(hexRound(...lerp({ q: 0, r: 0 }, { q: 10, r: -20 }, 0.5))).toEqual({ q: 5, r: -10 });
    expect(hexRound(...lerp(a, b, 0.499))).toEqual(a);
    expect(hexRound(...lerp(a, b, 0.501))).toEqual(b);
    expect(hexRound(a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3)).toEqual(a);
    expect(hexRound(a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4)).toEqual(c);
  });

  it('packs keys into distinct safe integers and unpacks them', () => {
    expect(hexKey({ q: 0, r: 0 })).toBe(32768 * 65536 + 32768);
    expect(hexFromKey(hexKey({ q: -32768, r: 32767 }))).toEqual({ q: -32768, r: 32767 });
    expect(hexKey({ q: 0, r: 1 })).not.toBe(hexKey({ q: 1, r: 0 }));
  });
});

describe('axial properties', () => {
  it('key round trip, and different hexes never share a key', () => {
    fc.assert(
      fc.property(arbHex, arbHex, (a, b) => {
        expect(hexFromKey(hexKey(a))).toEqual(a);
        expect(Number.isSafeInteger(hexKey(a))).toBe(true);
        expect(hexKey(a) === hexKey(b)).toBe(hexEquals(a, b));
      }),
    );
  });

  it('every neighbour is at distance 1, all six distinct, and direction between them is recovered', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        const ns = neighbors(h);
        expect(new Set(ns.map((n) => hexKey(n) as HexKey)).size).toBe(6);
        ns.forEach((n, i) => {
          expect(hexDistance(h, n)).toBe(1);
          expect(axialDirectionBetween(h, n)).toBe(i);
        });
        expect(axialDirectionBetween(h, h)).toBe(-1);
      }),
    );
  });

  it('distance is symmetric, zero only for equal hexes, and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(arbHex, arbHex, arbHex, (a, b, c) => {
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, b) === 0).toBe(hexEquals(a, b));
        expect(hexDistance(a, c)).toBeLessThanOrEqual(hexDistance(a, b) + hexDistance(b, c));
      }),
    );
  });

  it('rounding an exact hex returns it', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        expect(hexRound(h.q, h.r)).toEqual(h);
      }),
    );
  });
});

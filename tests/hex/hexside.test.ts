import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hexEquals, hexKey, neighbor, neighbors } from '../../src/hex/axial';
import { directionsOf, step } from '../../src/hex/directions';
import type { MapExtent } from '../../src/hex/extent';
import {
  formatHexside,
  hexsideBetween,
  hexsideDirectionFrom,
  hexsideHexes,
  hexsidesOf,
  inHexsideOrder,
  isHexsideKey,
  parseHexside,
} from '../../src/hex/hexside';
import { hexesWithinBruteForce } from './brute-force';
import { POINTY_ODD_RIGHT, XXYY_ODD_UP, arbHex } from './arbitraries';
import { parseHexId } from '../../src/hex/numbering';

const at = (id: string): Hex => {
  const p = parseHexId(XXYY_ODD_UP, id);
  if (!p.ok) throw new Error(p.reason);
  return p.hex;
};

describe('hexside references', () => {
  it('names one side by two adjacent ids or by id and direction', () => {
    const a = parseHexside(XXYY_ODD_UP, '0101/0102');
    const b = parseHexside(XXYY_ODD_UP, '0102/0101');
    const c = parseHexside(XXYY_ODD_UP, '0101:S');
    const d = parseHexside(XXYY_ODD_UP, '0102:N');
    expect(a.ok && b.ok && c.ok && d.ok).toBe(true);
    if (a.ok && b.ok && c.ok && d.ok) {
      expect(new Set([a.key, b.key, c.key, d.key]).size).toBe(1);
      expect(a.hexes).toEqual([at('0101'), at('0102')]);
    }
    // Worked on paper: in odd-up, 0201 is SE of 0101, so "0101:SE" is "0101/0201".
    const se = parseHexside(XXYY_ODD_UP, '0101:SE');
    expect(se.ok && se.key).toBe(hexsideBetween(at('0101'), at('0201')));
  });

  it('rejects non-adjacent pairs, foreign directions and junk', () => {
    const cases: [string, RegExp][] = [
      ['0101/0103', /not adjacent/],
      ['0101/0202', /not adjacent/],
      ['0101:E', /not a side of a flat-topped hex/],
      ['0101:ne', /not a side/],
      ['0101', /write/],
      ['0101/0102/0103', /write/],
      ['0101/01x2', /only digits/],
    ];
    for (const [text, reason] of cases) {
      const r = parseHexside(XXYY_ODD_UP, text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(reason);
    }
    expect(parseHexside(POINTY_ODD_RIGHT, '0101:E').ok).toBe(true);
    expect(parseHexside(POINTY_ODD_RIGHT, '0101:N').ok).toBe(false);
    expect(hexsideBetween(at('0101'), at('0101'))).toBeUndefined();
  });

  it('writes sides as sorted id pairs, or id:direction on the map edge', () => {
    const extent: MapExtent = { columns: { first: 1, last: 10 }, rows: { first: 1, last: 10 } };
    expect(formatHexside(XXYY_ODD_UP, hexsideBetween(at('0102'), at('0101'))!, extent)).toBe('0101/0102');
    expect(formatHexside(XXYY_ODD_UP, hexsideBetween(at('0101'), at('0100'))!, extent)).toBe('0101:N');
    expect(formatHexside(XXYY_ODD_UP, hexsideBetween(at('0101'), at('0100'))!)).toBe('0100/0101');
    const offMap = hexsideBetween(at('2020'), at('2021'))!;
    expect(formatHexside(XXYY_ODD_UP, offMap, extent)).toBeUndefined();
  });
});

describe('hexside properties', () => {
  it('inHexsideOrder holds for exactly one order of two neighbours: the order hexsideHexes gives', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        for (const n of neighbors(h)) {
          const [first] = hexsideHexes(hexsideBetween(h, n)!);
          expect(inHexsideOrder(h, n)).toBe(hexEquals(first, h));
          expect(inHexsideOrder(n, h)).toBe(!inHexsideOrder(h, n));
        }
      }),
    );
  });

  it('each hex has six distinct sides, each shared with exactly the neighbour across it', () => {
    fc.assert(
      fc.property(arbHex, (h) => {
        const sides = hexsidesOf(h);
        expect(new Set(sides).size).toBe(6);
        const ns = neighbors(h);
        sides.forEach((key, i) => {
          expect(isHexsideKey(key)).toBe(true);
          expect(hexsideBetween(h, ns[i])).toBe(key);
          expect(hexsideBetween(ns[i], h)).toBe(key);
          const pair = hexsideHexes(key);
          const keys = pair.map(hexKey).sort();
          expect(keys).toEqual([hexKey(h), hexKey(ns[i])].sort());
          expect(hexsideDirectionFrom('flat', h, key)).toBe(directionsOf('flat').find((d) => hexEquals(step('flat', h, d)!, ns[i])));
        });
        expect(hexKey(h) === (sides[0] as number)).toBe(false);
        expect(isHexsideKey(hexKey(h))).toBe(false);
      }),
    );
  });

  it('every side key has exactly two incident hexes in the neighbourhood', () => {
    fc.assert(
      fc.property(arbHex, fc.integer({ min: 0, max: 5 }), (h, dir) => {
        const key = hexsidesOf(h)[dir];
        const around = hexesWithinBruteForce(h, 2);
        const incident = around.filter((x) => hexsidesOf(x).includes(key));
        expect(incident.map(hexKey).sort()).toEqual([hexKey(h), hexKey(neighbor(h, dir as 0))].sort());
      }),
    );
  });
});

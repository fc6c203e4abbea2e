import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MapExtent, hexIdsOf, hexesOf, offsetIndexInExtent } from '../../src/hex/extent';
import { axialToOffset, formatHexId } from '../../src/hex/numbering';
import { XXYY_ODD_UP, arbNumbering } from './arbitraries';

const arbExtent: fc.Arbitrary<MapExtent> = fc
  .record({
    c: fc.integer({ min: 0, max: 5 }),
    r: fc.integer({ min: 0, max: 5 }),
    w: fc.integer({ min: 1, max: 8 }),
    h: fc.integer({ min: 1, max: 8 }),
  })
  .map(({ c, r, w, h }): MapExtent => ({ columns: { first: c, last: c + w - 1 }, rows: { first: r, last: r + h - 1 } }));

describe('offsetIndexInExtent', () => {
  it('gives the position in hexesOf of the hex printed at (column, row)', () => {
    fc.assert(
      fc.property(arbNumbering, arbExtent, (n, e) => {
        hexesOf(n, e).forEach((h, i) => {
          const { column, row } = axialToOffset(n, h);
          expect(offsetIndexInExtent(n, e, column, row)).toBe(i);
        });
      }),
    );
  });

  it('is −1 off the map', () => {
    const e: MapExtent = { columns: { first: 1, last: 4 }, rows: { first: 1, last: 3 } };
    // Column-row order: column 1 holds positions 0-2, column 2 positions 3-5 (3 rows each).
    expect(offsetIndexInExtent(XXYY_ODD_UP, e, 2, 1)).toBe(3);
    for (const [c, r] of [
      [0, 1],
      [5, 1],
      [1, 0],
      [1, 4],
      [-1, -1],
    ])
      expect(offsetIndexInExtent(XXYY_ODD_UP, e, c, r)).toBe(-1);
  });
});

describe('hexIdsOf', () => {
  it('lists formatHexId of every hex of hexesOf, in the same order', () => {
    fc.assert(
      fc.property(arbNumbering, arbExtent, (n, e) => {
        expect(hexIdsOf(n, e)).toEqual(hexesOf(n, e).map((h) => formatHexId(n, h)));
      }),
    );
  });

  it('throws as formatHexId does for the first hex with a number too wide for the scheme', () => {
    const wide: MapExtent = { columns: { first: 98, last: 100 }, rows: { first: 1, last: 2 } };
    const first = hexesOf(XXYY_ODD_UP, wide).find((h) => axialToOffset(XXYY_ODD_UP, h).column === 100)!;
    expect(() => formatHexId(XXYY_ODD_UP, first)).toThrow(RangeError);
    expect(() => hexIdsOf(XXYY_ODD_UP, wide)).toThrow(new RangeError('hex (q=100, r=-49) = column 100, row 1 has no 2-digit id'));
  });
});

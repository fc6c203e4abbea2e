import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MapExtent, hexesOf, offsetIndexInExtent } from '../../src/hex/extent';
import { axialToOffset } from '../../src/hex/numbering';
import { XXYY_ODD_UP, arbNumbering } from './arbitraries';

const arbExtent: fc.Arbitrary<MapExtent> = fc
  .record({ c: fc.integer({ min: 0, max: 5 }), r: fc.integer({ min: 0, max: 5 }), w: fc.integer({ min: 1, max: 8 }), h: fc.integer({ min: 1, max: 8 }) })
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
    for (const [c, r] of [[0, 1], [5, 1], [1, 0], [1, 4], [-1, -1]]) expect(offsetIndexInExtent(XXYY_ODD_UP, e, c, r)).toBe(-1);
  });
});

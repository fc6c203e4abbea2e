/** Shared fast-check generators for hex tests. */
import fc from 'fast-check';
import type { Hex } from '../../src/hex/axial';
import type { HexNumbering } from '../../src/hex/numbering';

export const arbHex: fc.Arbitrary<Hex> = fc.record({ q: fc.integer({ min: -2000, max: 2000 }), r: fc.integer({ min: -2000, max: 2000 }) });

/** Every scheme the map.json shape allows: both orientations, orders, parities, digits 2 and 3, separators. */
export const arbNumbering: fc.Arbitrary<HexNumbering> = fc
  .record({
    orientation: fc.constantFrom('flat' as const, 'pointy' as const),
    order: fc.constantFrom('column-row' as const, 'row-column' as const),
    digits: fc.constantFrom(2, 3),
    separator: fc.constantFrom(undefined, '', '.', '-', ' '),
    odd: fc.boolean(),
  })
  .map(({ orientation, order, digits, separator, odd }) => {
    const stagger = orientation === 'flat' ? (odd ? 'odd-up' : 'even-up') : odd ? 'odd-right' : 'even-right';
    const n: HexNumbering = { orientation, order, digits, stagger };
    if (separator !== undefined) n.separator = separator;
    return n;
  });

export const XXYY_ODD_UP: HexNumbering = { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' };
export const XXYY_EVEN_UP: HexNumbering = { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'even-up' };
export const POINTY_ODD_RIGHT: HexNumbering = { orientation: 'pointy', order: 'column-row', digits: 2, stagger: 'odd-right' };
export const POINTY_EVEN_RIGHT: HexNumbering = { orientation: 'pointy', order: 'column-row', digits: 2, stagger: 'even-right' };

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Hex, hexDistance } from '../../src/hex/axial';
import { type Direction, directionsOf, step } from '../../src/hex/directions';
import { createLayout, hexCenter } from '../../src/hex/layout';
import {
  type HexNumbering,
  axialToOffset,
  formatHexId,
  offsetToAxial,
  parseHexId,
  parseOffsetId,
  tryFormatHexId,
  validateNumbering,
} from '../../src/hex/numbering';
import { POINTY_EVEN_RIGHT, POINTY_ODD_RIGHT, XXYY_EVEN_UP, XXYY_ODD_UP, arbHex, arbNumbering } from './arbitraries';

function hexOf(n: HexNumbering, id: string): Hex {
  const parsed = parseHexId(n, id);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.hex;
}
function neighbourIds(n: HexNumbering, id: string): Record<string, string> {
  const h = hexOf(n, id);
  const out: Record<string, string> = {};
  for (const d of directionsOf(n.orientation)) out[d] = tryFormatHexId(n, step(n.orientation, h, d as Direction)!) ?? 'off-grid';
  return out;
}

describe('neighbours worked out on paper', () => {
  it('flat odd-up XXYY: odd columns are the high ones', () => {
    // Column 1 is half a hex above column 2, so 0201 touches 0101's lower-right side and 0200 its
    // upper-right side; column 0 is low like column 2.
    expect(neighbourIds(XXYY_ODD_UP, '0101')).toEqual({ N: '0100', NE: '0200', SE: '0201', S: '0102', SW: '0001', NW: '0000' });
    // 0201 sits low: 0101 and 0301 are above-left/above-right of it, 0102 and 0302 below.
    expect(neighbourIds(XXYY_ODD_UP, '0201')).toEqual({ N: '0200', NE: '0301', SE: '0302', S: '0202', SW: '0102', NW: '0101' });
  });

  it('flat even-up XXYY: even columns are the high ones', () => {
    expect(neighbourIds(XXYY_EVEN_UP, '0101')).toEqual({ N: '0100', NE: '0201', SE: '0202', S: '0102', SW: '0002', NW: '0001' });
    expect(neighbourIds(XXYY_EVEN_UP, '0505')).toEqual({ N: '0504', NE: '0605', SE: '0606', S: '0506', SW: '0406', NW: '0405' });
  });

  it('pointy odd-right: odd rows are shifted right', () => {
    // Row 1 is shifted right, so above-right of 0101 is column 2 of row 0, above-left column 1.
    expect(neighbourIds(POINTY_ODD_RIGHT, '0101')).toEqual({ NE: '0200', E: '0201', SE: '0202', SW: '0102', W: '0001', NW: '0100' });
  });

  it('pointy even-right: even rows are shifted right', () => {
    expect(neighbourIds(POINTY_EVEN_RIGHT, '0302')).toEqual({ NE: '0401', E: '0402', SE: '0403', SW: '0303', W: '0202', NW: '0301' });
    expect(neighbourIds(POINTY_EVEN_RIGHT, '0101')).toEqual({ NE: '0100', E: '0201', SE: '0102', SW: '0002', W: '0001', NW: '0000' });
  });

  it('maps starting at row 00 work the same (parity of the printed number)', () => {
    expect(neighbourIds(XXYY_ODD_UP, '0100').S).toBe('0101');
    // Column 3 is high (odd), so its lower-right neighbour has the same row number.
    expect(neighbourIds(XXYY_ODD_UP, '0301')).toEqual({ N: '0300', NE: '0400', SE: '0401', S: '0302', SW: '0201', NW: '0200' });
    expect(neighbourIds(XXYY_ODD_UP, '0100')).toMatchObject({ S: '0101', SE: '0200', SW: '0000' });
  });
});

describe('ids', () => {
  it('reads column-row and row-column, digits, separators', () => {
    expect(parseOffsetId(XXYY_ODD_UP, '0510')).toEqual({ ok: true, column: 5, row: 10 });
    expect(parseOffsetId({ ...XXYY_ODD_UP, order: 'row-column' }, '0510')).toEqual({ ok: true, column: 10, row: 5 });
    expect(parseOffsetId({ ...XXYY_ODD_UP, digits: 3 }, '005010')).toEqual({ ok: true, column: 5, row: 10 });
    expect(parseOffsetId({ ...XXYY_ODD_UP, separator: '.' }, '12.05')).toEqual({ ok: true, column: 12, row: 5 });
    expect(formatHexId({ ...XXYY_ODD_UP, separator: '.' }, offsetToAxial(XXYY_ODD_UP, 12, 5))).toBe('12.05');
    expect(formatHexId({ ...XXYY_ODD_UP, digits: 3 }, offsetToAxial(XXYY_ODD_UP, 5, 10))).toBe('005010');
  });

  it('rejects malformed ids with a reason, never throwing', () => {
    const bad = ['', '101', '01011', '01O1', ' 101', '+101', '-101', '0x01', '\u0660\u0661\u0660\u0661', '1.5e', '01.01'];
    for (const text of bad) {
      const r = parseHexId(XXYY_ODD_UP, text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.reason).toContain('0510');
    }
    const dotted = { ...XXYY_ODD_UP, separator: '.' };
    expect(parseHexId(dotted, '01-01').ok).toBe(false);
    expect(parseHexId(dotted, '0101').ok).toBe(false);
    expect(parseHexId(dotted, '01.01').ok).toBe(true);
    expect(parseHexId(XXYY_ODD_UP, 42 as unknown as string).ok).toBe(false);
  });

  it('formats only printable hexes', () => {
    expect(tryFormatHexId(XXYY_ODD_UP, offsetToAxial(XXYY_ODD_UP, -1, 3))).toBeUndefined();
    expect(tryFormatHexId(XXYY_ODD_UP, offsetToAxial(XXYY_ODD_UP, 100, 3))).toBeUndefined();
    expect(() => formatHexId(XXYY_ODD_UP, offsetToAxial(XXYY_ODD_UP, 3, -1))).toThrow(RangeError);
  });
});

describe('validateNumbering', () => {
  it('accepts the four legal orientation/stagger pairs', () => {
    for (const n of [XXYY_ODD_UP, XXYY_EVEN_UP, POINTY_ODD_RIGHT, POINTY_EVEN_RIGHT]) expect(validateNumbering(n)).toEqual([]);
  });

  it('explains a flat map with a *-right stagger', () => {
    const d = validateNumbering({ ...XXYY_ODD_UP, stagger: 'odd-right' }, '/map/numbering');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'hex/bad-numbering', severity: 'error', pointer: '/map/numbering/stagger' });
    expect(d[0].message).toMatch(/flat.*odd-up.*even-up/);
    expect(validateNumbering({ ...POINTY_ODD_RIGHT, stagger: 'even-up' })[0].pointer).toBe('/stagger');
  });

  it('rejects bad digits, orders and separators', () => {
    expect(validateNumbering({ ...XXYY_ODD_UP, digits: 0 })[0].pointer).toBe('/digits');
    expect(validateNumbering({ ...XXYY_ODD_UP, digits: 2.5 })[0].pointer).toBe('/digits');
    expect(validateNumbering({ ...XXYY_ODD_UP, digits: 5 })[0].pointer).toBe('/digits');
    expect(validateNumbering({ ...XXYY_ODD_UP, order: 'xy' as 'column-row' })[0].pointer).toBe('/order');
    expect(validateNumbering({ ...XXYY_ODD_UP, orientation: 'round' as 'flat' })[0].pointer).toBe('/orientation');
    for (const separator of ['1', '/', ':', '..']) {
      expect(validateNumbering({ ...XXYY_ODD_UP, separator })[0].pointer, separator).toBe('/separator');
    }
    expect(validateNumbering(null as unknown as HexNumbering)[0].code).toBe('hex/bad-numbering');
  });
});

describe('numbering properties', () => {
  const arbOffset = (n: HexNumbering) =>
    fc.record({ column: fc.integer({ min: 0, max: 10 ** n.digits - 1 }), row: fc.integer({ min: 0, max: 10 ** n.digits - 1 }) });

  it('id ⇄ axial round trip for every scheme (numbers from 0 up, so maps starting at 0 or 1 alike)', () => {
    fc.assert(
      fc.property(
        arbNumbering.chain((n) => fc.tuple(fc.constant(n), arbOffset(n))),
        ([n, { column, row }]) => {
          expect(validateNumbering(n)).toEqual([]);
          const h = offsetToAxial(n, column, row);
          expect(axialToOffset(n, h)).toEqual({ column, row });
          const id = formatHexId(n, h);
          expect(id).toHaveLength(2 * n.digits + (n.separator ?? '').length);
          const back = parseHexId(n, id);
          expect(back).toEqual({ ok: true, hex: h });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('axial → offset → axial is the identity, also off the map', () => {
    fc.assert(
      fc.property(arbNumbering, arbHex, (n, h) => {
        const o = axialToOffset(n, h);
        expect(offsetToAxial(n, o.column, o.row)).toEqual(h);
      }),
    );
  });

  it('printed neighbours in one column (flat) or row (pointy) are adjacent; the stagger names the raised/right-shifted lines', () => {
    fc.assert(
      fc.property(arbNumbering, fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (n, c, r) => {
        const layout = createLayout(n.orientation, 1);
        const here = hexCenter(layout, offsetToAxial(n, c, r));
        if (n.orientation === 'flat') {
          expect(hexDistance(offsetToAxial(n, c, r), offsetToAxial(n, c, r + 1))).toBe(1);
          expect(hexDistance(offsetToAxial(n, c, r), offsetToAxial(n, c + 1, r))).toBe(1);
          const right = hexCenter(layout, offsetToAxial(n, c + 1, r));
          const odd = Math.abs(c % 2) === 1;
          const higher = n.stagger === 'odd-up' ? odd : !odd;
          // Same printed row, next column: half a hex lower when this column is a high one.
          expect(right.y - here.y).toBeCloseTo(higher ? 0.5 : -0.5, 9);
          expect(right.x - here.x).toBeCloseTo(Math.sqrt(3) / 2, 9);
        } else {
          expect(hexDistance(offsetToAxial(n, c, r), offsetToAxial(n, c + 1, r))).toBe(1);
          expect(hexDistance(offsetToAxial(n, c, r), offsetToAxial(n, c, r + 1))).toBe(1);
          const below = hexCenter(layout, offsetToAxial(n, c, r + 1));
          const odd = Math.abs(r % 2) === 1;
          const shifted = n.stagger === 'odd-right' ? odd : !odd;
          expect(below.x - here.x).toBeCloseTo(shifted ? -0.5 : 0.5, 9);
          expect(below.y - here.y).toBeCloseTo(Math.sqrt(3) / 2, 9);
        }
      }),
    );
  });
});

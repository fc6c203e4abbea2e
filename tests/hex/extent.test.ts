import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexKey, neighbors } from '../../src/hex/axial';
import {
  type MapExtent,
  containsHex,
  edgeHexes,
  extentSize,
  forEachHex,
  hexAtIndexInExtent,
  hexIndexInExtent,
  hexesOf,
  parseHexRange,
  validateExtent,
} from '../../src/hex/extent';
import { type HexNumbering, formatHexId, offsetToAxial, tryFormatHexId } from '../../src/hex/numbering';
import { POINTY_ODD_RIGHT, XXYY_ODD_UP, arbNumbering } from './arbitraries';

const small: MapExtent = { columns: { first: 1, last: 4 }, rows: { first: 1, last: 3 } };
const ids = (n: HexNumbering, hexes: { q: number; r: number }[]) => hexes.map((h) => formatHexId(n, h));

describe('extent', () => {
  it('lists every hex in printed-id order', () => {
    expect(ids(XXYY_ODD_UP, hexesOf(XXYY_ODD_UP, small))).toEqual([
      '0101',
      '0102',
      '0103',
      '0201',
      '0202',
      '0203',
      '0301',
      '0302',
      '0303',
      '0401',
      '0402',
      '0403',
    ]);
    const rowFirst: HexNumbering = { ...XXYY_ODD_UP, order: 'row-column' };
    expect(ids(rowFirst, hexesOf(rowFirst, small)).slice(0, 5)).toEqual(['0101', '0102', '0103', '0104', '0201']);
  });

  it('knows which hexes are on the map (a map starting at row 00 too)', () => {
    const vonManstein: MapExtent = { columns: { first: 1, last: 30 }, rows: { first: 0, last: 20 } };
    expect(containsHex(XXYY_ODD_UP, vonManstein, offsetToAxial(XXYY_ODD_UP, 1, 0))).toBe(true);
    expect(containsHex(XXYY_ODD_UP, vonManstein, offsetToAxial(XXYY_ODD_UP, 0, 0))).toBe(false);
    expect(containsHex(XXYY_ODD_UP, vonManstein, offsetToAxial(XXYY_ODD_UP, 30, 21))).toBe(false);
    expect(extentSize(vonManstein)).toBe(30 * 21);
  });

  it('lists map edges; on a flat map north/south are the zig-zag printed rows', () => {
    expect(ids(XXYY_ODD_UP, edgeHexes(XXYY_ODD_UP, small, 'north'))).toEqual(['0101', '0201', '0301', '0401']);
    expect(ids(XXYY_ODD_UP, edgeHexes(XXYY_ODD_UP, small, 'south'))).toEqual(['0103', '0203', '0303', '0403']);
    expect(ids(XXYY_ODD_UP, edgeHexes(XXYY_ODD_UP, small, 'west'))).toEqual(['0101', '0102', '0103']);
    expect(ids(XXYY_ODD_UP, edgeHexes(XXYY_ODD_UP, small, 'east'))).toEqual(['0401', '0402', '0403']);
    expect(ids(POINTY_ODD_RIGHT, edgeHexes(POINTY_ODD_RIGHT, small, 'west'))).toEqual(['0101', '0102', '0103']);
  });

  it('parses A..B ranges along a column or a row, in the order written', () => {
    const col = parseHexRange(XXYY_ODD_UP, '0103..0101');
    expect(col.ok && ids(XXYY_ODD_UP, col.hexes)).toEqual(['0103', '0102', '0101']);
    const row = parseHexRange(XXYY_ODD_UP, '0201..0501');
    expect(row.ok && ids(XXYY_ODD_UP, row.hexes)).toEqual(['0201', '0301', '0401', '0501']);
    const one = parseHexRange(XXYY_ODD_UP, '0707..0707');
    expect(one.ok && ids(XXYY_ODD_UP, one.hexes)).toEqual(['0707']);
    const dotted: HexNumbering = { ...XXYY_ODD_UP, separator: '.' };
    const d = parseHexRange(dotted, '01.01..01.03');
    expect(d.ok && d.hexes.length).toBe(3);
  });

  it('rejects ranges that are not straight printed lines or not ids', () => {
    for (const text of ['0101..0202', '0101', '0101..0102..0103', '0101..01x2', 'A..B']) {
      const r = parseHexRange(XXYY_ODD_UP, text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.reason).toContain(text);
    }
  });

  it('validates extents against digits', () => {
    expect(validateExtent(XXYY_ODD_UP, small)).toEqual([]);
    expect(validateExtent(XXYY_ODD_UP, { columns: { first: 1, last: 100 }, rows: { first: 0, last: 5 } }, '/map/extent')[0]).toMatchObject({
      code: 'hex/bad-extent',
      pointer: '/map/extent/columns/last',
    });
    expect(validateExtent(XXYY_ODD_UP, { columns: { first: 5, last: 4 }, rows: { first: 0, last: 5 } })[0].pointer).toBe('/columns');
    expect(validateExtent(XXYY_ODD_UP, { columns: { first: 1, last: 4 } } as MapExtent)[0].pointer).toBe('/rows');
  });
});

describe('extent properties', () => {
  const arbExtent = fc
    .record({
      c: fc.integer({ min: 0, max: 5 }),
      r: fc.integer({ min: 0, max: 5 }),
      w: fc.integer({ min: 1, max: 8 }),
      h: fc.integer({ min: 1, max: 8 }),
    })
    .map(({ c, r, w, h }): MapExtent => ({ columns: { first: c, last: c + w - 1 }, rows: { first: r, last: r + h - 1 } }));

  it('enumeration, dense index and containment agree; ids come out sorted', () => {
    fc.assert(
      fc.property(arbNumbering, arbExtent, (n, e) => {
        const all = hexesOf(n, e);
        expect(all).toHaveLength(extentSize(e));
        expect(new Set(all.map(hexKey)).size).toBe(all.length);
        const printed = all.map((h) => formatHexId(n, h));
        expect([...printed].sort()).toEqual(printed);
        all.forEach((h, i) => {
          expect(containsHex(n, e, h)).toBe(true);
          expect(hexIndexInExtent(n, e, h)).toBe(i);
          expect(hexAtIndexInExtent(n, e, i)).toEqual(h);
        });
        let visited = 0;
        forEachHex(n, e, (_h, i) => {
          expect(i).toBe(visited++);
        });
        expect(visited).toBe(all.length);
        expect(hexAtIndexInExtent(n, e, all.length)).toBeUndefined();
      }),
    );
  });

  it('edge hexes are exactly the on-map hexes with a neighbour off the map', () => {
    fc.assert(
      fc.property(arbNumbering, arbExtent, (n, e) => {
        const onEdge = new Set<number>();
        for (const edge of ['north', 'south', 'east', 'west'] as const) for (const h of edgeHexes(n, e, edge)) onEdge.add(hexKey(h));
        for (const h of hexesOf(n, e)) {
          const touchesOff = neighbors(h).some((x) => !containsHex(n, e, x));
          expect(onEdge.has(hexKey(h)), tryFormatHexId(n, h)).toBe(touchesOff);
        }
      }),
    );
  });
});

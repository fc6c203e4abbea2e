/**
 * MapIndex finds a printed id by parsing it instead of through an id table: it must accept exactly
 * the map's printed ids and answer every other text as before (same codes and messages).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../src/data/map-index';
import { formatHexId, hexsideBetween, hexsideHexes, neighbors, type HexNumbering, type MapExtent } from '../../src/hex';

const numbering: HexNumbering = { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' };
const extent: MapExtent = { columns: { first: 1, last: 4 }, rows: { first: 1, last: 3 } };

describe('MapIndex', () => {
  const index = new MapIndex(numbering, extent);

  it('lists the printed ids in dense order and finds each at its position', () => {
    expect(index.ids).toEqual(['0101', '0102', '0103', '0201', '0202', '0203', '0301', '0302', '0303', '0401', '0402', '0403']);
    index.ids.forEach((id, i) => {
      expect(index.indexOf(id)).toBe(i);
      expect(index.has(id)).toBe(true);
      expect(index.hex(id)).toEqual({ ok: true, value: id });
    });
    expect(index.hexes.map((h) => [h.q, h.r])).toEqual([[1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2], [3, -1], [3, 0], [3, 1], [4, -1], [4, 0], [4, 1]]);
  });

  it('finds nothing for any other text, whatever the scheme', () => {
    const schemes: HexNumbering[] = [
      numbering,
      { ...numbering, order: 'row-column' },
      { orientation: 'pointy', order: 'column-row', digits: 3, stagger: 'even-right', separator: '.' },
    ];
    for (const n of schemes) {
      const idx = new MapIndex(n, extent);
      const printed = new Set(idx.ids);
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '.', ' ', 'a'), maxLength: 8 }), (text) => {
          expect(idx.indexOf(text) !== undefined).toBe(printed.has(text));
          if (printed.has(text)) expect(idx.ids[idx.indexOf(text)!]).toBe(text);
        }),
        { numRuns: 3000 },
      );
    }
  });

  it('reads a hexside of two printed ids as the hex module keys and orders it, whichever id comes first', () => {
    for (const n of [numbering, { ...numbering, order: 'row-column' } as HexNumbering, { orientation: 'pointy', order: 'column-row', digits: 2, stagger: 'even-right', separator: '.' } as HexNumbering]) {
      const idx = new MapIndex(n, extent);
      for (const h of idx.hexes) {
        for (const other of neighbors(h)) {
          const key = hexsideBetween(h, other)!;
          const [first, second] = hexsideHexes(key);
          const onMap = (x: typeof h) => idx.hexes.some((y) => y.q === x.q && y.r === x.r);
          if (!onMap(other)) continue;
          const text = `${formatHexId(n, h)}/${formatHexId(n, other)}`;
          expect(idx.hexside(text)).toEqual({ ok: true, value: { key, a: formatHexId(n, first), b: formatHexId(n, second) } });
        }
      }
      const [a, b] = [idx.ids[0], idx.ids[idx.ids.length - 1]];
      expect(idx.hexside(`${a}/${b}`)).toMatchObject({ ok: false, code: 'hex/bad-hexside' });
    }
  });

  it('refuses a hexside text that is more or less than two printed ids joined by "/"', () => {
    for (const text of ['0101/0102/', '/0101/0102', '0101//0102', '0101/01020', '01010/102', '0101/010x', '0101 /0102', '0101\u00a0/0102', '0101/0101']) {
      expect(index.hexside(text)).toMatchObject({ ok: false, code: 'hex/bad-hexside' });
    }
  });

  it('explains bad ids and off-map ids as before', () => {
    expect(index.hex('0501')).toEqual({
      ok: false,
      code: 'hex/off-map',
      message: 'hex 0501 is not on the map',
      hint: 'the map covers columns 1-4 and rows 1-3',
    });
    expect(index.hex('01 01')).toMatchObject({ ok: false, code: 'hex/bad-id', message: '"01 01" is not a hex id: wrong length; expected 2 digits per part, like "0510"' });
    expect(index.hex('0x01')).toMatchObject({ ok: false, code: 'hex/bad-id', message: '"0x01" is not a hex id: only digits 0-9 are allowed; expected 2 digits per part, like "0510"' });
    expect(index.indexOf('0000')).toBeUndefined();
  });
});

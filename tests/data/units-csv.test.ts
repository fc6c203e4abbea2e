import { describe, expect, it } from 'vitest';
import { parseCsvSource } from '../../src/data/csv-source';
import { unitRowsFromCsv } from '../../src/data/units-csv';

const rowsOf = (text: string) => unitRowsFromCsv(parseCsvSource('units.csv', text).source!) as unknown as Record<string, unknown>[];
/** Each row's keys in order with their values, and whether it is a plain object. */
const shapes = (rows: Record<string, unknown>[]) => rows.map((row) => [Object.getPrototypeOf(row) === Object.prototype, Object.entries(row)]);

describe('units.csv rows', () => {
  it('gives filled rows and rows with empty cells the keys of their filled cells, in column order', () => {
    // Rows 1, 3 and 5 have every cell filled; 2 and 4 have an empty one.
    const rows = rowsOf('id,side,type,attack\na,n,inf,1\nb,,arm,2\nc,s,inf,?\nd,s,arm,\ne,n,inf, 7 \n');
    expect(shapes(rows)).toEqual([
      [true, [['id', 'a'], ['side', 'n'], ['type', 'inf'], ['attack', 1]]],
      [true, [['id', 'b'], ['type', 'arm'], ['attack', 2]]],
      [true, [['id', 'c'], ['side', 's'], ['type', 'inf'], ['attack', { unknown: true, reason: 'marked "?" in units.csv' }]]],
      [true, [['id', 'd'], ['side', 's'], ['type', 'arm']]],
      [true, [['id', 'e'], ['side', 'n'], ['type', 'inf'], ['attack', 7]]],
    ]);
    // A "?" is an object of each row's own, not one shared between rows.
    const again = rowsOf('id,attack\na,?\nb,?\n');
    expect(again[0].attack).not.toBe(again[1].attack);
  });

  it('keeps the last cell of a column named twice, at the place of its first', () => {
    const rows = rowsOf('id,side,side,type\na,n,s,inf\nb,s,n,arm\n');
    expect(shapes(rows)).toEqual([
      [true, [['id', 'a'], ['side', 's'], ['type', 'inf']]],
      [true, [['id', 'b'], ['side', 'n'], ['type', 'arm']]],
    ]);
  });
});

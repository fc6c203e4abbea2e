/**
 * The quote-free fast path of CSV parsing must read every text exactly as csv-parse does, and hand
 * every text it cannot read (quotes, carriage returns, surrogates) back to csv-parse.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvSource, plainCsvRecords, recordStartLines } from '../../src/data/csv-source';

/** What csv-parse (with the options the validator uses) and the line scan make of a text. */
function viaCsvParse(text: string): { line: number; cells: string[] }[] {
  const cells = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: false }) as string[][];
  const starts = recordStartLines(text);
  return cells.map((c, i) => ({ line: starts[i], cells: c }));
}

describe('plain CSV records', () => {
  it('agree with csv-parse on any text without quotes or carriage returns', () => {
    const unit = fc.constantFrom('a', 'b', '7', ' ', '\t', ',', ',', '\n', '\n', ';', '#', '?', 'é', '€');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (text) => {
        expect(plainCsvRecords(text)).toEqual(viaCsvParse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keep empty lines out and count them in line numbers', () => {
    expect(plainCsvRecords('id,side\n\nu1,north\n,\n')).toEqual([
      { line: 1, cells: ['id', 'side'] },
      { line: 3, cells: ['u1', 'north'] },
      { line: 4, cells: ['', ''] },
    ]);
  });

  it('hand quotes, carriage returns and surrogates to csv-parse', () => {
    expect(plainCsvRecords('id,name\nu1,"a, b"\n')).toBeUndefined();
    expect(plainCsvRecords('id,name\r\nu1,b\r\n')).toBeUndefined();
    expect(plainCsvRecords('id,name\nu1,\ud83d\ude00\n')).toBeUndefined();
    expect(plainCsvRecords('id,name\nu1,\ud83d\n')).toBeUndefined();
  });

  it('texts outside the fast path still parse, and still fail, as csv-parse says', () => {
    const crlf = parseCsvSource('u.csv', 'id,name\r\n\r\nu1,"a, b"\r\n');
    expect(crlf.diagnostics).toEqual([]);
    expect(crlf.source!.records).toEqual([{ line: 3, cells: ['u1', 'a, b'] }]);
    const unclosed = parseCsvSource('u.csv', 'id,name\nu1,ok\nu2,"open\n');
    expect(unclosed.source).toBeUndefined();
    expect(unclosed.diagnostics).toHaveLength(1);
    expect(unclosed.diagnostics[0]).toMatchObject({ code: 'csv/syntax', file: 'u.csv', column: 1 });
    expect(unclosed.diagnostics[0].message).toMatch(/^invalid CSV: /);
  });

  // "4,5" is 3 characters long: the missing third cell would start at column 4, past its end.
  it('a ragged row found on the fast path is reported at its line and cell', () => {
    const { diagnostics } = parseCsvSource('u.csv', 'a,b,c\n\n1,2,3\n4,5\n');
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: 'csv/ragged-row', line: 4, column: 4, message: 'row has 2 cells but the header has 3 columns' }),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvTable, csvTableCells, csvText } from '../../src/vassal/import/csv';
import { parseCsvSource } from '../../src/data/csv-source';

describe('units.csv cells', () => {
  it('quote what RFC 4180 needs quoted and white space at either end, nothing else', () => {
    expect(csvCell('')).toBe('');
    expect(csvCell('Infantry 4-2')).toBe('Infantry 4-2');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(' lead')).toBe('" lead"');
    expect(csvCell('trail\t')).toBe('"trail\t"');
    // No-break space and the byte-order mark are white space to String.prototype.trim.
    expect(csvCell('\u00a0x')).toBe('"\u00a0x"');
    expect(csvCell('x\ufeff')).toBe('"x\ufeff"');
    expect(csvCell('in side')).toBe('in side');
  });

  it('read back as written', () => {
    const values = ['', 'plain', 'a,b', 'say "hi"', ' lead', 'trail ', 'two\nlines', '\u00a0nbsp'];
    const columns = values.map((_, i) => `c${i}`);
    const row = Object.fromEntries(columns.map((c, i) => [c, values[i]]));
    const parsed = parseCsvSource('units.csv', csvText(columns, [row]));
    expect(parsed.source?.records[0].cells).toEqual(values);
  });

  it('read back exactly by csvTableCells, as the folder reads them but for a carriage return, which stays one', () => {
    const values = ['', 'plain', 'a,b', 'say "hi"', '""', '"', ' lead', 'trail ', 'two\nlines', ',\n,', '\u00a0nbsp', 'end"'];
    const columns = values.map((_, i) => `c${i}`);
    const rows = [values, [...values].reverse(), ['x']];
    const text = csvTable(
      columns,
      rows,
      columns.map((_, i) => i),
    );
    // The last row's missing cells are written empty.
    const written = [columns, values, [...values].reverse(), ['x', ...values.slice(1).map(() => '')]];
    expect(csvTableCells(text)).toEqual(written);
    expect(parseCsvSource('units.csv', text).source?.records.map((r) => r.cells)).toEqual(written.slice(1));
    const withReturn = csvTable(['a', 'b'], [['cr\r', 'crlf\r\n']], [0, 1]);
    expect(csvTableCells(withReturn)).toEqual([
      ['a', 'b'],
      ['cr\r', 'crlf\r\n'],
    ]);
    expect(parseCsvSource('units.csv', withReturn).source?.records[0].cells).toEqual(['cr\n', 'crlf\n']);
  });

  it('csvTableCells refuses a text csvTable cannot have written', () => {
    expect(csvTableCells('id\n"open\n')).toBeUndefined();
    expect(csvTableCells('id\n"a"b\n')).toBeUndefined();
    expect(csvTableCells('id\nno final line break')).toBeUndefined();
    expect(csvTableCells('')).toEqual([]);
  });
});

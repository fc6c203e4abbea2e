import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../src/vassal/import/csv';
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
});

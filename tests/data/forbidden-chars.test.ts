/**
 * A control character in a data file (a stray NUL, a pasted terminal escape, a JSON "\u0000")
 * passed validate and broke only the VASSAL module's build, with diagnostics naming no file: it is
 * refused where it stands.
 */
import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/data/validate';
import { parseCsvSource } from '../../src/data/csv-source';
import { parseJsonSource } from '../../src/data/json-source';
import { minimalSources } from './helpers';

const errorsOf = (edit: Parameters<typeof minimalSources>[0]) =>
  validateGame(minimalSources(edit)).diagnostics.filter((d) => d.severity === 'error');

describe('characters no output can carry', () => {
  it('a NUL or an escape in a units.csv cell is refused at its line and column', () => {
    expect(parseCsvSource('u.csv', 'id,name\na,A\u0000B\n').diagnostics).toMatchObject([{ code: 'file/forbidden-char', line: 2, column: 4 }]);
    expect(parseCsvSource('u.csv', 'id,name\r\na,ok\r\nb,\u001b[2J\r\n').diagnostics).toMatchObject([{ code: 'file/forbidden-char', line: 3, column: 3 }]);
    const found = errorsOf({ units: (t) => t.replace('\nb1,blue', '\nb1\u0007,blue') });
    expect(found).toMatchObject([{ code: 'file/forbidden-char', file: 'minimal/units.csv', line: 2, column: 3 }]);
  });

  it('tabs, line breaks and text beyond the basic plane are allowed', () => {
    expect(parseCsvSource('u.csv', 'id,name\na,"x\ty\r\nz 😀"\n').diagnostics).toEqual([]);
    expect(parseJsonSource('a.json', '{"a": "x\\ty\\n\\r\\u0009\\ud83d\\ude00 é"}').diagnostics).toEqual([]);
  });

  it('a units.csv saved as UTF-16 without a byte order mark is named as such', () => {
    const utf16 = Buffer.from('id,name\na,b\n', 'utf16le').toString('utf8');
    const [d] = parseCsvSource('u.csv', utf16).diagnostics;
    expect(d).toMatchObject({ code: 'file/forbidden-char', line: 1, column: 2 });
    expect(d.hint).toContain('UTF-16');
  });

  it('JSON escapes that spell one are refused; an escaped backslash before "u" is text', () => {
    const at = (text: string) => parseJsonSource('a.json', text).diagnostics.map((d) => [d.code, d.line, d.column]);
    expect(at('{\n  "name": "A\\u0000B"\n}')).toEqual([['file/forbidden-char', 2, 13]]);
    expect(at('{"a": "\\b"}')).toEqual([['file/forbidden-char', 1, 8]]);
    expect(at('{"a": "\\uFFFF"}')).toEqual([['file/forbidden-char', 1, 8]]);
    expect(at('{"a": "x\\ud83d"}')).toEqual([['file/forbidden-char', 1, 9]]);
    expect(at('{"a": "\\ude00x"}')).toEqual([['file/forbidden-char', 1, 8]]);
    expect(at('{"a": "\\\\u0000 and \\\\b"}')).toEqual([]);
    expect(at('{"a": "\uffff"}')).toEqual([['file/forbidden-char', 1, 8]]);
  });

  it("a game.json name holding \\u001b is refused in validate, not first in the module's build", () => {
    const found = errorsOf({ game: (t) => t.replace(/"name": "([^"]*)"/, '"name": "$1\\u001b[2J"') });
    expect(found.map((d) => [d.code, d.file])).toEqual([['file/forbidden-char', 'minimal/game.json']]);
  });
});

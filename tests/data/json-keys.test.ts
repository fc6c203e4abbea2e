/**
 * Duplicate keys are found by comparing the parsed value's properties with the key tokens of the
 * text; the token count jumps from quote to quote and must never miscount escaped quotes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countKeyTokens, parseJsonSource } from '../../src/data/json-source';

/** Properties in a JSON value, counted on the value (an independent oracle). */
function keysIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + keysIn(v), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + 1 + keysIn(v), 0);
  return 0;
}

describe('key tokens', () => {
  it('equal the properties of any JSON value, however it is laid out', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t', '  '), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(countKeyTokens(text)).toBe(keysIn(JSON.parse(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it('skip quotes, backslashes and colons inside strings', () => {
    expect(countKeyTokens('{"a\\"": "b\\\\", "c": ["d\\\\\\": e", ":"], "f" \n :\t{}}')).toBe(3);
    expect(countKeyTokens('["x:", "\\"y\\":", "\\\\"]')).toBe(0);
  });

  it('a duplicate key is still reported at its line when strings hold escaped quotes', () => {
    const { diagnostics } = parseJsonSource('f.json', '{\n  "a": "x\\": 1",\n  "b": {"c\\\\": 1},\n  "a": 2\n}\n');
    expect(diagnostics).toEqual([
      {
        code: 'json/duplicate-key',
        severity: 'error',
        message: 'duplicate key "a" (first defined at line 2)',
        hint: 'remove one of the two; JSON readers silently keep only the last',
        file: 'f.json',
        pointer: '/a',
        line: 4,
        column: 3,
      },
    ]);
    expect(parseJsonSource('f.json', '{"a": "\\"a\\": 1", "b": 1}').diagnostics).toEqual([]);
  });
});

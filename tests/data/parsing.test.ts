import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonSource, locate } from '../../src/data/json-source';
import { cellColumns, parseCsvSource } from '../../src/data/csv-source';
import { LineIndex } from '../../src/data/line-index';
import { closestName, editDistance } from '../../src/data/did-you-mean';

describe('JSON with positions', () => {
  it('finds a duplicate key and points at the second one', () => {
    const { diagnostics } = parseJsonSource('f.json', '{\n  "a": 1,\n  "b": {"c": 2, "c": 3}\n}');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'json/duplicate-key', line: 3, column: 17, pointer: '/b/c' });
  });

  it('does not mistake a string holding "key": for a key', () => {
    const { diagnostics, source } = parseJsonSource('f.json', '{"a": "x\\": y", "b": "\\"a\\": 1", "c": ["\\"k\\":"]}');
    expect(diagnostics).toEqual([]);
    expect(source!.value).toEqual({ a: 'x": y', b: '"a": 1', c: ['"k":'] });
  });

  it('never reports duplicates in duplicate-free objects (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const { diagnostics } = parseJsonSource('f.json', JSON.stringify(value, null, 1));
        return diagnostics.length === 0;
      }),
    );
  });

  it('reports syntax errors with their position and refuses comments and trailing commas', () => {
    expect(parseJsonSource('f.json', '{\n  "a": 1,\n}').diagnostics[0]).toMatchObject({ code: 'json/syntax', line: 3 });
    expect(parseJsonSource('f.json', '{ // no\n "a": 1 }').diagnostics[0].code).toBe('json/syntax');
  });

  it('says an empty or blank file is empty, without suggesting a missing comma', () => {
    for (const text of ['', ' \n\t\r\n']) {
      const [d] = parseJsonSource('f.json', text).diagnostics;
      expect(d).toMatchObject({ code: 'json/empty', severity: 'error', file: 'f.json', line: 1, column: 1 });
      expect(d.message).toContain('empty');
      expect(d.hint).not.toContain('comma');
    }
    // A value after whitespace is no empty file; a lone bracket is a syntax error.
    expect(parseJsonSource('f.json', ' \n{}').diagnostics).toEqual([]);
    expect(parseJsonSource('f.json', ' [').diagnostics[0].code).toBe('json/syntax');
  });

  it('locates values and keys by JSON pointer, and a missing property at its nearest parent', () => {
    const { source } = parseJsonSource('f.json', '{\n  "list": [\n    {"x": 1},\n    {"y": 2}\n  ]\n}');
    expect(locate(source!, '/list/1/y')).toEqual({ line: 4, column: 11 });
    expect(locate(source!, '/list/1/y', true)).toEqual({ line: 4, column: 6 });
    expect(locate(source!, '/list/1/missing')).toEqual({ line: 4, column: 5 });
  });
});

describe('CSV with positions', () => {
  it('gives each record its starting line, also after a quoted cell spanning lines', () => {
    const { source } = parseCsvSource('u.csv', 'id,name\na,"two\nlines"\nb,plain\n');
    expect(source!.records.map((r) => [r.line, r.cells[0]])).toEqual([[2, 'a'], [4, 'b']]);
  });

  it('finds cell columns, honouring quotes', () => {
    expect(cellColumns('a,"b,c",d', 3)).toEqual([1, 3, 9]);
  });

  it('reports a ragged row at the row', () => {
    const { diagnostics } = parseCsvSource('u.csv', 'a,b,c\n1,2,3\n4,5\n');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'csv/ragged-row', line: 3 });
  });
});

describe('LineIndex', () => {
  it('maps offsets to line and column', () => {
    const index = new LineIndex('ab\ncd\n\nef');
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(4)).toEqual({ line: 2, column: 2 });
    expect(index.position(7)).toEqual({ line: 4, column: 1 });
    expect(index.lineText(2)).toBe('cd');
  });
});

describe('did you mean', () => {
  it('suggests close names and nothing for unrelated ones', () => {
    expect(closestName('titel', ['title', 'subtitle', 'series'])).toBe('title');
    expect(closestName('forrest', ['forest', 'clear'])).toBe('forest');
    expect(closestName('xyz', ['forest', 'clear'])).toBeUndefined();
  });

  it('counts a transposition as one edit', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

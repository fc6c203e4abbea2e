/** Human diagnostics for a file whose path holds control characters: one line per location, and the code frame still found. */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { formatDiagnostics, SHOWN_PER_CODE } from '../../src/cli/format-diagnostics';

describe('formatDiagnostics with a hostile file path', () => {
  const file = 'games/a\u001b[2Jb\nc\td/units.csv';
  const diagnostic: Diagnostic = { code: 'csv/x', severity: 'error', message: 'bad cell', file, line: 2, column: 3 };

  it('escapes the escape sequence, the line break and the tab of the path, and reads the source by the real path', () => {
    const asked: string[] = [];
    const text = formatDiagnostics([diagnostic], (f, line) => {
      asked.push(f);
      return line === 2 ? 'a,b,c' : undefined;
    });
    const shown = 'games/a\\u001b[2Jb\\u000ac\\u0009d/units.csv';
    expect(text.split('\n')).toEqual([shown, `  ${shown}:2:3: error csv/x: bad cell`, '       2 | a,b,c', '         |   ^']);
    expect(asked).toEqual([file]);
  });
});

describe('formatDiagnostics with a hostile name inside a message', () => {
  it('keeps the message on its line: a unit name holding a line break forges no diagnostic of its own', () => {
    const forged = 'x\n  units.csv:1:1: error fake/code: all is well\tend';
    const text = formatDiagnostics(
      [{ code: 'ref/unknown-unit', severity: 'error', message: `no unit "${forged}"`, hint: 'did you mean "a\tb"?' }],
      () => undefined,
    );
    expect(text.split('\n')).toEqual([
      '  (no file): error ref/unknown-unit: no unit "x\\u000a  units.csv:1:1: error fake/code: all is well\\u0009end"',
      '    hint: did you mean "a\\u0009b"?',
    ]);
  });

  it('keeps a hint of several lines (a tool’s output) readable, each further line indented under it', () => {
    const text = formatDiagnostics(
      [{ code: 'vassal/x', severity: 'error', message: 'failed', hint: 'line one\nline two' }],
      () => undefined,
    );
    expect(text.split('\n')).toEqual(['  (no file): error vassal/x: failed', '    hint: line one', '          line two']);
  });
});

describe('formatDiagnostics with thousands of diagnostics alike', () => {
  it(`shows ${SHOWN_PER_CODE} of one code in one file and counts the rest in one line; other codes and files are shown`, () => {
    const many = (file: string | undefined, code: string, n: number): Diagnostic[] =>
      Array.from({ length: n }, (_, i) => ({
        code,
        severity: 'error',
        message: `value ${i}`,
        ...(file ? { file, line: 1, column: i + 1 } : {}),
      }));
    const diagnostics = [
      ...many('tracks.json', 'schema/maximum', 30_001),
      ...many('tracks.json', 'schema/type', 2),
      ...many('units.csv', 'schema/maximum', 150),
      ...many(undefined, 'ref/x', 101),
    ];
    const lines = formatDiagnostics(diagnostics, () => undefined).split('\n');
    const count = (text: string) => lines.filter((l) => l.includes(text)).length;
    expect(count('tracks.json:1:')).toBe(SHOWN_PER_CODE + 2);
    expect(count('units.csv:1:')).toBe(SHOWN_PER_CODE);
    expect(count('(no file): error ref/x')).toBe(SHOWN_PER_CODE);
    expect(lines).toContain('  … and 29,901 more schema/maximum errors in tracks.json, not shown (--json lists every one)');
    expect(lines).toContain('  … and 50 more schema/maximum errors in units.csv, not shown (--json lists every one)');
    expect(lines).toContain('  … and 1 more ref/x error without a file, not shown (--json lists every one)');
    // The count closes its file's group, before the next file's name.
    expect(lines.indexOf('units.csv')).toBeGreaterThan(lines.findIndex((l) => l.includes('29,901 more')));
    expect(lines).toHaveLength(1 + (SHOWN_PER_CODE + 2) + 1 + 1 + 1 + SHOWN_PER_CODE + 1 + 1 + SHOWN_PER_CODE + 1);
  });
});

/** Human diagnostics for a file whose path holds control characters: one line per location, and the code frame still found. */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { formatDiagnostics } from '../../src/cli/format-diagnostics';

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

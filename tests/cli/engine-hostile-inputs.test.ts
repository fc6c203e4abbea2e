/**
 * `hexforge engine` given hostile values: each is refused as a malformed question (exit 2,
 * engine/bad-input, the input named, a hint), never answered, never a stack trace, and a value
 * holding a line break cannot print a line of its own.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

async function refused(args: string[]) {
  const r = await runCli(['engine', ...args]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain('error engine/bad-input');
  expect(r.stderr).toContain('hint: ');
  expect(r.stderr).not.toContain('    at ');
  return r.stderr;
}

describe('hexforge engine with hostile values', () => {
  it('a side holding a line break is quoted on its own line, escaped', async () => {
    const err = await refused(['stack', 'data/demo', '--side', 'kordava\nerror fake/code: all is well', '--units', 'a-12-34']);
    expect(err.split('\n').filter((l) => l.startsWith('error'))).toHaveLength(1);
    expect(err).toContain('kordava\\u000aerror fake/code');
  });
});

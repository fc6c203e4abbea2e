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

describe('hexforge engine with numbers no game has', () => {
  it('a strength of 1e308 over 1e-308 is refused naming both fields, not answered as odds Infinity:0', async () => {
    const err = await refused(['odds', 'data/demo', '--input', '{"attack":1e308,"defend":1e-308}']);
    expect(err).toContain('--attack: 1e+308 is beyond ±9007199254740991');
    expect(err).toContain('--defend: 1e-308 is nearer zero');
    expect(err).not.toContain('Infinity:');
  });

  it('a JSON number too large to hold (1e400, read as Infinity) is named as not finite', async () => {
    expect(await refused(['odds', 'data/demo', '--input', '{"attack":1e400,"defend":3}'])).toContain(
      '--attack: Infinity is not a finite number',
    );
  });

  it('strengths in a list and a multiplier deep inside a combatant are named by their place', async () => {
    expect(await refused(['odds', 'data/demo', '--input', '{"attack":[1e308,1],"defend":1}'])).toContain('--attack[0]: 1e+308');
    const err = await refused(['odds', 'data/demo', '--input', '{"attackers":[{"unit":"a-12-34","multiplier":1e300}],"defend":3}']);
    expect(err).toContain('--attackers[0][multiplier]: 1e+300');
  });

  it('a flag of 23 digits is refused too', async () => {
    expect(await refused(['odds', 'data/demo', '--attack', '99999999999999999999999', '--defend', '1'])).toContain(
      '--attack: 1e+23 is beyond',
    );
  });
});

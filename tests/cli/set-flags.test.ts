/**
 * `build --set`: "__proto__=1" was taken silently (it set the settings object's prototype, so no
 * output saw a setting to refuse), and a key given twice kept the last value without a word.
 */
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/cli/main';
import { runCli } from './run-cli';

describe('--set', () => {
  it('__proto__ is a setting no output reads: refused, nothing built', async () => {
    const r = await runCli([
      'build',
      'tests/fixtures/minimal',
      '--only',
      'bundle',
      '--out',
      '/nonexistent/never-written',
      '--set',
      '__proto__=1',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error build/unknown-setting: --set __proto__=1');
  });

  it('a key given twice is a usage error naming both values', () => {
    expect(() => parseSettings(['paper=a4,paper=letter'])).toThrow('--set paper is given twice (a4, then letter); give it once');
    expect(() => parseSettings(['paper=a4', 'paper=a4'])).toThrow('--set paper is given twice');
    expect({ ...parseSettings(['paper=a4,cmyk=true']) }).toEqual({ paper: 'a4', cmyk: true });
  });
});

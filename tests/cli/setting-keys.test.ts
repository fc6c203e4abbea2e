/** `--set` keys no output reads, and switches set to neither on nor off, are refused before a build starts. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTING_KEYS } from '../../src/cli/setting-keys';
import { GENERATORS } from '../../src/pipeline/registry';
import { effectiveReads } from '../../src/pipeline/reads';
import { runCli } from './run-cli';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-set-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const demo = path.join(__dirname, '..', '..', 'data', 'demo');

describe('--set keys', () => {
  it('are exactly the keys the generators declare they read', () => {
    const read = new Set(GENERATORS.flatMap((g) => effectiveReads(g.reads).settings));
    expect([...SETTING_KEYS].sort()).toEqual([...read].sort());
  });

  it('a misspelt key is refused with the key it resembles, nothing built', async () => {
    const out = path.join(scratch, 'misspelt');
    const result = await runCli(['build', demo, '--only', 'bundle', '--out', out, '--quiet', '--set', 'paper=a4,papr=a4']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error build/unknown-setting: --set papr=a4');
    expect(result.stderr).toContain('did you mean paper?');
    expect(existsSync(out)).toBe(false);
  });

  it('a key holding a line break is shown on one line, forging no diagnostic line of its own', async () => {
    const out = path.join(scratch, 'line-break');
    const result = await runCli(['build', demo, '--only', 'bundle', '--out', out, '--quiet', '--set', 'a\nerror fake/code=on']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').filter((l) => l.startsWith('error'))).toHaveLength(1);
    expect(result.stderr).toContain('--set a\\u000aerror fake/code=on');
    expect(existsSync(out)).toBe(false);
  });

  it('a switch that is neither on nor off is refused, not read as off', async () => {
    const out = path.join(scratch, 'switch');
    const result = await runCli(['build', demo, '--only', 'bundle', '--out', out, '--quiet', '--set', 'cmyk=maybe']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error build/bad-switch: --set cmyk=maybe');
    expect(existsSync(out)).toBe(false);
  });

  // A value is refused by the output that reads it; --only bundle reads no paper setting, yet a
  // wrong value is still a mistake the user wants to hear about before the next full build.
  it.each([
    ['paper=zz', 'error print/bad-setting: --set paper=zz is not one of letter, a4; nothing built'],
    ['bleed=40', 'error print/bad-setting: bleed = 40 mm is outside 0…6 mm; nothing built'],
    ['gutter=wide', 'error print/bad-setting: --set gutter=wide is not a number (millimetres); nothing built'],
    ['citations=maybe', 'error build/bad-switch: --set citations=maybe'],
  ])('--set %s is refused whatever --only selects', async (setting, message) => {
    const out = path.join(scratch, `value-${setting}`);
    const result = await runCli(['build', demo, '--only', 'bundle', '--out', out, '--quiet', '--set', setting]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('hint: ');
    expect(existsSync(out)).toBe(false);
  });
});

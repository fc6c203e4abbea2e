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

  it('a switch that is neither on nor off is refused, not read as off', async () => {
    const out = path.join(scratch, 'switch');
    const result = await runCli(['build', demo, '--only', 'bundle', '--out', out, '--quiet', '--set', 'cmyk=maybe']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error build/bad-switch: --set cmyk=maybe');
    expect(existsSync(out)).toBe(false);
  });
});

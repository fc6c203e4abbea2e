/** An empty argument names no file or folder: refused as bad usage, never read as the current folder. */
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempWork } from '../vassal/hostile-module-kit';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

describe('an empty argument', () => {
  it('init "" writes no game into the current folder', () => {
    const run = runCli(work, ['init', ''], []);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('hexforge init: an argument is empty; it names no file or folder');
    expect(readdirSync(work).filter((name) => name !== '.tmp')).toEqual([]);
  });

  it('build --out " " (blank) writes no outputs into the current folder', () => {
    const run = runCli(work, ['build', `${process.cwd()}/tests/fixtures/minimal`, '--only', 'bundle', '--out', ' '], []);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('hexforge build: --out is empty');
    expect(readdirSync(work).filter((name) => name !== '.tmp')).toEqual([]);
  });
});

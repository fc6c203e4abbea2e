/** Two game folders declaring one game id in one command: refused, rather than the second's outputs replacing the first's. */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-same-id-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const demo = path.join(__dirname, '..', '..', 'data', 'demo');
const first = path.join(scratch, 'first');
const second = path.join(scratch, 'second');
cpSync(demo, first, { recursive: true });
cpSync(demo, second, { recursive: true });
// The second differs from the first, so writing it over the first would lose data, not repeat it.
const game = path.join(second, 'game.json');
writeFileSync(game, readFileSync(game, 'utf8').replace('"title": "Vell Crossing"', '"title": "Another Crossing"'));

describe('two game folders with one game id', () => {
  it('build refuses them before writing anything', async () => {
    const out = path.join(scratch, 'out-build');
    const result = await runCli(['build', first, second, '--only', 'bundle', '--out', out, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error out/same-game-id');
    expect(result.stderr).toContain('"demo"');
    expect(existsSync(out)).toBe(false);
  });

  it('validate --completeness refuses them before writing anything', async () => {
    const out = path.join(scratch, 'out-validate');
    const result = await runCli(['validate', first, second, '--completeness', '--out', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error out/same-game-id');
    expect(existsSync(out)).toBe(false);
  });

  it('one folder named twice is no collision', async () => {
    const result = await runCli(['validate', first, `${first}${path.sep}`, '--completeness', '--out', path.join(scratch, 'out-twice')]);
    expect(result.code).toBe(0);
  });
});

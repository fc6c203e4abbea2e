/**
 * `hexforge build --watch` in a real child process: it builds, builds again on a save and says what
 * it rebuilt, survives an invalid save (diagnostics, then keeps watching) and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from './run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-watch-'));
const gameDir = path.join(root, 'games', 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('rebuilds on save, prints what changed and survives an invalid save', async () => {
  const child = spawn(
    process.execPath,
    [path.resolve('bin/hexforge.mjs'), 'build', gameDir, '--watch', '--only', 'bundle,map', '--out', path.join(root, 'out')],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Waits until stderr after `from` matches `pattern`; returns where the match ends. */
  const waitFor = async (pattern: RegExp, from: number): Promise<number> => {
    for (let waited = 0; waited < 240_000; waited += 100) {
      const match = pattern.exec(stderr.slice(from));
      if (match) return from + match.index + match[0].length;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${pattern} in:\n${stderr}`);
  };
  try {
    let at = await waitFor(/demo: built bundle, map \(.*\n/, 0);
    at = await waitFor(/watching /, at);

    const units = path.join(gameDir, 'units.csv');
    const original = readFileSync(units, 'utf8');
    writeFileSync(units, original.replace('1st Heavy Artillery Regiment,7,', '1st Heavy Artillery Regiment,8,'));
    at = await waitFor(/demo: built bundle; unchanged map \(.*\n/, at);

    const gameJson = path.join(gameDir, 'game.json');
    const valid = readFileSync(gameJson, 'utf8');
    writeFileSync(gameJson, valid.replace(/^\{/, '{ "id": '));
    at = await waitFor(/game\.json:\d+:\d+.*\n[\s\S]*not built.*watching for the next save/, at);

    writeFileSync(gameJson, valid);
    await waitFor(/demo: nothing to build; unchanged bundle, map \(/, at);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}, 300_000);

it('a game folder that is not there is a diagnostic and exit 1, never a crash', async () => {
  const missing = path.join(root, 'games', 'no-such-game');
  const r = await runCli(['build', missing, '--watch', '--out', path.join(root, 'out')]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('file/no-game-dir');
  expect(r.stderr).toContain(`cannot watch ${missing}: not a folder`);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
});

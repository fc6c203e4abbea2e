/**
 * `hexforge build --watch` in a real child process: it builds, builds again on a save and says what
 * it rebuilt, survives an invalid save (diagnostics, then keeps watching) and stops on SIGTERM.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { spawnWatch } from './watch-child';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-watch-'));
const gameDir = path.join(root, 'games', 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('rebuilds on save, prints what changed and survives an invalid save', async () => {
  const { child, waitFor, exited } = spawnWatch([gameDir, '--only', 'bundle,map', '--out', path.join(root, 'out')]);
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

/** Game-folder patterns (`hexforge validate "tests/fixtures/*"`) expand without the shell's help. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandGameDirs } from '../../src/cli/game-dirs';
import { runCli } from './run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-game-dirs-'));
for (const name of ['west', 'east', 'north']) mkdirSync(path.join(root, 'games', name), { recursive: true });
writeFileSync(path.join(root, 'games', 'notes.txt'), 'not a game');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('game-folder patterns', () => {
  it('expand to the matching folders, sorted, and leave plain paths as they are', async () => {
    const games = path.join(root, 'games');
    expect(await expandGameDirs([`${games}/*`, 'no/such/folder'])).toEqual([
      `${games}/east`,
      `${games}/north`,
      `${games}/west`,
      'no/such/folder',
    ]);
    expect(await expandGameDirs([`${games}/*`], { files: true })).toContain(`${games}/notes.txt`);
  });

  it('match files only where asked (verify takes bundle files)', async () => {
    expect(await expandGameDirs(['tests/fixtures/minimal/units.*'], { files: true })).toEqual(['tests/fixtures/minimal/units.csv']);
    await expect(expandGameDirs(['tests/fixtures/minimal/units.*'])).rejects.toThrow(
      /no game folder matches "tests\/fixtures\/minimal\/units\.\*"/,
    );
  });

  it('reach the commands: validate "tests/fixtures/mini*" validates the minimal game', async () => {
    const r = await runCli(['validate', 'tests/fixtures/mini*']);
    expect(r.stderr).toContain('tests/fixtures/minimal: ');
    expect(r.code).toBe(0);
    const none = await runCli(['validate', 'tests/fixtures/none-such-*']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no game folder matches "tests/fixtures/none-such-*"');
  });
});

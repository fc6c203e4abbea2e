/**
 * A game command pointed at the wrong folder (the folder of the games rather than a game, an empty
 * one, one that is not there) says so once, with what to pass instead: not five "missing" errors.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-wrong-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const games = path.join(scratch, 'games');
const minimal = path.join(__dirname, '..', 'fixtures', 'minimal');
cpSync(minimal, path.join(games, 'alpha'), { recursive: true });
cpSync(minimal, path.join(games, 'beta'), { recursive: true });
const empty = path.join(scratch, 'empty');
mkdirSync(empty);

async function validate(dir: string) {
  const r = await runCli(['validate', dir]);
  expect(r.code).toBe(1);
  expect(r.stderr).not.toContain('file/missing');
  expect(r.stderr).toContain(`${dir}: 1 error, 0 warnings`);
  return r.stderr;
}

describe('a game command given a folder that is no game', () => {
  it('the folder of the game folders names them and the pattern for all', async () => {
    const err = await validate(games);
    expect(err).toContain(`error file/no-game-dir: ${games} holds none of a game's files`);
    expect(err).toContain(
      `hint: it holds game folders (${path.join(games, 'alpha')}, ${path.join(games, 'beta')}): pass one of them, or "${path.join(games, '*')}" for all`,
    );
  });

  it('an empty folder points at init', async () => {
    expect(await validate(empty)).toContain(`or create one with hexforge init ${empty}`);
  });

  it('a folder that is not there says so in words', async () => {
    const missing = path.join(scratch, 'no-such-game');
    const err = await validate(missing);
    expect(err).toContain(`error file/no-game-dir: there is no folder ${missing}`);
    expect(err).not.toContain('ENOENT');
  });

  it('a module where the game folder goes is pointed at import', async () => {
    const vmod = path.join(scratch, 'Game.vmod');
    writeFileSync(vmod, 'PK');
    const r = await runCli(['build', vmod]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error file/no-game-dir: ${vmod} is a file, not a game folder`);
    expect(r.stderr).toContain(`hint: a VASSAL module is read into a game folder first: hexforge import ${vmod} --out <folder>`);
  });
});

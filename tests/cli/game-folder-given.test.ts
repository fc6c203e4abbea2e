/** `import` and `roundtrip` given a game folder say what it is and how to make its module. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-game-folder-given-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a game folder given where a module is read', () => {
  it('import names it a game folder and points at build --only vassal', async () => {
    const r = await runCli(['import', 'data/demo', '--out', path.join(root, 'imported')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error import/game-folder: a game folder (it holds game.json), not a VASSAL module');
    expect(r.stderr).toContain('hexforge build data/demo --only vassal');
    expect(r.stderr).not.toContain('vassal/no-buildfile');
  });

  it('roundtrip the same', async () => {
    const r = await runCli(['roundtrip', 'data/demo', '--out', path.join(root, 'roundtrip')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error import/game-folder');
    expect(r.stderr).toContain('hexforge build data/demo --only vassal');
  });

  it('a folder that is neither is still not a VASSAL module', async () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    const r = await runCli(['import', empty, '--out', path.join(root, 'x')]);
    expect(r.stderr).toContain('vassal/no-buildfile');
  });
});

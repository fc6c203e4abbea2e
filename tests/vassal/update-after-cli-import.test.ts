/**
 * `hexforge update` on a folder written by `hexforge import` itself: the import points each data
 * file's `$schema` at the package's schemas from wherever `--out` puts the folder, after recording
 * the files' hashes. An unchanged folder, here or moved elsewhere, must read as unchanged.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFile, runCli, tempWork, vmod } from './hostile-module-kit';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

describe('update after a command-line import', () => {
  it('finds no change in an unchanged folder, where it was written and after a move', async () => {
    writeFileSync(path.join(work, 'small.vmod'), await vmod(buildFile({ slots: [['Infantry', []]] })));
    const out = path.join('games', 'east', 'small');
    const imported = runCli(work, ['import', 'small.vmod', '--out', out], ['games']);
    expect(imported.status, imported.stderr).toBe(0);

    const inPlace = runCli(work, ['update', 'small.vmod', out, '--out', 'same.vmod'], ['same.vmod']);
    expect(inPlace.stderr).not.toContain('changed since the import');
    expect(inPlace.status, inPlace.stderr).toBe(0);
    expect(inPlace.stdout).toContain('no change');

    renameSync(path.join(work, out), path.join(work, 'moved'));
    const moved = runCli(work, ['update', 'small.vmod', 'moved', '--out', 'moved.vmod'], ['moved.vmod']);
    expect(moved.stderr).not.toContain('changed since the import');
    expect(moved.status, moved.stderr).toBe(0);
  });
});

/**
 * roundtrip --out into a folder that exists is refused as import refuses it: an earlier import's
 * folder, perhaps edited since, is replaced only with --force, and a folder no import wrote never.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMPORT_MARKER } from '../../src/vassal/import/write-folder';
import { buildFile, runCli, tempWork, vmod } from '../vassal/hostile-module-kit';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

describe('roundtrip --out into a folder that exists', () => {
  it('an earlier import edited by the user is kept without --force, replaced with it', async () => {
    writeFileSync(path.join(work, 'm.vmod'), await vmod(buildFile()));
    mkdirSync(path.join(work, 'game'));
    writeFileSync(path.join(work, 'game', IMPORT_MARKER), 'written by hexforge import\n');
    writeFileSync(path.join(work, 'game', 'notes.md'), 'my edits');
    const refused = runCli(work, ['roundtrip', 'm.vmod', '--out', 'game'], []);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('import/out-exists: game already exists; nothing was written');
    expect(refused.stderr).toContain('hint: choose a new folder, or pass --force to replace it');
    expect(readFileSync(path.join(work, 'game', 'notes.md'), 'utf8')).toBe('my edits');

    const forced = runCli(work, ['roundtrip', 'm.vmod', '--out', 'game', '--force'], []);
    expect(forced.stderr).not.toContain('import/out-');
    expect(forced.stdout).toContain('m.vmod: no difference');
    expect(readdirSync(path.join(work, 'game'))).toContain('game.json');
    expect(readdirSync(path.join(work, 'game'))).not.toContain('notes.md');
  });

  it('is refused before the module is read, and a folder no import wrote is refused even with --force', () => {
    writeFileSync(path.join(work, 'broken.vmod'), 'PK\u0003\u0004 cut short');
    mkdirSync(path.join(work, 'mine'));
    writeFileSync(path.join(work, 'mine', 'notes.txt'), 'keep');
    const run = runCli(work, ['roundtrip', 'broken.vmod', '--out', 'mine'], []);
    expect(run.stderr).toContain('import/out-exists: mine already exists');
    expect(run.stderr).not.toContain('zip-unreadable');
    const forced = runCli(work, ['roundtrip', 'broken.vmod', '--out', 'mine', '--force'], []);
    expect(forced.stderr).toContain('import/out-not-imported');
    expect(forced.stderr).not.toContain('zip-unreadable');
    expect(readdirSync(path.join(work, 'mine'))).toEqual(['notes.txt']);
  });

  it('documents --force in its help', () => {
    expect(runCli(work, ['roundtrip', '--help'], []).stdout).toMatch(/--force\s+replace the folder/);
  });
});

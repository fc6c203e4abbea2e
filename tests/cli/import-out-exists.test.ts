/** `import --out` naming a folder that exists is refused before the module is read, which may take long. */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempWork } from '../vassal/hostile-module-kit';

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

describe('import into a folder that exists', () => {
  it('is refused before the module is read: no diagnostic about the module, the folder untouched', () => {
    // Not a ZIP: reading it would report vassal/zip-unreadable.
    writeFileSync(path.join(work, 'broken.vmod'), 'PK\u0003\u0004 cut short');
    mkdirSync(path.join(work, 'mine'));
    writeFileSync(path.join(work, 'mine', 'notes.txt'), 'keep');
    const run = runCli(work, ['import', 'broken.vmod', '--out', 'mine'], []);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('import/out-exists: mine already exists; nothing was written');
    expect(run.stderr).toContain('hint: choose a new folder, or pass --force to replace it');
    expect(run.stderr).not.toContain('zip-unreadable');
    expect(readdirSync(path.join(work, 'mine'))).toEqual(['notes.txt']);
  });

  it('with --force, a folder no import wrote is still refused before the module is read', () => {
    const run = runCli(work, ['import', 'broken.vmod', '--out', 'mine', '--force'], []);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('import/out-not-imported');
    expect(run.stderr).not.toContain('zip-unreadable');
  });
});

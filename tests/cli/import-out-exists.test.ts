/** `import --out` naming a folder that exists is refused before the module is read, which may take long. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('import into the module it reads', () => {
  // An unzipped module whose buildFile is not XML: reading it would report vassal/xml-*.
  const module = () => {
    const dir = path.join(work, 'unzipped');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'buildFile.xml'), 'not xml');
    return dir;
  };

  it('--out inside the module folder is refused before the module is read, nothing written', () => {
    module();
    const run = runCli(work, ['import', 'unzipped', '--out', 'unzipped/game'], []);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('import/out-overlaps-module: --out unzipped/game lies inside unzipped, which the import reads');
    expect(run.stderr).toContain('hint: write the game folder outside the module');
    expect(run.stderr).not.toContain('vassal/');
    expect(readdirSync(path.join(work, 'unzipped'))).toEqual(['buildFile.xml']);
    const trip = runCli(work, ['roundtrip', 'unzipped', '--out', 'unzipped/game'], []);
    expect(trip.stderr).toContain('import/out-overlaps-module');
    expect(readdirSync(path.join(work, 'unzipped'))).toEqual(['buildFile.xml']);
  });

  it('--out the module folder itself, or the folder of a bare buildFile, is refused', () => {
    module();
    expect(runCli(work, ['import', 'unzipped', '--out', 'unzipped'], []).stderr).toContain('--out unzipped is unzipped itself');
    const bare = runCli(work, ['import', 'unzipped/buildFile.xml', '--out', 'unzipped/g'], []);
    expect(bare.stderr).toContain('lies inside the folder of unzipped/buildFile.xml');
  });

  it('--force into an imported folder that holds the module is refused: the module is not deleted', () => {
    mkdirSync(path.join(work, 'earlier', 'mod'), { recursive: true });
    writeFileSync(path.join(work, 'earlier', '.hexforge-import'), 'written by hexforge import\n');
    writeFileSync(path.join(work, 'earlier', 'mod', 'buildFile.xml'), 'not xml');
    const run = runCli(work, ['import', 'earlier/mod', '--out', 'earlier', '--force'], []);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('import/out-overlaps-module: --out earlier holds earlier/mod');
    expect(readdirSync(path.join(work, 'earlier', 'mod'))).toEqual(['buildFile.xml']);
  });

  it('roundtrip --vmod naming the module it reads is refused: the original is not overwritten', () => {
    writeFileSync(path.join(work, 'original.vmod'), 'PK\u0003\u0004 cut short');
    const run = runCli(work, ['roundtrip', 'original.vmod', '--vmod', './original.vmod'], []);
    expect(run.stderr).toContain('import/out-overlaps-module: --vmod ./original.vmod is original.vmod itself');
    expect(run.stderr).not.toContain('zip-unreadable');
    expect(readFileSync(path.join(work, 'original.vmod'), 'utf8')).toBe('PK\u0003\u0004 cut short');
  });
});

/**
 * A full disk (a writeFile that fails with ENOSPC under one folder) is a step that failed on valid
 * data: every command exits EXIT.failed with io/cannot-write, and leaves nothing it made behind.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { buildFile, vmod } from '../vassal/hostile-module-kit';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const disk = vi.hoisted(() => ({ full: '' }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const writeFile: typeof fs.writeFile = async (file, ...rest) => {
    if (disk.full && String(file).startsWith(disk.full))
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return fs.writeFile(file, ...rest);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

const MINIMAL = path.join(__dirname, '..', 'fixtures', 'minimal');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-full-disk-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  disk.full = '';
});

const FULL = 'error io/cannot-write: cannot write here (the disk is full)';

describe('a full disk', () => {
  it('exit 3 (failed), not 1 (invalid data), from the commands that write', async () => {
    const module = path.join(tempDir('hexforge-full-disk-'), 'module.vmod');
    writeFileSync(module, await vmod(buildFile()));
    disk.full = scratch;
    const runs = [
      ['import', module, '--out', path.join(scratch, 'g')],
      ['roundtrip', module, '--out', path.join(scratch, 'r')],
      ['validate', MINIMAL, '--completeness', '--out', path.join(scratch, 'v')],
      ['diff', MINIMAL, MINIMAL, '--out', path.join(scratch, 'd')],
      ['init', path.join(scratch, 'i'), '--from', 'demo'],
    ];
    for (const args of runs) {
      const r = await runCli(args);
      expect(r.stderr, args[0]).toMatch(/io\/cannot-write: .*the disk is full/);
      expect(r.code, args[0]).toBe(EXIT.failed);
    }
  });

  it('diff --out leaves no folder it made, and the folders above it it made', async () => {
    disk.full = scratch;
    const r = await runCli(['diff', MINIMAL, MINIMAL, '--out', path.join(scratch, 'new', 'errata')]);
    expect(r.stderr).toContain(FULL);
    expect(readdirSync(scratch)).not.toContain('new');
  });

  it('a single file written (validate --completeness --out) leaves no folder it made', async () => {
    disk.full = scratch;
    const r = await runCli(['validate', MINIMAL, '--completeness', '--out', path.join(scratch, 'made', 'report')]);
    expect(r.stderr).toContain(FULL);
    expect(readdirSync(scratch)).not.toContain('made');
  });

  it('diff --out into a folder that exists keeps the folder and what it held, adding nothing', async () => {
    const kept = path.join(scratch, 'kept');
    mkdirSync(kept);
    writeFileSync(path.join(kept, 'errata.md'), 'earlier');
    disk.full = scratch;
    const r = await runCli(['diff', MINIMAL, MINIMAL, '--out', kept]);
    expect(r.code).toBe(EXIT.failed);
    expect(readdirSync(kept)).toEqual(['errata.md']);
    disk.full = '';
    expect((await runCli(['diff', MINIMAL, MINIMAL, '--out', kept])).code).toBe(EXIT.ok);
    expect(readdirSync(kept).sort()).toEqual(['errata.json', 'errata.md']);
    expect(existsSync(path.join(kept, 'errata.md'))).toBe(true);
  });
});

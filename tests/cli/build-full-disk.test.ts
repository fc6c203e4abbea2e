/**
 * A build whose writes start failing part way (a full disk) changes no output: exit 3 with
 * io/cannot-write, every file of the last good build as it was, no marker of an unfinished build
 * and no temporary file left; the next build that can write puts all its outputs in place.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { runCli } from './run-cli';

/** Writes under `folder` fail with ENOSPC once `allowed` of them have been made. */
const disk = vi.hoisted(() => ({ folder: '', allowed: 0 }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const fill = (file: unknown) => {
    if (disk.folder && String(file).startsWith(disk.folder) && disk.allowed-- <= 0)
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  };
  const writeFile: typeof fs.writeFile = async (file, ...rest) => {
    fill(file);
    return fs.writeFile(file, ...rest);
  };
  const open: typeof fs.open = async (file, ...rest) => {
    if (rest[0] !== undefined && rest[0] !== 'r') fill(file);
    return fs.open(file, ...rest);
  };
  return { ...fs, default: { ...fs, writeFile, open }, writeFile, open };
});

const MINIMAL = path.join(__dirname, '..', 'fixtures', 'minimal');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-build-full-disk-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  disk.folder = '';
});

/** Every file under `dir` with the SHA-256 of its bytes. */
function contents(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .sort();
  return Object.fromEntries(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );
}

const build = (out: string, paper: string) => runCli(['build', MINIMAL, '--out', out, '--quiet', '--set', `paper=${paper}`]);

describe('a build on a disk that fills part way', () => {
  it('leaves the last good outputs as they were, whichever write fails', async () => {
    const out = path.join(scratch, 'out');
    expect((await build(out, 'a4')).code).toBe(EXIT.ok);
    const good = contents(out);
    expect(Object.keys(good)).toContain(path.join('minimal', 'counters.pdf'));
    // The first write, one after an output is written (aids/ has several files), one late in the build.
    for (const allowed of [0, 3, 6, 10]) {
      disk.folder = out;
      disk.allowed = allowed;
      const r = await build(out, 'letter');
      disk.folder = '';
      expect(r.stderr, `after ${allowed} writes`).toMatch(/: error io\/cannot-write: cannot write here \(the disk is full\)/);
      expect(r.stderr).not.toContain('    at ');
      expect(r.code).toBe(EXIT.failed);
      expect(contents(out), `after ${allowed} writes`).toEqual(good);
    }
    // With room again, the build puts the letter-size sheets in place.
    expect((await build(out, 'letter')).code).toBe(EXIT.ok);
    const letter = contents(out);
    expect(letter[path.join('minimal', 'counters.pdf')]).not.toBe(good[path.join('minimal', 'counters.pdf')]);
    expect(Object.keys(letter).filter((file) => /BUILD-INCOMPLETE|\.tmp-/.test(file))).toEqual([]);
  });
});

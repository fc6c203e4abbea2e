/**
 * `hexforge init` writes the folder whole or not at all: a write failing partway (a full disk,
 * simulated by a writeFile that fails after some files) leaves neither a half game folder nor a
 * temporary one, and the folder that existed before keeps only what it held.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from './run-cli';

const disk = vi.hoisted(() => ({ writesLeft: Infinity, under: '' }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof FsPromises>();
  const writeFile: typeof fs.writeFile = async (file, ...rest) => {
    if (disk.under && String(file).startsWith(disk.under) && disk.writesLeft-- <= 0)
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    return fs.writeFile(file, ...rest);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexforge-init-whole-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  disk.writesLeft = Infinity;
  disk.under = '';
});

describe('hexforge init on a disk that fills up partway', () => {
  it('leaves no game folder, no temporary folder and no parent folder it made', async () => {
    const games = path.join(scratch, 'games');
    const folder = path.join(games, 'half');
    disk.under = scratch;
    disk.writesLeft = 3;
    const result = await runCli(['init', folder, '--from', 'demo']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error io/cannot-write: cannot write here (the disk is full)');
    expect(existsSync(games)).toBe(false);
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('into an existing folder (--force) writes none of the files, keeping what was there', async () => {
    const folder = path.join(scratch, 'existing');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'notes.txt'), 'mine');
    disk.under = scratch;
    disk.writesLeft = 3;
    const result = await runCli(['init', folder, '--from', 'blank', '--force']);
    expect(result.code).toBe(3);
    expect(readdirSync(folder)).toEqual(['notes.txt']);
  });

  it('with room enough writes every file', async () => {
    const folder = path.join(scratch, 'whole');
    disk.under = scratch;
    const result = await runCli(['init', folder, '--from', 'blank']);
    expect(result.code).toBe(0);
    expect(readdirSync(folder).sort()).toEqual(['game.json', 'map.json', 'terrain.json', 'tracks.json', 'units.csv']);
    expect(readdirSync(scratch).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});

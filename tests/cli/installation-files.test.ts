/**
 * A file of Hexforge's own installation that is missing (assets/ deleted, the fonts package gone) is a
 * broken installation: the command stops with install/unreadable-file naming the file and how to
 * restore it (exit 3), not an internal error with a stack trace.
 */
import path from 'node:path';
import type * as Fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { readInstalled } from '../../src/cli/installed-file';
import { runCli } from './run-cli';
import { tempDir } from '../temp-dir';

const gone = vi.hoisted(() => ({ suffix: '' }));

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof Fs>();
  const missing = (file: unknown) => {
    if (gone.suffix && String(file).endsWith(gone.suffix))
      throw Object.assign(new Error(`ENOENT: no such file or directory, scandir '${String(file)}'`), {
        code: 'ENOENT',
        syscall: 'scandir',
        path: String(file),
      });
  };
  const readdirSync = ((file: Fs.PathLike, ...rest: unknown[]) => {
    missing(file);
    return (fs.readdirSync as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync }, readdirSync };
});

const MINIMAL = path.join(__dirname, '..', 'fixtures', 'minimal');

afterEach(() => {
  gone.suffix = '';
});

describe("a missing file of Hexforge's installation", () => {
  it('build without the package assets/ folder: exit 3 with install/unreadable-file naming it, no stack trace', async () => {
    gone.suffix = `${path.sep}assets`;
    const r = await runCli([
      'build',
      MINIMAL,
      '--only',
      'bundle',
      '--quiet',
      '--force',
      '--out',
      path.join(tempDir('hexforge-no-assets-'), 'out'),
    ]);
    expect(r.stderr).toMatch(
      /assets: error install\/unreadable-file: Hexforge cannot read a file of its own installation \(it is missing\)/,
    );
    expect(r.stderr).toContain('hint: restore the file');
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).not.toContain('    at ');
    expect(r.code).toBe(EXIT.failed);
  });

  it('names the path the file system failed on, and lets a bug through as a bug', () => {
    const failure = Object.assign(new Error('EACCES'), { code: 'EACCES', syscall: 'open', path: '/x/assets/icc/p.icc' });
    expect(() =>
      readInstalled('/x/assets', () => {
        throw failure;
      }),
    ).toThrow(/^\/x\/assets\/icc\/p\.icc: error install\/unreadable-file: .*\(permission denied\)/);
    const bug = new TypeError('not a function');
    expect(() =>
      readInstalled('/x/assets', () => {
        throw bug;
      }),
    ).toThrow(bug);
  });
});

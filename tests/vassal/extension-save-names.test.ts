/**
 * A problem of a saved game the extension holds is named in the extension's file, where the save
 * is, by import, update and roundtrip with --base; one of the base module's saves, in the module's.
 * A base module given as an unzipped folder has its problems named by the folder's files.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { runCli } from '../cli/run-cli';
import { withTempDir } from './import-fixtures';
import { EXTRA, moduleAndExtension } from './save-heavy-extension';

const notAZip = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);
const NOT_A_SAVE = 'error vassal/save-not-zip';

/** The zip at `file` with its entry `name` replaced by `data`. */
async function replaceEntry(file: string, name: string, data: Uint8Array): Promise<void> {
  const entries = (await readZip(await readFile(file), { file, limits: readLimits() })).entries!;
  expect(entries.has(name)).toBe(true);
  await writeFile(
    file,
    await writeZip(
      [...entries].map(([entry, bytes]) => ({ path: entry, data: entry === name ? data : bytes })),
      0,
    ),
  );
}

/** The entries of the .vmod at `vmod` written as files of the folder `dir`. */
async function unzipTo(vmod: string, dir: string): Promise<void> {
  const { entries } = await readZip(await readFile(vmod), { file: vmod, limits: readLimits() });
  for (const [name, data] of entries!) {
    const file = path.join(dir, ...name.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }
}

/** Asserts the extension's broken save is named in the extension, never in the base module. */
function namesTheExtension(stderr: string, paths: { base: string; ext: string }): void {
  expect(stderr).toContain(`${paths.ext}!${EXTRA}: ${NOT_A_SAVE}`);
  expect(stderr).not.toContain(`${paths.base}!${EXTRA}`);
}

describe("an extension's own save that does not read is named in the extension", () => {
  it('by import --base and roundtrip --base', async () => {
    await withTempDir(async (dir) => {
      const paths = await moduleAndExtension(dir);
      await replaceEntry(paths.ext, EXTRA, notAZip);
      const imported = await runCli(['import', paths.ext, '--base', paths.base, '--out', path.join(dir, 'game')]);
      expect(imported.code).not.toBe(EXIT.ok);
      namesTheExtension(imported.stderr, paths);
      const roundtrip = await runCli(['roundtrip', paths.ext, '--base', paths.base]);
      expect(roundtrip.code).not.toBe(EXIT.ok);
      namesTheExtension(roundtrip.stderr, paths);
    });
  });

  it("by update --base, while a base module's save stays named in the module", async () => {
    await withTempDir(async (dir) => {
      const paths = await moduleAndExtension(dir);
      const game = path.join(dir, 'game');
      const imported = await runCli(['import', paths.ext, '--base', paths.base, '--out', game]);
      expect(imported.code, imported.stderr).toBe(EXIT.ok);
      await replaceEntry(paths.ext, EXTRA, notAZip);
      await replaceEntry(paths.base, 'Other.vsav', notAZip);
      const updated = await runCli(['update', paths.ext, game, '--base', paths.base, '--out', path.join(dir, 'updated.vmdx')]);
      expect(updated.code).not.toBe(EXIT.ok);
      namesTheExtension(updated.stderr, paths);
      expect(updated.stderr).toContain(`${paths.base}!Other.vsav: ${NOT_A_SAVE}`);
    });
  });

  it("by import with the base module as a folder, while a base module's save is named by the folder's file", async () => {
    await withTempDir(async (dir) => {
      const paths = await moduleAndExtension(dir, notAZip);
      const base = path.join(dir, 'base');
      await unzipTo(paths.base, base);
      await replaceEntry(paths.ext, EXTRA, notAZip);
      const imported = await runCli(['import', paths.ext, '--base', base, '--out', path.join(dir, 'game')]);
      expect(imported.code).not.toBe(EXIT.ok);
      namesTheExtension(imported.stderr, { ...paths, base });
      expect(imported.stderr).toContain(`${base}/Stray.vsav: ${NOT_A_SAVE}`);
      expect(existsSync(path.join(base, 'Stray.vsav'))).toBe(true);
      expect(imported.stderr).not.toContain('!Stray.vsav');
    });
  });
});

describe('a base module given as an unzipped folder', () => {
  it("has a problem of its buildFile named by the folder's file, as the extension's import reports it", async () => {
    await withTempDir(async (dir) => {
      const paths = await moduleAndExtension(dir);
      const base = path.join(dir, 'base');
      await unzipTo(paths.base, base);
      // The board states no size and has no picture: the import warns at the board's line.
      const buildFile = path.join(base, 'buildFile.xml');
      const xml = (await readFile(buildFile, 'utf8')).replace(' width="4000" height="3000"', '');
      await writeFile(buildFile, xml);
      const line = xml.split('\n').findIndex((text) => text.includes('<VASSAL.build.module.map.boardPicker.Board ')) + 1;
      expect(line).toBeGreaterThan(0);
      const imported = await runCli(['import', paths.ext, '--base', base, '--out', path.join(dir, 'game')]);
      expect(imported.code, imported.stderr).toBe(EXIT.ok);
      const warned = imported.stderr.split('\n').filter((text) => text.includes('warning vassal/board-size-unknown'));
      expect(warned).toHaveLength(1);
      expect(warned[0]!.trim().startsWith(`${buildFile}:${line}:`), warned[0]).toBe(true);
      expect(imported.stderr).not.toContain(`${base}!`);
    });
  });
});

/**
 * A rebuild of a folder imported from an extension with its base module builds the extension again
 * when a kept file its build reads has other bytes (a save of the extension or of the base module),
 * however the data files stand, and keeps it when nothing changed.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import sharp from 'sharp';
import { runCli } from '../cli/run-cli';
import { describeShared } from '../shared-dir';
import { importedExtension, OWN_PICTURE } from './extension-kit';
import { withTempDir } from './import-fixtures';
import { EXTRA, moduleAndExtension } from './save-heavy-extension';

const UNCHANGED = 'unchanged (no data file changed)';

async function importedFolder(dir: string): Promise<{ game: string; out: string; built: string }> {
  const { base, ext } = await moduleAndExtension(dir);
  const game = path.join(dir, 'game');
  const imported = await runCli(['import', ext, '--base', base, '--out', game]);
  expect(imported.code, imported.stderr).toBe(EXIT.ok);
  const out = path.join(dir, 'out');
  return { game, out, built: path.join(out, 'game', 'ext.vmdx') };
}

const build = (game: string, out: string) => runCli(['build', game, '--only', 'vassal', '--out', out]);

/** The entry `name` of the zip at `file`. */
async function entry(file: string, name: string): Promise<Uint8Array | undefined> {
  return (await readZip(await readFile(file), { file, limits: readLimits() })).entries?.get(name);
}

/** Where the folder keeps the extension's own save (under vassal/extension/, else with the module's entries). */
function keptExtraSave(game: string): string {
  const own = path.join(game, 'vassal', 'extension', EXTRA);
  return existsSync(own) ? own : path.join(game, 'vassal', 'module', EXTRA);
}

describe("a rebuild of an extension's folder", () => {
  it('with nothing changed keeps the extension as it was', async () => {
    await withTempDir(async (dir) => {
      const { game, out, built } = await importedFolder(dir);
      expect((await build(game, out)).code).toBe(EXIT.ok);
      const before = await readFile(built);
      const again = await build(game, out);
      expect(again.code, again.stderr).toBe(EXIT.ok);
      expect(again.stderr).toContain(UNCHANGED);
      expect(Buffer.compare(await readFile(built), before)).toBe(0);
    });
  });

  it("writes the extension's own save as the folder now keeps it", async () => {
    await withTempDir(async (dir) => {
      const { game, out, built } = await importedFolder(dir);
      expect((await build(game, out)).code).toBe(EXIT.ok);
      // Another save that reads: the base module's second setup, kept under vassal/module/.
      const other = await readFile(path.join(game, 'vassal', 'module', 'setup-1.vsav'));
      const extra = keptExtraSave(game);
      expect(Buffer.compare(await readFile(extra), other)).not.toBe(0);
      await writeFile(extra, other);
      const again = await build(game, out);
      expect(again.code, again.stderr).toBe(EXIT.ok);
      expect(again.stderr).not.toContain(UNCHANGED);
      expect(Buffer.compare(Buffer.from((await entry(built, EXTRA))!), other)).toBe(0);
    });
  });

  it("reports a base module's save that no longer reads, and writes nothing", async () => {
    await withTempDir(async (dir) => {
      const { game, out, built } = await importedFolder(dir);
      expect((await build(game, out)).code).toBe(EXIT.ok);
      await writeFile(path.join(game, 'vassal', 'module', 'Other.vsav'), 'not a zip');
      const again = await build(game, out);
      expect(again.code).not.toBe(EXIT.ok);
      expect(again.stderr).toContain('vassal/save-not-zip');
      expect(again.stderr).toContain('Other.vsav');
      // The failed build leaves the folder marked incomplete; restoring nothing, a third build fails again.
      expect((await build(game, out)).stderr).not.toContain(UNCHANGED);
      expect(existsSync(built)).toBe(true);
    });
  });
});

describeShared("a rebuild of an extension's folder, a picture of the extension's own changed", () => {
  it('writes the picture as the folder now keeps it', async () => {
    await withTempDir(async (dir) => {
      const { game } = await importedExtension(dir);
      const out = path.join(dir, 'out');
      const built = path.join(out, 'game', 'Reinforcements.vmdx');
      expect((await build(game, out)).code).toBe(EXIT.ok);
      const entryName = `images/${OWN_PICTURE}`;
      const kept = [path.join(game, 'vassal', 'extension', entryName), path.join(game, 'vassal', 'module', entryName)].find((f) =>
        existsSync(f),
      )!;
      const other = await sharp(await readFile(kept))
        .negate()
        .png()
        .toBuffer();
      await writeFile(kept, other);
      const again = await build(game, out);
      expect(again.code, again.stderr).toBe(EXIT.ok);
      expect(again.stderr).not.toContain(UNCHANGED);
      expect(Buffer.compare(Buffer.from((await entry(built, entryName))!), other)).toBe(0);
    });
  });
});

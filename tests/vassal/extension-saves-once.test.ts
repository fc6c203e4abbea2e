/**
 * An extension read with its base module decodes each of the module's saved games once: `import
 * --base` and `roundtrip --base` read the setups' saves as the import uses them and check the others
 * before anything is written (the round trip's copy of the extension's saves, the same bytes, is not
 * decoded again); a save that does not read still refuses the module, nothing written.
 * `build` of the folder imported from them decodes each save once too, as it patches it.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { csvText } from '../../src/vassal/import/csv';
import { runCli } from '../cli/run-cli';
import { withTempDir } from './import-fixtures';
import { decoded, decodings } from './saved-game-decodings';
import { BASE_SAVES, EXTRA, moduleAndExtension as writeModuleAndExtension, RESERVE } from './save-heavy-extension';
import { csvRows } from './update-edit';

vi.mock('../../src/vassal/reader/saved-game', async (original) => (await import('./saved-game-decodings')).countingSavedGame(original));

/** The module and extension, nothing decoded yet. */
async function moduleAndExtension(dir: string, stray?: Uint8Array): Promise<{ base: string; ext: string }> {
  const written = await writeModuleAndExtension(dir, stray);
  decoded.length = 0;
  return written;
}

const noise = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);

describe('an extension with its base decodes each saved game once', () => {
  it('import --base: the setups as the import reads them, the other save when the saves are checked', async () => {
    await withTempDir(async (dir) => {
      const { base, ext } = await moduleAndExtension(dir);
      const run = await runCli(['import', ext, '--base', base, '--out', path.join(dir, 'game')]);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect(decoded.sort()).toEqual([EXTRA, ...BASE_SAVES].sort());
    });
  });

  it('import --base: a save that does not read refuses the module, naming it, and nothing is written', async () => {
    await withTempDir(async (dir) => {
      const { base, ext } = await moduleAndExtension(dir, noise);
      const out = path.join(dir, 'game');
      const run = await runCli(['import', ext, '--base', base, '--out', out]);
      expect(run.code).not.toBe(EXIT.ok);
      expect(run.stderr).toContain(`${base}!Stray.vsav: error vassal/save-not-zip`);
      expect(run.stderr).toContain(`${ext}: not imported`);
      expect(existsSync(out)).toBe(false);
      expect(decoded.sort()).toEqual([EXTRA, ...BASE_SAVES, 'Stray.vsav'].sort());
    });
  });

  it("build of the folder imported from them: each save once, as the change to the extension's counter is carried into it", async () => {
    await withTempDir(async (dir) => {
      const { base, ext } = await moduleAndExtension(dir);
      const game = path.join(dir, 'game');
      const imported = await runCli(['import', ext, '--base', base, '--out', game]);
      expect(imported.code, imported.stderr).toBe(EXIT.ok);
      const csv = path.join(game, 'units.csv');
      const { header, rows } = csvRows(await readFile(csv, 'utf8'));
      const reserve = rows.filter((row) => row.name === RESERVE);
      expect(reserve.map((row) => row.value1)).toEqual(['6']);
      reserve[0].value1 = '7';
      await writeFile(csv, csvText(header, rows));
      decoded.length = 0;
      const run = await runCli(['build', game, '--only', 'vassal', '--out', path.join(dir, 'out')]);
      expect(run.code, run.stderr).toBe(EXIT.ok);
      expect(run.stdout + run.stderr).toMatch(/1 change\(s\) in [1-9]/);
      expect(existsSync(path.join(dir, 'out', 'game', 'ext.vmdx'))).toBe(true);
      expect(decoded.sort()).toEqual([EXTRA, ...BASE_SAVES].sort());
    });
  });

  it("roundtrip --base: each save once, the extension's own too (its copy, written back with the same bytes, is not decoded again)", async () => {
    await withTempDir(async (dir) => {
      const { base, ext } = await moduleAndExtension(dir);
      const run = await runCli(['roundtrip', ext, '--base', base]);
      expect(run.code, run.stderr + run.stdout).toBe(EXIT.ok);
      expect(run.stdout).toContain(`${ext}: no difference`);
      expect(decoded.sort()).toEqual([EXTRA, ...BASE_SAVES].sort());
    });
  });

  it('roundtrip --base: a save that does not read refuses the module, naming it, and nothing is written', async () => {
    await withTempDir(async (dir) => {
      const { base, ext } = await moduleAndExtension(dir, noise);
      const out = path.join(dir, 'game');
      const vmdx = path.join(dir, 'copy.vmdx');
      const run = await runCli(['roundtrip', ext, '--base', base, '--out', out, '--vmod', vmdx]);
      expect(run.code).not.toBe(EXIT.ok);
      expect(run.stderr).toContain(`${base}!Stray.vsav: error vassal/save-not-zip`);
      expect(run.stderr).toContain(`${ext}: could not be read`);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(vmdx)).toBe(false);
      for (const entry of [...BASE_SAVES, 'Stray.vsav']) expect(decodings(entry), entry).toBe(1);
    });
  });
});

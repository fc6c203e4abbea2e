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
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { csvText } from '../../src/vassal/import/csv';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import type * as savedGame from '../../src/vassal/reader/saved-game';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { runCli } from '../cli/run-cli';
import { writeExtension } from './extension-kit';
import { withTempDir } from './import-fixtures';
import { csvRows } from './update-edit';

/** The entry each save was decoded as, once per decoding: read whole, or its command string alone. */
const decoded: string[] = [];
const entryOf = (file: string) => file.slice(file.indexOf('!') + 1);
vi.mock('../../src/vassal/reader/saved-game', async (original) => {
  const actual = await original<typeof savedGame>();
  return {
    ...actual,
    readSavedGame: (...args: Parameters<typeof actual.readSavedGame>) => {
      decoded.push(entryOf(args[1].file));
      return actual.readSavedGame(...args);
    },
    decodeSavedGameBytes: (...args: Parameters<typeof actual.decodeSavedGameBytes>) => {
      decoded.push(entryOf(args[1]));
      return actual.decodeSavedGameBytes(...args);
    },
  };
});
afterEach(() => {
  decoded.length = 0;
});

const limits = readLimits();
const EXTRA = 'Extra.vsav';
const RESERVE = 'Reserve_6-3';
const decodings = (entry: string) => decoded.filter((name) => name === entry).length;

/**
 * The save-heavy module (two setups), with a save no setup names and `stray`, and an extension of it
 * adding a setup whose save (a copy of the first) it holds.
 */
async function moduleAndExtension(dir: string, stray?: Uint8Array): Promise<{ base: string; ext: string }> {
  const entries = new Map((await readZip(await saveHeavyModule({ saves: 2, pieces: 24 }), { file: 'm.vmod', limits })).entries);
  entries.set('Other.vsav', entries.get('setup-0.vsav')!);
  if (stray) entries.set('Stray.vsav', stray);
  const base = path.join(dir, 'base.vmod');
  await writeFile(
    base,
    await writeZip(
      [...entries].map(([entry, data]) => ({ path: entry, data })),
      0,
    ),
  );
  const copied = path.join(dir, 'copied.vsav');
  await writeFile(copied, entries.get('setup-0.vsav')!);
  const ext = path.join(dir, 'ext.vmdx');
  const setup = `<VASSAL.build.module.PredefinedSetup file="${EXTRA}" isMenu="false" name="Extra" useFile="true"/>`;
  // A counter of the extension's own, in its palette and at the start of a game, in the save-heavy module's form: its name carries its values.
  const piece = `+/null/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;${RESERVE}.png;${RESERVE}/\t\\\tnull;0;0;e5a:0;0`;
  const slot = `<VASSAL.build.widget.PieceSlot entryName="${RESERVE}" gpid="e5a:0" height="64" width="64">${piece}</VASSAL.build.widget.PieceSlot>`;
  const palette = `<VASSAL.build.widget.ListWidget entryName="Blue reserves">${slot}</VASSAL.build.widget.ListWidget>`;
  const stack = `<VASSAL.build.module.map.SetupStack name="Reserve" owningBoard="Board" useGridLocation="false" x="200" y="200">${slot}</VASSAL.build.module.map.SetupStack>`;
  await writeExtension(ext, {
    module: 'SaveHeavy',
    moduleVersion: '1.0',
    grafts: [
      { target: '', xml: setup },
      { target: 'VASSAL.build.module.PieceWindow:Counters/VASSAL.build.widget.TabWidget:Counters', xml: palette },
      { target: 'VASSAL.build.module.Map:Main Map', xml: stack },
    ],
    copies: { [EXTRA]: copied },
  });
  decoded.length = 0;
  return { base, ext };
}

const BASE_SAVES = ['Other.vsav', 'setup-0.vsav', 'setup-1.vsav'];
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

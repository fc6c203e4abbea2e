/**
 * `build` of a folder imported from an extension with its base module says what `update` says of
 * the same extension and module: a save that does not read fails the output, with every save's
 * problems, as it makes update write nothing; saves with warnings only let both through.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes';
import { csvText } from '../../src/vassal/import/csv';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { runCli } from '../cli/run-cli';
import { withTempDir } from './import-fixtures';
import { EXTRA, moduleAndExtension, RESERVE } from './save-heavy-extension';
import { csvRows } from './update-edit';

/** A !VCSK save whose obfuscated text ends in a character that is no hex digit: it reads, with a warning. */
async function saveWithWarning(): Promise<Uint8Array> {
  const text = `!VCSK5a${Buffer.from(new TextEncoder().encode('begin_save').map((b) => b ^ 0x5a)).toString('hex')}z`;
  return savedGameArchive(text, { name: 'SaveHeavy', version: '1.0', description: '', dateSaved: 0 }, 'warned', 0);
}

const notAZip = new Uint8Array(512).map((_, i) => (i * 7919 + 13) % 251);

/**
 * Each problem printed, as `severity code: message`, the files of `named` (update's module and
 * extension, build's folder) named as they map.
 */
function problems(printed: string, named: Record<string, string>): string[] {
  const lines = printed.split('\n').flatMap((line) => /^ {2}\S.*?: ((?:error|warning|info) [\w/-]+: .*)$/.exec(line)?.[1] ?? []);
  return lines.map((line) => Object.entries(named).reduce((text, [file, name]) => text.replaceAll(file, name), line)).sort();
}

/** The files the problems printed name. */
function namedFiles(printed: string): string[] {
  return [...new Set(printed.split('\n').flatMap((line) => /^ {2}(\S.*?): (?:error|warning|info) [\w/-]+: /.exec(line)?.[1] ?? []))];
}

/** The module, the extension and the folder imported from them, its extension's counter given another value. */
async function editedImport(dir: string): Promise<{ base: string; ext: string; game: string }> {
  const { base, ext } = await moduleAndExtension(dir, await saveWithWarning());
  const game = path.join(dir, 'game');
  const imported = await runCli(['import', ext, '--base', base, '--out', game]);
  expect(imported.code, imported.stderr).toBe(EXIT.ok);
  expect(imported.stderr).toContain(`${base}!Stray.vsav: warning vassal/save-bad-obfuscation`);
  const csv = path.join(game, 'units.csv');
  const { header, rows } = csvRows(await readFile(csv, 'utf8'));
  for (const row of rows) if (row.name === RESERVE) row.value1 = '7';
  await writeFile(csv, csvText(header, rows));
  return { base, ext, game };
}

/** The extension's own save replaced, in the extension and where the folder keeps it. */
async function replaceExtensionSave(ext: string, game: string, data: Uint8Array): Promise<void> {
  const entries = (await readZip(await readFile(ext), { file: ext, limits: readLimits() })).entries!;
  await writeFile(
    ext,
    await writeZip(
      [...entries].map(([name, bytes]) => ({ path: name, data: name === EXTRA ? data : bytes })),
      1767225600,
    ),
  );
  const kept = ['module', 'extension'].map((dir) => path.join(game, 'vassal', dir, EXTRA)).filter((file) => existsSync(file));
  expect(kept.length).toBeGreaterThan(0);
  for (const file of kept) await writeFile(file, data);
}

async function updateAndBuild(dir: string, paths: { base: string; ext: string; game: string }, name: string) {
  const updated = path.join(dir, `${name}.vmdx`);
  const update = await runCli(['update', paths.ext, paths.game, '--base', paths.base, '--out', updated]);
  const out = path.join(dir, `${name}-build`);
  const kept = `${paths.game}/vassal/module`;
  const build = await runCli(['build', paths.game, '--only', 'vassal', '--out', out]);
  return {
    update: {
      ok: update.code === EXIT.ok,
      written: existsSync(updated),
      problems: problems(update.stderr, { [paths.ext]: '<extension>', [paths.base]: '<module>' }),
    },
    build: {
      ok: build.code === EXIT.ok,
      written: existsSync(path.join(out, 'game', 'ext.vmdx')),
      // The build names every save, the extension's too, by the file of the folder it read.
      problems: problems(build.stderr, { [`${kept}/${EXTRA}`]: `<extension>!${EXTRA}`, [`${kept}/`]: '<module>!' }),
      files: namedFiles(build.stderr),
    },
  };
}

describe("build of an extension's folder reports its saves' problems as update does", () => {
  it('a save with a warning only: both carry the change and say the same (the import said it)', async () => {
    await withTempDir(async (dir) => {
      const paths = await editedImport(dir);
      const { update, build } = await updateAndBuild(dir, paths, 'warned');
      expect(update).toMatchObject({ ok: true, written: true });
      expect(update.problems).toContainEqual(expect.stringMatching(/^warning update\/name-carries-value: /));
      expect(build).toMatchObject({ ok: true, written: true, problems: update.problems });
    });
  });

  it('a save that does not read: the build fails with the problems update refuses the extension for, nothing written', async () => {
    await withTempDir(async (dir) => {
      const paths = await editedImport(dir);
      await replaceExtensionSave(paths.ext, paths.game, notAZip);
      const { update, build } = await updateAndBuild(dir, paths, 'broken');
      expect(update).toMatchObject({ ok: false, written: false });
      expect(update.problems).toContain(
        'error vassal/save-not-zip: <extension>!Extra.vsav: not a saved game (a .vsav is a ZIP archive holding "savedGame")',
      );
      expect(update.problems).toContain(
        'warning vassal/save-bad-obfuscation: <module>!Stray.vsav: the !VCSK-obfuscated save holds characters that are not hex digits',
      );
      expect(build).toMatchObject({ ok: false, written: false, problems: update.problems });
      // Each save is named by a file the user finds in the folder, not by an archive entry of it.
      const saves = ['Extra.vsav', 'Stray.vsav'].map((name) => `${paths.game}/vassal/module/${name}`);
      expect(build.files.sort()).toEqual(saves);
      for (const file of saves) expect(existsSync(file), file).toBe(true);
    });
  });
});

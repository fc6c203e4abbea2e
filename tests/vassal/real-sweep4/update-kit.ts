/** A buildFile written as a .vmod, imported to a game folder, one units.csv cell edited, and the update's output and report. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { updateCommand } from '../../../src/cli/update';
import { importModule } from '../../../src/vassal/import/import-module';
import { writeGameFolder } from '../../../src/vassal/import/write-folder';
import { writeZip } from '../../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../../src/vassal/reader/index';

const limits = readLimits();

/** The module written in `dir` and its import beside it. */
export async function importedModule(dir: string, buildFile: string): Promise<{ vmod: string; game: string }> {
  const vmod = path.join(dir, 'module.vmod');
  await writeFile(vmod, await writeZip([{ path: 'buildFile.xml', data: buildFile }], 0));
  const module = (await readModule((await readZip(await readFile(vmod), { file: vmod, limits })).entries, { source: vmod, limits }))
    .module!;
  const game = path.join(dir, 'game');
  await writeGameFolder(game, (await importModule(module, { id: 'module' })).files);
  return { vmod, game };
}

/** units.csv with the one line `from` replaced by `to`. */
export async function editUnitsLine(game: string, from: string, to: string): Promise<void> {
  const file = path.join(game, 'units.csv');
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain(`${from}\n`);
  await writeFile(file, csv.replace(`${from}\n`, `${to}\n`));
}

/** The update of `vmod` from `game`: its report lines and the new buildFile's text. */
export async function updated(vmod: string, game: string): Promise<{ lines: string[]; xml: string }> {
  const lines: string[] = [];
  const out = path.join(path.dirname(vmod), 'updated.vmod');
  const ok = await updateCommand(
    vmod,
    game,
    { out, limits, json: false },
    { out: (s) => lines.push(s), err: (s) => lines.push(s), color: false },
  );
  expect(ok, lines.join('\n')).toBe(true);
  const xml = new TextDecoder().decode((await readZip(await readFile(out), { file: out, limits })).entries.get('buildFile.xml'));
  return { lines, xml };
}

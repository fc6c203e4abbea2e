/**
 * Stable conversions: importing the module Hexforge builds from an imported folder gives back the
 * same game folder, file by file. Shared tier.
 *
 * Compared: every file the import writes outside vassal/ (game.json, map.json, terrain.json,
 * units.csv, counters.json, tracks.json, scenarios.json, tables.json, README.md), value by value
 * (JSON) or line by line (text), the files present included.
 *
 * Not compared: vassal/, the copy of the module that was imported and the record of where each
 * fact sits in it (its buildFile, saves, pictures, gpids, palette paths, trait carriers, digests);
 * the built module is another module by construction, so its record must differ.
 *
 * Masked: the imported module's release — its version and the VASSAL version that saved it — in
 * README.md, and README's count of pictures the module lacks. README names the module read, and a
 * module Hexforge builds is a new release, saved for VASSAL 3.6.19, holding every picture it names.
 * game.json's source is compared: the built module states its data's source (ModuleOther1), so the
 * second import names the module the data was first imported from. Every game fact stays compared.
 *
 * The scenarios keep how the module held their placements (scenarios.json `vassal`): at-start
 * stacks are built as at-start stacks again, with their names; a save keeps its entry name, and a
 * setup whose save the module lacked (placements unknown) names that save again. A table held as
 * an HTML page (tables.json `vassal`) is built as an HTML page showing its aid card.
 *
 * What is left (KNOWN): nothing on these fixtures; the list stays for differences found later.
 */
import { expect, it } from 'vitest';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { SIDECAR_DIR } from '../../src/vassal/import/sidecar';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleFrom } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeShared } from '../shared-dir';
import { FIXTURE_NAMES, KASSALA, MODULE_TEMPLATE, RAGNAROK, SAYDEN, TEMPLATE, TLD, fixture, withTempDir } from './import-fixtures';

const limits = readLimits();

async function twice(name: string): Promise<[ImportResult, ImportResult]> {
  const first = await importModule((await readModuleFrom(fixture(name), limits)).module!, { id: 'game' });
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits });
    return [first, await importModule(built.module!, { id: 'game' })];
  });
}

/** The source module's release as the import cites it (see above). */
function masked(file: string, text: string): string {
  if (file === 'README.md')
    return text
      .replace(/^(Imported from the VASSAL module ".*" version ).*( by `hexforge import`\.)$/m, '$1<release>$2')
      .replace(/\n\nThe module refers to \d+ image\(s\) it does not contain [^\n]*/, '');
  return text;
}

/** Each difference as "<file> <JSON path>: <first> → <second>" (text files: lines only one side has, in order). */
function differences(first: ImportResult, second: ImportResult): string[] {
  const out: string[] = [];
  const compared = (r: ImportResult) => [...r.files.keys()].filter((f) => !f.startsWith(`${SIDECAR_DIR}/`));
  for (const file of [...new Set([...compared(first), ...compared(second)])].sort()) {
    const [a, b] = [first.files.get(file), second.files.get(file)];
    if (typeof a !== 'string' || typeof b !== 'string') {
      if (a === undefined || b === undefined || Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0)
        out.push(`${file}: ${a === undefined ? 'only in the second' : b === undefined ? 'only in the first' : 'bytes differ'}`);
      continue;
    }
    const [ma, mb] = [masked(file, a), masked(file, b)];
    if (file.endsWith('.json')) walk(JSON.parse(ma), JSON.parse(mb), file, out);
    else if (ma !== mb) {
      const [la, lb] = [ma.split('\n'), mb.split('\n')];
      if (la.length !== lb.length || la.some((l, i) => l !== lb[i]))
        out.push(
          `${file}: ${la
            .filter((l, i) => l !== lb[i])
            .slice(0, 3)
            .join(' | ')} → ${lb
            .filter((l, i) => l !== la[i])
            .slice(0, 3)
            .join(' | ')}`,
        );
    }
  }
  return out;
}

function walk(a: unknown, b: unknown, at: string, out: string[]): void {
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const [ra, rb] = [a as Record<string, unknown>, b as Record<string, unknown>];
    for (const key of new Set([...Object.keys(ra), ...Object.keys(rb)])) walk(ra[key], rb[key], `${at} ${key}`, out);
    return;
  }
  out.push(`${at}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
}

/** What is left per fixture (see above): the paths of the differences, each checked by name. */
const KNOWN: Record<string, readonly RegExp[]> = {
  [KASSALA]: [],
  [RAGNAROK]: [],
  [TEMPLATE]: [],
  [TLD]: [],
  [SAYDEN]: [],
  [MODULE_TEMPLATE]: [],
};

describeShared('import(build(import(M))) against import(M)', () => {
  it.each(FIXTURE_NAMES)('%s: the same game folder, but for the known differences', async (name) => {
    const [first, second] = await twice(name);
    const found = differences(first, second);
    const known = KNOWN[name] ?? [];
    expect(found.filter((d) => !known.some((k) => k.test(d)))).toEqual([]);
    // Each known difference is still there (a fixed one is taken off the list).
    for (const k of known)
      expect(
        found.some((d) => k.test(d)),
        String(k),
      ).toBe(true);
  });
});

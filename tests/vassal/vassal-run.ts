/** The VASSAL tier's common steps: a module's entries zipped to a .vmod, and VASSAL's report on it (loaded, not crashed, in time). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { locateVassal } from '../../src/vassal/harness/locate';
import type { HarnessReport, SetupPiece } from '../../src/vassal/harness/report';
import { runHarness } from '../../src/vassal/harness/run';
import { writeZip } from '../../src/vassal/module/zip';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../scripts/built-module';
import { importEntries } from './rebuild-kit';
import { withTempDir } from './import-fixtures';
import { SHARED_VASSAL } from '../vassal-tier';

/** VASSAL's report of `vmod` (with `extensions` loaded, each piece with the values of `properties`), which must load without an error, in time. */
export async function vassalReport(vmod: string, extensions: string[] = [], properties: string[] = []): Promise<HarnessReport> {
  const runtime = locateVassal(SHARED_VASSAL);
  if (!runtime.ok) throw new Error(runtime.message);
  const run = await runHarness(vmod, runtime.value, {
    timeLimit: 240,
    ...(extensions.length > 0 ? { extensions } : {}),
    ...(properties.length > 0 ? { properties } : {}),
  });
  if (!run.ok) throw new Error(`${vmod}: ${run.message}\n${run.hint}`);
  const report = run.value.report;
  expect(report.loadError ?? report.crash ?? null, vmod).toBeNull();
  expect(report.timedOut ?? false, vmod).toBe(false);
  return report;
}

/** Writes the entries as a .vmod. */
export async function zipped(file: string, entries: Map<string, Uint8Array>): Promise<void> {
  await writeFile(
    file,
    await writeZip(
      [...entries].map(([entry, data]) => ({ path: entry, data })),
      0,
    ),
  );
}

/** The two ways a module holds a setup, for it.each: at-start stacks (File > New Game) and a saved game. */
export const SETUP_KINDS: Array<[string, boolean]> = [
  ['at-start stacks', true],
  ['a saved game', false],
];

/**
 * The pieces VASSAL places from a module (its entries) and from the module built from its import
 * under the game id `id`: File > New Game's with `atStart`, else the first setup's; and VASSAL's
 * validation report on the built module.
 */
export async function placedBeforeAndAfter(
  entries: Map<string, Uint8Array>,
  id: string,
  atStart: boolean,
): Promise<{
  before: SetupPiece[];
  after: SetupPiece[];
  validation: HarnessReport['validation'];
  decks: { before: HarnessReport['atStartDecks']; after: HarnessReport['atStartDecks'] };
}> {
  return withTempDir(async (dir) => {
    const original = path.join(dir, 'original.vmod');
    await zipped(original, entries);
    await writeGameFolder(path.join(dir, 'game'), (await importEntries(entries, id)).files);
    const built = path.join(dir, 'built.vmod');
    await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
    const pieces = (r: HarnessReport) => (atStart ? r.atStart! : r.setups![0].pieces);
    const [before, after] = [await vassalReport(original), await vassalReport(built)];
    const decks = { before: before.atStartDecks, after: after.atStartDecks };
    return { before: pieces(before), after: pieces(after), validation: after.validation, decks };
  });
}

/**
 * Each piece as "name: where", sorted: a unit of `inHex` by the location VASSAL names (a built
 * module draws its own map, with its own hex centres), any other by `where` of its map and its map
 * pixel less the map's edge (`edges`, none when absent).
 */
export function placedLines(
  pieces: readonly SetupPiece[],
  inHex: ReadonlySet<string>,
  edges: Record<string, { x: number; y: number }>,
  where: (p: SetupPiece, x: number, y: number) => string,
): string[] {
  return pieces
    .map((p) => `${p.name}: ${inHex.has(p.name) ? p.location : where(p, p.x - (edges[p.map]?.x ?? 0), p.y - (edges[p.map]?.y ?? 0))}`)
    .sort();
}

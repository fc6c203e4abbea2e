/**
 * `hexforge build <gameDir...>`: validates each game, then runs the generators into out/<game>/.
 * A rebuild with no data file changed stops here (unchanged-build.ts); the rest of the build
 * (build-outputs.ts) is loaded only when there is something to build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { OUTPUT_IDS, OUTPUT_NEEDS } from '../pipeline/output-ids';
import type { BuildOptions, GameBuild } from './build-types';
export type { BuildOptions, GameBuild } from './build-types';
import { plainReporter, silentReporter, ttyReporter, type Reporter } from '../pipeline/reporter';
import { INCOMPLETE_MARKER, unchangedBuild } from './build-cache';
import { extensionScope } from './build-extension';
import { codeStamp } from './code-stamp';
import { ExitError, EXIT } from './exit-codes';
import type { Output } from './io';
import { defaultOutDir } from './package-root';
import { printDiagnostics } from './print-diagnostics';
import { declaredGameId, filesUnchanged, sourcesKey } from './unchanged-build';

export { INCOMPLETE_MARKER };

/** The outputs `--only` names (all when absent), in build order. */
export function selectOutputs(only: string | undefined): string[] {
  if (only === undefined) return [...OUTPUT_IDS];
  const wanted = only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // An empty list (`--only "$OUTPUTS"` with nothing in it) is a mistake, not a request for everything.
  if (wanted.length === 0)
    throw new ExitError(EXIT.usage, `--only names no output; choose from ${OUTPUT_IDS.join(', ')}, or leave --only out to build all`);
  const unknown = wanted.filter((w) => !(OUTPUT_IDS as readonly string[]).includes(w));
  if (unknown.length > 0) {
    throw new ExitError(
      EXIT.usage,
      `unknown output ${unknown.map((u) => `"${u}"`).join(', ')} for --only; choose from ${OUTPUT_IDS.join(', ')}`,
    );
  }
  // An output collecting other outputs' files needs them built in the same build.
  const selected = new Set(wanted);
  for (const id of wanted) for (const need of OUTPUT_NEEDS[id] ?? []) selected.add(need);
  return OUTPUT_IDS.filter((id) => selected.has(id));
}

export function sourceDateEpoch(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return 0;
  if (!/^\d+$/.test(raw)) throw new ExitError(EXIT.usage, `SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${raw}"`);
  return Number(raw);
}

/** What one game's build did: which outputs were built again, which were reused, which failed. */
/** Returns whether every game built without errors. */
export async function buildCommand(dirs: string[], options: BuildOptions, io: Output): Promise<boolean> {
  const builds = await buildGames(dirs, options, io);
  return builds.every((b) => b !== undefined && b.failed.length === 0);
}

/** Builds each game; undefined for a game that did not validate. */
export async function buildGames(dirs: string[], options: BuildOptions, io: Output): Promise<Array<GameBuild | undefined>> {
  const ids = selectOutputs(options.only);
  const epoch = sourceDateEpoch();
  const reporter: Reporter =
    options.quiet || options.json
      ? silentReporter
      : process.stderr.isTTY && !process.env.CI
        ? ttyReporter(process.stderr)
        : plainReporter(io.err);
  const builds: Array<GameBuild | undefined> = [];
  for (const dir of dirs) builds.push(await buildGame(dir, ids, epoch, reporter, options, io));
  return builds;
}

async function buildGame(
  dir: string,
  ids: string[],
  epoch: number,
  reporter: Reporter,
  options: BuildOptions,
  io: Output,
): Promise<GameBuild | undefined> {
  const settings = options.settings ?? {};
  const scope = await extensionScope(dir, { codeStamp: codeStamp(), epoch });
  const key = await sourcesKey(dir, settings, ids, scope);
  if (key && !options.force) {
    const skipped = await skipUnchanged(dir, key, ids, reporter, options, io);
    if (skipped) return skipped;
  }
  return (await import('./build-outputs')).buildOutputs(dir, ids, key, scope, reporter, options, io);
}

/**
 * A build whose sources are unchanged since the last successful one (unchanged-build.ts): prints
 * what that build printed and keeps every output, without reading the game. Undefined otherwise.
 */
async function skipUnchanged(
  dir: string,
  key: string,
  ids: string[],
  reporter: Reporter,
  options: BuildOptions,
  io: Output,
): Promise<GameBuild | undefined> {
  const id = await declaredGameId(dir);
  if (!id) return undefined;
  const outDir = path.join(options.out ?? defaultOutDir(dir), id);
  if (existsSync(path.join(outDir, INCOMPLETE_MARKER))) return undefined;
  const report = await unchangedBuild(outDir, key, ids);
  if (!report || !(await filesUnchanged(dir, { ...report.pictures, ...report.kept }))) return undefined;
  printDiagnostics(report.load, options, io);
  for (const output of ids) reporter.finish(id, output, 'unchanged (no data file changed)');
  printDiagnostics(report.outputs, options, io);
  if (options.json) io.out(JSON.stringify({ game: id, written: [], reused: ids, failed: [] }));
  return { game: id, built: [], reused: ids, failed: [], drawn: {} };
}

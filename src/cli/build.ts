/** `hexforge build <gameDir...>`: validates each game, then runs the generators into out/<game>/. */
import path from 'node:path';
import { hasErrors } from '../diagnostics';
import { GENERATORS } from '../pipeline/registry';
import { runGenerators } from '../pipeline/pipeline';
import { plainReporter, silentReporter, ttyReporter, type Reporter } from '../pipeline/reporter';
import type { Artifact, Generator } from '../pipeline/generator';
import { ExitError, EXIT } from './exit-codes';
import { formatDiagnostics, diagnosticsAsJsonLines, summary } from './format-diagnostics';
import { removeStaleTemps, sourceLineReader, writeFileAtomic, writeFileIfChanged, type Output } from './io';
import { readFile, rm } from 'node:fs/promises';

/** Present in an out folder while a build writes it (or after a build that was killed or failed). */
export const INCOMPLETE_MARKER = 'BUILD-INCOMPLETE.txt';
import { loadGame } from './load-game';
import { defaultOutDir } from './package-root';
import { placeDiagnostic } from '../data/place-diagnostics';
import { FILE_NAMES } from '../data/parse-game';
import { loadFonts } from '../assets/fonts';
import { openBuildCache } from './build-cache';
import { codeStamp } from './code-stamp';

export interface BuildOptions {
  only?: string;
  /** Output folder; default out/ beside each game folder's parent. */
  out?: string;
  json?: boolean;
  quiet?: boolean;
  settings?: Record<string, string | boolean | number | undefined>;
  /** Build every output again, ignoring what the last build recorded. */
  force?: boolean;
}

export function selectGenerators(only: string | undefined): Generator[] {
  if (!only) return [...GENERATORS];
  const wanted = only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = new Map(GENERATORS.map((g) => [g.id, g]));
  const unknown = wanted.filter((w) => !known.has(w));
  if (unknown.length > 0) {
    throw new ExitError(
      EXIT.usage,
      `unknown output ${unknown.map((u) => `"${u}"`).join(', ')} for --only; choose from ${GENERATORS.map((g) => g.id).join(', ')}`,
    );
  }
  // An output collecting other outputs' files needs them built in the same build.
  const selected = new Set(wanted);
  for (const g of [...GENERATORS].reverse()) if (selected.has(g.id)) for (const id of g.reads.outputs ?? []) selected.add(id);
  return GENERATORS.filter((g) => selected.has(g.id));
}

export function sourceDateEpoch(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return 0;
  if (!/^\d+$/.test(raw)) throw new ExitError(EXIT.usage, `SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${raw}"`);
  return Number(raw);
}

/** What one game's build did: which outputs were built again, which were reused, which failed. */
export interface GameBuild {
  game: string;
  built: string[];
  reused: string[];
  failed: string[];
}

/** Returns whether every game built without errors. */
export async function buildCommand(dirs: string[], options: BuildOptions, io: Output): Promise<boolean> {
  const builds = await buildGames(dirs, options, io);
  return builds.every((b) => b !== undefined && b.failed.length === 0);
}

/** Builds each game; undefined for a game that did not validate. */
export async function buildGames(dirs: string[], options: BuildOptions, io: Output): Promise<Array<GameBuild | undefined>> {
  const generators = selectGenerators(options.only);
  const epoch = sourceDateEpoch();
  const reporter: Reporter =
    options.quiet || options.json
      ? silentReporter
      : process.stderr.isTTY && !process.env.CI
        ? ttyReporter(process.stderr)
        : plainReporter(io.err);
  const builds: Array<GameBuild | undefined> = [];
  for (const dir of dirs) builds.push(await buildGame(dir, generators, epoch, reporter, options, io));
  return builds;
}

async function buildGame(
  dir: string,
  generators: Generator[],
  epoch: number,
  reporter: Reporter,
  options: BuildOptions,
  io: Output,
): Promise<GameBuild | undefined> {
  const { game, parsed, diagnostics } = await loadGame(dir);
  if (diagnostics.length > 0) {
    if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
    else io.err(formatDiagnostics(diagnostics, sourceLineReader(), io.color));
  }
  if (!game || hasErrors(diagnostics)) {
    if (!options.json) io.err(`${dir}: ${summary(diagnostics)}; not built`);
    return undefined;
  }
  const outDir = path.join(options.out ?? defaultOutDir(dir), game.id);
  // A killed build leaves temporary files (cleaned here) and a folder mixing two builds: the
  // marker says so until every output of this build is in place.
  await removeStaleTemps(outDir, 3);
  const marker = path.join(outDir, INCOMPLETE_MARKER);
  await writeFileAtomic(
    marker,
    `A build of ${game.id} started here and has not finished: the files in this folder may come from different builds.\nRun the build again.\n`,
  );
  const write = async (artifacts: Artifact[]) => {
    const written: string[] = [];
    for (const artifact of [...artifacts].sort((a, b) => a.path.localeCompare(b.path))) {
      const file = path.join(outDir, ...artifact.path.split('/'));
      await writeFileIfChanged(file, artifact.data);
      written.push(file);
    }
    return written;
  };
  const settings = options.settings ?? {};
  const cache = await openBuildCache(outDir, game, settings, { codeStamp: codeStamp(), epoch }, options.force ?? false);
  const readOutput = (file: string) => readFile(path.join(outDir, ...file.split('/')));
  const result = await runGenerators(game, generators, { epoch, settings }, loadFonts, reporter, write, cache, readOutput);
  await cache.save();
  result.diagnostics = result.diagnostics.map((d) => placeDiagnostic(d, parsed!, (kind) => path.join(dir, FILE_NAMES[kind])));
  if (result.diagnostics.length > 0) {
    if (options.json) io.out(diagnosticsAsJsonLines(result.diagnostics));
    else io.err(formatDiagnostics(result.diagnostics, sourceLineReader(), io.color));
  }
  if (options.json) io.out(JSON.stringify({ game: game.id, written: result.written, reused: result.reused, failed: result.failed }));
  if (result.failed.length === 0) await rm(marker, { force: true });
  const built = generators.map((g) => g.id).filter((id) => !result.reused.includes(id) && !result.failed.includes(id));
  return { game: game.id, built, reused: result.reused, failed: result.failed };
}

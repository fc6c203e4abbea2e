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
import { rm } from 'node:fs/promises';

/** Present in an out folder while a build writes it (or after a build that was killed or failed). */
export const INCOMPLETE_MARKER = 'BUILD-INCOMPLETE.txt';
import { loadGame } from './load-game';
import { defaultOutDir } from './package-root';
import { placeDiagnostic } from '../data/place-diagnostics';
import { FILE_NAMES } from '../data/parse-game';
import { loadFonts } from '../assets/fonts';

export interface BuildOptions {
  only?: string;
  /** Output folder; default out/ beside each game folder's parent. */
  out?: string;
  json?: boolean;
  quiet?: boolean;
  settings?: Record<string, string | boolean | number | undefined>;
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
  return GENERATORS.filter((g) => wanted.includes(g.id));
}

export function sourceDateEpoch(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return 0;
  if (!/^\d+$/.test(raw)) throw new ExitError(EXIT.usage, `SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${raw}"`);
  return Number(raw);
}

/** Returns whether every game built without errors. */
export async function buildCommand(dirs: string[], options: BuildOptions, io: Output): Promise<boolean> {
  const generators = selectGenerators(options.only);
  const epoch = sourceDateEpoch();
  const reporter: Reporter =
    options.quiet || options.json
      ? silentReporter
      : process.stderr.isTTY && !process.env.CI
        ? ttyReporter(process.stderr)
        : plainReporter(io.err);
  let ok = true;
  for (const dir of dirs) {
    const { game, parsed, diagnostics } = await loadGame(dir);
    if (diagnostics.length > 0) {
      if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
      else io.err(formatDiagnostics(diagnostics, sourceLineReader(), io.color));
    }
    if (!game || hasErrors(diagnostics)) {
      ok = false;
      if (!options.json) io.err(`${dir}: ${summary(diagnostics)}; not built`);
      continue;
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
    const result = await runGenerators(game, generators, { epoch, settings: options.settings ?? {} }, loadFonts, reporter, write);
    result.diagnostics = result.diagnostics.map((d) => placeDiagnostic(d, parsed!, (kind) => path.join(dir, FILE_NAMES[kind])));
    if (result.diagnostics.length > 0) {
      if (options.json) io.out(diagnosticsAsJsonLines(result.diagnostics));
      else io.err(formatDiagnostics(result.diagnostics, sourceLineReader(), io.color));
    }
    if (options.json) io.out(JSON.stringify({ game: game.id, written: result.written, failed: result.failed }));
    if (result.failed.length > 0) ok = false;
    else await rm(marker, { force: true });
  }
  return ok;
}

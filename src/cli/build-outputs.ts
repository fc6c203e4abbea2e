/**
 * The part of `hexforge build` that reads the game and runs the generators, loaded only when a
 * build has something to do (a rebuild with no data file changed never loads the parsers, the
 * renderers or the PDF and image libraries).
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadFonts } from '../assets/fonts';
import { enableRasterPool } from '../render/raster-pool';
import { FILE_NAMES } from '../data/game-files';
import { placeDiagnostic } from '../data/place-diagnostics';
import { hasErrors } from '../diagnostics';
import type { Artifact } from '../pipeline/generator';
import { runGenerators } from '../pipeline/pipeline';
import { GENERATORS } from '../pipeline/registry';
import type { Reporter } from '../pipeline/reporter';
import type { DigestScope } from '../pipeline/inputs-digest';
import type { BuildOptions, GameBuild } from './build-types';
import { INCOMPLETE_MARKER, foundEarlierBuild, openBuildCache, previousSchemaPasses } from './build-cache';
import { optimiseOnlyLongRunningCode } from './build-tier-up';
import { keepsExtension } from './build-extension';
import { summary } from './format-diagnostics';
import { OutputError, removeStaleTemps, writeFileAtomic, type Output, shownPath } from './io';
import { favourMemoryForLargeScenarios } from './lean-heap';
import { loadGame } from './load-game';
import { defaultOutDir } from './package-root';
import { printDiagnostics } from './print-diagnostics';
import { keptSchemaVerdicts } from './schema-verdicts';

/** Loads, validates and builds one game's outputs `ids`; `key` is its sources key (unchanged-build.ts). */
export async function buildOutputs(
  dir: string,
  ids: readonly string[],
  key: string | undefined,
  scope: DigestScope,
  reporter: Reporter,
  options: BuildOptions,
  io: Output,
): Promise<GameBuild | undefined> {
  // Counter faces and aid cards go to worker threads when HEXFORGE_WORKERS asks for them.
  enableRasterPool();
  const settings = options.settings ?? {};
  const { epoch } = scope;
  let generators = GENERATORS.filter((g) => ids.includes(g.id));
  await favourMemoryForLargeScenarios(dir);
  // A rebuild runs most code briefly: optimising it costs more than it saves (build-tier-up.ts).
  if (!options.force && foundEarlierBuild()) optimiseOnlyLongRunningCode();
  // A forced build checks every file against its schema again.
  const verdicts = keptSchemaVerdicts(options.force ? [] : previousSchemaPasses(), scope.codeStamp);
  const { game, parsed, diagnostics } = await loadGame(dir, verdicts);
  printDiagnostics(diagnostics, options, io);
  if (!game || hasErrors(diagnostics)) {
    if (!options.json) io.err(`${shownPath(dir)}: ${summary(diagnostics)}; not built`);
    return undefined;
  }
  // A folder imported from an extension builds the extension alone, not a module duplicating its base.
  if (ids.includes('vassal') && keepsExtension(dir)) {
    // Loaded only here: reading a kept extension brings the module reader and updater along.
    const { extensionGenerator } = await import('./build-extension-output');
    const extension = await extensionGenerator(dir);
    generators = generators.map((g) => (g.id === 'vassal' ? extension : g));
  }
  const outDir = path.join(options.out ?? defaultOutDir(dir), game.id);
  // A killed build leaves temporary files (cleaned here) and a folder mixing two builds: the
  // marker says so until every output of this build is in place.
  await removeStaleTemps(outDir, 3);
  const marker = path.join(outDir, INCOMPLETE_MARKER);
  const markedBefore = existsSync(marker);
  await writeFileAtomic(
    marker,
    `A build of ${game.id} started here and has not finished: the files in this folder may come from different builds.\nRun the build again.\n`,
  ).catch((error: unknown) => {
    // The marker is the build's first write: a failure here is about the output folder, named as the user gave it.
    throw error instanceof OutputError ? new OutputError(options.out ?? outDir, error.failure) : error;
  });
  const cache = await openBuildCache(outDir, game, settings, scope, options.force ?? false);
  cache.setSchemaPasses(verdicts.passes());
  try {
    const write = async (artifacts: Artifact[]) => {
      const written: string[] = [];
      for (const artifact of [...artifacts].sort((a, b) => a.path.localeCompare(b.path))) {
        const file = path.join(outDir, ...artifact.path.split('/'));
        await cache.writeFile(file, artifact.data);
        written.push(file);
      }
      return written;
    };
    const readOutput = (file: string) => readFile(cache.current(path.join(outDir, ...file.split('/'))));
    const result = await runGenerators(game, generators, { epoch, settings }, loadFonts, reporter, write, cache, readOutput);
    result.diagnostics = result.diagnostics.map((d) => placeDiagnostic(d, parsed!, (kind) => path.join(dir, FILE_NAMES[kind])));
    if (key && result.failed.length === 0) {
      const pictures = Object.fromEntries(Object.values(game.art ?? {}).map((art) => [art.path, art.sha256]));
      const kept = Object.assign({}, ...generators.map((g) => g.keptFiles ?? {})) as Record<string, string>;
      cache.setReport({ key, load: diagnostics, outputs: result.diagnostics, pictures, ...(Object.keys(kept).length > 0 ? { kept } : {}) });
    }
    await cache.save();
    printDiagnostics(result.diagnostics, options, io);
    if (options.json) io.out(JSON.stringify({ game: game.id, written: result.written, reused: result.reused, failed: result.failed }));
    if (result.failed.length === 0) await rm(marker, { force: true });
    const built = ids.filter((id) => !result.reused.includes(id) && !result.failed.includes(id));
    return { game: game.id, built, reused: result.reused, failed: result.failed, drawn: result.drawn };
  } catch (error) {
    // Failed before saving, nothing of this build is in place (build-cache.ts): the folder holds the
    // last build's outputs as they were, and is marked only if it was before.
    if ((await cache.abandon()) && !markedBefore) await rm(marker, { force: true });
    throw error;
  }
}

/** Runs the selected generators on one resolved game and hands their files to a writer. */
import { hasErrors, type Diagnostic } from '../diagnostics';
import { artUses } from '../data/art-uses';
import { DamagedPicture } from '../data/image-header';
import type { Game } from '../model/game';
import { type ComponentPlan, buildComponentPlan, unitCounter } from '../plan';
import { type PaperSettings, paperSettings } from '../plan/paper';
import type { FontSet } from '../render/fonts';
import type { Artifact, Generator, GeneratorContext, GeneratorOptions, ImageCache } from './generator';
import { PAPER_READS, PLAN_READS, UNIT_COUNTER_READS, guardGame, guardSettings } from './reads';
import type { Reporter } from './reporter';
import { isDeclaredFile } from './output-files';

export interface PipelineResult {
  written: string[];
  /** Generators whose outputs were reused: nothing they read changed since the last build. */
  reused: string[];
  diagnostics: Diagnostic[];
  failed: string[];
  /** What each rebuilt output drew anew, where it tells (GeneratorResult.drawn). */
  drawn: Record<string, string>;
}

/** What the generators of one game's build share: the plan (built on first use) and memoised values. */
export interface BuildShared {
  plan(): ComponentPlan;
  paper(): PaperSettings;
  memo: GeneratorContext['memo'];
  forgetMemo(key: string): void;
}

export function buildShared(game: Game, options: GeneratorOptions): BuildShared {
  const memo = new Map<string, Promise<unknown>>();
  let plan: ComponentPlan | undefined;
  let paper: PaperSettings | undefined;
  const unitView = guardGame(game, UNIT_COUNTER_READS, "a unit's counter");
  return {
    // A bundle-only build never needs the plan, so it is built when first asked for.
    plan: () =>
      (plan ??= buildComponentPlan(
        guardGame(game, PLAN_READS, 'the component plan'),
        guardSettings(options.settings, PLAN_READS, 'the component plan'),
        (_, unit) => unitCounter(unitView, unit),
      )),
    paper: () =>
      (paper ??= paperSettings(
        guardGame(game, PAPER_READS, 'the paper settings'),
        guardSettings(options.settings, PAPER_READS, 'the paper settings'),
      ).paper),
    memo: <T>(key: string, compute: () => Promise<T>) => {
      if (!memo.has(key)) memo.set(key, compute());
      return memo.get(key) as Promise<T>;
    },
    forgetMemo: (key: string) => {
      memo.delete(key);
    },
  };
}

/** One generator's context, seeing only what `generator.reads` declares; the fonts come from the edge. */
export function generatorContext(
  generator: Generator,
  game: Game,
  options: GeneratorOptions,
  shared: BuildShared,
  loadFonts: () => FontSet,
  progress: GeneratorContext['progress'] = () => {},
  stores: Pick<GeneratorContext, 'images' | 'sheets' | 'pieces'> = {},
  readOutput?: (path: string) => Promise<Uint8Array>,
): GeneratorContext {
  const { reads, id } = generator;
  return {
    game: guardGame(game, reads, `the ${id} output`),
    options: { ...options, settings: guardSettings(options.settings, reads, `the ${id} output`) },
    get plan() {
      if (!reads.plan) throw new Error(`the ${id} output reads the component plan but its reads do not declare it`);
      return shared.plan();
    },
    get paper() {
      if (!reads.paper && !reads.plan) throw new Error(`the ${id} output reads the paper settings but its reads do not declare them`);
      return shared.paper();
    },
    get fonts() {
      return loadFonts();
    },
    progress,
    memo: shared.memo,
    forgetMemo: shared.forgetMemo,
    images: stores.images,
    sheets: stores.sheets,
    pieces: stores.pieces,
    async output(from, path) {
      if (!(reads.outputs ?? []).includes(from))
        throw new Error(`the ${id} output reads ${path} of ${from} but its reads do not declare it`);
      if (!readOutput) throw new Error(`the ${id} output reads ${path}, but this build has no output folder`);
      return readOutput(path);
    },
  };
}

/**
 * Reuses the outputs of a generator whose inputs are unchanged (`reuse` answers with their files and
 * the diagnostics they were built with, or undefined) and records what every run generator wrote.
 */
export interface OutputCache {
  reuse(generator: Generator): Promise<{ files: string[]; diagnostics: Diagnostic[] } | undefined>;
  record(generator: Generator, files: string[], diagnostics: Diagnostic[]): Promise<void>;
  forget(generator: Generator): void;
  images?: ImageCache;
  sheets?: ImageCache;
  pieces?: ImageCache;
}

export async function runGenerators(
  game: Game,
  generators: readonly Generator[],
  options: GeneratorOptions,
  loadFonts: () => FontSet,
  reporter: Reporter,
  write: (artifacts: Artifact[]) => Promise<string[]>,
  cache?: OutputCache,
  readOutput?: (path: string) => Promise<Uint8Array>,
): Promise<PipelineResult> {
  const shared = buildShared(game, options);
  const result: PipelineResult = { written: [], reused: [], diagnostics: [], failed: [], drawn: {} };
  for (const generator of generators) {
    const missing = (generator.reads.outputs ?? []).filter((id) => result.failed.includes(id));
    if (missing.length > 0) {
      // What it collects was not written: building it would show the last build's files instead.
      cache?.forget(generator);
      result.failed.push(generator.id);
      reporter.finish(game.id, generator.id, `not built (${missing.join(', ')} failed)`);
      continue;
    }
    const reused = await cache?.reuse(generator);
    if (reused) {
      result.diagnostics.push(...reused.diagnostics);
      result.reused.push(generator.id);
      reporter.finish(game.id, generator.id, `unchanged (${reused.files.length} file${reused.files.length === 1 ? '' : 's'} kept)`);
      continue;
    }
    reporter.start(game.id, generator.id);
    const started = performance.now();
    const progress = (done: number, total: number, label?: string) => reporter.progress(game.id, generator.id, done, total, label);
    const context = generatorContext(generator, game, options, shared, loadFonts, progress, cache ?? {}, readOutput);
    const { artifacts, diagnostics, drawn } = await generator.run(context).catch((error: unknown) => {
      if (!(error instanceof DamagedPicture)) throw error;
      return { artifacts: [], diagnostics: [damagedPictureDiagnostic(game, error)], drawn: undefined };
    });
    result.diagnostics.push(...diagnostics);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (hasErrors(diagnostics)) {
      cache?.forget(generator);
      result.failed.push(generator.id);
      reporter.finish(
        game.id,
        generator.id,
        `failed (${diagnostics.filter((d) => d.severity === 'error').length} errors; nothing written)`,
      );
      continue;
    }
    const undeclared = artifacts.filter((a) => !isDeclaredFile(a.path, generator.files, game.id));
    if (undeclared.length > 0)
      throw new Error(`the ${generator.id} output writes ${undeclared.map((a) => a.path).join(', ')} but its files do not declare it`);
    const paths = await write(artifacts);
    await cache?.record(generator, paths, diagnostics);
    result.written.push(...paths);
    if (drawn) result.drawn[generator.id] = drawn;
    reporter.finish(
      game.id,
      generator.id,
      `${paths.length} file${paths.length === 1 ? '' : 's'} in ${seconds}s${drawn ? ` (${drawn})` : ''}`,
    );
  }
  return result;
}

/** A picture that failed to decode where an output drew it, at the data line that names it. */
function damagedPictureDiagnostic(game: Game, damaged: DamagedPicture): Diagnostic {
  const use = artUses(game).get(damaged.path);
  return {
    code: 'art/image-damaged',
    severity: 'error',
    message: `${use ? `${use.what} ` : ''}"${damaged.path}" has a readable header but its pixels do not decode (${damaged.reason})`,
    hint: 'the file is damaged or cut short: save the picture again as PNG or JPEG',
    ...(use ? { pointer: use.pointer } : {}),
  };
}

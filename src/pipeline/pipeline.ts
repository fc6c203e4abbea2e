/** Runs the selected generators on one resolved game and hands their files to a writer. */
import { hasErrors, type Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import { type ComponentPlan, buildComponentPlan } from '../plan';
import type { FontSet } from '../render/fonts';
import type { Artifact, Generator, GeneratorContext, GeneratorOptions } from './generator';
import type { Reporter } from './reporter';

export interface PipelineResult {
  written: string[];
  diagnostics: Diagnostic[];
  failed: string[];
}

/** What the generators of one game's build share: the plan (built on first use) and memoised values. */
export interface BuildShared {
  plan(): ComponentPlan;
  memo: GeneratorContext['memo'];
}

export function buildShared(game: Game, options: GeneratorOptions): BuildShared {
  const memo = new Map<string, Promise<unknown>>();
  let plan: ComponentPlan | undefined;
  return {
    // A bundle-only build never needs the plan, so it is built when first asked for.
    plan: () => (plan ??= buildComponentPlan(game, options.settings)),
    memo: <T>(key: string, compute: () => Promise<T>) => {
      if (!memo.has(key)) memo.set(key, compute());
      return memo.get(key) as Promise<T>;
    },
  };
}

/** One generator's context; the fonts come from the edge (`loadFonts`, cached there). */
export function generatorContext(
  game: Game,
  options: GeneratorOptions,
  shared: BuildShared,
  loadFonts: () => FontSet,
  progress: GeneratorContext['progress'] = () => {},
): GeneratorContext {
  return {
    game,
    options,
    get plan() {
      return shared.plan();
    },
    get fonts() {
      return loadFonts();
    },
    progress,
    memo: shared.memo,
  };
}

export async function runGenerators(
  game: Game,
  generators: readonly Generator[],
  options: GeneratorOptions,
  loadFonts: () => FontSet,
  reporter: Reporter,
  write: (artifacts: Artifact[]) => Promise<string[]>,
): Promise<PipelineResult> {
  const shared = buildShared(game, options);
  const result: PipelineResult = { written: [], diagnostics: [], failed: [] };
  for (const generator of generators) {
    reporter.start(game.id, generator.id);
    const started = performance.now();
    const progress = (done: number, total: number, label?: string) => reporter.progress(game.id, generator.id, done, total, label);
    const { artifacts, diagnostics } = await generator.run(generatorContext(game, options, shared, loadFonts, progress));
    result.diagnostics.push(...diagnostics);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (hasErrors(diagnostics)) {
      result.failed.push(generator.id);
      reporter.finish(
        game.id,
        generator.id,
        `failed (${diagnostics.filter((d) => d.severity === 'error').length} errors; nothing written)`,
      );
      continue;
    }
    const paths = await write(artifacts);
    result.written.push(...paths);
    reporter.finish(game.id, generator.id, `${paths.length} file${paths.length === 1 ? '' : 's'} in ${seconds}s`);
  }
  return result;
}

/** Runs the selected generators on one resolved game and hands their files to a writer. */
import { hasErrors, type Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { Artifact, Generator, GeneratorOptions } from './generator';
import type { Reporter } from './reporter';

export interface PipelineResult {
  written: string[];
  diagnostics: Diagnostic[];
  failed: string[];
}

export async function runGenerators(
  game: Game,
  generators: readonly Generator[],
  options: GeneratorOptions,
  reporter: Reporter,
  write: (artifacts: Artifact[]) => Promise<string[]>,
): Promise<PipelineResult> {
  const memo = new Map<string, Promise<unknown>>();
  const result: PipelineResult = { written: [], diagnostics: [], failed: [] };
  for (const generator of generators) {
    reporter.start(game.id, generator.id);
    const started = performance.now();
    const { artifacts, diagnostics } = await generator.run({
      game,
      options,
      progress: (done, total, label) => reporter.progress(game.id, generator.id, done, total, label),
      memo: <T>(key: string, compute: () => Promise<T>) => {
        if (!memo.has(key)) memo.set(key, compute());
        return memo.get(key) as Promise<T>;
      },
    });
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

/** `hexforge validate <gameDir...>`: diagnostics for each game; with --completeness, the gap report. */
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { completenessMarkdown, completenessReport, completenessSummary } from '../data/completeness';
import { loadGame } from './load-game';
import { defaultOutDir } from './package-root';
import { diagnosticsAsJsonLines, formatDiagnostics, summary } from './format-diagnostics';
import { sourceLineReader, writeFileAtomic, type Output, shownPath } from './io';

export interface ValidateOptions {
  json?: boolean;
  completeness?: boolean;
  out?: string;
}

/** Returns whether every game validated without errors. */
export async function validateCommand(dirs: string[], options: ValidateOptions, io: Output): Promise<boolean> {
  let clean = true;
  for (const dir of dirs) {
    const { game, diagnostics } = await loadGame(dir);
    report(diagnostics, options, io);
    if (hasErrors(diagnostics)) clean = false;
    if (!options.json) io.err(`${shownPath(dir)}: ${summary(diagnostics)}`);
    if (options.completeness && game) {
      const r = completenessReport(game);
      if (options.json) io.out(JSON.stringify({ completeness: r }));
      else io.out(completenessSummary(r));
      const outDir = path.join(options.out ?? defaultOutDir(dir), game.id);
      await writeFileAtomic(path.join(outDir, 'completeness.md'), completenessMarkdown(r));
    }
  }
  return clean;
}

function report(diagnostics: Diagnostic[], options: ValidateOptions, io: Output): void {
  if (diagnostics.length === 0) return;
  if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
  else io.err(formatDiagnostics(diagnostics, sourceLineReader(), io.color));
}

/**
 * `hexforge diff <gameA> <gameB>`: the errata list from version A to version B in Markdown (stdout)
 * or JSON (--json); --out <dir> writes errata.md and errata.json. Exit 0 either way when both
 * games load; 1 when one does not; 3 when --out cannot be written.
 */
import { stat } from 'node:fs/promises';
import { hasErrors } from '../diagnostics';
import { diffGames, diffJson, diffMarkdown } from '../diff';
import { printDiagnostics } from './import';
import { writeFolderWhole } from './write-folder-whole';
import { OutputError, type Output } from './io';
import { loadGame } from './load-game';

export async function diffCommand(before: string, after: string, options: { json?: boolean; out?: string }, io: Output): Promise<boolean> {
  const a = await loadGame(before);
  const b = await loadGame(after);
  if (!a.game || !b.game || hasErrors(a.diagnostics) || hasErrors(b.diagnostics)) {
    printDiagnostics(
      [...a.diagnostics, ...b.diagnostics].filter((d) => d.severity === 'error'),
      options.json,
      io,
    );
    io.err('diff: both games must validate');
    return false;
  }
  // What each output reads and writes decides what an erratum affects (src/diff/affected.ts).
  const { GENERATORS } = await import('../pipeline/registry');
  const diff = diffGames(a.game, b.game, GENERATORS);
  const titles = { before, after };
  const md = diffMarkdown(diff, titles);
  const json = diffJson(diff, titles);
  if (options.out) {
    // Both files or neither; a folder the run made is removed again if the writing fails.
    const exists = await stat(options.out).then(
      (s) => s.isDirectory(),
      () => false,
    );
    await writeFolderWhole(options.out, { 'errata.md': md, 'errata.json': json }, exists).catch((error: unknown) => {
      throw new OutputError(options.out!, error);
    });
  }
  io.out((options.json ? json : md).trimEnd());
  return true;
}

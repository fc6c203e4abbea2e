/** How `hexforge build` prints a batch of problems: JSON lines with --json, else formatted on stderr. */
import type { Diagnostic } from '../diagnostics';
import { diagnosticsAsJsonLines, formatDiagnostics } from './format-diagnostics';
import { sourceLineReader, type Output } from './io';

export function printDiagnostics(diagnostics: Diagnostic[], options: { json?: boolean }, io: Output): void {
  if (diagnostics.length === 0) return;
  if (options.json) io.out(diagnosticsAsJsonLines(diagnostics));
  else io.err(formatDiagnostics(diagnostics, sourceLineReader(), io.color));
}

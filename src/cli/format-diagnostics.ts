/**
 * Human rendering of diagnostics: grouped by file, `file:line:col: severity code: message`, the
 * source line with a caret under the column, and the hint. `--json` prints one object per line.
 */
import type { Diagnostic } from '../diagnostics';
import { escapeControls, oneLine, shownPath } from './io';

export type SourceLines = (file: string, line: number) => string | undefined;

/**
 * Every text that came from the input (messages quote it, excerpts are it) has its control
 * characters escaped: an escape sequence in a module must not retitle or clear the terminal. A
 * message stays on its line (a unit name holding a line break must not forge a diagnostic line);
 * a hint may span lines (a tool's output), each further line indented under it.
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], sourceLine: SourceLines, color = false): string {
  return formatRaw(
    diagnostics.map((d) => ({
      ...d,
      message: oneLine(d.message),
      ...(d.hint ? { hint: indentedHint(d.hint) } : {}),
    })),
    (file, line) => framed(sourceLine(file, line)),
    color,
  );
}

/** A hint's lines, each on one line of its own, the further ones indented past `hint: `. */
function indentedHint(hint: string): string {
  return hint
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map(oneLine)
    .join('\n          ');
}

/** Lines this long are shown without a frame (escaping only lengthens a line). */
const MAX_FRAME_CHARS = 400;

/**
 * A source line escaped for a frame; a longer one (minified JSON, all on line 1) is shown by none
 * and not escaped: escaping it for each of 100,000 diagnostics on it took minutes.
 */
function framed(text: string | undefined): string | undefined {
  return text === undefined || text.length >= MAX_FRAME_CHARS ? undefined : escapeControls(text);
}

/**
 * Diagnostics of one code in one file shown in full; the rest are counted in one line. A file of
 * 30,000 turns out of range printed 30,000 lines alike, burying any other problem (--json keeps every one).
 */
export const SHOWN_PER_CODE = 100;

function formatRaw(diagnostics: readonly Diagnostic[], sourceLine: SourceLines, color: boolean): string {
  const paint = (code: number, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const out: string[] = [];
  const shown = new Map<string, number>();
  let currentFile: string | undefined;
  /** Code → how many of it the current file group leaves out, and their severity. */
  let leftOut = new Map<string, { count: number; severity: Diagnostic['severity'] }>();
  const countLeftOut = () => {
    const where = currentFile ? `in ${shownPath(currentFile)}` : 'without a file';
    for (const [code, { count, severity }] of leftOut) {
      const what = `${severity === 'info' ? 'info' : severity}${count === 1 ? '' : 's'}`;
      out.push(`  … and ${count.toLocaleString('en')} more ${code} ${what} ${where}, not shown (--json lists every one)`);
    }
    leftOut = new Map();
  };
  for (const d of diagnostics) {
    if (d.file !== currentFile) {
      countLeftOut();
      if (currentFile !== undefined) out.push('');
      currentFile = d.file;
      if (d.file) out.push(paint(1, shownPath(d.file)));
    }
    const key = `${d.file ?? ''}\u0000${d.code}`;
    const times = (shown.get(key) ?? 0) + 1;
    shown.set(key, times);
    if (times > SHOWN_PER_CODE) {
      const left = leftOut.get(d.code);
      if (left) left.count += 1;
      else leftOut.set(d.code, { count: 1, severity: d.severity });
      continue;
    }
    const where = d.file ? `${shownPath(d.file)}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}` : '(no file)';
    const severity = d.severity === 'error' ? paint(31, 'error') : d.severity === 'warning' ? paint(33, 'warning') : 'info';
    out.push(`  ${where}: ${severity} ${d.code}: ${d.message}`);
    const text = d.excerpt !== undefined ? framed(d.excerpt) : d.file && d.line ? sourceLine(d.file, d.line) : undefined;
    if (text !== undefined && text.length < MAX_FRAME_CHARS) {
      out.push(`    ${String(d.line).padStart(4)} | ${text}`);
      if (d.column) out.push(`         | ${' '.repeat(Math.max(0, d.column - 1))}${paint(31, '^')}`);
    }
    if (d.hint) out.push(`    hint: ${d.hint}`);
  }
  countLeftOut();
  return out.join('\n');
}

export function diagnosticsAsJsonLines(diagnostics: readonly Diagnostic[]): string {
  // JSON escapes C0 controls itself; DEL and the C1 controls are escaped here.

  return diagnostics
    .map((d) => JSON.stringify(d).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
    .join('\n');
}

export function summary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

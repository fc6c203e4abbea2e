/**
 * The one shape every problem with user input takes, from JSON parsing to VASSAL export.
 * Codes are stable (`area/what`), so tests, scripts and editors can match on them.
 */
export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable machine code, e.g. `json/syntax`, `ref/unknown-terrain`, `hex/off-map`. */
  code: string;
  severity: Severity;
  /** Human message: what is wrong, in the user's terms. */
  message: string;
  /** What to do about it. */
  hint?: string;
  /** File the problem is in, relative to the working directory where possible. */
  file?: string;
  /** 1-based line and column. */
  line?: number;
  column?: number;
  /** JSON pointer (or `row/column` for CSV) of the offending value. */
  pointer?: string;
  /** The source line, when the file named is not one a reader could open (an entry inside an archive). */
  excerpt?: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Orders diagnostics by file, then position, then code, so output is stable. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.code.localeCompare(b.code),
  );
}

/** Collects diagnostics while a pass walks the data; passes never throw for bad input. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  add(d: Diagnostic): void {
    this.items.push(d);
  }
  error(code: string, message: string, where: Omit<Diagnostic, 'code' | 'message' | 'severity'> = {}): void {
    this.items.push({ code, severity: 'error', message, ...where });
  }
  warning(code: string, message: string, where: Omit<Diagnostic, 'code' | 'message' | 'severity'> = {}): void {
    this.items.push({ code, severity: 'warning', message, ...where });
  }
  get hasErrors(): boolean {
    return hasErrors(this.items);
  }
}

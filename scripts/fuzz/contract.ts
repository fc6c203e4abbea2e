/**
 * The contract every run must keep, and the class each run falls in (the columns of the report):
 * exit 0, 1 or 2 within the time bound; never a stack trace or an internal error; every error
 * diagnostic names its file and, where the file has lines, its line and column; nothing printed
 * with a raw control character; and a mutation known to be invalid is refused.
 */
import type { Diagnostic } from '../../src/diagnostics';
import type { RunResult } from './runner';

export const VERDICTS = ['clean-diagnostic', 'accepted-rightly', 'accepted-wrongly', 'crash', 'hang', 'unlocated', 'raw-control'] as const;
export type Verdict = (typeof VERDICTS)[number];

export function emptyCounts(): Record<Verdict, number> {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}

/** Verdicts that break the contract: a campaign fails on any of them. */
export const FAILURES: ReadonlySet<Verdict> = new Set(['accepted-wrongly', 'crash', 'hang', 'unlocated', 'raw-control']);

export interface Classified {
  verdict: Verdict;
  detail: string;
}

/** Whether a diagnostic of this file must carry a line and column. */
export type NeedsPosition = (d: Diagnostic) => boolean;

export const STACK_LINE = /^\s+at .+[(:]\d+:\d+\)?$/m;
// Escape, bell, backspace and the other C0/C1 controls, except tab and newline.

export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export function diagnosticsOf(stdout: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const value = JSON.parse(line) as Diagnostic;
      if (typeof value.code === 'string' && typeof value.severity === 'string') out.push(value);
    } catch {
      // a summary line, not a diagnostic
    }
  }
  return out;
}

export function classify(result: RunResult, mustReject: string | undefined, needsPosition: NeedsPosition): Classified {
  if (result.hang) return { verdict: 'hang', detail: `no answer within the time bound (${Math.round(result.ms)} ms)` };
  if (result.died) return { verdict: 'crash', detail: `${result.died}: ${result.stderr.slice(-600)}` };
  const printed = `${result.stdout}\n${result.stderr}`;
  if (![0, 1, 2].includes(result.code) || /internal error/.test(printed) || STACK_LINE.test(printed)) {
    return { verdict: 'crash', detail: `exit ${result.code}: ${printed.trim().slice(0, 1200)}` };
  }
  if (RAW_CONTROL.test(printed)) {
    const at = printed.search(RAW_CONTROL);
    return {
      verdict: 'raw-control',
      detail: `raw control character printed: ${JSON.stringify(printed.slice(Math.max(0, at - 80), at + 40))}`,
    };
  }
  if (result.code === 0) {
    return mustReject
      ? { verdict: 'accepted-wrongly', detail: `accepted although: ${mustReject}` }
      : { verdict: 'accepted-rightly', detail: '' };
  }
  const errors = diagnosticsOf(result.stdout).filter((d) => d.severity === 'error');
  const unlocated = errors.find((d) => !d.file || (needsPosition(d) && (!d.line || !d.column)));
  if (unlocated) return { verdict: 'unlocated', detail: JSON.stringify(unlocated) };
  if (errors.length === 0 && result.code === 1)
    return { verdict: 'unlocated', detail: `exit 1 without an error diagnostic: ${printed.slice(0, 600)}` };
  return { verdict: 'clean-diagnostic', detail: errors[0] ? `${errors[0].code}` : '' };
}

/** Diagnostics about a data file's content carry a position; those about the file as a whole do not. */
export const gameFileNeedsPosition: NeedsPosition = (d) =>
  /\.(json|csv)$/i.test(d.file ?? '') && !/^(file|io)\//.test(d.code) && d.code !== 'json/no-schema' && d.code !== 'csv/empty';

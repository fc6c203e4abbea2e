/**
 * The report of a build as the build manifest keeps it (unchanged-build.ts reads it back). The
 * problems the outputs reported are in the manifest already, each output's as it reported them
 * (thousands of counter warnings on a big game): the report keeps only which outputs they came from,
 * in order, and what placing each in the data files changed (its file, pointer, line, column), not a
 * second copy of every message.
 */
import type { Diagnostic } from '../diagnostics';
import type { BuildReport } from './unchanged-build';

/** Where placing a diagnostic put it: the fields it changed or added, in the placed diagnostic's order. */
type Placement = Partial<Diagnostic>;

export interface StoredReport extends Omit<BuildReport, 'outputs'> {
  /** The outputs' problems, placed, when they could not be kept as placements (below). */
  outputs?: Diagnostic[];
  /** The outputs whose problems (as reported, in order) the placements apply to, one each. */
  placed?: { from: string[]; at: Placement[] };
}

/** What placing `unplaced` changed to make `placed`; undefined when placing dropped or emptied a field (it never does). */
function placementOf(placed: Diagnostic, unplaced: Diagnostic): Placement | undefined {
  const keys = Object.keys(unplaced) as (keyof Diagnostic)[];
  if (keys.some((key) => !(key in placed))) return undefined;
  const at: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(placed)) {
    const before = unplaced[key as keyof Diagnostic];
    if (value === before) continue;
    // JSON would drop an undefined that hides a stated value.
    if (value === undefined) return undefined;
    at[key] = value;
  }
  return at as Placement;
}

/**
 * The report to keep: `unplaced` are the problems the outputs `from` reported, in order, as their
 * records keep them; the report's `outputs` are the same problems placed.
 */
export function storedReport(report: BuildReport, from: readonly string[], unplaced: readonly Diagnostic[]): StoredReport {
  const { outputs, ...rest } = report;
  if (outputs.length !== unplaced.length) return report;
  const at: Placement[] = [];
  for (const [i, placed] of outputs.entries()) {
    const placement = placementOf(placed, unplaced[i]);
    if (!placement) return report;
    at.push(placement);
  }
  return { ...rest, placed: { from: [...from], at } };
}

/** The report as the build printed it, given each output's problems as its record keeps them; undefined when they no longer match. */
export function reportOf(
  stored: StoredReport,
  diagnosticsOf: (output: string) => readonly Diagnostic[] | undefined,
): BuildReport | undefined {
  const { outputs, placed, ...rest } = stored;
  if (outputs) return { ...rest, outputs };
  if (!placed) return undefined;
  const unplaced = placed.from.flatMap((output) => diagnosticsOf(output) ?? []);
  if (unplaced.length !== placed.at.length) return undefined;
  return { ...rest, outputs: unplaced.map((d, i) => ({ ...d, ...placed.at[i] })) };
}

/** Whether a parsed value reads as a stored report. */
export function isStoredReport(value: unknown): value is StoredReport {
  const report = value as StoredReport | undefined;
  if (typeof report?.key !== 'string' || !Array.isArray(report.load)) return false;
  if (Array.isArray(report.outputs)) return true;
  const placed = report.placed;
  return (
    Array.isArray(placed?.from) &&
    placed.from.every((id) => typeof id === 'string') &&
    Array.isArray(placed.at) &&
    placed.at.every((at) => typeof at === 'object' && at !== null)
  );
}

/** What the VASSAL-tier update tests share: VASSAL's report of a module, and which of its differences an update explains. */
import { expect } from 'vitest';
import type { ReportDifference } from '../../src/vassal/harness/differences';
import { locateVassal } from '../../src/vassal/harness/locate';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { runHarness } from '../../src/vassal/harness/run';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import { SHARED_VASSAL } from '../vassal-tier';
import type { Edit } from './update-edit';

/** Why VASSAL's difference is not one the update made, or undefined when a reported place explains it. */
export function unexplained(d: ReportDifference, places: readonly ChangedPlace[], edit: Edit): string | undefined {
  const field = d.field.replace(/\[\d+\]$/, '');
  const explained =
    field === 'traits' || field === 'states'
      ? places.some((p) => p.what.startsWith('trait') && p.before === d.before && p.after === d.after)
      : field === 'slot'
        ? places.some((p) => p.what === 'attribute entryName' && p.before === d.before && p.after === d.after)
        : field === 'name' || field === 'shownName'
          ? d.where !== 'module'
            ? places.some((p) => p.before.includes(d.before) && p.after.includes(d.after))
            : edit.column === 'title' && d.before === edit.before && d.after === edit.after
          : false;
  return explained ? undefined : `${d.where} ${d.field}: ${d.before} → ${d.after}`;
}

/** VASSAL's report of `vmod` (with `extensions` loaded), which must load without an error. */
export async function vassalReport(vmod: string, extensions: string[] = []): Promise<HarnessReport> {
  const runtime = locateVassal(SHARED_VASSAL);
  if (!runtime.ok) throw new Error(runtime.message);
  const run = await runHarness(vmod, runtime.value, { timeLimit: 240, ...(extensions.length > 0 ? { extensions } : {}) });
  if (!run.ok) throw new Error(`${vmod}: ${run.message}\n${run.hint}`);
  const report = run.value.report;
  expect(report.loadError ?? report.crash ?? null, vmod).toBeNull();
  expect(report.timedOut ?? false, vmod).toBe(false);
  return report;
}

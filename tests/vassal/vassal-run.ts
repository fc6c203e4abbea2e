/** The VASSAL tier's common steps: a module's entries zipped to a .vmod, and VASSAL's report on it (loaded, not crashed, in time). */
import { writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { locateVassal } from '../../src/vassal/harness/locate';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { runHarness } from '../../src/vassal/harness/run';
import { writeZip } from '../../src/vassal/module/zip';
import { SHARED_VASSAL } from '../vassal-tier';

/** VASSAL's report of `vmod` (with `extensions` loaded, each piece with the values of `properties`), which must load without an error, in time. */
export async function vassalReport(vmod: string, extensions: string[] = [], properties: string[] = []): Promise<HarnessReport> {
  const runtime = locateVassal(SHARED_VASSAL);
  if (!runtime.ok) throw new Error(runtime.message);
  const run = await runHarness(vmod, runtime.value, {
    timeLimit: 240,
    ...(extensions.length > 0 ? { extensions } : {}),
    ...(properties.length > 0 ? { properties } : {}),
  });
  if (!run.ok) throw new Error(`${vmod}: ${run.message}\n${run.hint}`);
  const report = run.value.report;
  expect(report.loadError ?? report.crash ?? null, vmod).toBeNull();
  expect(report.timedOut ?? false, vmod).toBe(false);
  return report;
}

/** Writes the entries as a .vmod. */
export async function zipped(file: string, entries: Map<string, Uint8Array>): Promise<void> {
  await writeFile(
    file,
    await writeZip(
      [...entries].map(([entry, data]) => ({ path: entry, data })),
      0,
    ),
  );
}

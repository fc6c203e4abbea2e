/**
 * Import then export, and compare: a module → game folder files (../import) → module from the
 * sidecar (./from-sidecar.ts) → read back (../reader) → compared with the original
 * (./compare.ts). All in memory; the CLI writes the folder to validate it.
 */
import type { Diagnostic } from '../../diagnostics';
import { importModule, type ImportResult } from '../import/import-module';
import type { ReadLimits } from '../reader/limits';
import { readModule, type ReadModule } from '../reader/module';
import { readZip } from '../reader/zip';
import { compareModules, type ModuleComparison } from './compare';
import { moduleFromSidecar } from './from-sidecar';

export interface RoundTripResult {
  imported: ImportResult;
  vmod?: Uint8Array;
  comparison?: ModuleComparison;
  diagnostics: Diagnostic[];
}

export async function roundTrip(
  original: ReadModule,
  options: { id: string; limits: ReadLimits; epoch: number },
): Promise<RoundTripResult> {
  const imported = await importModule(original, { id: options.id });
  const diagnostics: Diagnostic[] = [...imported.diagnostics];
  const bytes = new Map([...imported.files].map(([k, v]) => [k, v] as const));
  const exported = await moduleFromSidecar(bytes, { epoch: options.epoch, gameDir: options.id });
  diagnostics.push(...exported.diagnostics);
  if (!exported.vmod) return { imported, diagnostics };
  const source = `${original.source} (round trip)`;
  const zip = await readZip(exported.vmod, { file: source, limits: options.limits });
  diagnostics.push(...zip.diagnostics);
  const copy = await readModule(zip.entries, { source, limits: options.limits });
  diagnostics.push(...copy.diagnostics);
  if (!copy.module) return { imported, vmod: exported.vmod, diagnostics };
  return { imported, vmod: exported.vmod, comparison: await compareModules(original, copy.module), diagnostics };
}

/**
 * Import then export, and compare: a module → game folder files (../import) → module from the
 * sidecar (./from-sidecar.ts) → written to a file and read back from it (../reader) → compared
 * with the original (./compare.ts). The copy is written piece by piece and its entries are read
 * from the file one at a time, so the round trip never holds a second module in memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../cli/io';
import { hasErrors, type Diagnostic } from '../../diagnostics';
import { importModule, type ImportResult } from '../import/import-module';
import type { ReadLimits } from '../reader/limits';
import { checkDeferredSaves, readModule, type ReadModule } from '../reader/module';
import { readZipFile } from '../reader/zip-file';
import { compareModules, type ModuleComparison } from './compare';
import { moduleFromSidecar } from './from-sidecar';
import type { ArchivePiece } from '../../file-span';

export interface RoundTripResult {
  imported: ImportResult;
  /** Whether the re-exported module was written (to `copyFile` when given). */
  written: boolean;
  comparison?: ModuleComparison;
  diagnostics: Diagnostic[];
  /** The problems of the original's saves, when they refuse it (it was read with its save check deferred): nothing was exported. */
  refusedForSaves?: Diagnostic[];
  /** What the check of the original's saves found when it did not refuse it (warnings), as import reports it. */
  saveWarnings?: Diagnostic[];
}

export interface RoundTripOptions {
  id: string;
  limits: ReadLimits;
  epoch: number;
  /** Where to keep the re-exported module; without it, a temporary file removed afterwards. */
  copyFile?: string;
}

export async function roundTrip(original: ReadModule, options: RoundTripOptions): Promise<RoundTripResult> {
  const imported = await importModule(original, { id: options.id });
  const saveWarnings: Diagnostic[] = [];
  const refused = await savesRefusal(original, imported, saveWarnings);
  if (refused) return refused;
  const diagnostics: Diagnostic[] = [...imported.diagnostics];
  const exported = moduleFromSidecar(imported.files, { epoch: options.epoch, gameDir: options.id });
  diagnostics.push(...exported.diagnostics);
  if (!exported.parts) return { imported, written: false, diagnostics, saveWarnings };
  return withWrittenCopy(exported, options.copyFile, 'copy.vmod', async (file) => {
    const comparison = await compareWithCopy(original, file, options.limits, diagnostics);
    return { imported, written: true, ...(comparison ? { comparison } : {}), diagnostics, saveWarnings };
  });
}

/**
 * The saves the import did not read (of a module read with its save check deferred), checked before
 * anything is written: the result that refuses the module for them, if they do; else what the check
 * found (warnings) is added to `warnings`.
 */
export async function savesRefusal(
  original: ReadModule,
  imported: ImportResult,
  warnings: Diagnostic[],
): Promise<RoundTripResult | undefined> {
  const saves: { module?: ReadModule; diagnostics: Diagnostic[] } = { module: original, diagnostics: [] };
  await checkDeferredSaves(saves);
  if (saves.module && !hasErrors(saves.diagnostics)) {
    warnings.push(...saves.diagnostics);
    return undefined;
  }
  return { imported, written: false, diagnostics: [...imported.diagnostics], refusedForSaves: saves.diagnostics };
}

/**
 * Writes the exported archive to `copyFile`, or to a temporary file removed afterwards, lets its
 * parts go, and runs `use` on the written file.
 */
export async function withWrittenCopy<T>(
  exported: { parts?: Iterable<ArchivePiece> },
  copyFile: string | undefined,
  name: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const temp = copyFile ? undefined : await mkdtemp(path.join(tmpdir(), 'hexforge-roundtrip-'));
  try {
    const file = copyFile ?? path.join(temp!, name);
    await writeFileAtomic(file, exported.parts!);
    exported.parts = undefined;
    return await use(file);
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
}

/**
 * The original against the module written at `file`, read back entry by entry. The copy's saves are
 * checked as the comparison reads them (those whose bytes changed), the others after it: each is
 * decoded once, with the same problems, and a copy refused for them is compared with nothing.
 */
export async function compareWithCopy(
  original: ReadModule,
  file: string,
  limits: ReadLimits,
  diagnostics: Diagnostic[],
): Promise<ModuleComparison | undefined> {
  const source = `${original.source} (round trip)`;
  const zip = await readZipFile(file, { file: source, limits });
  diagnostics.push(...zip.diagnostics);
  if (!zip.entries) return undefined;
  const copy = await readModule(zip.entries, { source, limits, deferSaveCheck: true });
  diagnostics.push(...copy.diagnostics);
  if (!copy.module) return undefined;
  const comparison = await compareModules(original, copy.module);
  const saves: { module?: ReadModule; diagnostics: Diagnostic[] } = { module: copy.module, diagnostics: [] };
  await checkDeferredSaves(saves);
  diagnostics.push(...saves.diagnostics);
  return saves.module && comparison;
}

/**
 * `hexforge roundtrip <module>`: import the module, export it again from the imported folder,
 * and report every difference between the two modules (components, attributes, decoded piece
 * definitions, saved games, image bytes). Images the original refers to but lacks are listed
 * as missing, not counted as differences. The imported folder is validated too. Exit 1 on any
 * difference or validation error, 3 when --out cannot be written. With `--base <module>`, each target is an extension of that
 * module: the module with it loaded is imported, and the extension alone is written back.
 */
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { SIDECAR_DIR } from '../vassal/import/sidecar';
import { outFolderRefusal, outOverlapRefusal, writeGameFolder } from '../vassal/import/write-folder';
import type { ReadLimits } from '../vassal/reader/limits';
import { readExtendedModule, type ExtensionParts } from '../vassal/reader/extended-module';
import { checkDeferredSaves, type ReadModule } from '../vassal/reader/module';
import { readModuleFrom } from '../vassal/reader/source';
import { gameFolderNotModule } from './game-folder-given';
import { roundTripExtension } from '../vassal/roundtrip/extension-roundtrip';
import { roundTrip } from '../vassal/roundtrip/roundtrip';
import { EXIT, ExitError, type ExitCode } from './exit-codes';
import { summary } from './format-diagnostics';
import { extensionWithoutBase, locateInModule, printDiagnostics } from './import';
import { shownPath, writeFailed, type Output } from './io';
import { loadGame, validateGameFiles } from './load-game';

export interface RoundTripCommandOptions {
  limits: ReadLimits;
  json?: boolean;
  /** Keep the imported game folder here. */
  out?: string;
  /** Replace --out if an earlier import wrote it. */
  force?: boolean;
  /** Write the re-exported module here. */
  vmod?: string;
  /** The module the targets extend: each target is an extension, written back alone. */
  base?: string;
}

/** SOURCE_DATE_EPOCH in seconds (0 when unset): the timestamp of every written archive entry. */
export function sourceDateEpoch(): number {
  const v = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/**
 * Why --out or --vmod may not be written: it is, holds or lies inside a module the round trip reads,
 * or --out exists and is replaced as import replaces it (only with --force, only an import's folder).
 */
async function outputRefusal(target: string, options: RoundTripCommandOptions): Promise<Diagnostic | undefined> {
  const inputs = [target, ...(options.base ? [options.base] : [])];
  return (
    (options.out ? await outOverlapRefusal(options.out, inputs) : undefined) ??
    (options.vmod ? await outOverlapRefusal(options.vmod, inputs, 'vmod') : undefined) ??
    (options.out ? await outFolderRefusal(options.out, options.force) : undefined)
  );
}

/** --out and --vmod name one place: each module's folder or module would replace the one before it. */
export function refuseSeveralIntoOne(targets: string[], options: { out?: string; vmod?: string }): void {
  const single = targets.length > 1 ? (options.out ? '--out' : options.vmod ? '--vmod' : undefined) : undefined;
  if (single)
    throw new ExitError(EXIT.usage, `${single} keeps what one module's round trip makes: name one module with it, not ${targets.length}`);
}

/**
 * The imported folder validated where it is kept (--out), else in memory: a module of tens of
 * thousands of files need not be written to disk to be checked.
 */
async function validateImported(id: string, files: Map<string, string | Uint8Array>, options: RoundTripCommandOptions) {
  if (options.out) {
    const written = await writeGameFolder(options.out, files, { replace: options.force });
    return hasErrors(written) ? { diagnostics: written } : await loadGame(options.out);
  }
  // Only the data files are validated: the module's own files (vassal/) are let go first.
  for (const name of [...files.keys()]) if (name.startsWith(`${SIDECAR_DIR}/`)) files.delete(name);
  return { diagnostics: validateGameFiles(id, files) };
}

export async function roundTripCommand(targets: string[], options: RoundTripCommandOptions, io: Output): Promise<ExitCode> {
  let ok = true;
  let unwritten = false;
  for (const target of targets) {
    const refusal = await outputRefusal(target, options);
    if (refusal) {
      printDiagnostics([refusal], options.json, io);
      ok = false;
      continue;
    }
    const read: { module?: ReadModule; extension?: ExtensionParts; diagnostics: Diagnostic[] } = options.base
      ? await readExtendedModule(target, options.base, options.limits, { deferSaveCheck: true })
      : await readModuleFrom(target, options.limits, { deferSaveCheck: true });
    read.diagnostics = gameFolderNotModule(target, read.diagnostics, 'roundtrip');
    // The saves are checked as the import reads them (each decoded once), the others before anything is written.
    if (!read.module || hasErrors(read.diagnostics) || read.module.rootKind === 'ModuleExtension') await checkDeferredSaves(read);
    if (!options.base && read.module?.rootKind === 'ModuleExtension') read.diagnostics.push(extensionWithoutBase(target, read.module));
    const unreadable = () => {
      printDiagnostics(read.diagnostics, options.json, io);
      io.err(`${shownPath(target)}: could not be read`);
      ok = false;
    };
    if (!read.module || hasErrors(read.diagnostics)) {
      unreadable();
      continue;
    }
    const id = path.basename(path.resolve(options.out ?? target)).replace(/\.(vmod|vmdx|zip|xml)$/i, '');
    const tripOptions = { id, limits: options.limits, epoch: sourceDateEpoch(), copyFile: options.vmod };
    // An extension is written back alone, the base module as it is.
    const result = read.extension
      ? await roundTripExtension(read.module, read.extension, tripOptions)
      : await roundTrip(read.module, tripOptions);
    if (result.refusedForSaves) {
      read.diagnostics.push(...result.refusedForSaves);
      unreadable();
      continue;
    }
    // The original is let go before the folder is validated.
    // Named as import names them: the buildFile entry (the base's, for an extension), a folder's file by its path.
    const { buildFileName, folder = false } = read.module;
    const located = (d: Diagnostic) => locateInModule(d, options.base ?? target, buildFileName, folder);
    read.module = undefined;
    const validation = await validateImported(id, result.imported.files, options);
    unwritten ||= writeFailed(validation.diagnostics);
    // The warnings import gives of the original (a duplicate entry, a damaged save, a piece it cannot
    // hold), which a comparison of the two readings cannot show; the round trip's own errors.
    const warnings = [...read.diagnostics, ...(result.saveWarnings ?? []), ...result.imported.diagnostics].filter(
      (d) => d.severity === 'warning',
    );
    const problems = [
      ...warnings.map(located),
      ...result.diagnostics.filter((d) => d.severity === 'error').map(located),
      ...validation.diagnostics,
    ];
    printDiagnostics(problems, options.json, io);
    const differences = result.comparison?.differences ?? [];
    const missing = result.comparison?.missingImages ?? [];
    const passed =
      result.comparison !== undefined && differences.length === 0 && !hasErrors(validation.diagnostics) && !hasErrors(result.diagnostics);
    if (options.json) {
      io.out(
        JSON.stringify({
          module: target,
          equivalent: passed,
          differences,
          missingImages: missing,
          units: result.imported.summary.units,
          scenarios: result.imported.summary.scenarios,
          validation: summary(validation.diagnostics),
        }),
      );
    } else {
      io.out(
        `${target}: ${differences.length === 0 && result.comparison ? 'no difference' : `${differences.length} difference(s)`}; imported ${result.imported.summary.units} units, ${result.imported.summary.scenarios} scenarios; folder validation: ${summary(validation.diagnostics)}`,
      );
      for (const d of differences.slice(0, 200)) io.out(`  ${d.where}: ${d.message}`);
      if (differences.length > 200) io.out(`  … and ${differences.length - 200} more`);
      if (missing.length > 0)
        io.out(
          `  missing from the original (not an error): ${missing.length} image(s): ${missing.slice(0, 8).join(', ')}${missing.length > 8 ? ', …' : ''}`,
        );
    }
    if (!passed) ok = false;
  }
  return unwritten ? EXIT.failed : ok ? EXIT.ok : EXIT.invalid;
}

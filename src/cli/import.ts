/**
 * `hexforge import <module> --out data/<name>`: reads a VASSAL module (.vmod, unzipped folder or
 * buildFile), writes a game folder that validates, then validates it and reports. The limits
 * for hostile archives come from the --max-* flags (see limitFlags).
 */
import path from 'node:path';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics';
import { importModule } from '../vassal/import/import-module';
import { writeGameFolder } from '../vassal/import/write-folder';
import type { ReadLimits } from '../vassal/reader/limits';
import { readModuleFrom } from '../vassal/reader/source';
import { BUILDFILE } from '../vassal/reader/module';
import { diagnosticsAsJsonLines, formatDiagnostics, summary } from './format-diagnostics';
import { sourceLineReader, type Output } from './io';
import { loadGame, validateGameFiles } from './load-game';

export { limitFlags, limitsFromOptions } from './limit-flags';

export interface ImportCommandOptions {
  out: string;
  force?: boolean;
  json?: boolean;
  limits: ReadLimits;
}

export function printDiagnostics(diagnostics: readonly Diagnostic[], json: boolean | undefined, io: Output): void {
  if (diagnostics.length === 0) return;
  const sorted = sortDiagnostics(diagnostics);
  if (json) io.out(diagnosticsAsJsonLines(sorted));
  else io.err(formatDiagnostics(sorted, sourceLineReader(), io.color));
}

/** A module diagnostic that names no file is about the module; one with a line, about its buildFile. */
export function locateInModule(d: Diagnostic, target: string): Diagnostic {
  if (d.file) return d;
  return { ...d, file: d.line ? `${target}!${BUILDFILE}` : target };
}

export async function importCommand(target: string, options: ImportCommandOptions, io: Output): Promise<boolean> {
  const read = await readModuleFrom(target, options.limits);
  if (!read.module || hasErrors(read.diagnostics)) {
    printDiagnostics(read.diagnostics, options.json, io);
    if (!options.json) io.err(`${target}: not imported`);
    return false;
  }
  const imported = await importModule(read.module, { id: path.basename(path.resolve(options.out)) });
  const result = { ...imported, diagnostics: imported.diagnostics.map((d) => locateInModule(d, target)) };
  // An import must never write a folder that fails validation: check the files first.
  const invalid = validateGameFiles(options.out, result.files).filter((d) => d.severity === 'error');
  if (invalid.length > 0) {
    printDiagnostics(
      [
        ...invalid,
        {
          code: 'import/invalid-folder',
          severity: 'error',
          message: `${target}: the imported folder would not validate; nothing was written`,
          hint: 'this is a bug in the importer: please report it with the module',
          file: target,
        },
      ],
      options.json,
      io,
    );
    return false;
  }
  const written = await writeGameFolder(options.out, result.files, { replace: options.force });
  const diagnostics = [...read.diagnostics, ...result.diagnostics, ...written];
  if (hasErrors(written)) {
    printDiagnostics(diagnostics, options.json, io);
    return false;
  }
  const validation = await loadGame(options.out);
  printDiagnostics([...diagnostics, ...validation.diagnostics], options.json, io);
  const s = result.summary;
  // Parts of the module the import had to leave out (an unusable grid, say) are errors: the
  // folder is written, but the run fails so that it never passes for a faithful import.
  const importErrors = result.diagnostics.filter((d) => d.severity === 'error').length;
  const line = `${target} → ${options.out}: ${s.units} units, ${s.scenarios} scenarios, ${s.boxes} boxes, ${s.markers} markers kept in the sidecar${s.missingImages.length > 0 ? `, ${s.missingImages.length} images missing from the module` : ''}${importErrors > 0 ? `; ${importErrors} error(s) in the module` : ''}; validation: ${summary(validation.diagnostics)}`;
  const valid = !hasErrors(validation.diagnostics);
  if (options.json) io.out(JSON.stringify({ module: target, out: options.out, ...s, valid, importErrors }));
  else io.out(line);
  return valid && importErrors === 0;
}

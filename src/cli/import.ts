/**
 * `hexforge import <module> --out data/<name>`: reads a VASSAL module (.vmod, unzipped folder or
 * buildFile), writes a game folder that validates, then validates it and reports. An extension
 * (.vmdx) is imported with `--base <module>`: the module as VASSAL runs it with the extension
 * loaded. The limits for hostile archives come from the --max-* flags (see limitFlags).
 */
import path from 'node:path';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics';
import { importModule, type ImportResult } from '../vassal/import/import-module';
import { SIDECAR_DIR } from '../vassal/import/sidecar';
import { outFolderRefusal, outOverlapRefusal, writeGameFolder } from '../vassal/import/write-folder';
import type { ReadLimits } from '../vassal/reader/limits';
import { readModuleFrom } from '../vassal/reader/source';
import { gameFolderNotModule } from './game-folder-given';
import { BUILDFILE, checkDeferredSaves, type ReadModule } from '../vassal/reader/module';
import { entryLocation } from '../vassal/reader/xml';
import { readExtendedModule, type ExtensionParts } from '../vassal/reader/extended-module';
import { extensionIdentity } from '../vassal/reader/extension';
import { EXIT, type ExitCode } from './exit-codes';
import { diagnosticsAsJsonLines, formatDiagnostics, summary } from './format-diagnostics';
import { sourceLineReader, writeFailed, type Output, shownPath } from './io';
import { loadGame } from './load-game';
import { withSchemaReference } from './schema-reference';

export { limitFlags, limitsFromOptions } from './limit-flags';

export interface ImportCommandOptions {
  out: string;
  /** The module an extension extends (the target is then the extension). */
  base?: string;
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

/**
 * A module diagnostic that names no file is about the module; one with a line, about its buildFile
 * (`entry` of the module; a module given as its bare buildFile is that file).
 */
export function locateInModule(d: Diagnostic, target: string, entry = BUILDFILE, folder = false): Diagnostic {
  if (d.file) return d;
  return { ...d, file: d.line ? entryLocation(target, entry, folder) : target };
}

type Written =
  | { ok: false; diagnostics: Diagnostic[]; line?: string; exit?: ExitCode }
  | { ok: true; diagnostics: Diagnostic[]; validation: Diagnostic[]; summary: ImportResult['summary']; importErrors: number };

/**
 * Reads, imports, writes and checks the folder. The files go into a temporary folder first; the
 * module (its art and saves) and the files made from it are let go before that folder is loaded and
 * validated, and it takes its place only when it validates: an import never writes a folder that
 * fails validation.
 */
async function importAndWrite(target: string, options: ImportCommandOptions): Promise<Written> {
  const overlap = await outOverlapRefusal(options.out, [target, ...(options.base ? [options.base] : [])]);
  if (overlap) return { ok: false, diagnostics: [overlap], line: `${shownPath(target)}: not imported`, exit: EXIT.usage };
  const refusal = await outFolderRefusal(options.out, options.force);
  if (refusal) return { ok: false, diagnostics: [refusal], line: `${shownPath(target)}: not imported` };
  // The saves are checked as the import reads its setups from them, each decoded once; the rest,
  // and the problems of all, are checked before anything is written (or the module is refused).
  const read: { module?: ReadModule; extension?: ExtensionParts; diagnostics: Diagnostic[] } = options.base
    ? await readExtendedModule(target, options.base, options.limits, { deferSaveCheck: true })
    : await readModuleFrom(target, options.limits, { deferSaveCheck: true });
  read.diagnostics = gameFolderNotModule(target, read.diagnostics, 'import');
  const notImported = (): Written => {
    const misused = read.diagnostics.some((d) => BASE_MISUSE.has(d.code));
    return {
      ok: false,
      diagnostics: read.diagnostics,
      line: `${shownPath(target)}: not imported`,
      ...(misused ? { exit: EXIT.usage } : {}),
    };
  };
  if (!read.module || hasErrors(read.diagnostics) || read.module.rootKind === 'ModuleExtension') await checkDeferredSaves(read);
  if (!options.base && read.module?.rootKind === 'ModuleExtension')
    return {
      ok: false,
      diagnostics: [extensionWithoutBase(target, read.module)],
      line: `${shownPath(target)}: not imported`,
      exit: EXIT.usage,
    };
  if (!read.module || hasErrors(read.diagnostics)) return notImported();
  // The extension's own entries are kept in the folder, so that it can be written back alone.
  const extension = read.extension;
  const imported = await importModule(read.module, { id: path.basename(path.resolve(options.out)), ...(extension ? { extension } : {}) });
  await checkDeferredSaves(read);
  if (!read.module || hasErrors(read.diagnostics)) return notImported();
  const entry = read.module.buildFileName;
  // The module's buildFile is the base's when an extension is applied to it (a file of it, if it is a folder).
  const buildFileOf = options.base ?? target;
  const folder = read.module.folder ?? false;
  read.module = undefined;
  const diagnostics = [...read.diagnostics, ...imported.diagnostics.map((d) => locateInModule(d, buildFileOf, entry, folder))];
  const { files, summary } = imported;
  pointSchemasFrom(options.out, files);
  const check = async (written: string) => {
    files.clear();
    return (await loadGame(written)).diagnostics;
  };
  const checked = await writeGameFolder(options.out, files, { replace: options.force, check });
  if (hasErrors(checked)) {
    const invalid = checked.some((d) => d.code !== 'io/cannot-write' && !d.code.startsWith('import/') && !d.code.startsWith('vassal/'));
    const refusal: Diagnostic = {
      code: 'import/invalid-folder',
      severity: 'error',
      message: `${target}: the imported folder would not validate; nothing was written`,
      hint: 'this is a bug in the importer: please report it with the module',
      file: target,
    };
    return {
      ok: false,
      diagnostics: [...diagnostics, ...checked, ...(invalid ? [refusal] : [])],
      ...(writeFailed(checked) ? { exit: EXIT.failed } : {}),
    };
  }
  // Parts of the module the import had to leave out (an unusable grid, say) are errors: the
  // folder is written, but the run fails so that it never passes for a faithful import.
  const importErrors = imported.diagnostics.filter((d) => d.severity === 'error').length;
  return { ok: true, diagnostics, validation: checked, summary, importErrors };
}

/** Points each data file's `$schema` at the package's schemas from where the file will be (the module's own files stay as they were). */
function pointSchemasFrom(out: string, files: Map<string, string | Uint8Array>): void {
  for (const [name, data] of files) {
    if (name.endsWith('.json') && typeof data === 'string' && !name.startsWith(`${SIDECAR_DIR}/`))
      files.set(name, withSchemaReference(data, path.dirname(path.join(out, name))));
  }
}

/** Refusals that say the command line was wrong: --base given for a module, or naming an extension. */
const BASE_MISUSE = new Set(['import/not-an-extension', 'import/base-is-extension']);

/** An extension read on its own: its pieces would name prototypes and images of a module it does not hold. */
export function extensionWithoutBase(target: string, extension: ReadModule): Diagnostic {
  const { baseName, baseVersion, universal } = extensionIdentity(extension.root);
  const base = universal
    ? 'the module to load it into (it loads into any module)'
    : `the module "${baseName}"${baseVersion ? ` version ${baseVersion}` : ''}`;
  return {
    code: 'import/extension-needs-base',
    severity: 'error',
    message: `${target} is a VASSAL extension of ${base}, not a module: nothing was imported`,
    hint: `import it with its module: hexforge import ${target} --base <${universal ? 'module' : baseName || 'module'}.vmod> --out <folder>`,
    file: target,
  };
}

export async function importCommand(target: string, options: ImportCommandOptions, io: Output): Promise<ExitCode> {
  const written = await importAndWrite(target, options);
  if (!written.ok) {
    printDiagnostics(written.diagnostics, options.json, io);
    if (written.line && !options.json) io.err(written.line);
    return written.exit ?? EXIT.invalid;
  }
  const { diagnostics, importErrors } = written;
  const validation = { diagnostics: written.validation };
  printDiagnostics([...diagnostics, ...validation.diagnostics], options.json, io);
  const s = written.summary;
  const from = options.base ? `${target} on ${options.base}` : target;
  const line = `${shownPath(from)} → ${shownPath(options.out)}: ${s.units} units, ${s.scenarios} scenarios, ${s.boxes} boxes, ${s.markers} kinds of marker placed${s.missingImages.length > 0 ? `, ${s.missingImages.length} images missing from the module` : ''}${importErrors > 0 ? `; ${importErrors} error(s) in the module` : ''}; validation: ${summary(validation.diagnostics)}`;
  const valid = !hasErrors(validation.diagnostics);
  if (options.json)
    io.out(
      JSON.stringify({ module: target, ...(options.base ? { base: options.base } : {}), out: options.out, ...s, valid, importErrors }),
    );
  else io.out(line);
  return valid && importErrors === 0 ? EXIT.ok : EXIT.invalid;
}

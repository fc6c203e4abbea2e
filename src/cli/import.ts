/**
 * `hexforge import <module> --out data/<name>`: reads a VASSAL module (.vmod, unzipped folder or
 * buildFile), writes a game folder that validates, then validates it and reports. The limits
 * for hostile archives come from the --max-* flags (see limitFlags).
 */
import path from 'node:path';
import type { Command } from 'commander';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics';
import { importModule } from '../vassal/import/import-module';
import { writeGameFolder } from '../vassal/import/write-folder';
import { DEFAULT_READ_LIMITS, readLimits, type ReadLimits } from '../vassal/reader/limits';
import { readModuleFrom } from '../vassal/reader/source';
import { ExitError, EXIT } from './exit-codes';
import { diagnosticsAsJsonLines, formatDiagnostics, summary } from './format-diagnostics';
import { readSourceLine, type Output } from './io';
import { loadGame } from './load-game';

const LIMIT_FLAGS: Array<[keyof ReadLimits, string, string]> = [
  ['maxEntries', '--max-entries <n>', 'most entries in one archive'],
  ['maxEntryBytes', '--max-entry-size <bytes>', 'most uncompressed bytes of one entry'],
  ['maxTotalBytes', '--max-total-size <bytes>', 'most uncompressed bytes of one archive'],
  ['maxRatio', '--max-ratio <n>', 'highest compression ratio of an entry over 1 MB'],
  ['maxDepth', '--max-depth <n>', 'deepest XML element nesting'],
  ['maxAttributeLength', '--max-attribute-length <n>', 'longest XML attribute value'],
  ['maxTextLength', '--max-text-length <n>', 'longest XML element text'],
  ['maxElements', '--max-elements <n>', 'most XML elements in one document'],
];

/** Adds the --max-* flags for reading untrusted modules to a command. */
export function limitFlags(command: Command): Command {
  for (const [key, flag, description] of LIMIT_FLAGS) command.option(flag, `${description} (default ${DEFAULT_READ_LIMITS[key]})`);
  return command;
}

export function limitsFromOptions(options: Record<string, unknown>): ReadLimits {
  const overrides: Partial<ReadLimits> = {};
  for (const [key] of LIMIT_FLAGS) {
    const raw = options[key === 'maxEntryBytes' ? 'maxEntrySize' : key === 'maxTotalBytes' ? 'maxTotalSize' : key];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0)
      throw new ExitError(
        EXIT.usage,
        `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} takes a positive number, not "${String(raw)}"`,
      );
    overrides[key] = n;
  }
  return readLimits(overrides);
}

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
  else io.err(formatDiagnostics(sorted, readSourceLine, io.color));
}

export async function importCommand(target: string, options: ImportCommandOptions, io: Output): Promise<boolean> {
  const read = await readModuleFrom(target, options.limits);
  if (!read.module || hasErrors(read.diagnostics)) {
    printDiagnostics(read.diagnostics, options.json, io);
    if (!options.json) io.err(`${target}: not imported`);
    return false;
  }
  const result = await importModule(read.module, { id: path.basename(path.resolve(options.out)) });
  const written = await writeGameFolder(options.out, result.files, { replace: options.force });
  const diagnostics = [...read.diagnostics, ...result.diagnostics, ...written];
  if (hasErrors(written)) {
    printDiagnostics(diagnostics, options.json, io);
    return false;
  }
  const validation = await loadGame(options.out);
  printDiagnostics([...diagnostics, ...validation.diagnostics], options.json, io);
  const s = result.summary;
  const line = `${target} → ${options.out}: ${s.units} units, ${s.scenarios} scenarios, ${s.boxes} boxes, ${s.markers} markers kept in the sidecar${s.missingImages.length > 0 ? `, ${s.missingImages.length} images missing from the module` : ''}; validation: ${summary(validation.diagnostics)}`;
  if (options.json) io.out(JSON.stringify({ module: target, out: options.out, ...s, valid: !hasErrors(validation.diagnostics) }));
  else io.out(line);
  return !hasErrors(validation.diagnostics);
}

/**
 * `hexforge vassal-check <module> [--extension <vmdx>…] [--vassal <install or jar>] [--json]`: loads
 * the module, and the extensions after it, in VASSAL itself (headless, src/vassal/harness) and
 * reports what VASSAL says: an extension it refused, load errors and warnings,
 * validation, palette pieces, images, grids, every predefined setup's pieces (location, snap point,
 * Delete), and Flip, move and Delete on one piece of each prototype. Exit 0 when VASSAL reports
 * nothing, 1 when it reports a problem, 2 when VASSAL or Java cannot be found or run.
 */
import { existsSync } from 'node:fs';
import { sortDiagnostics, type Diagnostic } from '../diagnostics';
import { extensionIdentity } from '../vassal/reader/extension';
import { DEFAULT_READ_LIMITS } from '../vassal/reader/limits';
import { hasMetadata, noExtensionData } from '../vassal/reader/extended-module';
import { readBuildFileRoot, readModuleEntriesOnDemand } from '../vassal/reader/source';
import { positionOf } from '../vassal/reader/xml';
import { findVassal } from '../vassal/harness/locate';
import { harnessCounts, harnessPasses, judgeHarnessReport } from '../vassal/harness/judge';
import { runHarness } from '../vassal/harness/run';
import { EXIT, ExitError, type ExitCode } from './exit-codes';
import { archiveForCheck } from './vassal-check-archive';
import { formatDiagnostics, summary } from './format-diagnostics';
import type { Output } from './io';
import { shownPath } from './io';
import { printDiagnostics } from './print-diagnostics';

export interface VassalCheckOptions {
  vassal?: string;
  json?: boolean;
  timeLimit?: number;
  /** Extensions (.vmdx) loaded after the module, as VASSAL loads them. */
  extension?: string[];
}

export async function vassalCheckCommand(modulePath: string, options: VassalCheckOptions, io: Output): Promise<ExitCode> {
  const runtime = findVassal(options.vassal);
  if (!runtime.ok) throw new ExitError(EXIT.usage, `${runtime.message}\n  hint: ${runtime.hint}`);
  const extensions = options.extension ?? [];
  refuseMissing(modulePath, 'pass a .vmod, an unzipped module folder or its buildFile');
  // VASSAL would run without an extension it cannot find, and the check pass without it.
  for (const extension of extensions) refuseMissing(extension, 'pass the extension file (.vmdx) to --extension');
  const alone = await extensionGivenAlone(modulePath);
  if (alone) {
    printDiagnostics([alone], options, io);
    if (!options.json) io.err(`${shownPath(modulePath)}: not checked`);
    return EXIT.usage;
  }
  const checked = await archiveForCheck(modulePath);
  const run = await runHarness(checked.archive, runtime.value, {
    timeLimit: options.timeLimit,
    ...(extensions.length > 0 ? { extensions } : {}),
  }).finally(() => checked.dispose());
  if (!run.ok) throw new ExitError(EXIT.usage, `${modulePath}: ${run.message}${run.hint ? `\n  hint: ${run.hint}` : ''}`);
  const { report, millis } = run.value;
  const diagnostics = sortDiagnostics([...judgeHarnessReport(report, modulePath), ...(await extensionsWithoutData(extensions))]);
  const passed = harnessPasses(diagnostics);
  const counts = harnessCounts(report);
  if (options.json) {
    const loaded = report.extensions ? { extensions: report.extensions } : {};
    io.out(JSON.stringify({ module: modulePath, vassal: report.vassalVersion ?? null, passed, millis, counts, ...loaded, diagnostics }));
  } else {
    if (diagnostics.length > 0) io.err(formatDiagnostics(diagnostics, () => undefined, io.color));
    io.out(
      `${shownPath(modulePath)}: VASSAL ${report.vassalVersion ?? '?'}: ${summary(diagnostics)}; ` +
        `${counts.maps} maps with ${counts.boards} boards, ${counts.pieceSlots} palette pieces, ${counts.images} images, ${counts.gridCells} grid cells, ` +
        `${counts.setups} setups with ${counts.setupPieces} pieces, ${counts.probes} prototypes probed (${(millis / 1000).toFixed(1)} s)`,
    );
  }
  return passed ? EXIT.ok : EXIT.invalid;
}

/**
 * An extension passed as the module: VASSAL cannot open it alone (it stops with a bare
 * NullPointerException), so it is refused before VASSAL runs, with the module it needs.
 */
async function extensionGivenAlone(modulePath: string): Promise<Diagnostic | undefined> {
  const read = await readBuildFileRoot(modulePath, DEFAULT_READ_LIMITS);
  if (read?.kind !== 'ModuleExtension') return undefined;
  const { baseName, baseVersion, universal } = extensionIdentity(read.root);
  const base = universal ? 'any module' : `the module "${baseName}"${baseVersion ? ` version ${baseVersion}` : ''}`;
  return {
    code: 'vassal/check-extension-alone',
    severity: 'error',
    message: `${modulePath} is a VASSAL extension of ${base}, not a module: VASSAL loads an extension only into its module`,
    hint: `check it loaded into its module: hexforge vassal-check <${universal || !baseName ? 'module' : baseName}.vmod> --extension ${modulePath}`,
    file: read.where,
    ...positionOf(read.root),
  };
}

/** Why VASSAL refuses an extension with no more than "entry": it has no metadata entry. */
async function extensionsWithoutData(extensions: string[]): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const extension of extensions) {
    const read = await readModuleEntriesOnDemand(extension, DEFAULT_READ_LIMITS);
    if (read.entries && !hasMetadata(read.entries)) out.push(noExtensionData(extension));
  }
  return out;
}

function refuseMissing(file: string, hint: string): void {
  if (!existsSync(file)) throw new ExitError(EXIT.usage, `${file}: no such file or folder\n  hint: ${hint}`);
}

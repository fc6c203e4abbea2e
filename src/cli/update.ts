/**
 * `hexforge update <module> <game> --out <new.vmod>`: the module the game folder was imported
 * from, with the folder's changes since the import applied where the import found each value
 * (units.csv's values, the title, counters.json's marker names),
 * everything else as it was. A folder imported from an extension (`--base`) gives the extension
 * back as a new .vmdx, its base module untouched (./update-origin.ts). Prints each change and where it was made, identical edits of one
 * entry grouped (./update-report.ts); `--json` lists every place.
 * Nothing is written when a change cannot be carried into the module.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrors, type Diagnostic } from '../diagnostics';
import { parseCsvSource } from '../data/csv-source';
import { FILE_NAMES } from '../data/game-files';
import type { CounterMaskFile, ScenarioFile } from '../model/files';
import { SIDECAR_INDEX, type SidecarIndex } from '../vassal/import/sidecar';
import { zipStream } from '../vassal/module/zip';
import type { ReadLimits } from '../vassal/reader/limits';
import { checkDeferredSaves, type ReadModule } from '../vassal/reader/module';
import { readSidecarIndex } from '../vassal/roundtrip/from-sidecar';
import { ArchiveEntries } from '../vassal/reader/zip-file';
import { dataChanges, type FolderData } from '../vassal/update/data-changes';
import { maskPartHashes, type MaskPartHashes } from '../vassal/import/mask-parts';
import { readMarkerNames } from '../vassal/update/marker-renames';
import { readGameIdentity } from '../vassal/update/game-identity';
import { updateModule } from '../vassal/update/update-module';
import { printDiagnostics } from './import';
import { readUpdateOrigin } from './update-origin';
import { writeFileAtomic, type Output, shownPath } from './io';
import { loadGame } from './load-game';
import { updateReportLines } from './update-report';
import { sourceDateEpoch } from './roundtrip';
import { withImportedSchemaReference } from './schema-reference';

export interface UpdateCommandOptions {
  out: string;
  /** The module the extension `target` extends, for a folder imported from an extension. */
  base?: string;
  json?: boolean;
  limits: ReadLimits;
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The folder's data as update compares it: units.csv rows, the title and version, counters.json's
 * marker names, data file hashes (counters.json's with its marker names as imported, game.json's with
 * its title and version as imported, since update carries those).
 */
export async function folderData(dir: string, sidecar: SidecarIndex): Promise<{ data?: FolderData; diagnostics: Diagnostic[] }> {
  const units = new Map<string, Record<string, string>>();
  const csvFile = path.join(dir, 'units.csv');
  const parsed = parseCsvSource(csvFile, (await readText(csvFile)) ?? '');
  if (!parsed.source) return { diagnostics: parsed.diagnostics };
  const header = parsed.source.header;
  for (const record of parsed.source.records) {
    const row: Record<string, string> = {};
    header.forEach((column, i) => (row[column] = record.cells[i] ?? ''));
    units.set(row.id, row);
  }
  const fileHashes = new Map<string, string>();
  const maskParts = new Map<string, MaskPartHashes>();
  let markers: ReadonlyMap<string, string> | undefined;
  let counterMasks: CounterMaskFile[] | undefined;
  let scenarios: ScenarioFile[] | undefined;
  let title: string | undefined;
  let version: string | undefined;
  let versionImported = false;
  for (const name of Object.keys(sidecar.dataFiles ?? {})) {
    const text = await readText(path.join(dir, name));
    if (text === undefined) continue;
    let compared = withImportedSchemaReference(text, name);
    const counters = name === FILE_NAMES.counters ? readMarkerNames(compared, sidecar) : undefined;
    if (counters) ({ names: markers, asImported: compared } = counters);
    const identity = name === FILE_NAMES.game ? readGameIdentity(compared, sidecar, sidecar.dataFiles?.[name]) : undefined;
    if (identity) ({ title, version, versionImported, asImported: compared } = identity);
    fileHashes.set(name, createHash('sha256').update(compared).digest('hex'));
    const parts = maskPartHashes(name, compared);
    if (parts) maskParts.set(name, parts);
    if (name === FILE_NAMES.counters) counterMasks = counterMasksOf(text);
    if (name === FILE_NAMES.scenarios) scenarios = scenariosOf(text);
  }
  return {
    data: {
      units,
      fileHashes,
      maskParts,
      folder: dir,
      ...(title !== undefined ? { title } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(versionImported ? { versionImported } : {}),
      ...(markers ? { markers } : {}),
      ...(counterMasks ? { counterMasks } : {}),
      ...(scenarios ? { scenarios } : {}),
    },
    diagnostics: [],
  };
}

/** counters.json's `vassal.masks` (the file validated before), an empty list for none; undefined for a text that is no JSON. */
function counterMasksOf(text: string): CounterMaskFile[] | undefined {
  try {
    return (JSON.parse(text) as { vassal?: { masks?: CounterMaskFile[] } }).vassal?.masks ?? [];
  } catch {
    return undefined;
  }
}

/** scenarios.json's scenarios (the file validated before); undefined for a text that is no JSON. */
function scenariosOf(text: string): ScenarioFile[] | undefined {
  try {
    return (JSON.parse(text) as { scenarios?: ScenarioFile[] }).scenarios ?? [];
  } catch {
    return undefined;
  }
}

export async function updateCommand(target: string, game: string, options: UpdateCommandOptions, io: Output): Promise<boolean> {
  const fail = (diagnostics: Diagnostic[], line: string): boolean => {
    printDiagnostics(diagnostics, options.json, io);
    if (!options.json) io.err(shownPath(line));
    return false;
  };
  const indexText = await readText(path.join(game, SIDECAR_INDEX));
  if (indexText === undefined)
    return fail(
      [
        {
          code: 'update/no-sidecar',
          severity: 'error',
          message: `${game} has no ${SIDECAR_INDEX}: it was not imported from a VASSAL module`,
          hint: `hexforge import <module> --out ${game}`,
          file: game,
        },
      ],
      `${game}: nothing written`,
    );
  const index = readSidecarIndex(new Map([[SIDECAR_INDEX, indexText]]), path.join(game, SIDECAR_INDEX));
  if (!index.index) return fail(index.diagnostics, `${game}: nothing written`);
  const sidecar = index.index;
  // Only the diagnostics are kept: the loaded game (every scenario's placements) is let go before the module is read.
  const validation = (await loadGame(game)).diagnostics;
  if (hasErrors(validation)) return fail(validation, `${game} does not validate; nothing written`);
  const { origin, diagnostics: readProblems } = await readUpdateOrigin(target, game, sidecar, options);
  if (!origin) return fail(readProblems, `${options.out}: nothing written`);
  // Each save is decoded once: those the update patches as it patches them, the others when the
  // saves are checked, before anything is written or refused for another reason (a save that does
  // not read refuses the module, as when it is read).
  const read: { module?: ReadModule; diagnostics: Diagnostic[] } = { module: origin.module, diagnostics: readProblems };
  const savesRefused = async (): Promise<boolean> => {
    await checkDeferredSaves(read);
    return !read.module || hasErrors(read.diagnostics);
  };
  const refuse = async (problems: Diagnostic[], line: string): Promise<boolean> =>
    (await savesRefused()) ? fail(read.diagnostics, `${options.out}: nothing written`) : fail(problems, line);
  const folder = await folderData(game, sidecar);
  if (!folder.data) return refuse(folder.diagnostics, `${game}: units.csv could not be read; nothing written`);
  const changes = dataChanges(sidecar, folder.data);
  const diagnostics = [...changes.diagnostics];
  if (hasErrors(diagnostics)) return refuse(diagnostics, `${game}: nothing written`);
  const { module, extension } = origin;
  const result = await updateModule(origin.entries, module, sidecar, changes, {
    limits: options.limits,
    epoch: sourceDateEpoch(),
    ...(extension ? { extension } : {}),
  });
  diagnostics.push(...result.diagnostics);
  if (!result.entries) return refuse(diagnostics, `${options.out}: nothing written`);
  if (await savesRefused()) return fail(read.diagnostics, `${options.out}: nothing written`);
  // Written entry by entry, each read from the original when the writing reaches it; an unchanged
  // entry of an archive is copied as it is packed there, not inflated and packed again.
  const { entries, changed } = result;
  const original = origin.extension?.entries ?? origin.entries;
  const unchanged = (name: string) => (original instanceof ArchiveEntries ? original.packed(name) : undefined) ?? entries.get(name)!;
  await writeFileAtomic(
    options.out,
    zipStream(
      [...entries.keys()].map((name) => ({ path: name, data: () => (changed?.has(name) ? entries.get(name)! : unchanged(name)) })),
      sourceDateEpoch(),
    ),
  );
  printDiagnostics(diagnostics, options.json, io);
  const places = result.applied.reduce((n, c) => n + c.places.length, 0);
  if (options.json) io.out(JSON.stringify({ module: target, game, out: options.out, changes: result.applied }));
  else {
    for (const line of updateReportLines(result.applied)) io.out(line);
    io.out(
      `${shownPath(target)}${options.base ? ` (on ${shownPath(options.base)})` : ''} + ${shownPath(game)} → ${shownPath(options.out)}: ${result.applied.length === 0 ? 'no change' : `${result.applied.length} change(s) in ${places} place(s)`}; every other entry as in the original`,
    );
  }
  return true;
}

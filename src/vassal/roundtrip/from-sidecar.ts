/**
 * The export half of the round trip: a module re-emitted from an imported game folder's sidecar
 * (../import/sidecar.ts). Exactly the entries listed in vassal/import.json are taken from
 * vassal/module/ (the module's own buildFile, or, for a module read with an extension, the
 * tree written by the module writer's serialiser); the archive is made by the module writer's
 * zip writer, so the round trip exercises it. A folder imported from an extension gives the
 * extension back alone: its own entries, from vassal/extension/ or vassal/module/.
 */
import type { Diagnostic } from '../../diagnostics';
import { isStoredUncompressed, zipStream, type DeferredZipEntry, type PackedEntry } from '../module/zip';
import { GameFiles } from '../import/game-files';
import { keptExtensionEntry } from '../import/extension-files';
import { SIDECAR_EXTENSION_DIR, SIDECAR_INDEX, SIDECAR_MODULE_DIR, type SidecarIndex } from '../import/sidecar';
import { parseSidecarIndex } from '../import/sidecar-read';
import type { ArchivePiece } from '../../file-span';

export interface SidecarModule {
  /**
   * The .vmod bytes as the pieces that follow each other in the archive (../module/zip.ts
   * zipStream: each entry read from the folder's files when the writing reaches it, written out
   * and let go), absent when the sidecar is incomplete.
   */
  parts?: Iterable<ArchivePiece>;
  index?: SidecarIndex;
  diagnostics: Diagnostic[];
}

type SidecarFiles = ReadonlyMap<string, Uint8Array | string>;

/** vassal/import.json, or why the folder has none that can be used. */
export function readSidecarIndex(files: SidecarFiles, where: string): { index?: SidecarIndex; diagnostics: Diagnostic[] } {
  const fail = (code: string, message: string, hint?: string) => ({
    diagnostics: [{ code, severity: 'error' as const, message: `${where}: ${message}`, ...(hint ? { hint } : {}), file: where }],
  });
  const rawIndex = files.get(SIDECAR_INDEX);
  if (rawIndex === undefined) return fail('roundtrip/no-sidecar', `no ${SIDECAR_INDEX}; the folder was not imported from a module`);
  const read = parseSidecarIndex(rawIndex);
  if ('problem' in read) return fail('roundtrip/bad-sidecar', read.problem, read.hint);
  return { index: read.index, diagnostics: [] };
}

/** The archive of the named entries, each found by `pathOf`; a missing one is an error. */
function archive(
  names: readonly string[],
  files: SidecarFiles,
  pathOf: (name: string) => string | undefined,
  missing: (name: string) => string,
  options: { epoch: number; where: string },
): { parts?: Iterable<ArchivePiece>; diagnostics: Diagnostic[] } {
  const entries: DeferredZipEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const at = pathOf(name);
    if (at === undefined || !files.has(at)) {
      const message = `${options.where}: ${missing(name)} is missing`;
      diagnostics.push({ code: 'roundtrip/missing-entry', severity: 'error', message, file: options.where });
      continue;
    }
    entries.push({ path: name, data: () => storedCopy(files, at, name) ?? asBytes(files.get(at)!) });
  }
  if (diagnostics.length > 0) return { diagnostics };
  return { parts: zipStream(entries, options.epoch), diagnostics };
}

/**
 * `files` maps paths relative to the game folder to their bytes (at least vassal/import.json and
 * vassal/module/…). `epoch` is SOURCE_DATE_EPOCH seconds for the entry timestamps.
 */
export function moduleFromSidecar(files: SidecarFiles, options: { epoch: number; gameDir?: string }): SidecarModule {
  const where = options.gameDir ?? '(game folder)';
  const { index, diagnostics } = readSidecarIndex(files, where);
  if (!index) return { diagnostics };
  const modulePath = (name: string) => `${SIDECAR_MODULE_DIR}/${name}`;
  return { index, ...archive(index.module.entries, files, modulePath, modulePath, { epoch: options.epoch, where }) };
}

/**
 * The extension a folder was imported from (with its base module), written back alone from the
 * entries the import kept: the .vmdx, never the base module.
 */
export function extensionFromSidecar(files: SidecarFiles, options: { epoch: number; gameDir?: string }): SidecarModule {
  const where = options.gameDir ?? '(game folder)';
  const { index, diagnostics } = readSidecarIndex(files, where);
  if (!index) return { diagnostics };
  const extension = index.module.extension;
  if (!extension?.entries || !extension.buildFile) {
    const message = extension
      ? `${where}: the folder keeps no entries of the extension "${extension.name}" of its own (an import from before extensions were kept)`
      : `${where}: the folder was imported from a module, not an extension`;
    const hint = extension ? 'import the extension again with --base' : 'give the module without --base';
    return { index, diagnostics: [{ code: 'roundtrip/not-an-extension', severity: 'error', message, hint, file: where }] };
  }
  // The extension's buildFile is its own: vassal/module/ holds the module's tree with it grafted in.
  const buildFile = extension.buildFile;
  const pathOf = (name: string) => (name === buildFile ? `${SIDECAR_EXTENSION_DIR}/${name}` : keptExtensionEntry(files, name));
  const missing = (name: string) => `the extension's entry ${name}`;
  return { index, ...archive(extension.entries, files, pathOf, missing, { epoch: options.epoch, where }) };
}

/**
 * An entry the original archive stores (as images are) and the writer would store too, copied from
 * the original as it lies there: the same bytes, never read whole.
 */
function storedCopy(files: SidecarFiles, at: string, name: string): PackedEntry | undefined {
  return files instanceof GameFiles && isStoredUncompressed(name) ? files.stored(at) : undefined;
}

function asBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

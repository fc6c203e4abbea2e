/**
 * The export half of the round trip: a module re-emitted from an imported game folder's sidecar
 * (../import/sidecar.ts). Exactly the entries listed in vassal/import.json are taken from
 * vassal/module/ (the module's own buildFile, or, for a module read with an extension, the
 * tree written by the module writer's serialiser); the archive is made by the module writer's
 * zip writer, so the round trip exercises it.
 */
import type { Diagnostic } from '../../diagnostics';
import { zipStream, type DeferredZipEntry } from '../module/zip';
import { SIDECAR_FORMAT, SIDECAR_INDEX, SIDECAR_MODULE_DIR, type SidecarIndex } from '../import/sidecar';

export interface SidecarModule {
  /**
   * The .vmod bytes as the pieces that follow each other in the archive (../module/zip.ts
   * zipStream: each entry read from the folder's files when the writing reaches it, written out
   * and let go), absent when the sidecar is incomplete.
   */
  parts?: Iterable<Uint8Array>;
  index?: SidecarIndex;
  diagnostics: Diagnostic[];
}

/**
 * `files` maps paths relative to the game folder to their bytes (at least vassal/import.json and
 * vassal/module/…). `epoch` is SOURCE_DATE_EPOCH seconds for the entry timestamps.
 */
export function moduleFromSidecar(
  files: ReadonlyMap<string, Uint8Array | string>,
  options: { epoch: number; gameDir?: string },
): SidecarModule {
  const where = options.gameDir ?? '(game folder)';
  const fail = (code: string, message: string): SidecarModule => ({
    diagnostics: [{ code, severity: 'error', message: `${where}: ${message}`, file: where }],
  });
  const rawIndex = files.get(SIDECAR_INDEX);
  if (rawIndex === undefined) return fail('roundtrip/no-sidecar', `no ${SIDECAR_INDEX}; the folder was not imported from a module`);
  let index: SidecarIndex;
  try {
    index = JSON.parse(typeof rawIndex === 'string' ? rawIndex : new TextDecoder().decode(rawIndex)) as SidecarIndex;
  } catch (error) {
    return fail('roundtrip/bad-sidecar', `${SIDECAR_INDEX} is not JSON (${(error as Error).message})`);
  }
  if (index.format !== SIDECAR_FORMAT || !Array.isArray(index.module?.entries))
    return fail('roundtrip/bad-sidecar', `${SIDECAR_INDEX} has an unknown format`);
  const entries: DeferredZipEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of index.module.entries) {
    const file = `${SIDECAR_MODULE_DIR}/${name}`;
    if (!files.has(file)) {
      diagnostics.push({
        code: 'roundtrip/missing-entry',
        severity: 'error',
        message: `${where}: ${SIDECAR_MODULE_DIR}/${name} is missing`,
        file: where,
      });
      continue;
    }
    entries.push({ path: name, data: () => asBytes(files.get(file)!) });
  }
  if (diagnostics.length > 0) return { index, diagnostics };
  return { parts: zipStream(entries, options.epoch), index, diagnostics };
}

function asBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

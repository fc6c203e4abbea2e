/**
 * What the imported folder keeps of an extension read with its base module, so that `roundtrip`
 * and `update` can write the extension back alone: its entry names in order, its identity and
 * its base's, and under vassal/extension/ each of its entries that vassal/module/ does not hold
 * with the same bytes (its own buildFile, extensiondata; a file the base shadows).
 */
import type { ExtensionBase } from '../reader/extended-module';
import type { XmlElement } from '../xml-tree';
import { SIDECAR_EXTENSION_DIR, SIDECAR_MODULE_DIR, type SidecarExtension } from './sidecar';

/** The extension as the import is given it: its name and version, and its entries when they are to be kept. */
export interface ImportedExtension {
  name: string;
  version: string;
  /** The extension's file, for diagnostics about what it added. */
  source?: string;
  entries?: ReadonlyMap<string, Uint8Array>;
  buildFile?: string;
  buildFileSha256?: string;
  base?: ExtensionBase;
  /** The extension's buildFile tree (its elements name the extension's file). */
  root?: XmlElement;
  /** The elements the extension added to the module. */
  added?: ReadonlySet<XmlElement>;
  /** The base module's entry names. */
  baseEntries?: ReadonlySet<string>;
}

function sameBytes(a: string | Uint8Array | undefined, b: Uint8Array): boolean {
  return (
    a instanceof Uint8Array && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))
  );
}

/**
 * Adds the extension's entries to `files` (after the module's) and gives its record for
 * vassal/import.json; `moduleEntries` are the module's entry names as recorded there, the base's first.
 */
export function keepExtension(
  extension: ImportedExtension,
  files: Map<string, string | Uint8Array>,
  moduleEntries: readonly string[],
): SidecarExtension {
  const record: SidecarExtension = { name: extension.name, version: extension.version };
  if (!extension.entries || !extension.buildFile || !extension.buildFileSha256 || !extension.base) return record;
  for (const [name, data] of extension.entries) {
    if (!sameBytes(files.get(`${SIDECAR_MODULE_DIR}/${name}`), data)) files.set(`${SIDECAR_EXTENSION_DIR}/${name}`, data);
  }
  return {
    ...record,
    entries: [...extension.entries.keys()],
    buildFile: extension.buildFile,
    buildFileSha256: extension.buildFileSha256,
    base: { ...extension.base },
    ...(extension.baseEntries ? { baseEntries: moduleEntries.filter((name) => extension.baseEntries!.has(name)).length } : {}),
  };
}

/** The path in the folder of an extension entry that keepExtension kept. */
export function keptExtensionEntry(files: ReadonlyMap<string, unknown>, name: string): string | undefined {
  const own = `${SIDECAR_EXTENSION_DIR}/${name}`;
  if (files.has(own)) return own;
  const shared = `${SIDECAR_MODULE_DIR}/${name}`;
  return files.has(shared) ? shared : undefined;
}

/** The palette units whose piece the extension holds (their copies with them): those an update of the extension can change. */
export function extensionUnits(
  units: readonly { id: string; definition: { element: XmlElement } }[],
  added: ReadonlySet<XmlElement> | undefined,
): string[] {
  return added ? units.filter((u) => added.has(u.definition.element)).map((u) => u.id) : [];
}

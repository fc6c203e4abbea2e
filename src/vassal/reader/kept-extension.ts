/**
 * An extension and its base module read back from what a game folder imported from them keeps
 * (../import/extension-files.ts): the module as VASSAL runs it with the extension loaded under
 * vassal/module/, the extension's own entries under vassal/extension/ (or the same bytes under
 * vassal/module/). The result is what reading the two original files gives
 * (./extended-module.ts), so that the extension can be written alone from the folder, without them.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../diagnostics';
import { keptExtensionEntry } from '../import/extension-files';
import { SIDECAR_MODULE_DIR, type SidecarIndex } from '../import/sidecar';
import { applyExtension, extensionIdentity, EXTENSION_ROOT } from './extension';
import type { ExtensionParts } from './extended-module';
import type { ReadLimits } from './limits';
import { decodeText, readModule, type ReadModule } from './module';
import { OnDemandMap } from './on-demand-map';
import { ungraftExtension } from './ungraft-extension';
import { parseXml } from './xml';
import type { XmlElement } from '../xml-tree';

/** The folder's files by path relative to the folder, each read when asked for. */
export type KeptFiles = ReadonlyMap<string, Uint8Array>;

/** Entries named `names`, each the folder file `pathOf` gives, read when asked for. */
class KeptEntries extends OnDemandMap<Uint8Array> {
  private readonly names: ReadonlySet<string>;

  constructor(
    names: readonly string[],
    private readonly files: KeptFiles,
    private readonly pathOf: (name: string) => string | undefined,
  ) {
    super();
    // A set: a module may hold tens of thousands of entries, each looked up when read.
    this.names = new Set(names);
  }

  get size(): number {
    return this.names.size;
  }

  has(key: string): boolean {
    return this.names.has(key);
  }

  get(key: string): Uint8Array | undefined {
    const at = this.folderPath(key);
    return at === undefined ? undefined : this.files.get(at);
  }

  /** The folder file that holds the entry `key`, if any. */
  folderPath(key: string): string | undefined {
    return this.has(key) ? this.pathOf(key) : undefined;
  }

  keys(): MapIterator<string> {
    return this.names.values();
  }
}

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

export interface KeptExtension {
  /** The entries the module reads (its pictures left out: writing the extension needs none of them). */
  entries: ReadonlyMap<string, Uint8Array>;
  module: ReadModule;
  extension: ExtensionParts;
  /**
   * The folder files that writing the extension reads after this reading, by path: the module's
   * saves (update patches them, the build checks every one) and each entry of the extension (all
   * are written out).
   */
  laterReads: string[];
}

/** The kept extension, or why the folder does not hold one that can be written again. */
export async function readKeptExtension(
  files: KeptFiles,
  sidecar: SidecarIndex,
  /** `deferSaveCheck`: see ReadModuleOptions. */
  options: { folder: string; limits: ReadLimits; deferSaveCheck?: boolean },
): Promise<{ kept?: KeptExtension; diagnostics: Diagnostic[] }> {
  const recorded = sidecar.module.extension;
  const fail = (message: string): { diagnostics: Diagnostic[] } => ({
    diagnostics: [
      {
        code: 'vassal/extension-not-kept',
        severity: 'error',
        message: `${options.folder}: ${message}`,
        hint: 'import the extension with its base module again (hexforge import <extension.vmdx> --base <module> --out <folder> --force)',
        file: options.folder,
      },
    ],
  });
  if (!recorded?.entries || !recorded.buildFile || !recorded.base || recorded.baseEntries === undefined)
    return fail(`the folder keeps no entries of the extension "${recorded?.name ?? ''}", or not which of its files are the base module's`);
  const extEntries = new KeptEntries(recorded.entries, files, (name) => keptExtensionEntry(files, name));
  const extBytes = extEntries.get(recorded.buildFile);
  if (!extBytes || sha256(extBytes) !== recorded.buildFileSha256)
    return fail(`the extension's ${recorded.buildFile} is missing or not the one imported`);
  // Problems in it name the folder's file, which an editor opens (not archive notation).
  const folder = options.folder.replace(/[\\/]+$/, '');
  const extFile = `${folder}/${extEntries.folderPath(recorded.buildFile)}`;
  const parsed = parseXml(decodeText(extBytes), { file: extFile, limits: options.limits, fileElements: true });
  if (!parsed.root || parsed.root.name !== EXTENSION_ROOT)
    return { ...fail(`the extension's ${recorded.buildFile} does not read`), ...parsed };
  const extRoot = parsed.root;
  const names = sidecar.module.entries.filter((name) => !name.startsWith('images/'));
  const entries = new KeptEntries(names, files, (name) => `${SIDECAR_MODULE_DIR}/${name}`);
  // The module's entries are files of the folder: a save's problems name the one read, where the user finds it.
  const moduleDir = `${folder}/${SIDECAR_MODULE_DIR}`;
  let added: ReadonlySet<XmlElement> = new Set();
  const read = await readModule(entries, {
    source: options.folder,
    limits: options.limits,
    deferSaveCheck: options.deferSaveCheck ?? false,
    elsewhere: { source: moduleDir, folder: true, names: new Set(names) },
    graft: (root) => {
      const { missing } = ungraftExtension(root, extRoot);
      if (missing !== undefined) return fail(`the module kept does not hold the extension's component at "${missing}"`);
      const applied = applyExtension(root, extRoot, { file: extFile });
      added = applied.added;
      return { diagnostics: applied.diagnostics, fileOf: (el) => (applied.added.has(el) ? extFile : undefined) };
    },
  });
  if (!read.module) return { diagnostics: read.diagnostics };
  // The folder's module is the one imported: its extension's buildFile is, and the base's is not kept.
  if (sidecar.module.buildFileSha256) read.module.buildFileSha256 = sidecar.module.buildFileSha256;
  const extension: ExtensionParts = {
    ...extensionIdentity(extRoot),
    name: recorded.name,
    source: options.folder,
    entries: extEntries,
    buildFile: recorded.buildFile,
    buildFileSha256: recorded.buildFileSha256!,
    root: extRoot,
    added,
    baseEntries: new Set(sidecar.module.entries.slice(0, recorded.baseEntries)),
    base: recorded.base,
  };
  const laterReads = [
    ...read.module.saves.names.map((name) => entries.folderPath(name)),
    ...recorded.entries.map((name) => extEntries.folderPath(name)),
  ].filter((file) => file !== undefined);
  return { kept: { entries, module: read.module, extension, laterReads }, diagnostics: read.diagnostics };
}

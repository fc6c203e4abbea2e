/**
 * The I/O edge of reading an extension with its base module: both are read from their paths, and
 * the result is the base module as VASSAL runs it with the extension loaded — the extension's
 * components grafted at their targets (extension.ts), its files found after the base's (VASSAL's
 * DataArchive looks in the module first, then in each extension), so that its pieces resolve
 * prototypes and images from either.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Diagnostic } from '../../diagnostics';
import { applyExtension, EXTENSION_ROOT, extensionIdentity, type ExtensionIdentity } from './extension';
import { TOTAL_SIZE_HINT, type ReadLimits } from './limits';
import { BUILDFILE, BUILDFILE_LEGACY, EXTENSIONDATA, MODULEDATA, decodeText, isJunkEntry, readModule, type ReadModule } from './module';
import { readModuleEntries } from './source';
import { entryLocation, parseXml } from './xml';
import { attribute, type XmlElement } from '../xml-tree';

/** The extension as the import reports it: its identity, its name (VASSAL names it by its file) and path. */
export interface ExtensionSource extends ExtensionIdentity {
  name: string;
  source: string;
}

/** The module an extension was read with, as the imported folder records it. */
export interface ExtensionBase {
  name: string;
  version: string;
  /** SHA-256 (hex) of the base module's buildFile bytes. */
  buildFileSha256: string;
}

/** An extension read with its base: what is needed to write the extension back, the base left as it is. */
export interface ExtensionParts extends ExtensionSource {
  /** The extension's own entries, in its archive's order, its buildFile among them. */
  entries: ReadonlyMap<string, Uint8Array>;
  buildFile: string;
  buildFileSha256: string;
  /** The extension's buildFile tree: the components grafted into the module are these very elements. */
  root: XmlElement;
  /** Every element the extension added to the module (the components grafted, with their descendants). */
  added: ReadonlySet<XmlElement>;
  /** The base module's entry names: a name of both is the base's file (VASSAL looks in the module first). */
  baseEntries: ReadonlySet<string>;
  base: ExtensionBase;
}

/** A version before another, comparing dot-separated parts numerically where both are numbers. */
export function versionBefore(a: string, b: string): boolean {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    return Number.isFinite(nx) && Number.isFinite(ny) ? nx < ny : x < y;
  }
  return false;
}

function refusal(code: string, message: string, file: string, hint: string): Diagnostic {
  return { code, severity: 'error', message, file, hint };
}

/** The extension's buildFile tree, or why it is not an extension. */
async function readExtensionTree(
  target: string,
  limits: ReadLimits,
): Promise<{ root?: XmlElement; entries?: Map<string, Uint8Array>; buildFile?: string; folder?: boolean; diagnostics: Diagnostic[] }> {
  const read = await readModuleEntries(target, limits);
  if (!read.entries || read.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: read.diagnostics };
  const buildFile = [BUILDFILE, BUILDFILE_LEGACY].find((name) => read.entries!.has(name));
  if (!buildFile)
    return {
      diagnostics: [
        refusal(
          'vassal/no-buildfile',
          `${target}: not a VASSAL extension (no buildFile.xml or buildFile entry)`,
          target,
          'pass the extension (.vmdx) itself',
        ),
      ],
    };
  // Its elements name the extension's file: grafted into the base module's tree, their diagnostics still point here.
  const parsed = parseXml(decodeText(read.entries.get(buildFile)!), {
    file: target,
    entry: buildFile,
    folder: read.folder ?? false,
    limits,
    fileElements: true,
  });
  if (!parsed.root) return { diagnostics: parsed.diagnostics };
  if (parsed.root.name !== EXTENSION_ROOT) {
    const hint = 'import a module without --base; --base names the module an extension (.vmdx) extends';
    return { diagnostics: [refusal('import/not-an-extension', `${target} is a module, not a VASSAL extension`, target, hint)] };
  }
  const diagnostics = [...parsed.diagnostics];
  if (!hasMetadata(read.entries)) diagnostics.push(noExtensionData(target));
  return { root: parsed.root, entries: read.entries, buildFile, folder: read.folder ?? false, diagnostics };
}

/**
 * VASSAL 3.7 reads an extension's metadata from `extensiondata`, else `moduledata`, else the root of
 * an old-style `buildFile` entry (ExtensionMetaData.read: an extension saved before 3.5); with none
 * of them it refuses the extension with a bare "entry" (a NullPointerException). Hexforge reads it all the same.
 */
export function hasMetadata(entries: ReadonlyMap<string, unknown>): boolean {
  return entries.has(EXTENSIONDATA) || entries.has(MODULEDATA) || entries.has(BUILDFILE_LEGACY);
}

export function noExtensionData(target: string): Diagnostic {
  return {
    code: 'vassal/extension-no-metadata',
    severity: 'warning',
    message: `${target} has no ${EXTENSIONDATA} entry (nor ${MODULEDATA}, nor a ${BUILDFILE_LEGACY} of VASSAL before 3.5): VASSAL refuses to load the extension without it (its error reads only "entry")`,
    file: target,
    hint: `save the extension again in VASSAL's editor, which writes ${EXTENSIONDATA} (its version, VassalVersion, description, universal), or add that file to the archive`,
  };
}

/** Why the base module is not the one the extension extends, as VASSAL decides it (a version too old only warns). */
function baseMismatch(base: XmlElement, extension: ExtensionSource, basePath: string): Diagnostic[] {
  if (base.name === EXTENSION_ROOT)
    return [
      refusal('import/base-is-extension', `${basePath} is an extension, not a module`, basePath, 'pass the module the extension extends'),
    ];
  if (extension.universal) return [];
  const name = attribute(base, 'name') ?? '';
  const version = attribute(base, 'version') ?? '';
  const wanted = `"${extension.baseName}"${extension.baseVersion ? ` version ${extension.baseVersion}` : ''}`;
  if (name !== extension.baseName)
    return [
      refusal(
        'import/extension-other-module',
        `${extension.source} extends the module ${wanted}, not "${name}" (VASSAL refuses to load it there)`,
        extension.source,
        `pass the module ${wanted} with --base`,
      ),
    ];
  if (extension.baseVersion && versionBefore(version, extension.baseVersion))
    return [
      {
        code: 'import/extension-newer-base',
        severity: 'warning',
        message: `${extension.source} was made for "${name}" version ${extension.baseVersion}; ${basePath} is version ${version} (VASSAL warns and loads it)`,
        file: extension.source,
        hint: `pass the module ${wanted} with --base`,
      },
    ];
  return [];
}

/** The files VASSAL can open with the extension loaded: the base's, then the extension's own. */
function mergedEntries(base: Map<string, Uint8Array>, extension: Map<string, Uint8Array>): Map<string, Uint8Array> {
  const merged = new Map(base);
  for (const [name, data] of extension) {
    // The extension's buildFile and metadata (its moduledata is a copy of the base's) are its own.
    if (name === BUILDFILE || name === BUILDFILE_LEGACY || name === EXTENSIONDATA || name === MODULEDATA || isJunkEntry(name)) continue;
    if (!merged.has(name)) merged.set(name, data);
  }
  return merged;
}

/** Reads `extensionPath` applied to the module at `basePath` (`deferSaveCheck`: see ReadModuleOptions). */
export async function readExtendedModule(
  extensionPath: string,
  basePath: string,
  limits: ReadLimits,
  { deferSaveCheck = false } = {},
): Promise<{ module?: ReadModule; extension?: ExtensionParts; diagnostics: Diagnostic[] }> {
  const ext = await readExtensionTree(extensionPath, limits);
  if (!ext.root) return { diagnostics: ext.diagnostics };
  const extension: ExtensionSource = {
    ...extensionIdentity(ext.root),
    name: path.basename(extensionPath).replace(/\.[^.]+$/, ''),
    source: extensionPath,
  };
  const base = await readModuleEntries(basePath, limits);
  if (!base.entries || base.diagnostics.some((d) => d.severity === 'error'))
    return { diagnostics: [...ext.diagnostics, ...base.diagnostics] };
  const entries = mergedEntries(base.entries, ext.entries!);
  let total = 0;
  for (const data of entries.values()) total += data.byteLength;
  if (total > limits.maxTotalBytes)
    return {
      diagnostics: [
        refusal(
          'vassal/zip-too-large',
          `${basePath} with ${extensionPath}: files total more than ${limits.maxTotalBytes} bytes`,
          extensionPath,
          TOTAL_SIZE_HINT,
        ),
      ],
    };
  const extensionFile = entryLocation(extensionPath, ext.buildFile!, ext.folder);
  let added: ReadonlySet<XmlElement> = new Set();
  // The extension's own entries are its file's, not the base module's: their saves' problems name it.
  const own = new Set([...ext.entries!.keys()].filter((name) => !base.entries!.has(name)));
  const read = await readModule(entries, {
    source: basePath,
    folder: base.folder ?? false,
    limits,
    deferSaveCheck,
    elsewhere: { source: extensionPath, folder: ext.folder ?? false, names: own },
    graft: (root) => {
      const mismatch = baseMismatch(root, extension, basePath);
      if (mismatch.some((d) => d.severity === 'error')) return { diagnostics: mismatch };
      const applied = applyExtension(root, ext.root!, { file: extensionFile });
      added = applied.added;
      return { diagnostics: [...mismatch, ...applied.diagnostics], fileOf: (el) => (applied.added.has(el) ? extensionFile : undefined) };
    },
  });
  const diagnostics = [...ext.diagnostics, ...base.diagnostics, ...read.diagnostics];
  if (!read.module) return { diagnostics };
  const baseBuildFile = base.entries.get(read.module.buildFileName)!;
  const extensionBuildFile = ext.entries!.get(ext.buildFile!)!;
  // Identifies what was imported: the module with this extension, neither of the two alone (an
  // update from the base module's buildFile alone must not pass for the same module).
  read.module.buildFileSha256 = createHash('sha256').update(baseBuildFile).update(extensionBuildFile).digest('hex');
  const parts: ExtensionParts = {
    ...extension,
    entries: ext.entries!,
    buildFile: ext.buildFile!,
    buildFileSha256: sha256(extensionBuildFile),
    root: ext.root,
    added,
    baseEntries: new Set(base.entries.keys()),
    base: {
      name: attribute(read.module.root, 'name') ?? '',
      version: attribute(read.module.root, 'version') ?? '',
      buildFileSha256: sha256(baseBuildFile),
    },
  };
  return { module: read.module, extension: parts, diagnostics };
}

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

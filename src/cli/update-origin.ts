/**
 * What `hexforge update` starts from: the module a game folder was imported from, or, for a folder
 * imported from an extension with its base module (`--base`), that extension loaded into that
 * module. Either is refused, with what to pass instead, when it is not what the folder records.
 * The module's saves are left unread (`deferSaveCheck`): the update reads each save it patches
 * once, and the caller checks them all (`checkDeferredSaves`, adding to the diagnostics returned)
 * before it writes or refuses anything.
 */
import { hasErrors, type Diagnostic } from '../diagnostics';
import type { SidecarExtension, SidecarIndex } from '../vassal/import/sidecar';
import { readExtendedModule, type ExtensionParts } from '../vassal/reader/extended-module';
import type { ReadLimits } from '../vassal/reader/limits';
import { readModule, type ReadModule } from '../vassal/reader/module';
import { readModuleEntriesOnDemand } from '../vassal/reader/source';

export interface UpdateOrigin {
  /** Every entry the module reads from (the base's and the extension's, for an extension). */
  entries: ReadonlyMap<string, Uint8Array>;
  module: ReadModule;
  extension?: ExtensionParts;
}

const refusal = (code: string, message: string, file: string, hint: string): Diagnostic => ({
  code,
  severity: 'error',
  message,
  hint,
  file,
});

const named = (name: string, version: string | undefined) => `"${name}"${version ? ` ${version}` : ''}`;

/** Why the folder and the command line do not agree on whether an extension is updated. */
function originMismatch(target: string, game: string, extension: SidecarExtension | undefined, base: string | undefined): Diagnostic[] {
  if (extension && !base) {
    const module = extension.base ? named(extension.base.name, extension.base.version) : 'it extends';
    return [
      refusal(
        'update/extension-needs-base',
        `${game} was imported from the extension ${named(extension.name, extension.version)} with the module ${module}: update writes the extension, and needs both`,
        game,
        `hexforge update <${extension.name}.vmdx> ${game} --base <${extension.base?.name || 'module'}.vmod> --out <new.vmdx>`,
      ),
    ];
  }
  if (!extension && base)
    return [
      refusal(
        'update/not-an-extension',
        `${game} was imported from a module, not an extension: --base names the module an extension extends`,
        game,
        `hexforge update ${target} ${game} --out <new.vmod>`,
      ),
    ];
  if (extension && !extension.entries)
    return [
      refusal(
        'update/extension-not-kept',
        `${game} keeps no entries of the extension ${named(extension.name, extension.version)} (it was imported before extensions were kept)`,
        game,
        `import it again: hexforge import ${target} --base ${base} --out ${game} --force`,
      ),
    ];
  return [];
}

/** The extension and base read are the ones the folder was imported from, or why not. */
function extensionMismatch(read: ExtensionParts, recorded: SidecarExtension, target: string, base: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const wanted = recorded.base!;
  if (read.base.buildFileSha256 !== wanted.buildFileSha256) {
    const other = read.base.name !== wanted.name || read.base.version !== wanted.version;
    problems.push(
      refusal(
        'update/wrong-base',
        `${base} is not the module ${named(wanted.name, wanted.version)} the extension was imported with (${other ? `it is ${named(read.base.name, read.base.version)}` : 'its buildFile differs'})`,
        base,
        `pass the base module the folder was imported with, or import the extension with this one again (hexforge import ${target} --base ${base} --out <folder>)`,
      ),
    );
  }
  if (read.buildFileSha256 !== recorded.buildFileSha256)
    problems.push(
      refusal(
        'update/wrong-extension',
        `${target} is not the extension ${named(recorded.name, recorded.version)} the folder was imported from (its ${read.buildFile} differs)`,
        target,
        'pass the extension you imported, or import this one again',
      ),
    );
  return problems;
}

export async function readUpdateOrigin(
  target: string,
  game: string,
  sidecar: SidecarIndex,
  options: { base?: string; limits: ReadLimits },
): Promise<{ origin?: UpdateOrigin; diagnostics: Diagnostic[] }> {
  const recorded = sidecar.module.extension;
  const mismatch = originMismatch(target, game, recorded, options.base);
  if (mismatch.length > 0) return { diagnostics: mismatch };
  if (recorded && options.base) {
    const read = await readExtendedModule(target, options.base, options.limits, { deferSaveCheck: true });
    if (!read.module || !read.extension || hasErrors(read.diagnostics)) return { diagnostics: read.diagnostics };
    const wrong = extensionMismatch(read.extension, recorded, target, options.base);
    if (wrong.length > 0) return { diagnostics: wrong };
    return { origin: { entries: read.module.files, module: read.module, extension: read.extension }, diagnostics: read.diagnostics };
  }
  const read = await readModuleEntriesOnDemand(target, options.limits);
  if (!read.entries || hasErrors(read.diagnostics)) return { diagnostics: read.diagnostics };
  const module = await readModule(read.entries, {
    source: target,
    limits: options.limits,
    deferSaveCheck: true,
    ...(read.folder ? { folder: true } : {}),
  });
  if (!module.module || hasErrors(module.diagnostics)) return { diagnostics: module.diagnostics };
  return { origin: { entries: read.entries, module: module.module }, diagnostics: module.diagnostics };
}

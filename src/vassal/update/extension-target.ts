/**
 * An update of an extension read with its base module: what the update needs to write the
 * extension alone, and the refusal of a change whose value the base module holds.
 */
import type { Diagnostic } from '../../diagnostics';
import type { XmlElement } from '../xml-tree';

/**
 * An extension read with its base module (../reader/extended-module.ts): the update writes the
 * extension's own entries, and refuses a change that the base module's entries carry.
 */
export interface ExtensionTarget {
  name: string;
  /** The extension's file, which diagnostics about its own pieces name. */
  source: string;
  /** The extension's own entries, in its archive's order. */
  entries: ReadonlyMap<string, Uint8Array>;
  buildFile: string;
  /** The extension's buildFile tree, whose components are the very elements grafted into the module. */
  root: XmlElement;
  added: ReadonlySet<XmlElement>;
  baseEntries: ReadonlySet<string>;
  base: { name: string; version: string };
}

/** A change an extension cannot carry: the base module holds the value. */
export function valueInBase(what: string, where: string, extension: ExtensionTarget, file: string): Diagnostic {
  const base = `"${extension.base.name}"${extension.base.version ? ` ${extension.base.version}` : ''}`;
  return {
    code: 'update/value-in-base',
    severity: 'error',
    message: `${what} lives in the base module ${base} (${where}), not in the extension "${extension.name}": the extension cannot change it`,
    hint: `import the base module alone (hexforge import <${extension.base.name || 'module'}.vmod> --out <folder>), make the change in that folder and update the module from it`,
    file,
  };
}

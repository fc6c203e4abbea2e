/**
 * XML text → XmlElement tree, the way VASSAL's Builder reads a buildFile, with limits for
 * untrusted input (xml-scanner.ts reads it):
 *   - a DOCTYPE is refused outright (no entity expansion, no external entities, no DTD);
 *   - nesting depth, element count, attribute and text lengths are bounded (ReadLimits);
 *   - text is the concatenation of an element's text nodes; CDATA sections are dropped with a
 *     warning, as VASSAL ignores them (reference §2.1); whitespace-only text between child
 *     elements is layout and is not kept;
 *   - attributes keep their document order; comments and processing instructions are dropped.
 */
import type { Diagnostic } from '../../diagnostics';
import type { XmlElement } from '../xml-tree';
import type { ReadLimits } from './limits';
import { scanXml } from './xml-scanner';

export { adoptChild, positionOf } from './parsed-element';

export interface ParseXmlOptions {
  /** Archive or file name, for diagnostics. */
  file: string;
  /** Entry name inside the archive, for diagnostics. */
  entry?: string;
  /** `file` is an unzipped module folder: the entry is a real file in it. */
  folder?: boolean;
  limits: ReadLimits;
  /** Each element names this file in diagnostics about it: a document grafted into another's tree (an extension's). */
  fileElements?: boolean;
}

/**
 * Where an entry of a module is, for messages: `<archive>!<entry>`; in an unzipped module
 * folder, the file's own path (`<folder>/<entry>`, which an editor opens); a bare buildFile (the
 * module given as the file itself) is its own path, not `buildFile!buildFile`.
 */
export function entryLocation(file: string, entry: string, folder = false): string {
  if (folder) return `${file.replace(/[\\/]+$/, '')}/${entry}`;
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  return base === entry || /\.xml$/i.test(base) ? file : `${file}!${entry}`;
}

export function parseXml(xml: string, options: ParseXmlOptions): { root?: XmlElement; diagnostics: Diagnostic[] } {
  const where = options.entry ? entryLocation(options.file, options.entry, options.folder) : options.file;
  return scanXml(xml, { where, limits: options.limits, ...(options.fileElements ? { fileElements: true } : {}) });
}

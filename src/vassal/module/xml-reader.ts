/**
 * XML text → tree for the checks of the bytes a module is written with (checks.ts) and for tests
 * that look inside a module: the one XML reader (reader/xml-scanner.ts), strict as VASSAL reads
 * a buildFile (a CDATA section, which VASSAL ignores, is an error too), text trimmed as VASSAL's
 * Builder trims it, and no read limits: the text is our own.
 */
import { DEFAULT_READ_LIMITS } from '../reader/limits';
import { scanXml } from '../reader/xml-scanner';
import type { XmlElement } from '../xml-tree';

const UNLIMITED = {
  ...DEFAULT_READ_LIMITS,
  maxDepth: Infinity,
  maxElements: Infinity,
  maxAttributeLength: Infinity,
  maxTextLength: Infinity,
};

/** Parses XML text into the tree form; throws on malformed XML, with the line and column of the problem and a hint. */
export function parseXml(xml: string, where = 'XML'): XmlElement {
  const { root, diagnostics } = scanXml(xml, { where, limits: UNLIMITED, trimText: true, refuseCdata: true });
  const [error] = diagnostics;
  if (root === undefined || error !== undefined) {
    // `message` starts with `where`; the position follows it, as in file:line:col.
    const message = error.message.replace(`${where}: `, '');
    throw new Error(`${where}:${error.line}:${error.column}: ${message} (${error.hint})`);
  }
  return root;
}

/**
 * XML text → XmlElement tree, the way VASSAL's Builder reads a buildFile, with limits for
 * untrusted input:
 *   - a DOCTYPE is refused outright (no entity expansion, no external entities, no DTD);
 *   - nesting depth, element count, attribute and text lengths are bounded (ReadLimits);
 *   - text is the concatenation of an element's text nodes; CDATA sections are dropped with a
 *     warning, as VASSAL ignores them (reference §2.1); whitespace-only text between child
 *     elements is layout and is not kept;
 *   - attributes keep their document order; comments and processing instructions are dropped.
 */
import { SaxesParser } from 'saxes';
import type { Diagnostic } from '../../diagnostics';
import type { XmlElement } from '../xml-tree';
import type { ReadLimits } from './limits';

export interface ParseXmlOptions {
  /** Archive or file name, for diagnostics. */
  file: string;
  /** Entry name inside the archive, for diagnostics. */
  entry?: string;
  limits: ReadLimits;
}

class Refusal extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** One line of the document, for a diagnostic's excerpt (the entry's own text, not the archive's bytes). */
function lineOf(xml: string, line: number): string | undefined {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = xml.indexOf('\n', start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const end = xml.indexOf('\n', start);
  const text = xml.slice(start, end < 0 ? xml.length : end).replace(/\r$/, '');
  return text.length <= 400 ? text : undefined;
}

/** Where each parsed element's start tag ends in its document; kept beside the tree, not in it. */
const POSITIONS = new WeakMap<XmlElement, { line: number; column: number }>();

/** Line and column of a parsed element's start tag, for diagnostics about it (none for built trees). */
export function positionOf(element: XmlElement): { line: number; column: number } | undefined {
  return POSITIONS.get(element);
}

export function parseXml(xml: string, options: ParseXmlOptions): { root?: XmlElement; diagnostics: Diagnostic[] } {
  const { limits } = options;
  const where = options.entry ? `${options.file}!${options.entry}` : options.file;
  const diagnostics: Diagnostic[] = [];
  const parser = new SaxesParser({ position: true });
  // The open elements and, for each, its text so far (parallel stacks: no object per element).
  const open: XmlElement[] = [];
  const texts: string[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  let cdataWarned = false;

  const refuse = (code: string, message: string, hint?: string): never => {
    throw new Refusal({
      code,
      severity: 'error',
      message: `${where}: ${message}`,
      ...(hint ? { hint } : {}),
      file: where,
      line: parser.line,
      column: parser.column,
      excerpt: lineOf(xml, parser.line),
    });
  };

  parser.on('doctype', () =>
    refuse(
      'vassal/xml-doctype',
      'the XML declares a DOCTYPE; it is refused (entity expansion and external entities are not allowed in modules)',
      'VASSAL buildFiles never carry a DOCTYPE; remove it',
    ),
  );
  parser.on('opentag', (tag) => {
    elements++;
    if (elements > limits.maxElements)
      refuse('vassal/xml-too-many-elements', `more than ${limits.maxElements} elements`, 'raise --max-elements if the module is genuine');
    if (open.length + 1 > limits.maxDepth)
      refuse(
        'vassal/xml-too-deep',
        `elements nest deeper than ${limits.maxDepth} levels at <${tag.name}>`,
        'raise --max-depth if the module is genuine',
      );
    const attributes: [string, string][] = [];
    // saxes keeps attributes in a prototype-less object, in document order.
    const values = tag.attributes as Record<string, string>;
    for (const name in values) {
      const value = values[name];
      if (value.length > limits.maxAttributeLength) {
        refuse(
          'vassal/xml-attribute-too-long',
          `attribute ${name} of <${tag.name}> is ${value.length} characters long (limit ${limits.maxAttributeLength})`,
          'raise --max-attribute-length if the module is genuine',
        );
      }
      attributes.push([name, value]);
    }
    const element: XmlElement = { name: tag.name, attributes, children: [] };
    POSITIONS.set(element, { line: parser.line, column: parser.column });
    if (open.length === 0) root = element;
    else open[open.length - 1].children.push(element);
    open.push(element);
    texts.push('');
  });
  parser.on('text', (text) => {
    const depth = open.length;
    if (depth === 0) return;
    const sofar = texts[depth - 1] + text;
    if (sofar.length > limits.maxTextLength) {
      refuse(
        'vassal/xml-text-too-long',
        `the text of <${open[depth - 1].name}> is over ${limits.maxTextLength} characters`,
        'raise --max-text-length if the module is genuine',
      );
    }
    texts[depth - 1] = sofar;
  });
  parser.on('cdata', () => {
    if (cdataWarned) return;
    cdataWarned = true;
    diagnostics.push({
      code: 'vassal/xml-cdata',
      severity: 'warning',
      message: `${where}: CDATA section in <${open[open.length - 1]?.name ?? '?'}> ignored, as VASSAL ignores CDATA`,
      file: where,
      line: parser.line,
      column: parser.column,
      excerpt: lineOf(xml, parser.line),
    });
  });
  parser.on('closetag', () => {
    const element = open.pop()!;
    const text = texts.pop()!;
    if (text.length > 0 && (element.children.length === 0 || text.trim() !== '')) element.text = text;
  });

  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof Refusal) return { diagnostics: [...diagnostics, error.diagnostic] };
    const message = error instanceof Error ? error.message : String(error);
    return {
      diagnostics: [
        ...diagnostics,
        {
          code: 'vassal/xml-syntax',
          severity: 'error',
          message: `${where}: malformed XML: ${message}`,
          hint: 'VASSAL refuses malformed buildFiles too',
          file: where,
          line: parser.line,
          // saxes counts the characters read on the line: 0 at a line's start, before its first.
          column: Math.max(1, parser.column),
          excerpt: lineOf(xml, parser.line),
        },
      ],
    };
  }
  if (!root)
    return {
      diagnostics: [
        ...diagnostics,
        { code: 'vassal/xml-empty', severity: 'error', message: `${where}: no root element`, file: options.file },
      ],
    };
  return { root, diagnostics };
}

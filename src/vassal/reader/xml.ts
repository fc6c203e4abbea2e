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
import { type OpenTagHandler, SaxesParser } from 'saxes';
import type { Diagnostic } from '../../diagnostics';
import type { XmlElement } from '../xml-tree';
import type { ReadLimits } from './limits';
import { readPlainXml } from './plain-xml';
import { ParsedElement, adoptChild, closeElement, sharedName } from './parsed-element';

export { adoptChild, positionOf } from './parsed-element';

export interface ParseXmlOptions {
  /** Archive or file name, for diagnostics. */
  file: string;
  /** Entry name inside the archive, for diagnostics. */
  entry?: string;
  /** `file` is an unzipped module folder: the entry is a real file in it. */
  folder?: boolean;
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

type Parser = SaxesParser<{ position: true }>;
type Tag = Parameters<OpenTagHandler<{ position: true }>>[0];

/** Builds the element tree from the parser's events, refusing what the limits do not allow. */
class TreeBuilder {
  root: XmlElement | undefined;
  readonly diagnostics: Diagnostic[] = [];
  // The open elements and, for each, its text so far (parallel stacks: no object per element).
  private readonly open: XmlElement[] = [];
  private readonly texts: string[] = [];
  private elements = 0;
  private cdataWarned = false;
  /**
   * The attributes of the tag being read, in document order (saxes reports each as it is read):
   * one list reused for every tag, copied to one of the exact length for the element (a list
   * grown by pushes holds room for 17, and the elements keep theirs to the end of an import).
   */
  private readonly attributes: [string, string][] = [];
  /** One shared string per distinct element and attribute name (see `shared`). */
  private readonly names = new Map<string, string>();
  /**
   * Siblings mostly repeat the tag name and attribute names of the element before them (a palette
   * of PieceSlots): the name last met at the same depth, or at the same attribute position, is
   * compared first, which costs less than hashing a fresh string for the lookup in `shared`.
   */
  private readonly lastTagNames: string[] = [];
  private readonly lastAttributeNames: string[] = [];

  constructor(
    private readonly parser: Parser,
    private readonly xml: string,
    private readonly where: string,
    private readonly limits: ReadLimits,
  ) {}

  /** A diagnostic at the parser's position, with the line it is on. */
  at(code: string, severity: Diagnostic['severity'], message: string, hint: string): Diagnostic {
    const { parser, where } = this;
    return {
      code,
      severity,
      message: `${where}: ${message}`,
      hint,
      file: where,
      line: parser.line,
      // saxes counts the characters read on the line: 0 at a line's start, before its first.
      column: Math.max(1, parser.column),
      excerpt: lineOf(this.xml, parser.line),
    };
  }

  refuse(code: string, message: string, hint: string): never {
    throw new Refusal(this.at(code, 'error', message, hint));
  }

  openTag(tag: Tag): void {
    const { limits, open } = this;
    this.elements++;
    if (this.elements > limits.maxElements)
      this.refuse(
        'vassal/xml-too-many-elements',
        `more than ${limits.maxElements} elements`,
        'raise --max-elements if the module is genuine',
      );
    if (open.length + 1 > limits.maxDepth)
      this.refuse(
        'vassal/xml-too-deep',
        `elements nest deeper than ${limits.maxDepth} levels at <${tag.name}>`,
        'raise --max-depth if the module is genuine',
      );
    // Taken from the attribute events rather than from the tag's attribute object, whose keys
    // would be enumerated (and copied) once more per element.
    const attributes = this.attributes.length === 0 ? [] : this.attributes.slice();
    this.attributes.length = 0;
    for (let i = 0; i < attributes.length; i++) {
      const [name, value] = attributes[i];
      if (value.length > limits.maxAttributeLength) {
        this.refuse(
          'vassal/xml-attribute-too-long',
          `attribute ${name} of <${tag.name}> is ${value.length} characters long (limit ${limits.maxAttributeLength})`,
          'raise --max-attribute-length if the module is genuine',
        );
      }
    }
    const element = new ParsedElement(this.sharedTagName(tag.name, open.length), attributes, this.parser.line, this.parser.column);
    if (open.length === 0) this.root = element;
    else adoptChild(open[open.length - 1], element);
    open.push(element);
    this.texts.push('');
  }

  attribute(name: string, value: string): void {
    const attributes = this.attributes;
    attributes.push([this.sharedAttributeName(name, attributes.length), value]);
  }

  private sharedTagName(name: string, depth: number): string {
    const last = this.lastTagNames[depth];
    if (last === name) return last;
    return (this.lastTagNames[depth] = this.shared(name));
  }

  private sharedAttributeName(name: string, index: number): string {
    const last = this.lastAttributeNames[index];
    if (last === name) return last;
    return (this.lastAttributeNames[index] = this.shared(name));
  }

  private shared(name: string): string {
    return sharedName(this.names, name);
  }

  text(text: string): void {
    const depth = this.open.length;
    if (depth === 0) return;
    const sofar = this.texts[depth - 1] + text;
    if (sofar.length > this.limits.maxTextLength) {
      this.refuse(
        'vassal/xml-text-too-long',
        `the text of <${this.open[depth - 1].name}> is over ${this.limits.maxTextLength} characters`,
        'raise --max-text-length if the module is genuine',
      );
    }
    this.texts[depth - 1] = sofar;
  }

  cdata(): void {
    if (this.cdataWarned) return;
    this.cdataWarned = true;
    const name = this.open[this.open.length - 1]?.name ?? '?';
    this.diagnostics.push(
      this.at(
        'vassal/xml-cdata',
        'warning',
        `CDATA section in <${name}> ignored, as VASSAL ignores CDATA`,
        'write the text as ordinary escaped XML text if VASSAL should see it',
      ),
    );
  }

  closeTag(): void {
    const element = this.open.pop()!;
    closeElement(element, this.texts.pop()!);
  }
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
  // Plain markup is read fast; anything else, and every problem, is saxes's to read and report.
  const plain = readPlainXml(xml, options.limits);
  return plain ? { root: plain, diagnostics: [] } : parseXmlWithSaxes(xml, options);
}

/** `parseXml` by saxes alone, which reads any XML and reports its problems. */
export function parseXmlWithSaxes(xml: string, options: ParseXmlOptions): { root?: XmlElement; diagnostics: Diagnostic[] } {
  const where = options.entry ? entryLocation(options.file, options.entry, options.folder) : options.file;
  const parser = new SaxesParser({ position: true });
  const tree = new TreeBuilder(parser, xml, where, options.limits);
  parser.on('doctype', () =>
    tree.refuse(
      'vassal/xml-doctype',
      'the XML declares a DOCTYPE; it is refused (entity expansion and external entities are not allowed in modules)',
      'VASSAL buildFiles never carry a DOCTYPE; remove it',
    ),
  );
  parser.on('attribute', (attr) => tree.attribute(attr.name, attr.value));
  parser.on('opentag', (tag) => tree.openTag(tag));
  parser.on('text', (text) => tree.text(text));
  parser.on('cdata', () => tree.cdata());
  parser.on('closetag', () => tree.closeTag());

  const { diagnostics } = tree;
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof Refusal) return { diagnostics: [...diagnostics, error.diagnostic] };
    // saxes puts its own line:column first; the diagnostic carries the position already.
    const message = (error instanceof Error ? error.message : String(error)).replace(/^(?:[^:]*:)?\d+:\d+: /, '');
    return {
      diagnostics: [
        ...diagnostics,
        tree.at('vassal/xml-syntax', 'error', `malformed XML: ${message}`, 'VASSAL refuses malformed buildFiles too'),
      ],
    };
  }
  if (!tree.root)
    return {
      diagnostics: [
        ...diagnostics,
        {
          code: 'vassal/xml-empty',
          severity: 'error',
          message: `${where}: no root element`,
          hint: 'the file is empty or holds no XML element: restore it from the module it came from',
          file: options.file,
        },
      ],
    };
  return { root: tree.root, diagnostics };
}

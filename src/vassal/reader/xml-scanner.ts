/**
 * XML text → element tree: the one XML reader, for the modules and saves we import and for the
 * ones we write and read back. It reads XML 1.0 as the specification says and refuses, with a
 * diagnostic at the line and column of the problem, whatever is not well-formed, whatever a
 * VASSAL document never holds (a DOCTYPE, so no entity but the five predefined ones), and
 * whatever breaks the read limits. CDATA, which VASSAL ignores, is dropped with a warning, or
 * refused where the caller asks (the check of a buildFile we wrote).
 *
 * The markup is found with indexOf and character codes, and no object is made per tag or
 * attribute besides the tree's own: a general parser looks at each character in turn, which
 * costs several times as much on a buildFile of megabytes. The uncommon cases (names beyond
 * ASCII, characters outside the BMP, processing instructions, CDATA) take slower paths of their
 * own, out of the way of the common ones.
 *
 * Line ends are normalised first (CR LF and a lone CR become LF, §2.11): the text, the attribute
 * values (where a line end reads as one space, §3.3.3) and the lines and columns come out of the
 * normalised text. An element's position is the line of the end of its start tag and the
 * characters (code points) read on that line up to there, as saxes, the parser this one replaced,
 * gave them; a problem's is the line and column (1-based) of the character where it shows.
 */
import type { Diagnostic } from '../../diagnostics';
import { mayHoldXmlForbidden, xmlForbiddenIndex } from '../piece';
import type { XmlElement } from '../xml-tree';
import type { ReadLimits } from './limits';
import { FiledElement, NO_ATTRIBUTES, ParsedElement, closeElement, sharedName } from './parsed-element';

export interface ScanOptions {
  /** Where the text comes from, for diagnostics: a path or `archive!entry`. */
  where: string;
  limits: ReadLimits;
  /**
   * An element's text as VASSAL's Builder reads it, trimmed (the check that a written buildFile
   * reads back as built), rather than as written, less the white space laying out its children.
   */
  trimText?: boolean;
  /** A CDATA section is an error rather than a warning (it is dropped either way). */
  refuseCdata?: boolean;
  /** Each element names `where` as its file (FiledElement): a document to be grafted into another's tree. */
  fileElements?: boolean;
}

export interface Scanned {
  root?: XmlElement;
  diagnostics: Diagnostic[];
}

/** Thrown to stop at the first error; caught by `scanXml` only. */
class Stop {
  constructor(readonly diagnostic: Diagnostic) {}
}

const LINE_END = /\r\n?/g;
const ASTRAL = /[\uD800-\uDBFF]/;

/** XML's white space (§2.3), narrower than JavaScript's \s. */
const WS = '[ \\t\\n]';
const DECLARATION = new RegExp(
  `<\\?xml${WS}+version${WS}*=${WS}*(?:"1\\.[0-9]+"|'1\\.[0-9]+')` +
    `(?:${WS}+encoding${WS}*=${WS}*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?` +
    `(?:${WS}+standalone${WS}*=${WS}*(?:"(?:yes|no)"|'(?:yes|no)'))?${WS}*\\?>`,
  'y',
);

// Name and NameStartChar of XML 1.0, fifth edition (§2.3), for names beyond ASCII.
const NAME_START =
  ':A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}\\u{200C}-\\u{200D}' +
  '\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';
// The combining marks U+0300 to U+036F are a range of name characters here, not a combined character.
// eslint-disable-next-line no-misleading-character-class
const NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}]*`, 'uy');

const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);
const DECIMAL_REFERENCE = /^#[0-9]+$/;
const HEX_REFERENCE = /^#x[0-9a-fA-F]+$/;

const TAB = 0x9;
const LF = 0xa;
const SPACE = 0x20;
const BANG = 0x21;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** White space as XML has it, carriage returns aside (line ends are normalised before). */
function isSpace(code: number): boolean {
  return code === SPACE || code === LF || code === TAB;
}

/** An ASCII NameStartChar of XML 1.0 (§2.3). */
function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x3a;
}

/** An ASCII NameChar of XML 1.0. */
function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e;
}

/** A character XML 1.0 allows (§2.2), as a character reference may name it. */
function isXmlChar(code: number): boolean {
  return (
    code === TAB ||
    code === LF ||
    code === 0xd ||
    (code >= SPACE && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** A few characters of the text at a problem, for its message. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 30 ? `${text.slice(0, 30)}…` : text);
}

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? 'an' : 'a';
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

const ESCAPE_HINT =
  'write "&" as &amp; and "<" as &lt;; besides character references (&#65;, &#x41;) only &lt; &gt; &amp; &quot; &apos; are known';

class Scanner {
  root: ParsedElement | undefined;
  readonly diagnostics: Diagnostic[] = [];
  /** The open elements and, for each, its text so far. */
  private readonly open: ParsedElement[] = [];
  private readonly texts: string[] = [];
  private elements = 0;
  private cdataWarned = false;
  /** The root element has been closed: only white space, comments and processing instructions may follow. */
  private closedRoot = false;
  /** The text holds a character that may be one XML forbids, a surrogate included (`mayHoldXmlForbidden`). */
  private readonly suspect: boolean;
  /** The text holds characters outside the BMP, which count one column for two code units. */
  private readonly astral: boolean;
  /** Line of `lineStart` (1-based) and where it starts; `nextLineEnd`: the first line feed at or after it. */
  private line = 1;
  private lineStart = 0;
  private nextLineEnd: number;
  private readonly names = new Map<string, string>();
  /** The tag name last met at each depth and the attribute name at each position, met again mostly (see `knownName`). */
  private readonly lastTagNames: string[] = [];
  private readonly lastAttributeNames: string[] = [];
  /** The value last read at each attribute position, when it was written as it reads (see `attributeValue`). */
  private readonly lastRawValues: (string | undefined)[] = [];
  /** The name and value pair last made at each attribute position (see `attributePair`). */
  private readonly lastPairs: [string, string][] = [];
  /**
   * The attributes of the tag being read (the first `attributeCount`) and the children of each open
   * element so far (the first `childCounts[depth]` of `children[depth]`), copied to lists of the
   * exact length for the element: a list grown by push reserves 17 slots from its second entry,
   * which on a buildFile left a quarter of the tree empty, and a list emptied by setting its length
   * gives its slots back and grows them again for the next element.
   */
  private readonly attributes: [string, string][] = [];
  private attributeCount = 0;
  private readonly children: XmlElement[][] = [];
  private readonly childCounts: number[] = [];

  private readonly xml: string;

  constructor(
    private readonly source: string,
    private readonly options: ScanOptions,
  ) {
    this.xml = source.includes('\r') ? source.replace(LINE_END, '\n') : source;
    this.nextLineEnd = this.xml.indexOf('\n');
    // One scan of the whole text finds both kinds, which are rare: a regular expression's first run
    // in a process is interpreted, and on a buildFile of megabytes each such scan costs ~20 ms.
    this.suspect = mayHoldXmlForbidden(this.xml);
    this.astral = this.suspect && ASTRAL.test(this.xml);
  }

  read(): void {
    const xml = this.xml;
    const forbidden = this.suspect ? xmlForbiddenIndex(xml) : -1;
    if (forbidden !== -1)
      this.fail(
        forbidden,
        `a character XML does not allow, U+${xml.charCodeAt(forbidden).toString(16).toUpperCase().padStart(4, '0')} (a control character, U+FFFE, U+FFFF or a lone surrogate)`,
        'remove it, or write it in an attribute as a character reference if XML allows it (&#9; &#10; &#13;)',
      );
    // A byte-order mark read as a character (saxes skipped it too).
    let pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (xml.startsWith('<?xml', pos) && !this.isNameCharAt(pos + 5)) {
      DECLARATION.lastIndex = pos;
      if (!DECLARATION.test(xml))
        this.fail(
          pos,
          'a malformed XML declaration',
          'write it as <?xml version="1.0" encoding="UTF-8"?>, version first, then encoding, then standalone',
        );
      pos = DECLARATION.lastIndex;
    }
    for (;;) {
      const lt = xml.indexOf('<', pos);
      this.text(pos, lt === -1 ? xml.length : lt);
      if (lt === -1) break;
      const next = xml.charCodeAt(lt + 1);
      if (next === SLASH) pos = this.closeTag(lt);
      else if (next === BANG) pos = this.declaration(lt);
      else if (next === QUESTION) pos = this.processingInstruction(lt);
      else pos = this.openTag(lt);
    }
    const { open } = this;
    if (open.length > 0) {
      const name = open[open.length - 1].name;
      this.fail(xml.length, `<${name}> is not closed`, `close it with </${name}>`);
    }
    if (this.root === undefined)
      this.fail(xml.length, 'no root element', 'the file is empty or holds no XML element: restore it from the module it came from');
  }

  /** Stops at the problem found at `at` in the (normalised) text. */
  fail(at: number, message: string, hint: string, code = 'vassal/xml-syntax'): never {
    throw new Stop(this.diagnostic(at, code, 'error', message, hint));
  }

  diagnostic(at: number, code: string, severity: Diagnostic['severity'], message: string, hint: string): Diagnostic {
    const { where } = this.options;
    const { line, column } = this.positionAt(at);
    return { code, severity, message: `${where}: ${message}`, hint, file: where, line, column, excerpt: lineOf(this.source, line) };
  }

  /** The 1-based line and column (in code points) of the character at `at`. */
  private positionAt(at: number): { line: number; column: number } {
    const xml = this.xml;
    let line = 1;
    let start = 0;
    for (let lf = xml.indexOf('\n'); lf !== -1 && lf < at; lf = xml.indexOf('\n', start)) {
      line++;
      start = lf + 1;
    }
    return { line, column: this.codePoints(start, at) + 1 };
  }

  /** Code points from `from` to `to`. */
  private codePoints(from: number, to: number): number {
    let count = to - from;
    if (this.astral) for (let p = from; p < to; p++) if ((this.xml.charCodeAt(p) & 0xfc00) === 0xd800) count--;
    return count;
  }

  private isNameCharAt(at: number): boolean {
    const code = this.xml.charCodeAt(at);
    return isNameChar(code) || code >= 0x80;
  }

  /** The text from `from` to `to`, no markup in it, added to the open element's. */
  private text(from: number, to: number): void {
    if (from === to) return;
    const { xml, open } = this;
    if (open.length === 0) {
      for (let p = from; p < to; p++)
        if (!isSpace(xml.charCodeAt(p)))
          this.fail(
            p,
            `text ${this.root ? 'after' : 'before'} the root element: ${quoted(xml.slice(p, to).split('\n', 1)[0].trim())}`,
            'a document holds one element, with everything else inside it',
          );
      return;
    }
    const raw = xml.slice(from, to);
    if (raw.includes(']]>')) this.fail(from + raw.indexOf(']]>'), '"]]>" in text', 'write it as ]]&gt;');
    const depth = open.length - 1;
    const sofar = this.texts[depth] + (raw.includes('&') ? this.unescape(raw, from) : raw);
    const { maxTextLength } = this.options.limits;
    if (sofar.length > maxTextLength)
      this.fail(
        from,
        `the text of <${open[depth].name}> is over ${maxTextLength} characters`,
        'raise --max-text-length if the module is genuine',
        'vassal/xml-text-too-long',
      );
    this.texts[depth] = sofar;
  }

  /** `raw`, read from `at` in the text, with its entity and character references replaced. */
  private unescape(raw: string, at: number): string {
    let out = '';
    let from = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
      const semicolon = raw.indexOf(';', amp + 1);
      if (semicolon === -1) this.fail(at + amp, `"&" that starts no reference: ${quoted(raw.slice(amp, amp + 20))}`, ESCAPE_HINT);
      const body = raw.slice(amp + 1, semicolon);
      out += raw.slice(from, amp) + (PREDEFINED.get(body) ?? this.characterReference(body, at + amp));
      from = semicolon + 1;
    }
    return out + raw.slice(from);
  }

  /** The character a reference's body (`#65`, `#x41`) at `at` names. */
  private characterReference(body: string, at: number): string {
    const decimal = DECIMAL_REFERENCE.test(body);
    if (!decimal && !HEX_REFERENCE.test(body)) {
      const entity = /^[^#\s&<]+$/.test(body);
      this.fail(
        at,
        entity ? `an undeclared entity &${body};` : `a malformed reference ${quoted(`&${body};`)}`,
        body.startsWith('#X') ? 'a hexadecimal reference takes a lower-case x: &#x41;' : ESCAPE_HINT,
      );
    }
    const code = decimal ? Number.parseInt(body.slice(1), 10) : Number.parseInt(body.slice(2), 16);
    if (!isXmlChar(code))
      this.fail(
        at,
        `the reference &${body}; names a character XML does not allow`,
        'XML 1.0 allows TAB, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and U+10000–U+10FFFF, but no surrogate',
      );
    return String.fromCodePoint(code);
  }

  /** `<!`: a comment, a CDATA section, or a DOCTYPE, which is refused. */
  private declaration(lt: number): number {
    const xml = this.xml;
    if (xml.startsWith('<!--', lt)) {
      // The first "--" after the opening one must end the comment (§2.5).
      const end = xml.indexOf('--', lt + 4);
      if (end === -1) this.fail(lt, 'a comment without its end', 'end it with -->');
      if (xml.charCodeAt(end + 2) !== GT) this.fail(end, '"--" inside a comment', 'a comment may not hold "--" before its end "-->"');
      return end + 3;
    }
    if (xml.startsWith('<![CDATA[', lt)) return this.cdata(lt);
    if (xml.startsWith('<!DOCTYPE', lt))
      this.fail(
        lt,
        'the XML declares a DOCTYPE; it is refused (entity expansion and external entities are not allowed in modules)',
        'VASSAL buildFiles never carry a DOCTYPE; remove it',
        'vassal/xml-doctype',
      );
    return this.fail(lt, `unknown markup ${quoted(xml.slice(lt, lt + 12))}`, 'only comments <!-- --> start with "<!" in a VASSAL document');
  }

  private cdata(lt: number): number {
    const end = this.xml.indexOf(']]>', lt + 9);
    if (end === -1) this.fail(lt, 'a CDATA section without its end', 'end it with ]]>');
    if (this.open.length === 0)
      this.fail(lt, 'a CDATA section outside the root element', 'a document holds one element, with everything else inside it');
    const message = `CDATA section in <${this.open[this.open.length - 1].name}> ignored, as VASSAL ignores CDATA`;
    const hint = 'write the text as ordinary escaped XML text if VASSAL should see it';
    if (this.options.refuseCdata) this.fail(lt, message, hint, 'vassal/xml-cdata');
    if (!this.cdataWarned) {
      this.cdataWarned = true;
      this.diagnostics.push(this.diagnostic(lt, 'vassal/xml-cdata', 'warning', message, hint));
    }
    return end + 3;
  }

  /** `<?target data?>`, which is dropped; the XML declaration only at the very start. */
  private processingInstruction(lt: number): number {
    const xml = this.xml;
    const target = this.name(lt + 2, undefined, 'processing instruction target');
    if (target.toLowerCase() === 'xml')
      this.fail(
        lt,
        'an XML declaration that is not at the very start',
        'move it to the first line, with nothing, not even white space, before it',
      );
    const after = lt + 2 + target.length;
    const end = xml.indexOf('?>', after);
    if (end === -1) this.fail(lt, 'a processing instruction without its end', 'end it with ?>');
    if (end > after && !isSpace(xml.charCodeAt(after)))
      this.fail(after, `a malformed processing instruction <?${target}`, 'put white space between its target and its data');
    return end + 2;
  }

  /**
   * The name at `at`: the one last met in its place when it stands there again (no string made),
   * else read and internalised. `what` names it in a diagnostic.
   */
  private name(at: number, last: string | undefined, what: string): string {
    const xml = this.xml;
    if (last !== undefined && xml.startsWith(last, at) && !this.isNameCharAt(at + last.length)) return last;
    const first = xml.charCodeAt(at);
    if (!isNameStart(first)) {
      if (first < 0x80) this.fail(at, `${article(what)} ${what} expected, found ${quoted(xml.slice(at, at + 10))}`, this.nameHint(what));
      return this.unicodeName(at, what);
    }
    let end = at + 1;
    while (isNameChar(xml.charCodeAt(end))) end++;
    if (xml.charCodeAt(end) >= 0x80) return this.unicodeName(at, what);
    return sharedName(this.names, xml.slice(at, end));
  }

  private nameHint(what: string): string {
    return `${article(what)} ${what} starts with a letter, "_" or ":" and holds letters, digits, ".", "-", "_" and ":"`;
  }

  /** A name with characters beyond ASCII, checked against XML's classes of name characters. */
  private unicodeName(at: number, what: string): string {
    NAME.lastIndex = at;
    const match = NAME.exec(this.xml);
    if (match === null)
      this.fail(at, `${article(what)} ${what} expected, found ${quoted(this.xml.slice(at, at + 10))}`, this.nameHint(what));
    const end = at + match[0].length;
    if (this.xml.charCodeAt(end) >= 0x80)
      this.fail(end, `a character that no ${what} holds: ${quoted(String.fromCodePoint(this.xml.codePointAt(end)!))}`, this.nameHint(what));
    return sharedName(this.names, match[0]);
  }

  private openTag(lt: number): number {
    const { xml, open, options, attributes } = this;
    this.attributeCount = 0;
    const { limits } = options;
    const depth = open.length;
    const name = (this.lastTagNames[depth] = this.name(lt + 1, this.lastTagNames[depth], 'element name'));
    if (this.closedRoot) this.fail(lt, `a second root element <${name}>`, 'a document holds one element, with everything else inside it');
    if (++this.elements > limits.maxElements)
      this.fail(
        lt,
        `more than ${limits.maxElements} elements`,
        'raise --max-elements if the module is genuine',
        'vassal/xml-too-many-elements',
      );
    if (depth + 1 > limits.maxDepth)
      this.fail(
        lt,
        `elements nest deeper than ${limits.maxDepth} levels at <${name}>`,
        'raise --max-depth if the module is genuine',
        'vassal/xml-too-deep',
      );
    let p = lt + 1 + name.length;
    for (;;) {
      const start = p;
      while (isSpace(xml.charCodeAt(p))) p++;
      const code = xml.charCodeAt(p);
      if (code === GT || (code === SLASH && xml.charCodeAt(p + 1) === GT)) {
        const end = code === GT ? p + 1 : p + 2;
        this.element(name, end, code === GT);
        return end;
      }
      if (p === start || Number.isNaN(code))
        this.fail(
          p,
          Number.isNaN(code)
            ? `<${name}> is not ended`
            : `${quoted(xml.slice(p, p + 10))} in <${name}> where white space, an attribute, ">" or "/>" should be`,
          'a start tag is <name attribute="value" …> or <name …/>, with white space before each attribute',
        );
      const index = this.attributeCount;
      const key = (this.lastAttributeNames[index] = this.name(p, this.lastAttributeNames[index], 'attribute name'));
      const keyAt = p;
      p += key.length;
      while (isSpace(xml.charCodeAt(p))) p++;
      if (xml.charCodeAt(p) !== EQUALS) this.fail(p, `attribute ${key} of <${name}> without "=" and a value`, 'write it as name="value"');
      p++;
      while (isSpace(xml.charCodeAt(p))) p++;
      const quote = xml.charCodeAt(p);
      if (quote !== QUOTE && quote !== APOSTROPHE)
        this.fail(p, `the value of ${key} in <${name}> is not quoted`, `write it as ${key}="value" or ${key}='value'`);
      const close = xml.indexOf(quote === QUOTE ? '"' : "'", p + 1);
      if (close === -1) this.fail(p, `the value of ${key} in <${name}> is not ended`, 'end it with the quote it starts with');
      const value = this.attributeValue(index, p + 1, close);
      if (value.length > limits.maxAttributeLength)
        this.fail(
          p,
          `attribute ${key} of <${name}> is ${value.length} characters long (limit ${limits.maxAttributeLength})`,
          'raise --max-attribute-length if the module is genuine',
          'vassal/xml-attribute-too-long',
        );
      for (let i = 0; i < index; i++)
        if (attributes[i][0] === key) this.fail(keyAt, `attribute ${key} twice in <${name}>`, 'keep one of them');
      attributes[index] = this.attributePair(index, key, value);
      this.attributeCount = index + 1;
      p = close + 1;
    }
  }

  /**
   * The value of the attribute at position `index` written from `from` to `to`: the value last met
   * at that position when it is written the same way again (siblings share their sizes, images and
   * flags), so that the tree holds one string for all instead of a copy per element.
   */
  private attributeValue(index: number, from: number, to: number): string {
    const last = this.lastRawValues[index];
    if (last !== undefined && last.length === to - from && this.xml.startsWith(last, from)) return last;
    const raw = this.xml.slice(from, to);
    const lt = raw.indexOf('<');
    if (lt !== -1) this.fail(from + lt, '"<" in an attribute value', 'write it as &lt;');
    // Tabs and line feeds read as spaces (§3.3.3), then references replaced.
    const spaced = raw.includes('\n') || raw.includes('\t') ? raw.replace(/[\n\t]/g, ' ') : raw;
    const value = spaced.includes('&') ? this.unescape(spaced, from) : spaced;
    this.lastRawValues[index] = value === raw ? raw : undefined;
    return value;
  }

  /**
   * The pair of an attribute at position `index`: the one last made there when it holds the same
   * name and value (siblings share their sizes and flags), else a new one. Pairs are never changed
   * in place, so elements may share them, which keeps that many fewer objects alive in the tree.
   */
  private attributePair(index: number, key: string, value: string): [string, string] {
    const last = this.lastPairs[index];
    if (last !== undefined && last[0] === key && last[1] === value) return last;
    return (this.lastPairs[index] = [key, value]);
  }

  /** The element whose start tag ends before `end`, added to the tree; `stays`: open, not an empty-element tag. */
  private element(name: string, end: number, stays: boolean): void {
    const { open, attributeCount } = this;
    this.advanceLines(end);
    const column = this.astral ? this.codePoints(this.lineStart, end) : end - this.lineStart;
    const attributes = attributeCount === 0 ? NO_ATTRIBUTES : this.attributes.slice(0, attributeCount);
    const element = this.options.fileElements
      ? new FiledElement(name, attributes, this.line, column, this.options.where)
      : new ParsedElement(name, attributes, this.line, column);
    const depth = open.length;
    if (depth === 0) this.root = element;
    else this.children[depth - 1][this.childCounts[depth - 1]++] = element;
    if (stays) {
      open.push(element);
      this.texts.push('');
      if (this.children.length === depth) this.children.push([]);
      this.childCounts[depth] = 0;
    } else if (open.length === 0) {
      this.closedRoot = true;
    }
  }

  private closeTag(lt: number): number {
    const { xml, open } = this;
    const element = open.pop();
    if (element === undefined || !xml.startsWith(element.name, lt + 2) || this.isNameCharAt(lt + 2 + element.name.length)) {
      let end = lt + 2;
      while (end < xml.length && !isSpace(xml.charCodeAt(end)) && xml.charCodeAt(end) !== GT && xml.charCodeAt(end) !== 0x3c) end++;
      const found = `</${xml.slice(lt + 2, end)}>`;
      this.fail(
        lt,
        element ? `end tag ${found} where </${element.name}> should close <${element.name}>` : `end tag ${found} closes no element`,
        element ? `close the elements in the order they were opened, <${element.name}> first` : 'remove it',
      );
    }
    let p = lt + 2 + element.name.length;
    while (isSpace(xml.charCodeAt(p))) p++;
    if (xml.charCodeAt(p) !== GT)
      this.fail(p, `</${element.name} is not ended by ">"`, 'an end tag is </name>, white space allowed before ">"');
    const count = this.childCounts[open.length];
    if (count > 0) element.children = this.children[open.length].slice(0, count);
    const text = this.texts.pop()!;
    if (this.options.trimText) {
      const trimmed = text.trim();
      if (trimmed !== '') element.text = trimmed;
    } else closeElement(element, text);
    if (open.length === 0) this.closedRoot = true;
    return p + 1;
  }

  /**
   * Moves `line` and `lineStart` to the line holding `end`: the line and column saxes gave once it
   * had read up to `end` are `line` and the characters read on it, `end - lineStart`.
   */
  private advanceLines(end: number): void {
    while (this.nextLineEnd !== -1 && this.nextLineEnd < end) {
      this.line++;
      this.lineStart = this.nextLineEnd + 1;
      this.nextLineEnd = this.xml.indexOf('\n', this.lineStart);
    }
  }
}

/** The tree of `xml` and the problems met reading it: on an error, the error and no tree. */
export function scanXml(xml: string, options: ScanOptions): Scanned {
  const scanner = new Scanner(xml, options);
  try {
    scanner.read();
  } catch (error) {
    if (error instanceof Stop) return { diagnostics: [...scanner.diagnostics, error.diagnostic] };
    throw error;
  }
  return { root: scanner.root, diagnostics: scanner.diagnostics };
}

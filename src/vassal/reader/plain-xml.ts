/**
 * The common case of a buildFile read fast: a document of plain markup (an XML declaration,
 * elements with ASCII names and quoted attributes, text with the predefined entities and character
 * references, comments) read into the same tree, with the same positions, as the saxes parser of
 * xml.ts reads it, at a fraction of its cost: the markup is found with indexOf and character
 * codes, and no object is made per tag or attribute besides the tree's own.
 *
 * It reads only what it is sure saxes reads the same way and accepts. Anything else (malformed
 * XML, a DOCTYPE, CDATA, a processing instruction, a name or character it does not check, a limit
 * passed) makes it give up with undefined, and the caller parses the text with saxes, whose
 * diagnostics are the ones reported.
 *
 * Line ends are normalised first, as saxes reads them (CR LF and a lone CR become LF): the text,
 * the attribute values (where a line end reads as one space) and the lines and columns come out
 * as saxes gives them.
 */
import type { XmlElement } from '../xml-tree';
import type { ReadLimits } from './limits';
import { ParsedElement, adoptChild, closeElement, sharedName } from './parsed-element';

/** Thrown to give up; caught by `readPlainXml` only. */
const GIVE_UP = Symbol('not plain XML');

function giveUp(): never {
  throw GIVE_UP;
}

/**
 * What saxes would read differently from the plain reading (a surrogate, which counts as one
 * column for two code units), or refuse (other control characters, U+FFFE, U+FFFF).
 */
const NOT_PLAIN = /[\u0000-\u0008\u000B-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** The XML declarations VASSAL and editors write, exactly. */
const LINE_END = /\r\n?/g;
const DECLARATION = /<\?xml version="1\.0"(?: encoding="[A-Za-z][A-Za-z0-9._-]*")?(?: standalone="(?:yes|no)")?\?>/y;
const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);
const DECIMAL_REFERENCE = /^#[0-9]{1,7}$/;
const HEX_REFERENCE = /^#x[0-9a-fA-F]{1,6}$/;

const TAB = 0x9;
const LF = 0xa;
const SPACE = 0x20;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GT = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** White space as XML has it, carriage returns aside (line ends are normalised before). */
function isSpace(code: number): boolean {
  return code === SPACE || code === LF || code === TAB;
}

/** An ASCII NameStartChar of XML 1.0 (§2.3); other name characters make the reading give up. */
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

/** The character a reference's body (`#65`, `#x41`) names. */
function characterReference(body: string): string {
  const code = DECIMAL_REFERENCE.test(body)
    ? Number.parseInt(body.slice(1), 10)
    : HEX_REFERENCE.test(body)
      ? Number.parseInt(body.slice(2), 16)
      : giveUp();
  if (!isXmlChar(code)) giveUp();
  return String.fromCodePoint(code);
}

/** `raw` with its entity and character references replaced. */
function unescape(raw: string): string {
  let out = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', from)) {
    const semicolon = raw.indexOf(';', amp + 1);
    if (semicolon === -1) giveUp();
    const body = raw.slice(amp + 1, semicolon);
    out += raw.slice(from, amp) + (PREDEFINED.get(body) ?? characterReference(body));
    from = semicolon + 1;
  }
  return out + raw.slice(from);
}

/** An attribute value as saxes gives it: tabs and line feeds read as spaces, then references replaced. */
function attributeValue(raw: string): string {
  if (raw.includes('<')) giveUp();
  const spaced = raw.includes('\n') || raw.includes('\t') ? raw.replace(/[\n\t]/g, ' ') : raw;
  return spaced.includes('&') ? unescape(spaced) : spaced;
}

class PlainReading {
  root: ParsedElement | undefined;
  /** The open elements and, for each, its text so far. */
  private readonly open: ParsedElement[] = [];
  private readonly texts: string[] = [];
  private elements = 0;
  /** The root element has been closed: only white space and comments may follow. */
  private closedRoot = false;
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
  /** The attributes of the tag being read, copied to a list of the exact length for the element. */
  private readonly attributes: [string, string][] = [];

  private readonly xml: string;

  constructor(
    xml: string,
    private readonly limits: ReadLimits,
  ) {
    this.xml = xml.includes('\r') ? xml.replace(LINE_END, '\n') : xml;
    this.nextLineEnd = this.xml.indexOf('\n');
  }

  read(): ParsedElement | undefined {
    const xml = this.xml;
    if (xml.charCodeAt(0) === 0xfeff || NOT_PLAIN.test(xml)) return undefined;
    let pos = 0;
    if (xml.startsWith('<?xml')) {
      DECLARATION.lastIndex = 0;
      if (!DECLARATION.test(xml)) return undefined;
      pos = DECLARATION.lastIndex;
    }
    try {
      for (;;) {
        const lt = xml.indexOf('<', pos);
        this.text(pos, lt === -1 ? xml.length : lt);
        if (lt === -1) break;
        const next = xml.charCodeAt(lt + 1);
        if (next === SLASH) pos = this.closeTag(lt);
        else if (xml.startsWith('<!--', lt)) pos = this.comment(lt);
        else pos = this.openTag(lt);
      }
    } catch (error) {
      if (error === GIVE_UP) return undefined;
      throw error;
    }
    return this.open.length === 0 ? this.root : undefined;
  }

  /** The text from `from` to `to`, no markup in it, added to the open element's. */
  private text(from: number, to: number): void {
    if (from === to) return;
    const { xml, open } = this;
    if (open.length === 0) {
      for (let p = from; p < to; p++) if (!isSpace(xml.charCodeAt(p))) giveUp();
      return;
    }
    const raw = xml.slice(from, to);
    if (raw.includes(']]>')) giveUp();
    const depth = open.length - 1;
    const sofar = this.texts[depth] + (raw.includes('&') ? unescape(raw) : raw);
    if (sofar.length > this.limits.maxTextLength) giveUp();
    this.texts[depth] = sofar;
  }

  /** A comment: the first "--" in it must end it. */
  private comment(at: number): number {
    const end = this.xml.indexOf('--', at + 4);
    if (end === -1 || this.xml.charCodeAt(end + 2) !== GT) giveUp();
    return end + 3;
  }

  /**
   * The name at `at`: the one last met in its place when it stands there again (no string made),
   * else read and internalised. Names with other than ASCII characters make the reading give up.
   */
  private knownName(at: number, last: string | undefined): string {
    const xml = this.xml;
    if (last !== undefined && xml.startsWith(last, at) && !isNameChar(xml.charCodeAt(at + last.length))) return last;
    if (!isNameStart(xml.charCodeAt(at))) giveUp();
    let end = at + 1;
    while (isNameChar(xml.charCodeAt(end))) end++;
    if (xml.charCodeAt(end) >= 0x80) giveUp();
    return sharedName(this.names, xml.slice(at, end));
  }

  private openTag(lt: number): number {
    const { xml, open, limits, attributes } = this;
    if (this.closedRoot) giveUp();
    if (++this.elements > limits.maxElements || open.length + 1 > limits.maxDepth) giveUp();
    const depth = open.length;
    const name = (this.lastTagNames[depth] = this.knownName(lt + 1, this.lastTagNames[depth]));
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
      if (p === start) giveUp();
      const index = attributes.length;
      const key = (this.lastAttributeNames[index] = this.knownName(p, this.lastAttributeNames[index]));
      p += key.length;
      while (isSpace(xml.charCodeAt(p))) p++;
      if (xml.charCodeAt(p) !== EQUALS) giveUp();
      p++;
      while (isSpace(xml.charCodeAt(p))) p++;
      const quote = xml.charCodeAt(p);
      if (quote !== QUOTE && quote !== APOSTROPHE) giveUp();
      const close = xml.indexOf(quote === QUOTE ? '"' : "'", p + 1);
      if (close === -1) giveUp();
      const value = this.attributeValue(index, p + 1, close);
      if (value.length > limits.maxAttributeLength) giveUp();
      for (let i = 0; i < index; i++) if (attributes[i][0] === key) giveUp();
      attributes.push(this.attributePair(index, key, value));
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
    const value = attributeValue(raw);
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
    const { open, attributes } = this;
    this.advanceLines(end);
    const element = new ParsedElement(name, attributes.length === 0 ? [] : attributes.slice(), this.line, end - this.lineStart);
    attributes.length = 0;
    if (open.length === 0) this.root = element;
    else adoptChild(open[open.length - 1], element);
    if (stays) {
      open.push(element);
      this.texts.push('');
    } else if (open.length === 0) {
      this.closedRoot = true;
    }
  }

  private closeTag(lt: number): number {
    const { xml, open } = this;
    const element = open.pop();
    if (element === undefined || !xml.startsWith(element.name, lt + 2)) giveUp();
    let p = lt + 2 + element.name.length;
    while (isSpace(xml.charCodeAt(p))) p++;
    if (xml.charCodeAt(p) !== GT) giveUp();
    closeElement(element, this.texts.pop()!);
    if (open.length === 0) this.closedRoot = true;
    return p + 1;
  }

  /**
   * Moves `line` and `lineStart` to the line holding `end`: the line and column saxes gives once it
   * has read up to `end` are `line` and the characters read on it, `end - lineStart`.
   */
  private advanceLines(end: number): void {
    while (this.nextLineEnd !== -1 && this.nextLineEnd < end) {
      this.line++;
      this.lineStart = this.nextLineEnd + 1;
      this.nextLineEnd = this.xml.indexOf('\n', this.lineStart);
    }
  }
}

/**
 * The tree of `xml` when it is plain markup that saxes reads the same way and the limits allow,
 * else undefined (parse it with saxes then, for the diagnostics).
 */
export function readPlainXml(xml: string, limits: ReadLimits): XmlElement | undefined {
  return new PlainReading(xml, limits).read();
}

/**
 * Reads XML text back into the tree form, as an XML 1.0 parser reads it, for the checks of the
 * bytes a module is written with (checks.ts) and for tests that look inside a module. It is strict
 * rather than general: elements, attributes, character data, character references, the five
 * predefined entities, comments and processing instructions; a DOCTYPE, a CDATA section or any
 * other entity is an error, as is anything that is not well-formed. What it reads it reads as the
 * XML specification says: line ends normalised (CR LF and CR become LF), literal TAB, CR and LF in
 * an attribute value read as spaces (§3.3.3), references replaced after that.
 *
 * A general parser looks at each character in turn; this one finds the markup with indexOf and
 * character codes, which matters for a buildFile of several megabytes that is read back each
 * time a module is written.
 */
import { holdsXmlForbidden } from '../piece';
import type { XmlElement } from '../xml-tree';

/** XML's white space (§2.3), narrower than JavaScript's \s. */
const WS = '[ \\t\\r\\n]';
const DECLARATION = new RegExp(
  `<\\?xml${WS}+version${WS}*=${WS}*(?:"1\\.[0-9]+"|'1\\.[0-9]+')` +
    `(?:${WS}+encoding${WS}*=${WS}*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?` +
    `(?:${WS}+standalone${WS}*=${WS}*(?:"(?:yes|no)"|'(?:yes|no)'))?${WS}*\\?>`,
  'y',
);
const PI_TARGET = /[^ \t\r\n?]+/y;

// Name and NameStartChar of XML 1.0, fifth edition (§2.3).
const NAME_START =
  ':A-Z_a-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}\\u{200C}-\\u{200D}' +
  '\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';
// The combining marks U+0300 to U+036F are a range of name characters here, not a combined character.
// eslint-disable-next-line no-misleading-character-class
const NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}]*$`, 'u');

const REFERENCE = /&([^&;]*)(;?)/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const LINE_END = /\r\n?/g;
const ATTRIBUTE_WHITESPACE = /\r\n|[\t\n\r]/g;

function malformed(message: string): never {
  throw new Error(message);
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function replaceReference(whole: string, body: string, semicolon: string): string {
  if (!semicolon) malformed(`"&" that starts no reference: ${JSON.stringify(whole.slice(0, 20))}`);
  const predefined = PREDEFINED[body];
  if (predefined !== undefined) return predefined;
  const code = /^#[0-9]+$/.test(body)
    ? Number.parseInt(body.slice(1), 10)
    : /^#x[0-9a-fA-F]+$/.test(body)
      ? Number.parseInt(body.slice(2), 16)
      : malformed(`undeclared entity or bad reference ${JSON.stringify(whole)}`);
  if (!isXmlChar(code)) malformed(`reference ${whole} to a character XML does not allow`);
  return String.fromCodePoint(code);
}

function characterData(raw: string): string {
  if (raw.includes(']]>')) malformed('"]]>" in character data');
  const text = raw.includes('\r') ? raw.replace(LINE_END, '\n') : raw;
  return text.includes('&') ? text.replace(REFERENCE, replaceReference) : text;
}

function attributeValue(raw: string): string {
  // Three scans of a short value cost less than one regular expression's call.
  const value = raw.includes('\n') || raw.includes('\t') || raw.includes('\r') ? raw.replace(ATTRIBUTE_WHITESPACE, ' ') : raw;
  return value.includes('&') ? value.replace(REFERENCE, replaceReference) : value;
}

/** Where the reading stands: the text, the open elements, the root once opened, the names already checked. */
interface Reading {
  xml: string;
  stack: XmlElement[];
  root?: XmlElement;
  names: Set<string>;
}

function checkName(reading: Reading, name: string): string {
  if (!reading.names.has(name)) {
    if (!NAME.test(name)) malformed(`"${name}" is not an XML name`);
    reading.names.add(name);
  }
  return name;
}

const SPACE = 0x20;
const TAB = 0x9;
const LF = 0xa;
const CR = 0xd;
const SLASH = 0x2f;
const GT = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

function isWhitespace(code: number): boolean {
  return code === SPACE || code === LF || code === TAB || code === CR;
}

/** Where the white space starting at `at` ends. */
function skipWhitespace(xml: string, at: number): number {
  let p = at;
  while (isWhitespace(xml.charCodeAt(p))) p++;
  return p;
}

/**
 * Reads the start tag at `at` (or an empty-element tag); returns where it ends. The markup is
 * scanned by character codes and indexOf: a regular expression's call costs more than a short
 * name or value takes to scan. No "<" may stand inside a tag, so the tag ends before the next one.
 */
function openTag(reading: Reading, at: number): number {
  const { xml, stack } = reading;
  const nextLt = xml.indexOf('<', at + 1);
  const limit = nextLt === -1 ? xml.length : nextLt;
  let p = at + 1;
  while (p < limit && !isWhitespace(xml.charCodeAt(p)) && xml.charCodeAt(p) !== SLASH && xml.charCodeAt(p) !== GT) p++;
  const name = checkName(reading, xml.slice(at + 1, p));
  if (reading.root && stack.length === 0) malformed(`a second root element <${name}>`);
  const node: XmlElement = { name, attributes: [], children: [] };
  for (;;) {
    const start = skipWhitespace(xml, p);
    const code = xml.charCodeAt(start);
    if (code === GT || (code === SLASH && xml.charCodeAt(start + 1) === GT)) {
      if (stack.length > 0) stack[stack.length - 1].children.push(node);
      else reading.root = node;
      if (code === GT) stack.push(node);
      return code === GT ? start + 1 : start + 2;
    }
    // An attribute: white space before it, a name, "=", a quoted value without "<".
    const equals = xml.indexOf('=', start);
    if (start === p || start >= limit || equals === -1 || equals >= limit)
      malformed(`a malformed attribute in <${name}> at offset ${start}`);
    let nameEnd = equals;
    while (isWhitespace(xml.charCodeAt(nameEnd - 1))) nameEnd--;
    const key = checkName(reading, xml.slice(start, nameEnd));
    const open = skipWhitespace(xml, equals + 1);
    const quote = xml.charCodeAt(open);
    const close = quote === QUOTE || quote === APOSTROPHE ? xml.indexOf(quote === QUOTE ? '"' : "'", open + 1) : -1;
    if (close === -1 || close >= limit) malformed(`a malformed value of ${key} in <${name}> at offset ${open}`);
    for (const [other] of node.attributes) if (other === key) malformed(`attribute ${key} twice in <${name}>`);
    node.attributes.push([key, attributeValue(xml.slice(open + 1, close))]);
    p = close + 1;
  }
}

/** Reads the end tag at `at`, closing the element it names and trimming its text; returns where it ends. */
function closeTag(reading: Reading, at: number): number {
  const { xml } = reading;
  const node = reading.stack.pop();
  const end = node && xml.startsWith(node.name, at + 2) ? skipWhitespace(xml, at + 2 + node.name.length) : -1;
  if (!node || xml.charCodeAt(end) !== GT) {
    const named = /^<\/([^ \t\r\n>]*)/.exec(xml.slice(at, at + 200))![1];
    malformed(`</${named}> does not close ${node ? `<${node.name}>` : 'any element'}, or is malformed`);
  }
  if (node.text !== undefined) {
    const trimmed = node.text.trim();
    if (trimmed === '') delete node.text;
    else node.text = trimmed;
  }
  return end + 1;
}

function comment(xml: string, at: number): number {
  // The first "--" after the opening one must end the comment (§2.5).
  const end = xml.indexOf('--', at + 4);
  if (end === -1 || xml[end + 2] !== '>') malformed(`a comment without its end, or with "--" inside, at offset ${at}`);
  return end + 3;
}

function processingInstruction(reading: Reading, at: number): number {
  const { xml } = reading;
  PI_TARGET.lastIndex = at + 2;
  const target = checkName(reading, PI_TARGET.exec(xml)?.[0] ?? malformed(`a processing instruction without a target at offset ${at}`));
  if (target.toLowerCase() === 'xml') malformed('an XML declaration that is not at the very start');
  const after = PI_TARGET.lastIndex;
  const end = xml.indexOf('?>', after);
  if (end === -1) malformed(`a processing instruction without its end at offset ${at}`);
  if (end > after && !/[ \t\r\n]/.test(xml[after])) malformed(`a malformed processing instruction at offset ${at}`);
  return end + 2;
}

/** The text from `from` to `to` (no markup in it) added to the open element's; outside the root only white space may stand. */
function text(reading: Reading, from: number, to: number): void {
  const { xml, stack } = reading;
  const top = stack[stack.length - 1];
  if (skipWhitespace(xml, from) < to) {
    if (!top) malformed(`text outside the root element at offset ${from}`);
    top.text = (top.text ?? '') + characterData(xml.slice(from, to));
  } else if (to > from && top?.text !== undefined) {
    // White space before any other text is trimmed at the end tag anyway: only white space after some is kept.
    top.text += characterData(xml.slice(from, to));
  }
}

/** Parses XML text into the tree form (attributes in document order, text trimmed as VASSAL does). Throws on malformed XML. */
export function parseXml(xml: string): XmlElement {
  if (holdsXmlForbidden(xml)) malformed('a character XML does not allow (a control character, U+FFFE, U+FFFF or a lone surrogate)');
  const reading: Reading = { xml, stack: [], names: new Set() };
  let pos = 0;
  if (/^<\?xml[ \t\r\n]/.test(xml)) {
    DECLARATION.lastIndex = 0;
    if (!DECLARATION.test(xml)) malformed('a malformed XML declaration');
    pos = DECLARATION.lastIndex;
  }
  for (;;) {
    const lt = xml.indexOf('<', pos);
    text(reading, pos, lt === -1 ? xml.length : lt);
    if (lt === -1) break;
    const next = xml[lt + 1];
    if (next === '/') pos = closeTag(reading, lt);
    else if (next === '?') pos = processingInstruction(reading, lt);
    else if (xml.startsWith('<!--', lt)) pos = comment(xml, lt);
    else if (xml.startsWith('<![CDATA[', lt)) malformed('CDATA in XML');
    else if (next === '!') malformed(`a DOCTYPE or other declaration, which a buildFile does not hold, at offset ${lt}`);
    else pos = openTag(reading, lt);
  }
  const { stack, root } = reading;
  if (stack.length > 0) malformed(`<${stack[stack.length - 1].name}> is not closed`);
  return root ?? malformed('no root element');
}

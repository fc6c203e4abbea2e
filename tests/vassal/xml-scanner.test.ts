/**
 * The XML reader (xml-scanner.ts) against saxes, a conforming XML 1.0 parser, as an independent
 * oracle: on hand-written documents, on every fixture buildFile, and on documents changed at random
 * positions (fixed seed), which make both malformed and unusual XML, both read the same tree with
 * the same positions, or both refuse the text. And every refusal is a diagnostic at the line and
 * column of the problem, with a stable code and a hint, never a thrown error.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { readLimits } from '../../src/vassal/reader/limits';
import { parseXml, positionOf } from '../../src/vassal/reader/xml';
import { scanXml } from '../../src/vassal/reader/xml-scanner';
import type { XmlElement } from '../../src/vassal/xml-tree';
import { HAS_SHARED, VASSAL_FIXTURES, describeShared } from '../shared-dir';

const limits = readLimits();

/** Everything a reader of the tree sees, positions and own keys included. */
function shape(el: XmlElement): unknown {
  return {
    name: el.name,
    attributes: el.attributes,
    text: el.text,
    at: positionOf(el),
    keys: Object.keys(el),
    children: el.children.map(shape),
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What saxes reads, in the same shape: an element at the line and column saxes has reached at the
 * end of its start tag, text joined, kept when it is not only the white space that lays out
 * children; undefined where saxes refuses the text or finds a DOCTYPE (which the reader refuses).
 */
function bySaxes(xml: string): unknown {
  const parser = new SaxesParser({ position: true });
  const open: { name: string; attributes: [string, string][]; text: string; at: unknown; children: unknown[] }[] = [];
  let root: unknown;
  let attributes: [string, string][] = [];
  let doctype = false;
  parser.on('doctype', () => (doctype = true));
  parser.on('attribute', (a) => attributes.push([a.name, a.value]));
  parser.on('opentag', (tag) => {
    const node = { name: tag.name, attributes, text: '', at: { line: parser.line, column: parser.column }, children: [] };
    attributes = [];
    if (open.length > 0) open[open.length - 1].children.push(node);
    else root = node;
    open.push(node);
  });
  parser.on('text', (t) => {
    if (open.length > 0) open[open.length - 1].text += t;
  });
  parser.on('closetag', () => {
    const node = open.pop()!;
    const { text, ...rest } = node;
    const kept = text.length > 0 && (node.children.length === 0 || text.trim() !== '') ? text : undefined;
    Object.assign(node, rest, { text: kept, keys: ['name', 'attributes', 'text', 'children'] });
  });
  // saxes lets a lone surrogate through; XML 1.0 has no such character (§2.2), and the reader refuses it.
  if (LONE_SURROGATE.test(xml)) return undefined;
  try {
    parser.write(xml).close();
  } catch {
    return undefined;
  }
  return doctype ? undefined : order(root);
}

/** `node` with its keys in `shape`'s order, for comparison. */
function order(node: unknown): unknown {
  const n = node as { name: string; attributes: unknown; text?: string; at: unknown; keys: string[]; children: unknown[] };
  return { name: n.name, attributes: n.attributes, text: n.text, at: n.at, keys: n.keys, children: n.children.map(order) };
}

/** The reader's tree when it reads `xml` without an error, else undefined; it must agree with saxes. */
function agrees(xml: string): boolean {
  const read = parseXml(xml, { file: 'f', limits });
  const errors = read.diagnostics.filter((d) => d.severity === 'error');
  const ours = read.root && errors.length === 0 ? shape(read.root) : undefined;
  expect(ours, JSON.stringify(xml.slice(0, 300))).toEqual(bySaxes(xml));
  for (const d of errors) {
    expect(d.code).toMatch(/^vassal\/xml-/);
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.hint).toBeTruthy();
  }
  return ours !== undefined;
}

const SAMPLE = [
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
  '<!-- before -->',
  `<root a="1" b='two &amp; &lt;x&gt; &#65;&#x42;'>`,
  '  <x.y:z-w_1 k="v\tt',
  'u"/>',
  '  <p>text &quot;q&quot; &apos; more é ü</p>',
  '  <q>a<!-- c -->b<!---->c</q>',
  '  <e></e><e2 /><e3 a = "1"\n b="2" ></e3 >',
  '  <w>   </w>',
  '  <s w="60" h="&amp;"/><s w="60" h="&amp;"/><s w="61" h="a&amp;"/><s h="60" w="60"/><s w="6\t0"/><s w="6 0"/>',
  '  <m>x<n/>  </m>',
  '  <Ελληνικά ключ="3" v="😀">😀 text<?pi data?><![CDATA[dropped]]></Ελληνικά>',
  '</root>',
  '<!-- after -->',
  '',
].join('\n');

/** Some text to insert: markup, references, characters XML counts or refuses. */
const INSERTS = [
  '<',
  '>',
  '/',
  '&',
  ';',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  '\t',
  '\r',
  ']]>',
  '&amp;',
  '&#65;',
  '&#X41;',
  '&#0;',
  '&#xD800;',
  '&#1114112;',
  '&foo;',
  '&constructor;',
  '<!--',
  '-->',
  '--',
  '<![CDATA[x]]>',
  '<?pi x?>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x>',
  'é',
  '\u{1F600}',
  '\uD800',
  '\uFEFF',
  '\u0001',
  '\uFFFE',
  '<a>',
  '</a>',
  '<b/>',
  ' x="1"',
  " x='1'",
  ' x="1" x="2"',
  'ab',
  '\u00B7',
  '\u00D7',
  ':',
  '-',
  '1',
];

/** `count` copies of `xml`, each with one to three insertions, deletions or replacements (a fixed pseudo-random sequence). */
function mutations(xml: string, count: number): string[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >>> 8) % n;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let m = xml;
    for (let k = 1 + next(3); k > 0; k--) {
      const at = next(m.length + 1);
      const op = next(3);
      const insert = op === 1 ? '' : INSERTS[next(INSERTS.length)];
      m = m.slice(0, at) + insert + m.slice(op === 0 ? at : at + 1 + next(3));
    }
    out.push(m);
  }
  return out;
}

/** The code, line, column and message of the one diagnostic `xml` gives. */
function problem(xml: string, options: { trimText?: boolean; refuseCdata?: boolean } = {}): [string, number, number, string] {
  const { root, diagnostics } = scanXml(xml, { where: 'm.vmod!buildFile.xml', limits, ...options });
  expect(root, xml).toBeUndefined();
  expect(diagnostics, xml).toHaveLength(1);
  const [d] = diagnostics;
  expect(d.hint, xml).toBeTruthy();
  expect(d.file).toBe('m.vmod!buildFile.xml');
  expect(d.message.startsWith('m.vmod!buildFile.xml: '), d.message).toBe(true);
  return [d.code, d.line!, d.column!, d.message.slice('m.vmod!buildFile.xml: '.length)];
}

describe('the XML reader', () => {
  it('reads markup as saxes does, positions included', () => {
    expect(agrees(SAMPLE)).toBe(true);
    expect(agrees('<r/>')).toBe(true);
    expect(agrees('\n <r>\n<s a="1">t</s></r>\n')).toBe(true);
    // Line ends as XML reads them: in text, in attribute values (one space each), in lines and columns.
    expect(agrees('<r>\r\n <s a="x\r\ny\rz"\r/>a\r\rb\r\n<t\r\n/></r>\r\n')).toBe(true);
    // A byte-order mark, references written with leading zeros, astral characters before an element on its line.
    expect(agrees('\uFEFF<?xml version="1.0"?><r a="&#0065;&#x0042;">&#x1F600;</r>')).toBe(true);
    expect(agrees('<r>\u{1F600}\u{1F600}<s/>\n\u{1F600}<t/></r>')).toBe(true);
    expect(agrees(`<?xml version='1.0' encoding='UTF-8'?><r><?pi?><?pi-x d ?></r><?end?>`)).toBe(true);
  });

  it('agrees with saxes on documents changed at random, and never throws', () => {
    let read = 0;
    for (const xml of [...mutations(SAMPLE, 2000), ...mutations(SAMPLE.replaceAll('\n', '\r\n'), 500)]) if (agrees(xml)) read++;
    // Some still read, some do not: both ways are exercised.
    expect(read).toBeGreaterThan(100);
    expect(read).toBeLessThan(2300);
  });

  it.each<[string, string, [string, number, number, string]]>([
    ['an unclosed element', '<a>\n<b>', ['vassal/xml-syntax', 2, 4, '<b> is not closed']],
    ['a mismatched end tag', '<a><b></a>', ['vassal/xml-syntax', 1, 7, 'end tag </a> where </b> should close <b>']],
    ['an end tag longer than its start tag', '<a></ab>', ['vassal/xml-syntax', 1, 4, 'end tag </ab> where </a> should close <a>']],
    ['an end tag with nothing open', '<a/></b>', ['vassal/xml-syntax', 1, 5, 'end tag </b> closes no element']],
    ['an end tag not ended', '<a></a x>', ['vassal/xml-syntax', 1, 8, '</a is not ended by ">"']],
    ['a start tag not ended', '<a b="1"', ['vassal/xml-syntax', 1, 9, '<a> is not ended']],
    ['an empty document', '<?xml version="1.0"?>\n\n', ['vassal/xml-syntax', 3, 1, 'no root element']],
    ['a second root element', '<a/>\n<b/>', ['vassal/xml-syntax', 2, 1, 'a second root element <b>']],
    ['text before the root', '  x<a/>', ['vassal/xml-syntax', 1, 3, 'text before the root element: "x"']],
    ['text after the root', '<a/>yz', ['vassal/xml-syntax', 1, 5, 'text after the root element: "yz"']],
    ['an undeclared entity', '<a>\n  &foo;</a>', ['vassal/xml-syntax', 2, 3, 'an undeclared entity &foo;']],
    ['a bare ampersand in text', '<a>b & c</a>', ['vassal/xml-syntax', 1, 6, '"&" that starts no reference: "& c"']],
    ['a bare ampersand in a value', '<a b="x&y"/>', ['vassal/xml-syntax', 1, 8, '"&" that starts no reference: "&y"']],
    ['an upper-case X in a reference', '<a>&#X41;</a>', ['vassal/xml-syntax', 1, 4, 'a malformed reference "&#X41;"']],
    ['a reference to NUL', '<a>&#0;</a>', ['vassal/xml-syntax', 1, 4, 'the reference &#0; names a character XML does not allow']],
    [
      'a reference to a surrogate',
      '<a b="&#xD800;"/>',
      ['vassal/xml-syntax', 1, 7, 'the reference &#xD800; names a character XML does not allow'],
    ],
    [
      'a reference past U+10FFFF',
      '<a>&#x110000;</a>',
      ['vassal/xml-syntax', 1, 4, 'the reference &#x110000; names a character XML does not allow'],
    ],
    [
      'a reference to U+FFFE',
      '<a>&#65534;</a>',
      ['vassal/xml-syntax', 1, 4, 'the reference &#65534; names a character XML does not allow'],
    ],
    ['a control character', '<a>\n\u0001</a>', ['vassal/xml-syntax', 2, 1, 'a character XML does not allow, U+0001']],
    ['a lone high surrogate', '<a>\uD800x</a>', ['vassal/xml-syntax', 1, 4, 'a character XML does not allow, U+D800']],
    ['a lone low surrogate after a pair', '<a>\u{1F600}\uDC00</a>', ['vassal/xml-syntax', 1, 5, 'a character XML does not allow, U+DC00']],
    ['U+FFFF', '<a b="\uFFFF"/>', ['vassal/xml-syntax', 1, 7, 'a character XML does not allow, U+FFFF']],
    ['"<" in a value', '<a b="<"/>', ['vassal/xml-syntax', 1, 7, '"<" in an attribute value']],
    ['an attribute twice', `<a b="1" b='2'/>`, ['vassal/xml-syntax', 1, 10, 'attribute b twice in <a>']],
    ['an unquoted value', '<a b=1/>', ['vassal/xml-syntax', 1, 6, 'the value of b in <a> is not quoted']],
    ['an unended value', '<a b="1/>', ['vassal/xml-syntax', 1, 6, 'the value of b in <a> is not ended']],
    ['an attribute without a value', '<a b/>', ['vassal/xml-syntax', 1, 5, 'attribute b of <a> without "=" and a value']],
    [
      'attributes without white space between',
      '<a b="1"c="2"/>',
      ['vassal/xml-syntax', 1, 9, '"c=\\"2\\"/>" in <a> where white space, an attribute, ">" or "/>" should be'],
    ],
    ['a name starting with a digit', '<1a/>', ['vassal/xml-syntax', 1, 2, 'an element name expected, found "1a/>"']],
    [
      'a name with a character names do not hold',
      '<a\u00D7b/>',
      ['vassal/xml-syntax', 1, 3, 'a character that no element name holds: "×"'],
    ],
    ['white space after <', '< a/>', ['vassal/xml-syntax', 1, 2, 'an element name expected, found " a/>"']],
    ['"--" in a comment', '<a><!-- x -- y --></a>', ['vassal/xml-syntax', 1, 11, '"--" inside a comment']],
    ['an unclosed comment', '<a>\n<!-- x</a>', ['vassal/xml-syntax', 2, 1, 'a comment without its end']],
    ['"]]>" in text', '<a>x]]></a>', ['vassal/xml-syntax', 1, 5, '"]]>" in text']],
    ['an unclosed CDATA section', '<a><![CDATA[x</a>', ['vassal/xml-syntax', 1, 4, 'a CDATA section without its end']],
    ['a CDATA section outside the root', '<![CDATA[x]]><a/>', ['vassal/xml-syntax', 1, 1, 'a CDATA section outside the root element']],
    ['a DOCTYPE', '<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY b "c">]><a/>', ['vassal/xml-doctype', 2, 1, 'the XML declares a DOCTYPE']],
    ['other markup', '<a><!ELEMENT a ANY></a>', ['vassal/xml-syntax', 1, 4, 'unknown markup "<!ELEMENT a "']],
    ['a malformed declaration', '<?xml version="2.0"?><a/>', ['vassal/xml-syntax', 1, 1, 'a malformed XML declaration']],
    [
      'a declaration with its attributes out of order',
      `<?xml encoding="UTF-8" version="1.0"?><a/>`,
      ['vassal/xml-syntax', 1, 1, 'a malformed XML declaration'],
    ],
    [
      'a declaration after white space',
      ' <?xml version="1.0"?><a/>',
      ['vassal/xml-syntax', 1, 2, 'an XML declaration that is not at the very start'],
    ],
    [
      'a declaration after the root',
      '<a/><?XML version="1.0"?>',
      ['vassal/xml-syntax', 1, 5, 'an XML declaration that is not at the very start'],
    ],
    [
      'a processing instruction without a target',
      '<a><? x?></a>',
      ['vassal/xml-syntax', 1, 6, 'a processing instruction target expected, found " x?></a>"'],
    ],
    ['a processing instruction not ended', '<a><?pi x</a>', ['vassal/xml-syntax', 1, 4, 'a processing instruction without its end']],
  ])('refuses %s at its line and column', (_, xml, expected) => {
    const [code, line, column, message] = problem(xml);
    expect([code, line, column]).toEqual(expected.slice(0, 3));
    expect(message).toContain(expected[3]);
  });

  it('counts columns in characters, an astral one as one', () => {
    expect(problem('<a>\u{1F600}\u{1F600}&bad;</a>').slice(0, 3)).toEqual(['vassal/xml-syntax', 1, 6]);
  });

  it('gives the line of the problem as an excerpt, from the text as written', () => {
    const { diagnostics } = scanXml('<a>\r\n  <b c="&x;"/>\r\n</a>', { where: 'f', limits });
    expect(diagnostics[0]).toMatchObject({ line: 2, column: 9, excerpt: '  <b c="&x;"/>' });
  });

  it('drops CDATA with one warning, or refuses it when asked', () => {
    const read = scanXml('<a>x<![CDATA[y]]>z<![CDATA[w]]></a>', { where: 'f', limits });
    expect(read.root?.text).toBe('xz');
    expect(read.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([['vassal/xml-cdata', 'warning', 1, 5]]);
    expect(problem('<a>\n<![CDATA[y]]></a>', { refuseCdata: true }).slice(0, 3)).toEqual(['vassal/xml-cdata', 2, 1]);
  });

  it('keeps text as written, or trimmed as VASSAL reads it', () => {
    const xml = '<a> x <b/>\n  </a>';
    expect(scanXml(xml, { where: 'f', limits }).root?.text).toBe(' x \n  ');
    expect(scanXml(xml, { where: 'f', limits, trimText: true }).root?.text).toBe('x');
    expect(scanXml('<a>\n  <b/>\n</a>', { where: 'f', limits }).root?.text).toBeUndefined();
  });

  it('refuses what the limits do not allow, at the element, attribute or text', () => {
    const at = (xml: string, overrides: Partial<typeof limits>) => {
      const { diagnostics } = scanXml(xml, { where: 'f', limits: { ...limits, ...overrides } });
      return diagnostics.map((d) => [d.code, d.line, d.column]);
    };
    expect(at('<r><s/><t/></r>', { maxElements: 2 })).toEqual([['vassal/xml-too-many-elements', 1, 8]]);
    expect(at('<r>\n <s><t/></s></r>', { maxDepth: 2 })).toEqual([['vassal/xml-too-deep', 2, 5]]);
    expect(at('<r a="12345"/>', { maxAttributeLength: 4 })).toEqual([['vassal/xml-attribute-too-long', 1, 6]]);
    expect(at('<r>123<!-- -->45</r>', { maxTextLength: 4 })).toEqual([['vassal/xml-text-too-long', 1, 15]]);
    expect(at('<r a="1234">1234</r>', { maxAttributeLength: 4, maxTextLength: 4 })).toEqual([]);
  });
});

describeShared('the XML reader on the fixture buildFiles', () => {
  // Listed only where the fixtures are: the block's body runs to collect its tests even when skipped.
  const documents = (HAS_SHARED ? readdirSync(VASSAL_FIXTURES, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(VASSAL_FIXTURES, entry.name))
        .filter((name) => /^(buildFile(\.xml)?|moduledata)$/.test(name))
        .map((name) => path.join(VASSAL_FIXTURES, entry.name, name)),
    );

  it.each(documents)('%s reads as saxes reads it, with its line ends and with CR LF ones', (file) => {
    const xml = readFileSync(file, 'utf8');
    expect(agrees(xml)).toBe(true);
    expect(agrees(xml.replaceAll('\n', '\r\n'))).toBe(true);
  });
});

/**
 * The fast reading of plain XML gives the tree, text and positions saxes gives, and gives up on
 * whatever it does not read the same way, so that saxes reports it. Checked against saxes itself
 * (parseXmlWithSaxes) on hand-written documents, on every fixture buildFile, and on documents
 * changed at random positions (fixed seed), which make both malformed and unusual XML.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLimits } from '../../src/vassal/reader/limits';
import { readPlainXml } from '../../src/vassal/reader/plain-xml';
import { parseXml, parseXmlWithSaxes, positionOf } from '../../src/vassal/reader/xml';
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

/** What saxes reads: the tree when it reads the text without a diagnostic. */
function bySaxes(xml: string): unknown {
  const parsed = parseXmlWithSaxes(xml, { file: 'f', limits });
  return parsed.root && parsed.diagnostics.length === 0 ? shape(parsed.root) : parsed.diagnostics.map((d) => d.code);
}

/** Whether the plain reading took `xml`; when it did, its tree must be saxes's. */
function agrees(xml: string): boolean {
  const plain = readPlainXml(xml, limits);
  if (plain) expect(shape(plain), JSON.stringify(xml.slice(0, 200))).toEqual(bySaxes(xml));
  return plain !== undefined;
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
  '</root>',
  '<!-- after -->',
  '',
].join('\n');

/** Some text to insert: markup, references, characters saxes counts or refuses. */
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
  '&foo;',
  '&constructor;',
  '<!--',
  '-->',
  '--',
  '<![CDATA[x]]>',
  '<?pi x?>',
  '<!DOCTYPE x>',
  'é',
  '\u{1F600}',
  '\uFEFF',
  '\u0001',
  '<a>',
  '</a>',
  '<b/>',
  ' x="1"',
  ' x="1" x="2"',
  'ab',
  '\u00B7',
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

describe('plain XML reading', () => {
  it('reads plain markup as saxes does, positions included', () => {
    expect(agrees(SAMPLE)).toBe(true);
    expect(agrees('<r/>')).toBe(true);
    expect(agrees('\n <r>\n<s a="1">t</s></r>\n')).toBe(true);
    // Line ends as saxes reads them: in text, in attribute values (one space each), in lines and columns.
    expect(agrees('<r>\r\n <s a="x\r\ny\rz"\r/>a\r\rb\r\n<t\r\n/></r>\r\n')).toBe(true);
  });

  it('gives up on what saxes reads otherwise or refuses', () => {
    for (const xml of [
      '<r>&#X41;</r>', // saxes takes only a lowercase x
      '<r>&constructor;</r>',
      '<r a="1"b="2"/>',
      '<r a="1" a="2"/>',
      '<r><![CDATA[x]]></r>', // a warning from saxes
      '<?xml version="1.1"?><r/>',
      '<!DOCTYPE r><r/>',
      '<r>]]></r>',
      '<r><s a="&amp;"/><s a="&"/></r>', // the same text as the value before it, but not well-formed
      '<r><s a="&lt;"/><s a="<"/></r>',
      '<r/><s/>',
      '<r><s></r>',
      '<r>\u{1F600}</r>', // two code units, one column for saxes
      '<ré/>',
      'x<r/>',
    ])
      expect(readPlainXml(xml, limits), xml).toBeUndefined();
  });

  it('leaves the limits to saxes, whose refusals are reported', () => {
    const tight = { ...limits, maxElements: 2 };
    const xml = '<r><s/><t/></r>';
    expect(readPlainXml(xml, tight)).toBeUndefined();
    expect(parseXml(xml, { file: 'f', limits: tight }).diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['vassal/xml-too-many-elements', 1, 11],
    ]);
  });

  it('agrees with saxes on documents changed at random', () => {
    let plain = 0;
    for (const xml of [...mutations(SAMPLE, 1500), ...mutations(SAMPLE.replaceAll('\n', '\r\n'), 500)]) if (agrees(xml)) plain++;
    // Some are still plain XML, some are not: both ways are exercised.
    expect(plain).toBeGreaterThan(100);
    expect(plain).toBeLessThan(1800);
  });
});

describeShared('plain XML reading of the fixture buildFiles', () => {
  // Listed only where the fixtures are: the block's body runs to collect its tests even when skipped.
  const buildFiles = (HAS_SHARED ? readdirSync(VASSAL_FIXTURES, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(VASSAL_FIXTURES, entry.name))
        .filter((name) => /^buildFile(\.xml)?$/.test(name))
        .map((name) => path.join(VASSAL_FIXTURES, entry.name, name)),
    );

  it.each(buildFiles)('%s reads as saxes reads it, with its line ends and with CR LF ones', (file) => {
    const xml = readFileSync(file, 'utf8');
    expect(agrees(xml)).toBe(true);
    expect(agrees(xml.replaceAll('\n', '\r\n'))).toBe(true);
  });
});

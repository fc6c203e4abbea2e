/**
 * A module's XML decoded as VASSAL's XML parser decodes it (XML 1.0 appendix F): UTF-16 by its
 * byte-order mark or by `<?` written in UTF-16, ISO-8859-1 by the declaration (Latin-1 proper,
 * not windows-1252), UTF-8 otherwise. Expected texts are the strings the bytes were made from.
 */
import { describe, expect, it } from 'vitest';
import { decodeXmlBytes } from '../../src/vassal/reader/xml-encoding';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { writeZip } from '../../src/vassal/module/zip';

const TEXT = '<?xml version="1.0" encoding="UTF-16"?>\n<a name="Württemberg — 1er Régiment"/>';

function utf16be(text: string): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
  return be;
}

describe('decodeXmlBytes', () => {
  it('reads UTF-16 by its byte-order mark, either byte order', () => {
    expect(decodeXmlBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]))).toBe(TEXT);
    expect(decodeXmlBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)]))).toBe(TEXT);
  });

  it('reads UTF-16 without a mark from the way `<?` is written', () => {
    expect(decodeXmlBytes(Buffer.from(TEXT, 'utf16le'))).toBe(TEXT);
    expect(decodeXmlBytes(utf16be(TEXT))).toBe(TEXT);
  });

  it('reads ISO-8859-1 as Latin-1 proper when the declaration names it (0x80 is U+0080, not €)', () => {
    const text = '<?xml version="1.0" encoding="ISO-8859-1"?><a n="Württemberg \u0080"/>';
    expect(decodeXmlBytes(Buffer.from(text, 'latin1'))).toBe(text);
  });

  it('reads UTF-8 with or without a mark, and when the declaration names no encoding', () => {
    const text = '<?xml version="1.0"?><a n="Württemberg"/>';
    expect(decodeXmlBytes(Buffer.from(text))).toBe(text);
    expect(decodeXmlBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
    expect(decodeXmlBytes(Buffer.from('<a n="é"/>'))).toBe('<a n="é"/>');
  });
});

it('a buildFile saved in UTF-16 reads as the same module as in UTF-8', async () => {
  const xml = `<?xml version="1.0" encoding="UTF-16" standalone="no"?>
<VASSAL.build.GameModule name="Württemberg" version="1" VassalVersion="3.6.7"><VASSAL.build.module.PlayerRoster><entry>Français</entry></VASSAL.build.module.PlayerRoster></VASSAL.build.GameModule>`;
  const read = async (data: Uint8Array | string) => {
    const zip = await writeZip([{ path: 'buildFile.xml', data }], 1767225600);
    const entries = (await readZip(zip, { file: 'm.vmod', limits: readLimits() })).entries;
    return readModule(entries, { source: 'm.vmod', limits: readLimits() });
  };
  const utf16 = await read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]));
  expect(utf16.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(utf16.module?.root).toEqual((await read(xml.replace('UTF-16', 'UTF-8'))).module?.root);
  // A declaration naming UTF-16 over bytes one byte a character is read as UTF-8, as the bytes are.
  expect(utf16.module?.root).toEqual((await read(xml)).module?.root);
  expect(JSON.stringify(utf16.module?.root)).toContain('Français');
});

it('a buildFile in Latin-1 that declares no encoding is refused where its first such byte is, as VASSAL refuses it', async () => {
  const read = async (data: Uint8Array) => {
    const zip = await writeZip([{ path: 'buildFile.xml', data }], 1767225600);
    const entries = (await readZip(zip, { file: 'm.vmod', limits: readLimits() })).entries;
    return readModule(entries, { source: 'm.vmod', limits: readLimits() });
  };
  const xml = '<?xml version="1.0"?>\n<VASSAL.build.GameModule name="Württemberg" version="1" VassalVersion="3.7.26"/>';
  const latin1 = await read(Buffer.from(xml, 'latin1'));
  expect(latin1.module).toBeUndefined();
  // "ü" is the 33rd character of line 2 (after `<VASSAL.build.GameModule name="W`); Latin-1 writes it as 0xfc.
  expect(latin1.diagnostics).toMatchObject([
    { code: 'vassal/xml-encoding', severity: 'error', file: 'm.vmod!buildFile.xml', line: 2, column: 33 },
  ]);
  expect(latin1.diagnostics[0].message).toContain('byte 0xfc is not UTF-8');
  // The same bytes under a declaration naming ISO-8859-1, or the text in UTF-8, read as the module.
  const declared = await read(Buffer.from(xml.replace('version="1.0"?>', 'version="1.0" encoding="ISO-8859-1"?>'), 'latin1'));
  expect(declared.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(JSON.stringify(declared.module?.root)).toContain('Württemberg');
  expect((await read(Buffer.from(xml))).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
});

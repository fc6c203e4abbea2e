/** The encodings `update` edits an XML entry in, and the bytes it writes back. */
import { describe, expect, it } from 'vitest';
import { editableXml } from '../../src/vassal/update/xml-bytes';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

describe('editableXml', () => {
  it('keeps a UTF-8 byte-order mark, and writes UTF-8', () => {
    const doc = bytes([0xef, 0xbb, 0xbf], '<a>', [0xc3, 0xa9], '</a>');
    const xml = editableXml(doc)!;
    expect(xml.text).toBe('<a>é</a>');
    expect([...xml.encode('<a>€</a>')]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from('<a>'), 0xe2, 0x82, 0xac, ...Buffer.from('</a>')]);
  });

  it('writes ISO-8859-1 one byte a character, and a character beyond U+00FF as a reference', () => {
    const doc = bytes('<?xml version="1.0" encoding="iso-8859-1"?><a>', [0xe9], '</a>');
    const xml = editableXml(doc)!;
    expect(xml.text).toBe('<?xml version="1.0" encoding="iso-8859-1"?><a>é</a>');
    expect([...xml.encode(xml.text)]).toEqual([...doc]);
    expect(Buffer.from(xml.encode('<a>é € 😀</a>')).toString('latin1')).toBe('<a>é &#8364; &#128512;</a>');
  });

  it('refuses bytes it could not write back as they were: invalid UTF-8, another encoding', () => {
    expect(editableXml(bytes('<a>', [0xe9], '</a>'))).toBeUndefined();
    expect(editableXml(bytes('<?xml version="1.0" encoding="windows-1252"?><a/>'))).toBeUndefined();
  });
});

/**
 * An XML entry's text as `update` edits it, and the edited text back to bytes in the entry's own
 * encoding, so that every byte outside the edits stays as it was: UTF-8 (its byte-order mark kept),
 * or the ISO-8859-1 its declaration names, where a new character beyond U+00FF is written as a
 * character reference (`&#8364;`), which the XML parser reads as that character. Undefined for
 * another encoding, or bytes that do not read back as themselves (not valid UTF-8). Pure.
 */
import { declaredEncoding, isLatin1Label } from '../reader/xml-encoding';

export interface EditableXml {
  /** The text, without a byte-order mark. */
  text: string;
  encode(text: string): Uint8Array;
}

const BEYOND_LATIN_1 = /[^\u0000-\u00ff]/gu;

export function editableXml(bytes: Uint8Array): EditableXml | undefined {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const label = bom ? 'utf-8' : (declaredEncoding(bytes) ?? 'utf-8');
  let editable: EditableXml;
  if (isLatin1Label(label)) {
    editable = {
      text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'),
      encode: (text) =>
        new Uint8Array(
          Buffer.from(
            text.replace(BEYOND_LATIN_1, (c) => `&#${c.codePointAt(0)};`),
            'latin1',
          ),
        ),
    };
  } else if (label === 'utf-8' || label === 'utf8') {
    const mark = bom ? '\ufeff' : '';
    editable = {
      text: new TextDecoder('utf-8').decode(bytes),
      encode: (text) => new TextEncoder().encode(mark + text),
    };
  } else return undefined;
  return Buffer.compare(Buffer.from(editable.encode(editable.text)), Buffer.from(bytes)) === 0 ? editable : undefined;
}

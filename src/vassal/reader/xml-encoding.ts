/**
 * The text of an XML entry of a module, decoded as an XML 1.0 parser (VASSAL's, Xerces) decodes it
 * (XML 1.0 appendix F): a byte-order mark names UTF-8 or UTF-16; without one, `<?` written in
 * UTF-16 names UTF-16; otherwise the declaration's `encoding` does, UTF-8 when it names none. A
 * module VASSAL itself saved is UTF-8; a buildFile written by hand or by another tool may be in
 * UTF-16 or ISO-8859-1, and reading it as UTF-8 would turn its text into replacement characters.
 */
import { isUtf8 } from 'node:buffer';
import { firstInvalidUtf8 } from '../../data/read-input-file';

/** The encoding a declaration names, read from the document's first bytes (an ASCII-compatible encoding). */
const DECLARED = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/;

/** The labels of ISO-8859-1, which TextDecoder would read as windows-1252 (WHATWG): Java reads them as Latin-1 proper. */
const LATIN_1 = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'iso-ir-100', 'cp819', 'ibm819']);

/**
 * Where an entry read as UTF-8 (no mark or declaration names another encoding) holds a byte that
 * is not UTF-8: Xerces stops there ("Invalid byte 1 of 1-byte UTF-8 sequence"), so VASSAL does not
 * load the module, and decoding would turn the text into replacement characters.
 */
export function invalidUtf8At(bytes: Uint8Array): { line: number; column: number; byte: number } | undefined {
  if (!readsAsUtf8(bytes) || isUtf8(bytes)) return undefined;
  const offset = firstInvalidUtf8(bytes);
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++;
  const column = [...utf8(bytes.subarray(lineStart, offset))].length + 1;
  return { line, column, byte: bytes[offset] };
}

function readsAsUtf8(bytes: Uint8Array): boolean {
  const [a, b, c, d] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return true;
  if ((a === 0xfe && b === 0xff) || (a === 0xff && b === 0xfe)) return false;
  if ((a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) || (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00)) return false;
  const declared = declaredEncoding(bytes);
  return declared === undefined || declared === 'utf-8' || declared === 'utf8' || /^(utf-?16|utf-?32|ucs-?[24])/.test(declared);
}

/** The encoding the declaration of bytes without a byte-order mark names, lower-cased; undefined when it names none. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  return DECLARED.exec(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 200)).toString('latin1'))?.[1]?.toLowerCase();
}

export function decodeXmlBytes(bytes: Uint8Array): string {
  const [a, b, c, d] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return utf8(bytes.subarray(3));
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (a === 0x00 && b === 0x3c && c === 0x00 && d === 0x3f) return new TextDecoder('utf-16be').decode(bytes);
  if (a === 0x3c && b === 0x00 && c === 0x3f && d === 0x00) return new TextDecoder('utf-16le').decode(bytes);
  const declared = declaredEncoding(bytes);
  return declared === undefined ? utf8(bytes) : decodeDeclared(bytes, declared);
}

/** Whether an encoding label names ISO-8859-1 as Java reads it (one byte a character, U+0000–U+00FF). */
export function isLatin1Label(label: string): boolean {
  return LATIN_1.has(label);
}

function decodeDeclared(bytes: Uint8Array, label: string): string {
  if (LATIN_1.has(label)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  // Bytes that start `<?xml` one byte a character are no UTF-16 or UTF-32, whatever the declaration says.
  if (label === 'utf-8' || label === 'utf8' || /^(utf-?16|utf-?32|ucs-?[24])/.test(label)) return utf8(bytes);
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An encoding Node does not know: read as UTF-8, whose replacement characters the checks report.
    return utf8(bytes);
  }
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * Counter-sheet pages as finished content streams: each sheet's front and back are drawn into
 * deflated streams that the page refers to under fixed font names, so a sheet's bytes depend on
 * what it shows alone. That lets a build keep them (by the digest of what they show) and put an
 * unchanged sheet back without drawing it, with the same bytes a clean build writes.
 */
import { deflateSync } from 'node:zlib';
import { PDFName, type PDFOperator, type PDFPage } from 'pdf-lib';
import type { ImageCache } from '../pipeline/generator';
import type { PdfFonts } from './pdf-doc';
import type { FontKeys } from './pdf-draw';

/** The names every counter-sheet page gives its fonts (page resources are per page: no clash). */
export const SHEET_FONT_KEYS: FontKeys = { regular: PDFName.of('F-regular'), bold: PDFName.of('F-bold') };

/** A sheet's two pages, each a deflated content stream. */
export interface SheetContent {
  front: Uint8Array;
  back: Uint8Array;
  /** Whether the sheet was drawn in this build (false: kept from an earlier one). */
  drawn: boolean;
}

const NEWLINE = 0x0a;

/** Operators one per line, as pdf-lib writes a content stream (not deflated). */
export function operatorBytes(operators: readonly PDFOperator[]): Uint8Array {
  const size = operators.reduce((n, op) => n + op.sizeInBytes() + 1, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const op of operators) {
    offset += op.copyBytesInto(bytes, offset);
    bytes[offset++] = NEWLINE;
  }
  return bytes;
}

/** A content stream's bytes from its parts' operator lines (operatorBytes), deflated. */
export function deflatedContent(parts: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(deflateSync(Buffer.concat(parts)));
}

function joinPair(front: Uint8Array, back: Uint8Array): Uint8Array {
  const joined = new Uint8Array(4 + front.length + back.length);
  new DataView(joined.buffer).setUint32(0, front.length);
  joined.set(front, 4);
  joined.set(back, 4 + front.length);
  return joined;
}

function splitPair(joined: Uint8Array): { front: Uint8Array; back: Uint8Array } | undefined {
  if (joined.length < 4) return undefined;
  const length = new DataView(joined.buffer, joined.byteOffset, joined.byteLength).getUint32(0);
  if (4 + length > joined.length) return undefined;
  return { front: joined.subarray(4, 4 + length), back: joined.subarray(4 + length) };
}

/**
 * The sheet's content: kept from `cache` under `key` (what the sheet shows), else drawn by `draw`
 * (the front's and back's operator lines, in parts: operatorBytes) and stored.
 */
export async function sheetContentWith(
  cache: ImageCache | undefined,
  key: string,
  draw: () => Promise<{ front: Uint8Array[]; back: Uint8Array[] }>,
): Promise<SheetContent> {
  const stored = cache ? await cache.get(key) : undefined;
  const kept = stored && splitPair(stored);
  if (kept) return { ...kept, drawn: false };
  const parts = await draw();
  const front = deflatedContent(parts.front);
  const back = deflatedContent(parts.back);
  await cache?.put(key, joinPair(front, back));
  return { front, back, drawn: true };
}

/** Makes `content` the page's whole content stream, its fonts under SHEET_FONT_KEYS. */
export function setContent(page: PDFPage, content: Uint8Array, fonts: PdfFonts): void {
  const { context } = page.doc;
  const stream = context.stream(content, { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), context.register(stream));
  page.node.setFontDictionary(SHEET_FONT_KEYS.regular, fonts.regular.ref);
  page.node.setFontDictionary(SHEET_FONT_KEYS.bold, fonts.bold.ref);
}

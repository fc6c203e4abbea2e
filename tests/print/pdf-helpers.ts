/** PDF inspection for tests: pdf-lib's loader for structure, poppler for text with positions. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDict, type PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { tempDir } from '../temp-dir';

export function writeTemp(bytes: Uint8Array, name: string): string {
  const dir = tempDir('hexforge-print-');
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

export interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Words with their boxes (points, y down from the page top), from `pdftotext -bbox`. */
export function wordsOf(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Word[] = [];
  let page = -1;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = line.match(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/);
    if (m) words.push({ page, xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: m[5] });
  }
  return words;
}

export function layoutText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Names of fonts that carry an embedded TrueType program (FontFile2). */
export function embeddedFontNames(doc: PDFDocument): string[] {
  const names: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') && obj.get(PDFName.of('FontFile2'))) {
      names.push(String(obj.get(PDFName.of('FontName'))));
    }
  }
  return names.sort();
}

/** Streams that hold data rather than drawing operators: font programs and ICC profiles. */
function dataStreams(doc: PDFDocument): Set<PDFRef> {
  const refs = new Set<PDFRef>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    for (const key of ['FontFile', 'FontFile2', 'FontFile3', 'DestOutputProfile']) {
      const ref = obj.get(PDFName.of(key));
      if (ref instanceof PDFRef) refs.add(ref);
    }
  }
  return refs;
}

/** Every content stream, decompressed, as text. */
export function contentStreams(doc: PDFDocument): string[] {
  const out: string[] = [];
  const skip = dataStreams(doc);
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream) || skip.has(ref)) continue;
    const filter = obj.dict.get(PDFName.of('Filter'));
    if (obj.dict.get(PDFName.of('Length1')) || obj.dict.get(PDFName.of('Subtype'))) continue;
    try {
      out.push(Buffer.from(filter === PDFName.of('FlateDecode') ? inflateSync(obj.contents) : obj.contents).toString('latin1'));
    } catch {
      // Not a stream we can read as text.
    }
  }
  return out;
}

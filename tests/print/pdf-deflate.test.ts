/**
 * The streams pdf-lib makes for a document (font subsets, their character maps, its page content
 * streams, the object streams that hold the other objects) are deflated by Node's zlib: they read
 * back whole, and the same document gives the same bytes.
 */
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFName, PDFRawStream, rgb } from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { createPdf, savePdf } from '../../src/print/pdf-doc';

const fonts = loadFonts();

async function document(text: string): Promise<Uint8Array> {
  const { doc, pdfFonts } = await createPdf(fonts, { title: 'deflate', epoch: 0 });
  doc.addPage([200, 100]).drawText(text, { x: 10, y: 50, size: 12, font: pdfFonts.bold, color: rgb(0, 0, 0) });
  return savePdf(doc);
}

/** Each stream of the document the dictionary key `key` names (e.g. FontFile2), decoded. */
async function streamsNamed(pdf: Uint8Array, key: string): Promise<Buffer[]> {
  const doc = await PDFDocument.load(pdf);
  const found: Buffer[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const stream = object.lookup(PDFName.of(key));
    if (!(stream instanceof PDFRawStream)) continue;
    expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    found.push(inflateSync(stream.contents));
  }
  return found;
}

describe('deflated PDF streams', () => {
  it('font subsets read back as fonts with the glyphs drawn, and their maps as CMaps', async () => {
    const pdf = await document('Brennhold 4-6');
    const programs = await streamsNamed(pdf, 'FontFile2');
    expect(programs.length).toBeGreaterThan(0);
    // Both faces are embedded; the bold one draws the text's 12 distinct characters (and .notdef).
    const glyphs = programs.map((program) => fontkit.create(program).numGlyphs);
    expect(Math.max(...glyphs)).toBeGreaterThanOrEqual(new Set('Brennhold 4-6').size + 1);
    const maps = await streamsNamed(pdf, 'ToUnicode');
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) expect(map.toString('latin1')).toContain('begincmap');
  });

  it('the page pdf-lib drew and the object streams read back', async () => {
    const pdf = await document('Brennhold 4-6');
    const doc = await PDFDocument.load(pdf);
    const contents = doc.getPage(0).node.Contents();
    const stream = contents instanceof PDFArray ? contents.lookup(0) : contents;
    expect(stream).toBeInstanceOf(PDFRawStream);
    expect(inflateSync((stream as PDFRawStream).contents).toString('latin1')).toMatch(/\bTj\b/);
    // pdf-lib's own saving puts the dictionaries in deflated object streams: each one inflates.
    const text = Buffer.from(pdf).toString('latin1');
    const objectStreams = [...text.matchAll(/\/Type \/ObjStm[^]*?stream\r?\n/g)];
    expect(objectStreams.length).toBeGreaterThan(0);
    for (const [, object] of doc.context.enumerateIndirectObjects())
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Type')) === PDFName.of('ObjStm')) inflateSync(object.contents);
  });

  it('the same document is the same bytes, another text other bytes', async () => {
    const first = await document('Vell Crossing');
    expect(Buffer.compare(Buffer.from(await document('Vell Crossing')), Buffer.from(first))).toBe(0);
    expect(Buffer.compare(Buffer.from(await document('Vell Crossings')), Buffer.from(first))).not.toBe(0);
  });
});

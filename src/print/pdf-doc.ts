/**
 * Deterministic PDF documents: no wall-clock dates (all from SOURCE_DATE_EPOCH), fonts embedded
 * whole (`subset: false`; pdf-lib's subsetting corrupts some fonts), pdf-lib's seeded resource
 * names. Same input → same bytes.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { type FontSet, FONT_LICENCE } from '../render/fonts';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface PdfDocOptions {
  title: string;
  subject?: string;
  /** Seconds since 1970 (SOURCE_DATE_EPOCH). */
  epoch: number;
}

export async function createPdf(fonts: FontSet, options: PdfDocOptions): Promise<{ doc: PDFDocument; pdfFonts: PdfFonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const date = new Date(options.epoch * 1000);
  doc.setTitle(options.title);
  if (options.subject) doc.setSubject(options.subject);
  doc.setCreator('Hexforge');
  doc.setProducer('Hexforge (pdf-lib)');
  doc.setKeywords([FONT_LICENCE]);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const pdfFonts: PdfFonts = {
    regular: memoiseEncoding(await doc.embedFont(fonts.regular.bytes, { subset: false })),
    bold: memoiseEncoding(await doc.embedFont(fonts.bold.bytes, { subset: false })),
  };
  return { doc, pdfFonts };
}

/**
 * Counter sheets repeat the same short strings thousands of times ("4", "XX"); pdf-lib lays each
 * one out again with fontkit on every drawText. The encoding of a string never changes for one
 * embedded font, so keep it (the first call still records the glyphs for the font's widths).
 */
function memoiseEncoding(font: PDFFont): PDFFont {
  const encode = font.encodeText.bind(font);
  const cache = new Map<string, ReturnType<PDFFont['encodeText']>>();
  font.encodeText = (text: string) => {
    let hit = cache.get(text);
    if (!hit) {
      hit = encode(text);
      cache.set(text, hit);
    }
    return hit;
  };
  return font;
}

export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ updateFieldAppearances: false });
}

/** Millimetres and inches in points: the plan's units (src/plan/paper.ts). */
export { INCH, MM } from '../plan/paper';

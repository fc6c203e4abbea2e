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
    regular: await doc.embedFont(fonts.regular.bytes, { subset: false }),
    bold: await doc.embedFont(fonts.bold.bytes, { subset: false }),
  };
  return { doc, pdfFonts };
}

export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ updateFieldAppearances: false });
}

export const MM = 72 / 25.4;
export const INCH = 72;

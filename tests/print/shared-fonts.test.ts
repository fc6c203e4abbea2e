/**
 * PDF documents lay out their text with the font set's own parsed fonts (pdf-doc.ts): what one
 * document laid out, or which glyphs its subset took, must not show in the next one. A document
 * made after another has used the fonts equals, byte for byte, the same document made with fonts
 * parsed afresh from the same files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontDirectory } from '../../src/assets/fonts';
import { FONT_FILES, type FontSet, fontSetFromBytes } from '../../src/render/fonts';
import { createPdf, savePdf } from '../../src/print/pdf-doc';

function freshFonts(): FontSet {
  const read = (file: string) => new Uint8Array(readFileSync(path.join(fontDirectory(), file)));
  return fontSetFromBytes({ regular: read(FONT_FILES.regular), bold: read(FONT_FILES.bold) });
}

/** A page of text in both faces: a ligature ("fl", laid out in full), digits and accented letters. */
async function document(fonts: FontSet, lines: readonly string[]): Promise<Uint8Array> {
  const { doc, pdfFonts } = await createPdf(fonts, { title: 'shared fonts', epoch: 0 });
  const page = doc.addPage([400, 300]);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 10, y: 280 - i * 20, size: 10, font: pdfFonts.regular });
    page.drawText(line, { x: 200, y: 280 - i * 20, size: 10, font: pdfFonts.bold });
  });
  return savePdf(doc);
}

describe('fonts shared between documents', () => {
  it('a document equals the one made with freshly parsed fonts, whatever an earlier document drew', async () => {
    const lines = ['back (long-edge flip)', '2-4-6 035053', 'Zürich Łódź Ærø'];
    const used = freshFonts();
    // An earlier document draws other glyphs (its subset takes them) and lays out ligatures.
    const earlier = await document(used, ['office fluff affine', 'ΑΒΓ АБВ ½ ≤ →', 'XX XXX 0123456789']);
    const later = await document(used, lines);
    const fresh = await document(freshFonts(), lines);
    expect(Buffer.from(later).equals(Buffer.from(fresh))).toBe(true);
    // The two documents differ: the comparison above is between documents that could differ.
    expect(Buffer.from(earlier).equals(Buffer.from(later))).toBe(false);
  });
});

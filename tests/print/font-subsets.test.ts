/**
 * Subset fonts draw exactly what the whole fonts draw: a page of text set once with the subsets
 * Hexforge embeds and once with the whole TTF files, rendered by poppler, pixel for pixel.
 */
import { execFileSync } from 'node:child_process';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { createPdf, savePdf } from '../../src/print/pdf-doc';
import { subsetTag } from '../../src/print/pdf-font-subsets';
import { writeTemp } from './pdf-helpers';

const fonts = loadFonts();

/** ASCII, accented letters (composite glyphs in DejaVu), Greek, Cyrillic and the signs the outputs use. */
const LINES = [
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~',
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ',
  'ĄĆĘŁŃŚŹŻąćęłńśźż ČŠŽčšž ŐŰőű ΑΒΓΔΕΖΗΘαβγδεζηθ АБВГДЕЖЗИЙКабвгдежзийк',
  '– — ‘’ “” • … ½ ¼ ¾ ± ≤ ≥ → ← ↑ ↓ ° † ‡ € £ ¥ XX XXX XXXX XXXXX III ⊕ ●',
];

type Faces = Record<'regular' | 'bold', PDFFont>;

/** Every line in both faces on one page. */
function drawLines(doc: PDFDocument, faces: Faces): void {
  const page = doc.addPage([612, 200]);
  LINES.forEach((line, i) => {
    for (const [n, face] of (['regular', 'bold'] as const).entries())
      page.drawText(line, { x: 10, y: 185 - (i * 2 + n) * 22, size: 11, font: faces[face], color: rgb(0, 0, 0) });
  });
}

async function pixels(pdf: Uint8Array): Promise<Buffer> {
  const file = writeTemp(pdf, 'page.pdf');
  execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, file]);
  return sharp(`${file}.png`).raw().toBuffer();
}

describe('font subsets', () => {
  it('meet the precondition of the subsetter: every glyph record of both faces has an even length', () => {
    // @pdf-lib/fontkit writes a short loca (offsets halved) without padding; an odd-length record would shift every later glyph.
    for (const face of [fonts.regular, fonts.bold]) {
      const offsets: number[] = Array.from((face.font as unknown as { loca: { offsets: number[] } }).loca.offsets);
      expect(offsets.length).toBe(face.font.numGlyphs + 1);
      expect(offsets.filter((o) => o % 2 !== 0)).toEqual([]);
    }
  });

  it('render pixel for pixel like the whole fonts, and pdffonts sees them embedded and subset', async () => {
    const subset = await createPdf(fonts, { title: 'subset', epoch: 0 });
    drawLines(subset.doc, subset.pdfFonts);
    const subsetPdf = await savePdf(subset.doc);
    const whole = await PDFDocument.create();
    whole.registerFontkit(fontkit);
    drawLines(whole, {
      regular: await whole.embedFont(fonts.regular.bytes, { subset: false }),
      bold: await whole.embedFont(fonts.bold.bytes, { subset: false }),
    });
    const wholePdf = await whole.save();
    expect(subsetPdf.length).toBeLessThan(wholePdf.length / 5);

    const [a, b] = [await pixels(subsetPdf), await pixels(wholePdf)];
    expect(a.length).toBe(b.length);
    const dark = (buf: Buffer) => buf.filter((v) => v < 128).length;
    expect(dark(b)).toBeGreaterThan(20_000); // the reference page does show the text
    expect(a.equals(b)).toBe(true);

    const listed = execFileSync('pdffonts', [writeTemp(subsetPdf, 'subset.pdf')], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(listed).toHaveLength(2);
    // name, type "CID TrueType", encoding, then emb sub uni: yes yes yes.
    for (const line of listed)
      expect(line).toMatch(/^[A-Z]{6}\+DejaVuSansCondensed(-Bold)?\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\b/);
  });

  it('tags a subset by its bytes: six capitals, equal for equal bytes', () => {
    const a = subsetTag(Uint8Array.of(1, 2, 3));
    expect(a).toMatch(/^[A-Z]{6}$/);
    expect(subsetTag(Uint8Array.of(1, 2, 3))).toBe(a);
    expect(subsetTag(Uint8Array.of(1, 2, 4))).not.toBe(a);
  });
});

/** Text codes of lines whose glyphs counters.pdf numbers before drawing (pdf-doc.ts numberGlyphsInFontOrder). */
import type { PDFFont } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { createPdf, numberGlyphsInFontOrder } from '../../src/print/pdf-doc';

/** pdf-lib's own encodeText, past the document's memo of encodings. */
function pdfLibEncoding(font: PDFFont, line: string): string {
  const encode = Object.getPrototypeOf(font).encodeText as PDFFont['encodeText'];
  return encode.call(font, line).asString();
}

describe('numbered glyphs', () => {
  // Ligatures (fi, fl) are laid out by the font's substitutions; digits and capitals are not.
  const lines = ['1st Infantry Division: office staff', 'fl 4-3-5', 'XX', 'Élan', '035053'];

  it('encode each line as pdf-lib encodes it once the glyphs are numbered', async () => {
    const { pdfFonts } = await createPdf(loadFonts(), { title: 'codes', epoch: 0 });
    const font = pdfFonts.regular;
    numberGlyphsInFontOrder(font, lines);
    const kept = lines.map((line) => font.encodeText(line).asString());
    expect(kept).toEqual(lines.map((line) => pdfLibEncoding(font, line)));
    // The ligature is one glyph: "fl 4-3-5" is seven codes of four hex digits, not eight.
    expect(kept[1]).toMatch(/^([0-9A-F]{4}){7}$/);
  });

  it('number the glyphs in font order, whatever the order of the lines', async () => {
    const codes = async (order: string[]) => {
      const { pdfFonts } = await createPdf(loadFonts(), { title: 'codes', epoch: 0 });
      numberGlyphsInFontOrder(pdfFonts.bold, order);
      return lines.map((line) => pdfFonts.bold.encodeText(line).asString());
    };
    expect(await codes([...lines].reverse())).toEqual(await codes(lines));
  });

  it("give the same codes when an earlier build laid some lines out, and say every line's glyph ids", async () => {
    const fresh = await createPdf(loadFonts(), { title: 'codes', epoch: 0 });
    const ids = numberGlyphsInFontOrder(fresh.pdfFonts.regular, lines);
    expect([...ids.keys()]).toEqual(lines);
    // The ligature line's ids are its glyphs in the font, one fewer than its characters.
    expect(ids.get('fl 4-3-5')).toHaveLength(7);
    const expected = lines.map((line) => fresh.pdfFonts.regular.encodeText(line).asString());
    // All but the last line known: their glyphs come from laying out one line per glyph.
    const known = new Map(lines.slice(0, -1).map((line) => [line, ids.get(line)!]));
    const again = await createPdf(loadFonts(), { title: 'codes', epoch: 0 });
    expect(numberGlyphsInFontOrder(again.pdfFonts.regular, lines, known)).toEqual(ids);
    expect(lines.map((line) => again.pdfFonts.regular.encodeText(line).asString())).toEqual(expected);
    expect(lines.map((line) => pdfLibEncoding(again.pdfFonts.regular, line))).toEqual(expected);
  });

  it('keep the codes of every line when another line brings in a glyph of the always-embedded text', async () => {
    const always = '0123456789';
    const codes = async (drawn: string[]) => {
      const { pdfFonts } = await createPdf(loadFonts(), { title: 'codes', epoch: 0 });
      numberGlyphsInFontOrder(pdfFonts.bold, drawn, undefined, always);
      return { font: pdfFonts.bold, of: (line: string) => pdfFonts.bold.encodeText(line).asString() };
    };
    const without = await codes(['4-3-5', '7']);
    const withZero = await codes(['4-3-5', '7', '20']);
    expect(withZero.of('4-3-5')).toBe(without.of('4-3-5'));
    expect(withZero.of('7')).toBe(without.of('7'));
    // Numbered as pdf-lib encodes them, the digits first.
    expect(withZero.of('20')).toBe(pdfLibEncoding(withZero.font, '20'));
    expect(without.of('4-3-5')).toBe(pdfLibEncoding(without.font, '4-3-5'));
    // The digits come first, in font order (0 to 9), after the subset's .notdef: 7 is the eighth glyph.
    expect(without.of('7')).toMatch(/^<?0008>?$/);
  });
});

import { describe, expect, it } from 'vitest';
import { textGlyphs } from '../../src/render/fonts';
import { loadFonts } from '../../src/assets/fonts';

const ids = (glyphs: readonly { id: number; advanceWidth: number }[]) => glyphs.map((g) => `${g.id}:${g.advanceWidth}`);

describe('textGlyphs', () => {
  const fonts = loadFonts();
  // Every pair of printable ASCII characters, alone and inside a word, plus runs the fonts'
  // substitutions do act on (ligatures, accented letters): the fast path must agree with fontkit.
  const texts: string[] = ['office', 'fluffy', 'ffi', 'Saint-Étienne', 'A—B', '½', '0101', 'Hill 112'];
  for (let a = 0x20; a < 0x7f; a++)
    for (let b = 0x20; b < 0x7f; b++) texts.push(String.fromCharCode(a, b), `x${String.fromCharCode(a, b)}y`);

  it.each(['regular', 'bold'] as const)('gives the glyphs of the full layout (%s)', (font) => {
    const f = fonts[font].font;
    const mismatches = texts.filter((t) => ids(textGlyphs(fonts, font, t)).join() !== ids(f.layout(t).glyphs).join());
    expect(mismatches).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { glyphsWithoutLayout, textGlyphs } from '../../src/render/fonts';
import { loadFonts } from '../../src/assets/fonts';

const ids = (glyphs: readonly { id: number; advanceWidth: number }[]) => glyphs.map((g) => `${g.id}:${g.advanceWidth}`);

describe('textGlyphs', () => {
  const fonts = loadFonts();
  // Every pair of printable ASCII characters, alone and inside a word, plus runs the fonts'
  // substitutions do act on (ligatures, accented letters): the fast path must agree with fontkit.
  const texts: string[] = ['office', 'fluffy', 'ffi', 'Saint-Étienne', 'A—B', '½', '0101', 'Hill 112'];
  for (let a = 0x20; a < 0x7f; a++)
    for (let b = 0x20; b < 0x7f; b++) texts.push(String.fromCharCode(a, b), `x${String.fromCharCode(a, b)}y`);
  // Longer runs of printable ASCII, from a fixed seed: values, ids, setup codes, words.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = 0; i < 3000; i++) texts.push(String.fromCharCode(...Array.from({ length: 3 + (next() % 9) }, () => 0x20 + (next() % 95))));
  texts.push('035053', '1/2', '3-4-5', 'T12', '[4]', '10 1/2');
  // Mixed runs dense in the glyphs the fonts' ligatures and contexts start at or need (f, i, l, j,
  // space, s, t, !, ?, the letters of their other ligatures), so that near misses ("f i", "fj")
  // and repeats ("fff", "ffil") are compared too.
  const dense = 'fffiljj  sstt!?FAXTELRSMac/uo';
  for (let i = 0; i < 3000; i++) texts.push(Array.from({ length: 1 + (next() % 8) }, () => dense[next() % dense.length]).join(''));
  texts.push('Infantry Division', 'Formation 12', 'shifted', 'map.pdf', 'fifty', 'ff', 'f f', 'If', 'fj', 'iij');

  it.each(['regular', 'bold'] as const)('gives the glyphs of the full layout (%s)', (font) => {
    const f = fonts[font].font;
    const mismatches = texts.filter((t) => ids(textGlyphs(fonts, font, t)).join() !== ids(f.layout(t).glyphs).join());
    expect(mismatches).toEqual([]);
  });

  it.each(['regular', 'bold'] as const)('lays out no run of digits and signs (%s): only default features substitute', (font) => {
    // DejaVu's fraction and superscript features cover the digits, but a default layout never applies them.
    const f = fonts[font].font;
    const slow = ['035053', '1/2', 'T12', 'U123', '[4]', '3-4-5'].filter((t) => glyphsWithoutLayout(f, t) === undefined);
    expect(slow).toEqual([]);
  });

  it.each(['regular', 'bold'] as const)('lays out only runs a ligature or context could match (%s)', (font) => {
    // DejaVu's default ligatures (ff, fi, fl, ffi, ffl) need their glyphs side by side; its dotless i
    // and j need a mark above them, which ASCII does not hold.
    const f = fonts[font].font;
    const fast = ['Infantry Division', 'map.pdf', 'f i', 'fj', 'jig', 'Hill 112', 'shifted'];
    expect(fast.filter((t) => glyphsWithoutLayout(f, t) === undefined)).toEqual([]);
    const ligated = ['office', 'fi', 'ff', 'fl', 'waffle'];
    expect(ligated.filter((t) => glyphsWithoutLayout(f, t) !== undefined)).toEqual([]);
  });
});

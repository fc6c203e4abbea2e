/**
 * The fonts every output uses: DejaVu Sans Condensed (regular and bold), from the
 * dejavu-fonts-ttf package. Licence: Bitstream Vera Fonts licence + DejaVu changes in the public
 * domain (node_modules/dejavu-fonts-ttf/LICENSE), which allows embedding in documents; the PDFs
 * embed subsets of the glyphs they print (src/print/pdf-doc.ts) and PNGs carry the glyphs as
 * outlines, so no output depends on the fonts installed on the machine.
 *
 * Text is measured here, once, with the same font objects both backends use, so a text run that
 * fits in the PDF fits in the PNG too. Advance widths only (no kerning): pdf-lib's drawText does
 * not kern either.
 */
import type Fontkit from '@pdf-lib/fontkit';
import type { FontId } from './drawing';
import { loadFontkit } from './fontkit';
import { anyTriggerMatches, substitutionTriggers } from './gsub-triggers';

type FontkitFont = ReturnType<typeof Fontkit.create>;

export interface LoadedFont {
  id: FontId;
  /** The TTF file, for embedding. */
  bytes: Uint8Array;
  font: FontkitFont;
}

export interface FontSet {
  regular: LoadedFont;
  bold: LoadedFont;
}

export const FONT_FILES: Record<FontId, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
};

export const FONT_LICENCE =
  'DejaVu fonts: Bitstream Vera Fonts Copyright (c) 2003 Bitstream, Inc.; DejaVu changes are in the public domain. See dejavu-fonts-ttf/LICENSE.';

/** Builds the font set from the two TTF files' bytes (read at the edge: src/assets/fonts.ts). */
export function fontSetFromBytes(bytes: Record<FontId, Uint8Array>): FontSet {
  const fontkit = loadFontkit();
  const load = (id: FontId): LoadedFont => ({ id, bytes: bytes[id], font: fontkit.create(wholeArrayBuffer(bytes[id])) });
  return { regular: load('regular'), bold: load('bold') };
}

/**
 * The bytes as a whole ArrayBuffer (theirs when they fill it, else a copy), typed as fontkit's parameter: fontkit's bundled Buffer
 * copies a typed array byte by byte in JavaScript (some 60 ms for the two fonts), while it wraps an
 * ArrayBuffer as it is.
 */
function wholeArrayBuffer(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const buffer = whole ? bytes.buffer : bytes.slice().buffer;
  return buffer as unknown as Uint8Array;
}

type Glyph = ReturnType<FontkitFont['glyphForCodePoint']>;

/**
 * The glyphs of a text run, as `font.layout(text).glyphs` gives them. Printable ASCII that no
 * substitution can act on (all but a few ligatures: every hex id, most words) skips the full
 * layout engine, which costs about 30 µs a run — 0.6 s on a 20,000-hex map.
 */
export function textGlyphs(fonts: FontSet, font: FontId, text: string): Glyph[] {
  const f = fonts[font].font;
  return glyphsWithoutLayout(f, text) ?? f.layout(text).glyphs;
}

/** The glyphs of a text run when no substitution can act on them (see textGlyphs), else undefined. */
export function glyphsWithoutLayout(f: FontkitFont, text: string): Glyph[] | undefined {
  const triggers = substitutionTriggers(f);
  if (!triggers || !/^[\x20-\x7e]*$/.test(text)) return undefined;
  const glyphs = f.glyphsForString(text);
  return anyTriggerMatches(
    triggers,
    glyphs.map((g) => g.id),
  )
    ? undefined
    : glyphs;
}

const widthCache = new Map<string, number>();

/** Width of a text run at 1 pt, in points. */
export function unitWidth(fonts: FontSet, font: FontId, text: string): number {
  const key = `${font}\u0000${text}`;
  const hit = widthCache.get(key);
  if (hit !== undefined) return hit;
  const f = fonts[font].font;
  let units = 0;
  for (const glyph of textGlyphs(fonts, font, text)) units += glyph.advanceWidth;
  const width = units / f.unitsPerEm;
  if (widthCache.size > 50_000) widthCache.clear();
  widthCache.set(key, width);
  return width;
}

export function textWidth(fonts: FontSet, font: FontId, text: string, size: number): number {
  return unitWidth(fonts, font, text) * size;
}

/** Height of capital letters at 1 pt, to centre numbers vertically in a slot. */
export function capHeight(fonts: FontSet, font: FontId): number {
  // Measured on "H": the fontkit fork does not expose the OS/2 cap height.
  const f = fonts[font].font;
  return f.glyphForCodePoint(0x48).bbox.maxY / f.unitsPerEm;
}

/** Depth below the baseline at 1 pt (positive), for descenders. */
export function descent(fonts: FontSet, font: FontId): number {
  const f = fonts[font].font;
  return -f.descent / f.unitsPerEm;
}

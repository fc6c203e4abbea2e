/**
 * The fonts every output uses: DejaVu Sans Condensed (regular and bold), from the
 * dejavu-fonts-ttf package. Licence: Bitstream Vera Fonts licence + DejaVu changes in the public
 * domain (node_modules/dejavu-fonts-ttf/LICENSE), which allows embedding in documents; the PDFs
 * embed the whole font files (pdf-lib's subsetting is unreliable) and PNGs carry the glyphs as
 * outlines, so no output depends on the fonts installed on the machine.
 *
 * Text is measured here, once, with the same font objects both backends use, so a text run that
 * fits in the PDF fits in the PNG too. Advance widths only (no kerning): pdf-lib's drawText does
 * not kern either.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { FontId } from './drawing';

type FontkitFont = ReturnType<typeof fontkit.create>;

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

let cached: FontSet | undefined;

/** Folder of the DejaVu TTF files, found through the package resolver (works from any cwd). */
export function fontDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** Loads the two faces once per process. */
export function loadFonts(): FontSet {
  if (cached) return cached;
  const dir = fontDirectory();
  const load = (id: FontId): LoadedFont => {
    const bytes = new Uint8Array(readFileSync(path.join(dir, FONT_FILES[id])));
    return { id, bytes, font: fontkit.create(bytes) };
  };
  cached = { regular: load('regular'), bold: load('bold') };
  return cached;
}

const widthCache = new Map<string, number>();

/** Width of a text run at 1 pt, in points. */
export function unitWidth(fonts: FontSet, font: FontId, text: string): number {
  const key = `${font}\u0000${text}`;
  const hit = widthCache.get(key);
  if (hit !== undefined) return hit;
  const f = fonts[font].font;
  let units = 0;
  for (const glyph of f.layout(text).glyphs) units += glyph.advanceWidth;
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

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

/** A GSUB coverage table as fontkit parses it (format 1: glyph list, format 2: glyph ranges). */
interface Coverage {
  version: number;
  glyphs?: ArrayLike<number>;
  rangeRecords?: ArrayLike<{ start: number; end: number }>;
}

/**
 * The GSUB features fontkit's default shaper (the one for Latin and for text of no script) applies
 * to a left-to-right run. Its fraction features (frac, numr, dnom) apply only around a fraction
 * slash (U+2044), which printable ASCII does not hold; the others it plans are positioning (GPOS).
 */
const DEFAULT_SUBSTITUTIONS = new Set(['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'calt', 'clig', 'liga', 'rclt']);

/** A parsed array of fontkit's, plain or lazy; undefined for anything else. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function listOf(value: any): any[] | undefined {
  if (Array.isArray(value)) return value;
  return typeof value?.toArray === 'function' ? (value.toArray() as unknown[]) : undefined;
}

/**
 * Glyphs that a substitution of a default feature could replace in printable ASCII: the coverage
 * of every substituting subtable (single, multiple, alternate, ligature, reverse chaining;
 * extensions unwrapped) the features' lookups reach, directly or through the lookups a contextual
 * rule applies (those act only on glyphs in their own coverage). Each of these first tests the
 * current glyph against its coverage, so a run none of whose glyphs is listed here leaves GSUB
 * unchanged. Substitutions of other features (DejaVu's fractions and superscripts cover the digits)
 * never run in a default layout.
 */
const substitutable = new WeakMap<FontkitFont, Set<number> | undefined>();

function substitutableGlyphs(font: FontkitFont): Set<number> | undefined {
  if (substitutable.has(font)) return substitutable.get(font);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = font as any;
  let out: Set<number> | undefined = new Set<number>();
  const add = (c: Coverage | undefined) => {
    if (!c || !out) return;
    if (c.version === 1 && c.glyphs) for (let i = 0; i < c.glyphs.length; i++) out.add(c.glyphs[i]);
    else if (c.version === 2 && c.rangeRecords)
      for (let i = 0; i < c.rangeRecords.length; i++) for (let g = c.rangeRecords[i].start; g <= c.rangeRecords[i].end; g++) out.add(g);
    else out = undefined; // an unexpected shape: trust only the full layout
  };
  const lookups = f.GSUB ? listOf(f.GSUB.lookupList) : [];
  const reached = new Set<number>();
  const reach = (index: unknown) => {
    if (typeof index !== 'number' || reached.has(index)) return;
    reached.add(index);
    const lookup = lookups?.[index];
    const tables = listOf(lookup?.subTables);
    if (!tables) out = undefined;
    else for (const table of tables) visit(lookup.lookupType, table);
  };
  // The lookups a contextual subtable (5: context, 6: chaining context) applies, whatever its format.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const applied = (table: any) => {
    const sets =
      table?.version === 1
        ? (table.ruleSets ?? table.chainRuleSets)
        : table?.version === 2
          ? (table.classSet ?? table.chainClassSet)
          : undefined;
    const rules = table?.version === 3 ? [table] : (listOf(sets) ?? []).flatMap((set) => (set ? (listOf(set) ?? [undefined]) : []));
    if (table?.version !== 3 && !listOf(sets)) out = undefined;
    for (const rule of rules) {
      const records = listOf(rule?.lookupRecords);
      if (!records) out = undefined;
      else for (const record of records) reach(record?.lookupListIndex);
    }
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const visit = (type: number, table: any): void => {
    if (type === 7) visit(table?.lookupType, table?.extension);
    else if (type === 1 || type === 2 || type === 3 || type === 4 || type === 8) add(table?.coverage);
    else if (type === 5 || type === 6) applied(table);
    else out = undefined;
  };
  if (f.morx || f.mort || (f.GSUB && (!lookups || f.GSUB.featureVariations)))
    out = undefined; // AAT layout, or substitutions chosen by variation: not read here
  else if (f.GSUB) {
    const features = listOf(f.GSUB.featureList);
    if (!features) out = undefined;
    for (const record of features ?? [])
      if (DEFAULT_SUBSTITUTIONS.has(record?.tag)) for (const index of listOf(record.feature?.lookupListIndexes) ?? []) reach(index);
  }
  substitutable.set(font, out);
  return out;
}

/**
 * The glyphs of a text run, as `font.layout(text).glyphs` gives them. Printable ASCII whose glyphs
 * no substitution covers (digits, most letters: every hex id) skips the full layout engine, which
 * costs about 30 µs a run — 0.6 s on a 20,000-hex map.
 */
export function textGlyphs(fonts: FontSet, font: FontId, text: string): Glyph[] {
  const f = fonts[font].font;
  return glyphsWithoutLayout(f, text) ?? f.layout(text).glyphs;
}

/** The glyphs of a text run when no substitution can touch them (see textGlyphs), else undefined. */
export function glyphsWithoutLayout(f: FontkitFont, text: string): Glyph[] | undefined {
  const covered = substitutableGlyphs(f);
  if (!covered || !/^[\x20-\x7e]*$/.test(text)) return undefined;
  const glyphs = f.glyphsForString(text);
  return glyphs.every((g) => !covered.has(g.id)) ? glyphs : undefined;
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

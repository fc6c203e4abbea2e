/**
 * Deterministic PDF documents: no wall-clock dates (all from SOURCE_DATE_EPOCH), pdf-lib's seeded
 * resource names, subset tags from the subsets' bytes. Same input → same bytes.
 *
 * Fonts are embedded as subsets of the glyphs drawn. @pdf-lib/fontkit's subsetter has two known
 * faults, neither of which our fonts meet: it writes a short `loca` without padding odd-length
 * glyph records (every DejaVu glyph record has an even length: tests/print/font-subsets.test.ts
 * checks it) and it breaks CFF-keyed OpenType fonts (DejaVu is TrueType). Composite glyphs (the
 * accented letters) keep their components; the same test compares renders with the whole fonts.
 *
 * With `cmyk` the document is PDF/X-1a (src/print/pdf-x.ts).
 */
import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFArray, PDFDocument, PDFFlateStream, type PDFFont, PDFHexString, type PDFPage, PDFRef } from 'pdf-lib';
import { loadOutputProfile } from '../assets/output-profile';
import { type FontSet, FONT_LICENCE, glyphsWithoutLayout } from '../render/fonts';
import { loadFontkit } from '../render/fontkit';
import type { ImageCache } from '../pipeline/generator';
import { keepFontSubset, tagFontSubsets } from './pdf-font-subsets';
import { markPdfX, pdf14Header } from './pdf-x';

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface PdfDocOptions {
  title: string;
  subject?: string;
  /** Seconds since 1970 (SOURCE_DATE_EPOCH). */
  epoch: number;
  /** CMYK paints only: the document declares PDF/X-1a with the FOGRA39 output intent. */
  cmyk?: boolean;
  /** Where the fonts' subset programs are kept between builds (pdf-font-subsets.ts), if anywhere. */
  fontSubsets?: ImageCache;
}

const documentOptions = new WeakMap<PDFDocument, PdfDocOptions>();

export async function createPdf(fonts: FontSet, options: PdfDocOptions): Promise<{ doc: PDFDocument; pdfFonts: PdfFonts }> {
  deflateFlateStreamsNatively();
  const doc = await PDFDocument.create({ updateMetadata: false });
  deflateNatively(doc.context);
  doc.registerFontkit(fontkitSharing(fonts));
  const date = new Date(options.epoch * 1000);
  doc.setTitle(options.title);
  if (options.subject) doc.setSubject(options.subject);
  doc.setCreator('Hexforge');
  doc.setProducer('Hexforge (pdf-lib)');
  doc.setKeywords([FONT_LICENCE]);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  // The PostScript name as the base name (pdf-lib would add a random suffix); savePdf tags it.
  const embed = async (font: FontSet['regular']) => {
    const embedded = memoiseEncoding(await doc.embedFont(font.bytes, { subset: true, customName: font.font.postscriptName ?? undefined }));
    if (options.fontSubsets) keepFontSubset(embedded, font.bytes, options.fontSubsets);
    return embedded;
  };
  const pdfFonts: PdfFonts = { regular: await embed(fonts.regular), bold: await embed(fonts.bold) };
  documentOptions.set(doc, options);
  return { doc, pdfFonts };
}

/**
 * pdf-lib deflates the streams it makes (font subsets, their character maps) with pako, a
 * JavaScript port of zlib: Node's own zlib makes the same kind of stream several times faster, and
 * a rebuild re-embeds the fonts of every document it writes again. Deterministic for one Node
 * build, as the sheets' content streams (sheet-content.ts) already are.
 */
function deflateNatively(context: PDFContext): void {
  context.flateStream = (contents, dict = {}) =>
    context.stream(new Uint8Array(deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents)), {
      ...dict,
      Filter: 'FlateDecode',
    });
}

/** The part of a pdf-lib flate stream that makes its bytes: a cache filled by `populate`. */
interface FlateStreamInternals {
  encode: boolean;
  getUnencodedContents(): Uint8Array;
  contentsCache: { populate: () => Uint8Array };
}

let flateStreamsNative = false;

/**
 * The streams pdf-lib deflates as it saves (the object streams that hold most objects of a
 * document, the cross-reference stream, pdf-lib's own page content streams) go through Node's zlib
 * too, not pako: each stream's cache gets a native filler before it is first read (the stream still
 * empties its cache whenever its contents change). pdf-lib is pinned, so its internals hold.
 */
function deflateFlateStreamsNatively(): void {
  if (flateStreamsNative) return;
  flateStreamsNative = true;
  const prototype = PDFFlateStream.prototype as unknown as { getContents(): Uint8Array; getContentsSize(): number };
  const { getContents, getContentsSize } = prototype;
  const native = new WeakSet<object>();
  const withNativeFiller = (stream: FlateStreamInternals) => {
    if (native.has(stream)) return;
    native.add(stream);
    stream.contentsCache.populate = () => {
      const contents = stream.getUnencodedContents();
      return stream.encode ? new Uint8Array(deflateSync(contents)) : contents;
    };
  };
  prototype.getContents = function (this: FlateStreamInternals) {
    withNativeFiller(this);
    return getContents.call(this);
  };
  prototype.getContentsSize = function (this: FlateStreamInternals) {
    withNativeFiller(this);
    return getContentsSize.call(this);
  };
}

/** The fontkit pdf-lib is given. */
type PdfFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * fontkit for pdf-lib, handing back the font set's own parsed fonts for their bytes: a document
 * then neither parses the fonts again nor decodes their layout tables again on its first laid-out
 * text (tens of milliseconds a document). The fonts are only read; each document keeps its own subset.
 */
function fontkitSharing(fonts: FontSet): PdfFontkit {
  const fontkit: PdfFontkit = loadFontkit();
  const parsed = new Map<Uint8Array, unknown>([
    [fonts.regular.bytes, fonts.regular.font],
    [fonts.bold.bytes, fonts.bold.font],
  ]);
  const create: PdfFontkit['create'] = (data, postscriptName) =>
    (parsed.get(data) as ReturnType<PdfFontkit['create']> | undefined) ?? fontkit.create(data, postscriptName);
  return { ...fontkit, create };
}

/**
 * Counter sheets repeat the same short strings thousands of times ("4", "XX"); pdf-lib lays each
 * one out again with fontkit on every drawText. The encoding of a string never changes for one
 * embedded font, so keep it (the first call still records the glyphs for the font's widths).
 */
const encodings = new WeakMap<PDFFont, Map<string, PDFHexString>>();

function memoiseEncoding(font: PDFFont): PDFFont {
  skipNeedlessLayout(font);
  const encode = font.encodeText.bind(font);
  const cache = new Map<string, PDFHexString>();
  encodings.set(font, cache);
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

type FontkitFont = FontSet['regular']['font'];

/**
 * pdf-lib encodes and measures each new string through fontkit's full layout, though only its
 * glyphs are used; a run no substitution can touch has the glyphs of its characters, got without
 * the layout engine (render/fonts.ts, the same shortcut the drawings' measuring takes).
 */
const shortcutTaken = new WeakSet<FontkitFont>();

function skipNeedlessLayout(font: PDFFont): void {
  const f = (font as unknown as { embedder: { font: FontkitFont } }).embedder.font;
  // Documents share the parsed fonts (fontkitSharing): one shortcut each.
  if (shortcutTaken.has(f)) return;
  shortcutTaken.add(f);
  const layout = f.layout.bind(f);
  f.layout = ((text: string, features?: unknown) => {
    const glyphs = features === undefined ? glyphsWithoutLayout(f, text) : undefined;
    return glyphs ? { glyphs } : layout(text, features as never);
  }) as FontkitFont['layout'];
}

/** The part of pdf-lib's subsetting font embedder that numbers the glyphs of the subset. */
interface SubsetEmbedder {
  font: FontkitFont;
  fontFeatures: unknown;
  subset: { includeGlyph(glyph: FontkitGlyph): number };
  glyphs: FontkitGlyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

type FontkitGlyph = ReturnType<FontkitFont['layout']>['glyphs'][number];

/** The glyph ids of each line, as the font lays it out. */
export type LineGlyphIds = ReadonlyMap<string, readonly number[]>;

/**
 * Numbers the glyphs of `lines` in the subset by their order in the whole font, before any text is
 * encoded. A subset numbers glyphs as they are first used, so without this one changed text early
 * in a document renumbers the glyphs of everything after it; numbered here, a glyph's code depends
 * only on which glyphs the document draws (what lets counters.pdf keep sheets between builds).
 * Does what pdf-lib's encodeText does for each glyph it meets. A line whose glyph ids `known`
 * gives (an earlier build laid it out with the same fonts) is not laid out again: the glyphs are
 * then taken from one line per glyph. The glyphs of `always` are in the subset whether drawn or
 * not, numbered before the others: a text that starts or stops using one of them changes no code.
 * Returns every line's glyph ids.
 */
export function numberGlyphsInFontOrder(font: PDFFont, lines: Iterable<string>, known?: LineGlyphIds, always = ''): LineGlyphIds {
  const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
  const glyphs = new Map<number, FontkitGlyph>();
  const layOut = (line: string) => {
    const lineGlyphs = embedder.font.layout(line, embedder.fontFeatures as never).glyphs;
    for (const glyph of lineGlyphs) glyphs.set(glyph.id, glyph);
    return lineGlyphs.map((glyph) => glyph.id);
  };
  // Sheets repeat the same short lines thousands of times: each is laid out once (fontkit keeps
  // one glyph object per id, so which line met a glyph last changes nothing).
  const ids = new Map<string, readonly number[]>();
  for (const line of new Set(lines)) ids.set(line, known?.get(line) ?? layOut(line));
  for (const [line, lineIds] of ids) if (lineIds.some((id) => !glyphs.has(id))) layOut(line);
  // After the lines, so a glyph the text draws is the one its layout made (fontkit keeps the first).
  const fixed = new Map(embedder.font.glyphsForString(always).flatMap((glyph) => (glyph.id === 0 ? [] : [[glyph.id, glyph] as const])));
  const inFontOrder = (of: ReadonlyMap<number, FontkitGlyph>) => [...of.keys()].sort((a, b) => a - b);
  const order = [...inFontOrder(fixed), ...inFontOrder(glyphs).filter((id) => !fixed.has(id))];
  for (const id of order) {
    const glyph = glyphs.get(id) ?? fixed.get(id)!;
    const subsetId = embedder.subset.includeGlyph(glyph);
    embedder.glyphs[subsetId - 1] = glyph;
    embedder.glyphIdMap.set(glyph.id, subsetId);
  }
  embedder.glyphCache.invalidate();
  keepEncodings(font, ids, embedder.glyphIdMap);
  return ids;
}

/**
 * The codes of lines whose glyphs are numbered, as pdf-lib's encodeText would give them (each
 * glyph's subset id, four hex digits), kept so encoding them does not lay each line out again.
 */
function keepEncodings(font: PDFFont, lineIds: LineGlyphIds, subsetIds: ReadonlyMap<number, number>): void {
  const cache = encodings.get(font);
  if (!cache || lineIds.size === 0) return;
  for (const [line, ids] of lineIds)
    if (!cache.has(line))
      cache.set(line, PDFHexString.of(ids.map((id) => subsetIds.get(id)!.toString(16).padStart(4, '0').toUpperCase()).join('')));
  // What encodeText marks: the subset changed, so the font is written anew when the document is saved.
  (font as unknown as { modified: boolean }).modified = true;
}

/** Writes the fonts, tags their subsets, adds the PDF/X marks for CMYK documents, and saves. */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  await doc.flush();
  tagFontSubsets(doc.context);
  const options = documentOptions.get(doc);
  if (options?.cmyk)
    markPdfX(doc, loadOutputProfile(), `${options.title}\n${options.subject ?? ''}\n${options.epoch}\n${doc.getPageCount()}`);
  if (!options?.cmyk) return doc.save({ updateFieldAppearances: false });
  // PDF/X-1a:2003 is PDF 1.4, which has no object streams.
  return pdf14Header(await doc.save({ updateFieldAppearances: false, useObjectStreams: false }));
}

/** Drops a page already taken out of the page tree, and its content streams, from the file. */
export function discardPage(doc: PDFDocument, page: PDFPage): void {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [];
  for (const ref of [page.ref, ...streams]) if (ref instanceof PDFRef) doc.context.delete(ref);
}

/** Millimetres and inches in points: the plan's units (src/plan/paper.ts). */
export { INCH, MM } from '../plan/paper';

/**
 * Subsets of the embedded fonts: their tags, and their font programs kept between builds.
 *
 * Subset tags for the embedded fonts. pdf-lib subsets each font to the glyphs the document draws
 * but names it like the whole font; PDF readers and print workflows tell a subset by a six-letter
 * tag before the name ("ABCDEF+Name", PDF 1.7 § 9.6.4). The tag comes from the subset's own bytes,
 * so equal subsets get equal tags and the output stays the same from run to run.
 */
import { createHash } from 'node:crypto';
import { type PDFContext, PDFArray, PDFDict, type PDFFont, PDFName, PDFRawStream } from 'pdf-lib';
import type { ImageCache } from '../pipeline/generator';
import { sha256 } from '../pipeline/inputs-digest';

/** Six capital letters from the font program's bytes. */
export function subsetTag(fontProgram: Uint8Array): string {
  const digest = createHash('sha256').update(fontProgram).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

/** Tags every embedded Type0 font that is not tagged yet; call after pdf-lib wrote the fonts (flush). */
export function tagFontSubsets(context: PDFContext): void {
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const cidFont = object.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const program = descriptor.lookup(PDFName.of('FontFile2'));
    const name = descriptor.lookup(PDFName.of('FontName'), PDFName).decodeText();
    if (!(program instanceof PDFRawStream) || /^[A-Z]{6}\+/.test(name)) continue;
    const tagged = PDFName.of(`${subsetTag(program.contents)}+${name}`);
    for (const dict of [object, cidFont]) dict.set(PDFName.of('BaseFont'), tagged);
    descriptor.set(PDFName.of('FontName'), tagged);
  }
}

/** The part of pdf-lib's subsetting font embedder that writes the subset's font program. */
interface SubsetProgramWriter {
  /** fontkit's subset: the font's glyph ids, in subset order. */
  subset: { glyphs: readonly number[] };
  serializeFont(): Promise<Uint8Array>;
}

/** Digests of the fonts' bytes, made once each (a font file is hundreds of kilobytes). */
const fontDigests = new WeakMap<Uint8Array, string>();

function fontDigest(bytes: Uint8Array): string {
  let digest = fontDigests.get(bytes);
  if (digest === undefined) fontDigests.set(bytes, (digest = sha256(bytes)));
  return digest;
}

/**
 * Keeps the font program of `font`'s subset in `store` by the font and the glyphs the subset holds,
 * in order (all its bytes depend on): a document that draws the same glyphs as the last build did
 * takes the program from there instead of having fontkit write it again (a rebuilt counters.pdf
 * after one value changed, most often). `fontBytes` are the whole font's.
 */
export function keepFontSubset(font: PDFFont, fontBytes: Uint8Array, store: ImageCache): void {
  const embedder = (font as unknown as { embedder: SubsetProgramWriter }).embedder;
  const write = embedder.serializeFont.bind(embedder);
  embedder.serializeFont = async () => {
    // Taken before writing: fontkit adds the parts of composite glyphs to the list as it writes them.
    const key = `pdf font subset\n${fontDigest(fontBytes)}\n${embedder.subset.glyphs.join(' ')}`;
    const kept = await store.get(key);
    if (kept) return kept;
    const program = await write();
    await store.put(key, program);
    return program;
  };
}

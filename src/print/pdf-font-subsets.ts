/**
 * Subset tags for the embedded fonts. pdf-lib subsets each font to the glyphs the document draws
 * but names it like the whole font; PDF readers and print workflows tell a subset by a six-letter
 * tag before the name ("ABCDEF+Name", PDF 1.7 § 9.6.4). The tag comes from the subset's own bytes,
 * so equal subsets get equal tags and the output stays the same from run to run.
 */
import { createHash } from 'node:crypto';
import { type PDFContext, PDFArray, PDFDict, PDFName, PDFRawStream } from 'pdf-lib';

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

/**
 * PDF/X-1a:2003 for print shops (`--set cmyk=true`): every paint is DeviceCMYK, there is no
 * transparency and every font is embedded, so the document declares that standard: a PDF 1.4
 * file (no object streams), the GTS_PDFX output intent with the FOGRA39 printing condition and its
 * ICC profile, the version and conformance keys, Trapped False (nothing is trapped), and a file ID.
 * TrimBox and BleedBox are set on every page by each document's own code.
 */
import { createHash } from 'node:crypto';
import { type PDFDocument, PDFDict, PDFHexString, PDFName, PDFString } from 'pdf-lib';

/** The registered characterization (ICC registry) that the profile was made from. */
export const OUTPUT_CONDITION = {
  identifier: 'FOGRA39',
  condition: 'Offset printing, ISO 12647-2:2004/Amd 1, paper types 1 and 2 (coated), screen 60/cm',
  registry: 'http://www.color.org',
  info: 'Coated FOGRA39 (ISO 12647-2:2004)',
};

export const PDFX_VERSION = 'PDF/X-1:2003';
export const PDFX_CONFORMANCE = 'PDF/X-1a:2003';

const HEADER_17 = '%PDF-1.7';
const HEADER_14 = '%PDF-1.4';

/**
 * pdf-lib always writes a 1.7 header; a PDF/X-1a file says 1.4. Same length, so no offset moves.
 * The file must use nothing newer than 1.4 (saved without object streams).
 */
export function pdf14Header(bytes: Uint8Array): Uint8Array {
  if (Buffer.from(bytes.subarray(0, HEADER_17.length)).toString('latin1') !== HEADER_17) throw new Error('pdf-lib wrote no PDF 1.7 header');
  bytes.set(Buffer.from(HEADER_14, 'latin1'), 0);
  return bytes;
}

/** Adds the output intent and the PDF/X keys; `profile` is an ICC output profile for CMYK. */
export function markPdfX(doc: PDFDocument, profile: Uint8Array, fileKey: string): void {
  const context = doc.context;
  const profileRef = context.register(context.flateStream(profile, { N: 4, Alternate: 'DeviceCMYK' }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: PDFString.of(OUTPUT_CONDITION.identifier),
    OutputCondition: PDFString.of(OUTPUT_CONDITION.condition),
    RegistryName: PDFString.of(OUTPUT_CONDITION.registry),
    Info: PDFString.of(OUTPUT_CONDITION.info),
    DestOutputProfile: profileRef,
  });
  doc.catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  const info = context.lookup(context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('GTS_PDFXVersion'), PDFString.of(PDFX_VERSION));
  info.set(PDFName.of('GTS_PDFXConformance'), PDFString.of(PDFX_CONFORMANCE));
  info.set(PDFName.of('Trapped'), PDFName.of('False'));
  // PDF/X requires an ID; it only has to tell documents apart, so it comes from what names this one.
  const id = PDFHexString.of(createHash('md5').update(fileKey).digest('hex'));
  context.trailerInfo.ID = context.obj([id, id]);
}

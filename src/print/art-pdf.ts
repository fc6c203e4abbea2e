/**
 * The game's own pictures in PDFs: counter faces (units.csv `image`/`backImage`) and the map
 * picture (map.json `image`). Each picture is embedded once, with its edge pixels repeated outward,
 * so that a face's bleed continues its art past the cut line as a drawn face's background does;
 * a picture is clipped to its bleed (a face) or to its own box (anything else). For print shops
 * (PDF/X-1a, `cmyk`) a picture is embedded as DeviceCMYK, separated through the output intent's
 * FOGRA39 profile and flattened onto white paper: that standard allows no RGB and no transparency.
 */
import type { Sharp } from 'sharp';
import { outputProfilePath } from '../assets/output-profile';
import { loadSharp } from '../render/load-sharp';
import { DamagedPicture } from '../data/image-header';
import {
  type PDFDocument,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  PDFName,
  clip,
  degrees,
  drawImage,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
} from 'pdf-lib';
import type { ArtImage } from '../model/game';
import type { ImageItem, Item } from '../render/drawing';

/** Edge pixels repeated on each side, as a share of the picture: a 3 mm bleed on a 1/2" counter needs 0.24. */
const EDGE_SHARE = 0.25;

export interface EmbeddedArt {
  /** The image XObject. */
  ref: PDFRef;
  /** Repeated edge on each side, as a share of the picture's width and height. */
  edgeX: number;
  edgeY: number;
}

/** The face's art when it covers the whole face (then its bleed is the art's own edge). */
export function fullFaceArt(items: readonly Item[], size: number): ImageItem | undefined {
  const art = items.find((i): i is ImageItem => i.kind === 'image');
  return art && art.x === 0 && art.y === 0 && art.w === size && art.h === size ? art : undefined;
}

/** Embeds each distinct picture once (by content), edges extended; in CMYK for a PDF/X file. */
export async function embedArt(doc: PDFDocument, arts: Iterable<ArtImage>, cmyk = false): Promise<Map<string, EmbeddedArt>> {
  const embedded = new Map<string, EmbeddedArt>();
  for (const art of arts) {
    if (embedded.has(art.sha256)) continue;
    const dx = Math.ceil(art.width * EDGE_SHARE);
    const dy = Math.ceil(art.height * EDGE_SHARE);
    const sharp = await loadSharp();
    const extended = sharp(art.data).extend({ left: dx, right: dx, top: dy, bottom: dy, extendWith: 'copy' });
    const ref = await (
      cmyk
        ? cmykImage(doc, extended)
        : extended
            .png()
            .toBuffer()
            .then(async (png) => (await doc.embedPng(png)).ref)
    ).catch((error: unknown) => {
      throw new DamagedPicture(art.path, error instanceof Error ? error.message : String(error));
    });
    embedded.set(art.sha256, { ref, edgeX: dx / art.width, edgeY: dy / art.height });
  }
  return embedded;
}

/** A picture as a DeviceCMYK image XObject: flattened onto white, separated through the FOGRA39 profile. */
async function cmykImage(doc: PDFDocument, picture: Sharp): Promise<PDFRef> {
  // Extended first, as a picture of its own: the extension and the colour conversion are then done in that order.
  const extended = await picture.png().toBuffer();
  const sharp = await loadSharp();
  const { data, info } = await sharp(extended)
    .flatten({ background: '#ffffff' })
    .toColourspace('cmyk')
    .withIccProfile(outputProfilePath())
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`a picture separated to ${info.channels} channels, not CMYK's 4`);
  const stream = doc.context.flateStream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: info.width,
    Height: info.height,
    ColorSpace: 'DeviceCMYK',
    BitsPerComponent: 8,
  });
  return doc.context.register(stream);
}

/** Page rectangles in PDF points, y up. */
interface PdfRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The name a page's resources give a picture: fixed by its content, so cached page content can refer to it. */
export function artResourceName(art: ArtImage): PDFName {
  return PDFName.of(`Art-${art.sha256.slice(0, 16)}`);
}

/** The operators drawing `art` over `face` (the trim), its extended edges filling `bleed` and no further. */
export function artOperators(art: ArtImage, embedded: EmbeddedArt, face: PdfRect, bleed: PdfRect): PDFOperator[] {
  return [
    pushGraphicsState(),
    rectangle(bleed.x, bleed.y, bleed.w, bleed.h),
    clip(),
    endPath(),
    ...drawImage(artResourceName(art), {
      x: face.x - embedded.edgeX * face.w,
      y: face.y - embedded.edgeY * face.h,
      width: face.w * (1 + 2 * embedded.edgeX),
      height: face.h * (1 + 2 * embedded.edgeY),
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
    }),
    popGraphicsState(),
  ];
}

/** Puts the pictures `items` show into the page's resources under their artResourceName. */
export function addArtResources(page: PDFPage, items: Iterable<Item>, embedded: ReadonlyMap<string, EmbeddedArt> | undefined): void {
  for (const item of items) {
    if (item.kind !== 'image') continue;
    const art = embedded?.get(item.art.sha256);
    if (!art) throw new Error(`image ${item.art.path} drawn before it was embedded`);
    page.node.setXObject(artResourceName(item.art), art.ref);
  }
}

/**
 * The game's own pictures in PDFs: counter faces (units.csv `image`/`backImage`) and the map
 * picture (map.json `image`). Each picture is embedded once, with its edge pixels repeated outward,
 * so that a face's bleed continues its art past the cut line as a drawn face's background does;
 * a picture is clipped to its bleed (a face) or to its own box (anything else).
 */
import sharp from 'sharp';
import { type PDFDocument, type PDFImage, type PDFPage, clip, endPath, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';
import type { ArtImage } from '../model/game';
import type { ImageItem, Item } from '../render/drawing';

/** Edge pixels repeated on each side, as a share of the picture: a 3 mm bleed on a 1/2" counter needs 0.24. */
const EDGE_SHARE = 0.25;

export interface EmbeddedArt {
  image: PDFImage;
  /** Repeated edge on each side, as a share of the picture's width and height. */
  edgeX: number;
  edgeY: number;
}

/** The face's art when it covers the whole face (then its bleed is the art's own edge). */
export function fullFaceArt(items: readonly Item[], size: number): ImageItem | undefined {
  const art = items.find((i): i is ImageItem => i.kind === 'image');
  return art && art.x === 0 && art.y === 0 && art.w === size && art.h === size ? art : undefined;
}

/** Embeds each distinct picture once (by content), edges extended. */
export async function embedArt(doc: PDFDocument, arts: Iterable<ArtImage>): Promise<Map<string, EmbeddedArt>> {
  const embedded = new Map<string, EmbeddedArt>();
  for (const art of arts) {
    if (embedded.has(art.sha256)) continue;
    const dx = Math.ceil(art.width * EDGE_SHARE);
    const dy = Math.ceil(art.height * EDGE_SHARE);
    const png = await sharp(art.data).extend({ left: dx, right: dx, top: dy, bottom: dy, extendWith: 'copy' }).png().toBuffer();
    embedded.set(art.sha256, { image: await doc.embedPng(png), edgeX: dx / art.width, edgeY: dy / art.height });
  }
  return embedded;
}

/** Page rectangles in PDF points, y up. */
interface PdfRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Draws `art` over `face` (the trim), its extended edges filling the bleed rectangle and no further. */
export function drawArtWithBleed(page: PDFPage, art: EmbeddedArt, face: PdfRect, bleed: PdfRect): void {
  page.pushOperators(pushGraphicsState(), rectangle(bleed.x, bleed.y, bleed.w, bleed.h), clip(), endPath());
  page.drawImage(art.image, {
    x: face.x - art.edgeX * face.w,
    y: face.y - art.edgeY * face.h,
    width: face.w * (1 + 2 * art.edgeX),
    height: face.h * (1 + 2 * art.edgeY),
  });
  page.pushOperators(popGraphicsState());
}

/**
 * Images drawn through the build's image cache (GeneratorContext.images): keyed by the drawing they
 * show and their scale, so an image whose drawing is unchanged since the last build, or already
 * drawn by another output of this build (aid cards: aids/ and the module), is not drawn again.
 */
import { type AidPiece, aidPiecePng } from '../render/aid-pieces';
import type { FontSet } from '../render/fonts';
import type { ImageCache } from './generator';

export async function cachedImage(images: ImageCache | undefined, key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  if (!images) return draw();
  const stored = await images.get(key);
  if (stored) return stored;
  const data = await draw();
  await images.put(key, data);
  return data;
}

export function aidPieceImage(images: ImageCache | undefined, piece: AidPiece, pixelsPerInch: number, fonts: FontSet): Promise<Uint8Array> {
  const key = `aid card at ${pixelsPerInch} px/in\n${JSON.stringify(piece.drawing)}`;
  return cachedImage(images, key, () => aidPiecePng(piece, pixelsPerInch, fonts));
}

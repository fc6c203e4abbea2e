/**
 * Images drawn through the build's image cache (GeneratorContext.images): keyed by the drawing they
 * show and their scale, so an image whose drawing is unchanged since the last build, or already
 * drawn by another output of this build (aid cards: aids/ and the module), is not drawn again.
 */
import { mapPixelGeometry } from '../plan/map-geometry';
import { type AidPiece, aidPiecePng } from '../render/aid-pieces';
import type { FontSet } from '../render/fonts';
import { MAP_DRAWING_VERSION } from '../render/map-drawing';
import type { PngDrawer } from '../render/raster-pool';
import { MAP_PNG_MEMO, type MapPng, renderMapPng } from '../render/map-png';
import type { GeneratorContext, ImageCache } from './generator';
import { sha256 } from './inputs-digest';

export async function cachedImage(images: ImageCache | undefined, key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> {
  if (!images) return draw();
  const stored = await images.get(key);
  if (stored) return stored;
  const data = await draw();
  await images.put(key, data);
  return data;
}

export function aidPieceImage(
  images: ImageCache | undefined,
  piece: AidPiece,
  pixelsPerInch: number,
  fonts: FontSet,
  draw?: PngDrawer,
): Promise<Uint8Array> {
  const key = `aid card at ${pixelsPerInch} px/in\n${JSON.stringify(piece.drawing)}`;
  return cachedImage(images, key, () => aidPiecePng(piece, pixelsPerInch, fonts, draw));
}

/**
 * The map image at the module scale, drawn once per build (map.png and the module share it) and
 * kept between builds while the map, the terrain and the game's identity are unchanged.
 */
export function moduleMapPng(ctx: GeneratorContext): Promise<MapPng> {
  return ctx.memo<MapPng>(MAP_PNG_MEMO, async () => {
    const { game, fonts } = ctx;
    const key = `map image ${MAP_DRAWING_VERSION}\n${sha256(JSON.stringify([game.info, game.map, game.terrain]))}`;
    const progress = (d: number, t: number, label?: string) => ctx.progress(d, t, `map.png ${label ?? ''}`.trim());
    const png = await cachedImage(ctx.images, key, async () => (await renderMapPng(game, fonts, { progress })).png);
    return { png, geometry: mapPixelGeometry(game) };
  });
}

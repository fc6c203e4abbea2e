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
import { inputsDigest, partsDigest } from './inputs-digest';
import { type Reads, UNIT_NAMES, guardGame } from './reads';

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
    const key = `map image ${MAP_DRAWING_VERSION}\n${partsDigest(game, ['info', 'map', 'terrain'])}`;
    const progress = (d: number, t: number, label?: string) => ctx.progress(d, t, `map.png ${label ?? ''}`.trim());
    const png = await cachedImage(ctx.images, key, async () => (await renderMapPng(game, fonts, { progress })).png);
    return { png, geometry: mapPixelGeometry(game) };
  });
}

/** A picture with the names a list of them shows it under (the module's charts). */
export interface NamedImage {
  id: string;
  name: string;
  table?: string;
  png: Uint8Array;
}

/** What the player aids' pieces read: the parts the aids output reads, and the paper they are laid out for. */
const AID_PIECE_READS: Reads = {
  game: ['info', 'map', 'terrain', UNIT_NAMES, 'counters', 'tables', 'tracks', 'scenarios'],
  settings: [],
  paper: true,
};

/**
 * The player aids' pieces as images at `pixelsPerInch`, kept between builds as a list while what
 * the pieces read is unchanged, so a build that changes no table, chart or track lays none of them
 * out. `draw` gets a view of the game that lets it read only that (it throws on anything else).
 */
export async function keptAidImages(
  ctx: GeneratorContext,
  pixelsPerInch: number,
  draw: (game: GeneratorContext['game']) => Promise<NamedImage[]>,
): Promise<NamedImage[]> {
  const game = guardGame(ctx.game, AID_PIECE_READS, 'the player aids');
  const { images } = ctx;
  if (!images) return draw(game);
  // The image store is scoped to the running code and the pictures carry no date: neither is part of the key.
  const digest = inputsDigest(ctx.game, ctx.options.settings, AID_PIECE_READS, { codeStamp: '', epoch: 0 });
  const key = `player aid images at ${pixelsPerInch} px/in\n${digest}`;
  const pictureKey = (i: number) => `${key}\n${i}`;
  const index = await images.get(key);
  if (index) {
    const listed = JSON.parse(Buffer.from(index.buffer, index.byteOffset, index.byteLength).toString('utf8')) as Omit<NamedImage, 'png'>[];
    const pngs = await Promise.all(listed.map((_, i) => images.get(pictureKey(i))));
    if (pngs.every((png) => png !== undefined)) return listed.map((entry, i) => ({ ...entry, png: pngs[i]! }));
  }
  const drawn = await draw(game);
  for (const [i, image] of drawn.entries()) await images.put(pictureKey(i), image.png);
  await images.put(key, Buffer.from(JSON.stringify(drawn.map(({ png: _png, ...entry }) => entry))));
  return drawn;
}

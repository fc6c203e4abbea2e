/**
 * A unit's face art as the module draws it, for print and play: the piece's own image is the
 * front; the back is the picture of a Layer players can activate, the same size as the front (a
 * flip side), or, on a piece without an image of its own, the second of two such Layer pictures.
 * An always-active Layer of one picture (VASSAL's, and an old form's without an activate key) is
 * never switched off: no flip side. On a piece without an image of its own, an always-active
 * Layer's face is the level its state shows (nothing at a state of 0 or below: no art), the other
 * of two pictures its back. Overlays smaller than the
 * face (status markers) and layers of many levels are not faces and are left out.
 */
import { imageHeader } from '../../data/image-header';

/** Within this share of each other's width and height, two pictures are the same face size. */
const SAME_SIZE = 0.1;

function sizeOf(files: ReadonlyMap<string, Uint8Array>, name: string): { width: number; height: number } | undefined {
  const data = files.get(name);
  return data ? imageHeader(data) : undefined;
}

function sameSize(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  return Math.abs(a.width - b.width) <= SAME_SIZE * a.width && Math.abs(a.height - b.height) <= SAME_SIZE * a.height;
}

/**
 * The module image names of a unit's front and back art (`images/…`), from its basic piece image
 * and its layer images; undefined where the module has no such picture (or none readable).
 */
export function unitArtImages(
  front: string,
  layers: readonly string[],
  files: ReadonlyMap<string, Uint8Array>,
  imagesDir: string,
  layerAlwaysActive = false,
  /** The picture the (always-active) Layer draws at the piece's state, '' for none; unknown: its first. */
  shownLayerImage?: string,
): { front?: string; back?: string } {
  const named = (image: string) => (image !== '' && sizeOf(files, imagesDir + image) ? imagesDir + image : undefined);
  const own = named(front);
  if (own) {
    const ownSize = sizeOf(files, own)!;
    const flip = layers.length === 1 && !layerAlwaysActive ? named(layers[0]) : undefined;
    return { front: own, back: flip && sameSize(ownSize, sizeOf(files, flip)!) ? flip : undefined };
  }
  if (layerAlwaysActive && shownLayerImage !== undefined) {
    const shown = named(shownLayerImage);
    if (!shown) return {};
    const other = layers.length === 2 ? named(layers[layers[0] === shownLayerImage ? 1 : 0]) : undefined;
    return { front: shown, back: other && sameSize(sizeOf(files, shown)!, sizeOf(files, other)!) ? other : undefined };
  }
  if (layers.length !== 2) return {};
  const [a, b] = [named(layers[0]), named(layers[1])];
  if (!a) return {};
  return { front: a, back: b && sameSize(sizeOf(files, a)!, sizeOf(files, b)!) ? b : undefined };
}

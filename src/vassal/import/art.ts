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

interface Size {
  width: number;
  height: number;
}

/**
 * The module's pictures by their image names (as traits name them, without `imagesDir`), each looked
 * up and its header read once: units and markers name thousands of pictures, many of them the same,
 * and most modules hold fewer pictures than their pieces name.
 */
export class ModuleImages {
  private readonly sizes = new Map<string, Size | null>();

  constructor(
    private readonly files: ReadonlyMap<string, Uint8Array>,
    private readonly imagesDir: string,
  ) {}

  /** The picture's size, undefined where the module has no such picture (or none readable). */
  sizeOf(image: string): Size | undefined {
    // A bare buildFile holds no picture: nothing to look up or remember.
    if (this.files.size === 0) return undefined;
    let size = this.sizes.get(image);
    if (size === undefined) {
      const data = this.files.get(this.imagesDir + image);
      size = (data && imageHeader(data)) ?? null;
      this.sizes.set(image, size);
    }
    return size ?? undefined;
  }

  /** The module entry of a picture it holds readable (`images/…`), else undefined. */
  entryOf(image: string): string | undefined {
    return image !== '' && this.sizeOf(image) ? this.imagesDir + image : undefined;
  }
}

function sameSize(a: Size, b: Size): boolean {
  return Math.abs(a.width - b.width) <= SAME_SIZE * a.width && Math.abs(a.height - b.height) <= SAME_SIZE * a.height;
}

/** The face pair of two pictures the module holds: the back only where it is the front's size. */
function facePair(images: ModuleImages, front: string, back: string | undefined): { front?: string; back?: string } {
  const backEntry = back !== undefined ? images.entryOf(back) : undefined;
  return {
    front: images.entryOf(front),
    back: backEntry && sameSize(images.sizeOf(front)!, images.sizeOf(back!)!) ? backEntry : undefined,
  };
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
  return unitArt(front, layers, new ModuleImages(files, imagesDir), layerAlwaysActive, shownLayerImage);
}

/** unitArtImages with the module's pictures looked up once for all the pieces of an import. */
export function unitArt(
  front: string,
  layers: readonly string[],
  images: ModuleImages,
  layerAlwaysActive: boolean,
  shownLayerImage: string | undefined,
): { front?: string; back?: string } {
  if (images.entryOf(front)) return facePair(images, front, layers.length === 1 && !layerAlwaysActive ? layers[0] : undefined);
  if (layerAlwaysActive && shownLayerImage !== undefined) {
    if (!images.entryOf(shownLayerImage)) return {};
    return facePair(images, shownLayerImage, layers.length === 2 ? layers[layers[0] === shownLayerImage ? 1 : 0] : undefined);
  }
  if (layers.length !== 2 || !images.entryOf(layers[0])) return {};
  return facePair(images, layers[0], layers[1]);
}

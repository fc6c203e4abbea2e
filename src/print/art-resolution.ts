/**
 * Whether the game's pictures carry enough pixels for the size they print at. 300 pixels per inch
 * is the print figure (the 150 px/in of the VASSAL module is for the screen): below it a picture
 * prints soft or blocky, which a proof on screen does not show.
 */
import type { ArtUse } from '../data/art-uses';
import type { Diagnostic } from '../diagnostics';
import type { ImageItem } from '../render/drawing';

export const PRINT_PPI = 300;

const POINTS_PER_INCH = 72;

/** Up to this many pictures under PRINT_PPI get a warning each; more get one warning for all. */
export const LOW_RESOLUTION_LIST_LIMIT = 5;

/** How many of the coarsest pictures the one warning for many names. */
const WORST_NAMED = 3;

const inches = (pt: number) => (pt / POINTS_PER_INCH).toFixed(2);
const wanted = (pt: number) => Math.ceil((pt / POINTS_PER_INCH) * PRINT_PPI);

/**
 * The pictures that print below PRINT_PPI in `images` (points), each at the largest size it prints
 * at: a warning per picture, in the order they first appear, up to LOW_RESOLUTION_LIST_LIMIT of
 * them; beyond that one warning with the count and the coarsest few, so a module of hundreds of
 * pictures is not a flood. `output` names the PDF; `uses` (artUses) places each warning at the data
 * naming the picture, the one for many at the coarsest's.
 */
export function lowResolutionArt(images: Iterable<ImageItem>, output: string, uses: ReadonlyMap<string, ArtUse>): Diagnostic[] {
  const largest = new Map<string, ImageItem>();
  for (const image of images) {
    const seen = largest.get(image.art.path);
    if (!seen || effectivePpi(image) < effectivePpi(seen)) largest.set(image.art.path, image);
  }
  const low = [...largest.values()].filter((image) => effectivePpi(image) < PRINT_PPI);
  if (low.length > LOW_RESOLUTION_LIST_LIMIT) return [manyLowResolution(low, output, uses)];
  return low.map((image) => {
    const { art } = image;
    const use = uses.get(art.path);
    return {
      code: 'print/art-low-resolution',
      severity: 'warning',
      message: `${use ? `${use.what} ` : ''}"${art.path}" (${art.width}×${art.height} px) prints at ${inches(image.w)}×${inches(image.h)} in in ${output}: ${Math.floor(effectivePpi(image))} ppi, under the ${PRINT_PPI} ppi print needs`,
      hint: `supply it at ${wanted(image.w)}×${wanted(image.h)} px or more, or accept a softer print`,
      ...pointerOf(use),
    };
  });
}

/** One warning for many coarse pictures: how many, and the coarsest (stable order on ties). */
function manyLowResolution(low: ImageItem[], output: string, uses: ReadonlyMap<string, ArtUse>): Diagnostic {
  const worst = [...low].sort((a, b) => effectivePpi(a) - effectivePpi(b)).slice(0, WORST_NAMED);
  const named = worst.map(
    (image) =>
      `"${image.art.path}" ${Math.floor(effectivePpi(image))} ppi (${image.art.width}×${image.art.height} px, ${wanted(image.w)}×${wanted(image.h)} needed)`,
  );
  return {
    code: 'print/art-low-resolution',
    severity: 'warning',
    message: `${low.length} pictures print under the ${PRINT_PPI} ppi print needs in ${output}; the coarsest: ${named.join(', ')}`,
    hint: `supply each picture with at least ${PRINT_PPI} px per inch it prints at (its printed inches × ${PRINT_PPI}), starting with the coarsest, or accept a softer print`,
    ...pointerOf(uses.get(worst[0].art.path)),
  };
}

const pointerOf = (use: ArtUse | undefined) => (use ? { pointer: use.pointer } : {});

/** Pixels per inch along the picture's sparser axis at its printed size. */
function effectivePpi(image: ImageItem): number {
  return Math.min(image.art.width / (image.w / POINTS_PER_INCH), image.art.height / (image.h / POINTS_PER_INCH));
}

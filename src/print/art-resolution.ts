/**
 * Whether the game's pictures carry enough pixels for the size they print at. 300 pixels per inch
 * is the print figure (the 150 px/in of the VASSAL module is for the screen): below it a picture
 * prints soft or blocky, which a proof on screen does not show.
 */
import type { Diagnostic } from '../diagnostics';
import type { ImageItem } from '../render/drawing';

export const PRINT_PPI = 300;

const POINTS_PER_INCH = 72;

/**
 * One warning per picture file that prints below PRINT_PPI in `images` (points), at the largest
 * size it prints at, in the order the pictures first appear. `output` names the PDF.
 */
export function lowResolutionArt(images: Iterable<ImageItem>, output: string): Diagnostic[] {
  const largest = new Map<string, ImageItem>();
  for (const image of images) {
    const seen = largest.get(image.art.path);
    if (!seen || effectivePpi(image) < effectivePpi(seen)) largest.set(image.art.path, image);
  }
  const diagnostics: Diagnostic[] = [];
  for (const image of largest.values()) {
    const ppi = effectivePpi(image);
    if (ppi >= PRINT_PPI) continue;
    const { art } = image;
    const inches = (pt: number) => (pt / POINTS_PER_INCH).toFixed(2);
    const wanted = (pt: number) => Math.ceil((pt / POINTS_PER_INCH) * PRINT_PPI);
    diagnostics.push({
      code: 'print/art-low-resolution',
      severity: 'warning',
      message: `"${art.path}" (${art.width}×${art.height} px) prints at ${inches(image.w)}×${inches(image.h)} in in ${output}: ${Math.floor(ppi)} ppi, under the ${PRINT_PPI} ppi print needs`,
      hint: `supply it at ${wanted(image.w)}×${wanted(image.h)} px or more, or accept a softer print`,
    });
  }
  return diagnostics;
}

/** Pixels per inch along the picture's sparser axis at its printed size. */
function effectivePpi(image: ImageItem): number {
  return Math.min(image.art.width / (image.w / POINTS_PER_INCH), image.art.height / (image.h / POINTS_PER_INCH));
}

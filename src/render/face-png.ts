/**
 * Counter face images for the VASSAL module: one PNG per face at the module scale
 * (counter inches × map.moduleScale px), from the same drawing counters.pdf prints.
 */
import type { CounterFace } from './counter-face';
import type { FontSet } from './fonts';
import { drawingToPng, pixels } from './png';
import type { PngDrawer } from './raster-pool';
import { drawingToSvg } from './svg';

export function faceSvg(face: CounterFace, pixelsPerInch: number, fonts: FontSet): string {
  const px = pixels(face.inches, pixelsPerInch);
  return drawingToSvg(face.drawing, fonts, { pixelWidth: px, pixelHeight: px });
}

/** The face's PNG, drawn by `draw` (in-process by default; raster-pool.ts on worker threads). */
export async function facePng(
  face: CounterFace,
  pixelsPerInch: number,
  fonts: FontSet,
  draw: PngDrawer = drawingToPng,
): Promise<Uint8Array> {
  const px = pixels(face.inches, pixelsPerInch);
  return draw(face.drawing, fonts, { pixelWidth: px, pixelHeight: px, pixelsPerInch });
}

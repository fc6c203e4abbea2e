/**
 * Counter face images for the VASSAL module: one PNG per face at the module scale
 * (counter inches × map.moduleScale px), from the same drawing counters.pdf prints.
 */
import type { CounterFace } from './counter-face';
import { loadFonts } from './fonts';
import { drawingToPng, pixels } from './png';
import { drawingToSvg } from './svg';

export function faceSvg(face: CounterFace, pixelsPerInch: number): string {
  const px = pixels(face.inches, pixelsPerInch);
  return drawingToSvg(face.drawing, loadFonts(), { pixelWidth: px, pixelHeight: px });
}

export async function facePng(face: CounterFace, pixelsPerInch: number): Promise<Uint8Array> {
  const px = pixels(face.inches, pixelsPerInch);
  return drawingToPng(face.drawing, loadFonts(), { pixelWidth: px, pixelHeight: px });
}

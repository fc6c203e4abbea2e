/**
 * Raster backend: drawing → outlined SVG → PNG through sharp (librsvg). Sizes are in pixels,
 * computed by the caller from inches × pixels per inch.
 */
import { loadSharp } from './load-sharp';
import type { Drawing, Paint } from './drawing';
import type { FontSet } from './fonts';
import { drawingToSvg } from './svg';

export interface PngOptions {
  pixelWidth: number;
  pixelHeight: number;
  /** Pixels per inch the image is drawn at, declared in its pHYs chunk. */
  pixelsPerInch: number;
  background?: Paint;
}

/** PNG settings shared by every raster output (fast filters; deterministic for one sharp build). */
export const PNG_ENCODING = { compressionLevel: 6, adaptiveFiltering: false } as const;

export async function svgToPng(svg: string, pixelsPerInch: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const buffer = await sharp(Buffer.from(svg), { limitInputPixels: false, unlimited: true })
    .withDensity(pixelsPerInch)
    .png(PNG_ENCODING)
    .toBuffer();
  // A copy in memory of our own: sharp's buffer is libvips's allocation, and thousands of small
  // ones kept (a module's faces) pin the allocator's freed memory around them, some 20 KB each.
  return new Uint8Array(buffer);
}

export async function drawingToPng(drawing: Drawing, fonts: FontSet, options: PngOptions): Promise<Uint8Array> {
  return svgToPng(drawingToSvg(drawing, fonts, options), options.pixelsPerInch);
}

/** Pixel size of something `inches` long at `pixelsPerInch`, never below one pixel. */
export function pixels(inches: number, pixelsPerInch: number): number {
  return Math.max(1, Math.round(inches * pixelsPerInch));
}

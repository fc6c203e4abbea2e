/**
 * Raster backend: a drawing → PNG. Sizes are in pixels, computed by the caller from inches × pixels
 * per inch. A small drawing (a counter face) is painted by our own code (raster-vector.ts) and
 * encoded with node:zlib, so drawing one never loads libvips, whose start alone costs a quarter of a
 * second of CPU in a rebuild that redraws one face. A large one (an aid card), or one showing a
 * picture, goes outlined SVG → PNG through sharp (librsvg): librsvg fills large areas for less CPU
 * than our code, and decodes and scales pictures.
 */
import { loadSharp } from './load-sharp';
import { type Drawing, type Paint, drawingShowsPicture } from './drawing';
import type { FontSet } from './fonts';
import { encodePixelsPng } from './raster-png';
import { paintVectorDrawing } from './raster-vector';
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

/**
 * Pixels up to which a drawing is painted by our own code. Measured on the demo game at 100 px/in
 * (CPU, warm): its 182 faces of 50 × 50 px took 124–253 ms painted and encoded here against
 * 517–669 ms through sharp; its ten aid cards of about 1163 × 700 px 500–824 ms against 382–694 ms.
 */
const SMALL_DRAWING_PIXELS = 400 * 400;

/** Whether drawingToPng draws this through sharp (a picture to decode, or a large drawing). */
export function drawnThroughSharp(drawing: Drawing, options: PngOptions): boolean {
  return options.pixelWidth * options.pixelHeight > SMALL_DRAWING_PIXELS || drawingShowsPicture(drawing);
}

export async function drawingToPng(drawing: Drawing, fonts: FontSet, options: PngOptions): Promise<Uint8Array> {
  if (drawnThroughSharp(drawing, options)) return svgToPng(drawingToSvg(drawing, fonts, options), options.pixelsPerInch);
  const { pixelWidth, pixelHeight, pixelsPerInch, background } = options;
  const img = paintVectorDrawing(drawing, fonts, pixelWidth, pixelHeight, background);
  return encodePixelsPng(img.rgba8(), pixelWidth, pixelHeight, 4, pixelsPerInch);
}

/** Pixel size of something `inches` long at `pixelsPerInch`, never below one pixel. */
export function pixels(inches: number, pixelsPerInch: number): number {
  return Math.max(1, Math.round(inches * pixelsPerInch));
}

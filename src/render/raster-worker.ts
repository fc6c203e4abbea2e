/**
 * The body of a raster worker thread (raster-pool.ts): draws the PNGs it is sent with the fonts it
 * was started with, one reply per request, each carrying the request's number back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Drawing } from './drawing';
import { type FontSet, fontSetFromBytes } from './fonts';
import { drawingToPng, type PngOptions } from './png';

export interface RasterRequest {
  id: number;
  drawing: Drawing;
  options: PngOptions;
}

export type RasterReply = { id: number; png: Uint8Array } | { id: number; error: string };

const fonts = fontSetFromBytes((workerData as { fonts: Record<keyof FontSet, Uint8Array> }).fonts);

parentPort!.on('message', (request: RasterRequest) => {
  drawingToPng(request.drawing, fonts, request.options).then(
    (png) => {
      // A buffer of its own, so it moves to the main thread without a copy and shares nothing.
      const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : png.slice();
      parentPort!.postMessage({ id: request.id, png: own } satisfies RasterReply, [own.buffer as ArrayBuffer]);
    },
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: String(error instanceof Error ? error.stack : error) } satisfies RasterReply),
  );
});

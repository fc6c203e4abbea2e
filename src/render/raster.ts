/**
 * Direct raster backend for large drawings (the map): paints a Drawing into an RGB buffer
 * without going through an SVG renderer, which is far too slow for 20,000-hex maps. Each item is
 * made ready to paint band by band (raster-bands.ts), then all are painted a band at a time.
 *
 * What it supports is what the map drawing emits: filled subpaths that are convex (hexes, squares,
 * triangles, circles), stroked polylines (butt or round caps and joins, dashes), rectangles, and
 * text. Edges are anti-aliased with four sub-rows per pixel row and exact horizontal coverage.
 * Glyphs are rendered once per (glyph, size, quarter-pixel offset) through sharp from their
 * outlines and stamped as alpha masks, so the text matches the SVG/PDF glyphs.
 */
import { MessageChannel } from 'node:worker_threads';
import { loadSharp } from './load-sharp';
import type { Drawing, ImageItem, Item, PathItem } from './drawing';
import type { FontSet } from './fonts';
import { num } from './drawing';
import { BandIndex, type BandPainter, bandOf, BAND_ROWS, paintInBands } from './raster-bands';
import { type Color, RgbImage, SUB, blend, color, fillConvex, fillConvexAt, pixelColor } from './raster-fill';
import { Subpaths } from './raster-path';
import { HAIRLINE, Polylines, ThinStrokes, dashedSubpath } from './raster-stroke';
import { ConvexStamps, MIN_STAMPED } from './raster-stamps';
import { GlyphRuns } from './raster-text';

export { RgbImage, fillConvex };

/**
 * Paints a drawing into a new RGB image of `pixelWidth` × `pixelHeight`, the drawing scaled by
 * pixelWidth / drawing.width (the map drawing is built in pixels already, so usually 1).
 */
export async function rasterizeDrawing(drawing: Drawing, fonts: FontSet, pixelWidth: number, pixelHeight: number): Promise<RgbImage> {
  const img = new RgbImage(pixelWidth, pixelHeight);
  const bands = Math.ceil(pixelHeight / BAND_ROWS);
  const k = pixelWidth / drawing.width;
  const scaled = (item: Item): Item => (k === 1 ? item : scaleItem(item, k));
  const items = drawing.items.map(scaled);
  const glyphs = new GlyphRuns(fonts);
  for (const item of items) if (item.kind === 'text') glyphs.add(item);
  await glyphs.renderStamps();
  const painters: BandPainter[] = [];
  let run = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    switch (item.kind) {
      case 'rect': {
        const xs = Float64Array.of(item.x, item.x + item.w, item.x + item.w, item.x);
        const ys = Float64Array.of(item.y, item.y, item.y + item.h, item.y + item.h);
        const one = Int32Array.of(0);
        const four = Int32Array.of(4);
        if (item.fill) {
          const fill = new ConvexFills(xs, ys, one, four, color(item.fill), SUB, bands, img.width);
          // Whole pixels of the rect's rows when it spans the image from side to side.
          if (item.x <= 0 && item.x + item.w >= img.width) fill.opaqueRows = [Math.ceil(item.y), Math.floor(item.y + item.h)];
          painters.push(fill);
        }
        if (item.stroke)
          painters.push(
            new Polylines(xs, ys, one, four, Uint8Array.of(1), item.lineWidth ?? 1, color(item.stroke), false, bands, img.width),
          );
        break;
      }
      case 'path':
        painters.push(...pathPainters(item, img.width, img.height, bands));
        break;
      case 'text': {
        // A run of text items (a map's 20,000 hex ids) is indexed at once.
        let end = i + 1;
        while (end < items.length && items[end].kind === 'text') end++;
        painters.push(glyphs.painter(run, run + end - i, bands));
        run += end - i;
        i = end - 1;
        break;
      }
      case 'image':
        painters.push(await imagePainter(item));
        break;
    }
  }
  paintInBands(img, painters);
  return img;
}

/** Convex polygons (subpaths of three points or more) filled band by band, in their order within a band. */
class ConvexFills implements BandPainter {
  private readonly index: BandIndex;
  /** Stamps of the small shapes of a path of many (none for one-sample fills). */
  private readonly stamps?: ConvexStamps;
  opaqueRows?: [number, number];
  readonly solid: Color;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
    private readonly start: Int32Array,
    private readonly length: Int32Array,
    private readonly c: Color,
    private readonly samples: number,
    bands: number,
    imageWidth: number,
  ) {
    this.solid = c;
    if (samples === SUB && start.length >= MIN_STAMPED) this.stamps = new ConvexStamps(xs, ys, start, length, imageWidth);
    this.index = new BandIndex(
      bands,
      start.length,
      (k) => (length[k] < 3 ? bands : bandOf(Math.floor(minOf(ys, start[k], length[k])), bands)),
      (k) => bandOf(Math.ceil(maxOf(ys, start[k], length[k])) - 1, bands),
    );
  }

  paintBand(img: RgbImage, band: number, rowFrom: number, rowTo: number): void {
    const { start, members } = this.index;
    for (let m = start[band]; m < start[band + 1]; m++) {
      const k = members[m];
      if (this.stamps?.paint(img, k, this.c, rowFrom, rowTo)) continue;
      fillConvexAt(img, this.xs, this.ys, this.start[k], this.length[k], this.c, 1, this.samples, rowFrom, rowTo);
    }
  }
}

function minOf(a: Float64Array, start: number, n: number): number {
  let v = Infinity;
  for (let i = start; i < start + n; i++) if (a[i] < v) v = a[i];
  return v;
}

function maxOf(a: Float64Array, start: number, n: number): number {
  let v = -Infinity;
  for (let i = start; i < start + n; i++) if (a[i] > v) v = a[i];
  return v;
}

/** The fill, then the stroke, of a path item. */
function pathPainters(item: PathItem, imageWidth: number, height: number, bands: number): BandPainter[] {
  const sp = new Subpaths();
  if (item.commands) sp.readCommands(item.commands);
  else sp.read(item.d);
  const starts = sp.start.subarray(0, sp.count);
  const lengths = sp.length.subarray(0, sp.count);
  const painters: BandPainter[] = [];
  // Edges that a stroke covers later need no vertical anti-aliasing: one sample row is enough.
  if (item.fill)
    painters.push(new ConvexFills(sp.xs, sp.ys, starts, lengths, color(item.fill), item.edgesStroked ? 1 : SUB, bands, imageWidth));
  if (!item.stroke) return painters;
  const c = color(item.stroke);
  const round = item.lineCap === 'round';
  const width = item.lineWidth ?? 1;
  const dash = item.dash;
  if (!dash?.length) {
    if (width <= HAIRLINE) painters.push(new ThinStrokes(sp, width, c, height, bands));
    else painters.push(new Polylines(sp.xs, sp.ys, starts, lengths, sp.closed.subarray(0, sp.count), width, c, round, bands, imageWidth));
    return painters;
  }
  const xs: number[] = [];
  const ys: number[] = [];
  const start: number[] = [];
  const length: number[] = [];
  for (let k = 0; k < sp.count; k++)
    for (const piece of dashedSubpath(sp, k, dash)) {
      start.push(xs.length);
      length.push(piece.xs.length);
      xs.push(...piece.xs);
      ys.push(...piece.ys);
    }
  painters.push(new Polylines(xs, ys, start, length, new Uint8Array(start.length), width, c, round, bands, imageWidth));
  return painters;
}

/** Composites a picture over its box (pixel-aligned; art boxes are whole faces), decoded before painting. */
async function imagePainter(item: ImageItem): Promise<BandPainter> {
  const x0 = Math.round(item.x);
  const y0 = Math.round(item.y);
  const w = Math.max(1, Math.round(item.x + item.w) - x0);
  const h = Math.max(1, Math.round(item.y + item.h) - y0);
  const sharp = await loadSharp();
  const rgba = await sharp(item.art.data).resize(w, h, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  return {
    paintBand(img, _band, rowFrom, rowTo) {
      for (let y = Math.max(0, -y0, rowFrom - y0); y < h && y0 + y < Math.min(img.height, rowTo); y++) {
        for (let x = Math.max(0, -x0); x < w && x0 + x < img.width; x++) {
          const s = (y * w + x) * 4;
          const a = rgba[s + 3] / 255;
          if (a > 0) blend(img, (y0 + y) * img.width + x0 + x, pixelColor(rgba[s], rgba[s + 1], rgba[s + 2]), a);
        }
      }
    },
  };
}

function scaleItem(item: Item, k: number): Item {
  switch (item.kind) {
    case 'rect':
      return {
        ...item,
        x: item.x * k,
        y: item.y * k,
        w: item.w * k,
        h: item.h * k,
        ...(item.lineWidth !== undefined ? { lineWidth: item.lineWidth * k } : {}),
      };
    case 'text':
      return { ...item, x: item.x * k, y: item.y * k, size: item.size * k };
    case 'image':
      return { ...item, x: item.x * k, y: item.y * k, w: item.w * k, h: item.h * k };
    case 'path':
      return {
        ...item,
        commands: undefined,
        d: item.d.replace(/-?\d*\.?\d+(?:e-?\d+)?/g, (t) => num(Number(t) * k)),
        ...(item.lineWidth !== undefined ? { lineWidth: item.lineWidth * k } : {}),
        ...(item.dash ? { dash: item.dash.map((v) => v * k) } : {}),
      };
  }
}

/**
 * PNG settings of large raster outputs. Level 1 (zlib-ng's quick deflate) encodes the monster map
 * in about 600 ms of CPU against 850 ms at level 2, for a file 9 % larger (47.1 MB against 43.2 MB);
 * VASSAL cares about pixel dimensions, not file size.
 */
export const LARGE_PNG_ENCODING = { compressionLevel: 1, adaptiveFiltering: false } as const;

/** Encodes an image as an RGB PNG declaring `pixelsPerInch` (its pHYs chunk). */
export async function encodePng(img: RgbImage, pixelsPerInch: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const buffer = await sharp(img.u8, {
    raw: { width: img.width, height: img.height, channels: 3 },
    limitInputPixels: false,
    unlimited: true,
  })
    .withDensity(pixelsPerInch)
    .png(LARGE_PNG_ENCODING)
    .toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Gives an image's memory back now, not at the collector's next full collection: a monster map's
 * 483 MB, dead once encoded, otherwise outlived it into the module's peak (a whole build of the
 * monster 860 against 1,105 MiB). Moving the pixels into a message on a channel closed at once
 * detaches them and drops the message with them; the image is empty afterwards.
 */
export function releaseImage(img: RgbImage): void {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, [img.buffer.buffer as ArrayBuffer]);
  port1.close();
  port2.close();
}

/**
 * Direct raster backend for large drawings (the map): paints a Drawing into an RGBA buffer
 * without going through an SVG renderer, which is far too slow for 20,000-hex maps.
 *
 * What it supports is what the map drawing emits: filled subpaths that are convex (hexes, squares,
 * triangles, circles), stroked polylines (butt or round caps and joins, dashes), rectangles, and
 * text. Edges are anti-aliased with four sub-rows per pixel row and exact horizontal coverage.
 * Glyphs are rendered once per (glyph, size, quarter-pixel offset) through sharp from their
 * outlines and stamped as alpha masks, so the text matches the SVG/PDF glyphs.
 */
import { loadSharp } from './load-sharp';
import type { Drawing, ImageItem, Item, PathItem } from './drawing';
import type { FontSet } from './fonts';
import { num } from './drawing';
import { BAND_ROWS, type Color, RgbImage, SUB, blend, color, fillConvex, fillConvexAt, pixelColor } from './raster-fill';
import { Subpaths } from './raster-path';
import { HAIRLINE, dashedSubpath, strokePolyline, strokeThinInBands } from './raster-stroke';
import { GlyphRuns } from './raster-text';

export { RgbImage, fillConvex };

/**
 * Paints a drawing into a new RGBA image of `pixelWidth` × `pixelHeight`, the drawing scaled by
 * pixelWidth / drawing.width (the map drawing is built in pixels already, so usually 1).
 */
export async function rasterizeDrawing(drawing: Drawing, fonts: FontSet, pixelWidth: number, pixelHeight: number): Promise<RgbImage> {
  const img = new RgbImage(pixelWidth, pixelHeight);
  const k = pixelWidth / drawing.width;
  const scaled = (item: Item): Item => (k === 1 ? item : scaleItem(item, k));
  const items = drawing.items.map(scaled);
  const glyphs = new GlyphRuns(fonts);
  for (const item of items) if (item.kind === 'text') glyphs.add(item);
  await glyphs.renderStamps();
  let run = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    switch (item.kind) {
      case 'rect': {
        const xs = Float64Array.of(item.x, item.x + item.w, item.x + item.w, item.x);
        const ys = Float64Array.of(item.y, item.y, item.y + item.h, item.y + item.h);
        if (item.fill) fillConvex(img, xs, ys, 4, color(item.fill));
        if (item.stroke) strokePolyline(img, xs, ys, 0, 4, true, item.lineWidth ?? 1, color(item.stroke), false);
        break;
      }
      case 'path':
        paintPath(img, item);
        break;
      case 'text': {
        // A run of text items (a map's 20,000 hex ids) is painted at once.
        let end = i + 1;
        while (end < items.length && items[end].kind === 'text') end++;
        glyphs.paintRuns(img, run, run + end - i);
        run += end - i;
        i = end - 1;
        break;
      }
      case 'image':
        await paintImage(img, item);
        break;
    }
  }
  return img;
}

let bandStart = new Int32Array(256);
let bandMembers = new Int32Array(1024);

/**
 * Fills every subpath (of three points or more) as a convex polygon, band of rows by band of rows:
 * a path of thousands of hexes filled hex by hex walks the whole image top to bottom for each
 * column of hexes. Within a band the subpaths keep their order, so each pixel is painted in the
 * same order as subpath by subpath: the same pixels.
 */
function fillInBands(img: RgbImage, sp: Subpaths, c: Color, samples: number): void {
  const bands = Math.ceil(img.height / BAND_ROWS);
  if (bandStart.length < bands + 1) bandStart = new Int32Array(bands + 1);
  bandStart.fill(0, 0, bands + 1);
  // Counting sort of (band, subpath) pairs by band, subpaths in order within each band.
  const first = (k: number) => Math.max(0, Math.floor(minOf(sp.ys, sp.start[k], sp.length[k]) / BAND_ROWS));
  const last = (k: number) => Math.min(bands - 1, Math.floor((Math.ceil(maxOf(sp.ys, sp.start[k], sp.length[k])) - 1) / BAND_ROWS));
  for (let k = 0; k < sp.count; k++) {
    if (sp.length[k] < 3) continue;
    for (let b = first(k), end = last(k); b <= end; b++) bandStart[b + 1]++;
  }
  for (let b = 0; b < bands; b++) bandStart[b + 1] += bandStart[b];
  const pairs = bandStart[bands];
  if (bandMembers.length < pairs) bandMembers = new Int32Array(Math.max(pairs, bandMembers.length * 2));
  const cursor = bandStart.slice(0, bands);
  for (let k = 0; k < sp.count; k++) {
    if (sp.length[k] < 3) continue;
    for (let b = first(k), end = last(k); b <= end; b++) bandMembers[cursor[b]++] = k;
  }
  for (let b = 0; b < bands; b++) {
    const from = b * BAND_ROWS;
    const to = Math.min(img.height, from + BAND_ROWS);
    for (let m = bandStart[b]; m < bandStart[b + 1]; m++) {
      const k = bandMembers[m];
      fillConvexAt(img, sp.xs, sp.ys, sp.start[k], sp.length[k], c, 1, samples, from, to);
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

/** The subpaths of the path being painted (reused: a map has a few dozen paths of megabytes each). */
const subpaths = new Subpaths();

function paintPath(img: RgbImage, item: PathItem): void {
  const sp = subpaths;
  if (item.commands) sp.readCommands(item.commands);
  else sp.read(item.d);
  if (item.fill) {
    const c = color(item.fill);
    // Edges that a stroke covers later need no vertical anti-aliasing: one sample row is enough.
    const samples = item.edgesStroked ? 1 : SUB;
    fillInBands(img, sp, c, samples);
  }
  if (!item.stroke) return;
  const c = color(item.stroke);
  const round = item.lineCap === 'round';
  const width = item.lineWidth ?? 1;
  if (!item.dash?.length && width <= HAIRLINE) {
    strokeThinInBands(img, sp, width, c);
    return;
  }
  for (let k = 0; k < sp.count; k++) {
    const start = sp.start[k];
    const n = sp.length[k];
    const closed = sp.closed[k] === 1;
    if (!item.dash?.length) {
      strokePolyline(img, sp.xs, sp.ys, start, n, closed, width, c, round);
      continue;
    }
    for (const piece of dashedSubpath(sp, k, item.dash))
      strokePolyline(img, piece.xs, piece.ys, 0, piece.xs.length, false, width, c, round);
  }
}

/** Composites a picture over its box (pixel-aligned; art boxes are whole faces). */
async function paintImage(img: RgbImage, item: ImageItem): Promise<void> {
  const x0 = Math.round(item.x);
  const y0 = Math.round(item.y);
  const w = Math.max(1, Math.round(item.x + item.w) - x0);
  const h = Math.max(1, Math.round(item.y + item.h) - y0);
  const sharp = await loadSharp();
  const rgba = await sharp(item.art.data).resize(w, h, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  for (let y = Math.max(0, -y0); y < h && y0 + y < img.height; y++) {
    for (let x = Math.max(0, -x0); x < w && x0 + x < img.width; x++) {
      const s = (y * w + x) * 4;
      const a = rgba[s + 3] / 255;
      if (a > 0) blend(img, (y0 + y) * img.width + x0 + x, pixelColor(rgba[s], rgba[s + 1], rgba[s + 2]), a);
    }
  }
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
 * PNG settings of large raster outputs. Level 2 deflates a map about twice as fast as the default
 * 6 for files about a quarter larger; VASSAL cares about pixel dimensions, not file size.
 */
export const LARGE_PNG_ENCODING = { compressionLevel: 2, adaptiveFiltering: false } as const;

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

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
import type { Drawing, ImageItem, Item, PathItem, TextItem } from './drawing';
import { type FontSet, textGlyphs } from './fonts';
import { num } from './drawing';
import { type Color, RgbaImage, SUB, blend, color, fillConvex, fillConvexAt, pixelColor } from './raster-fill';
import { Subpaths } from './raster-path';
import { dashed, strokePolyline } from './raster-stroke';

export { RgbaImage, fillConvex };

// ---- glyph stamps ----

interface Stamp {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

const stampCache = new Map<string, Promise<Stamp | undefined>>();

async function renderStamp(
  fonts: FontSet,
  font: 'regular' | 'bold',
  gid: number,
  size: number,
  fx: number,
  fy: number,
): Promise<Stamp | undefined> {
  const f = fonts[font].font;
  const glyph = f.getGlyph(gid);
  const d = glyph.path.toSVG();
  if (!d) return undefined;
  const s = size / f.unitsPerEm;
  const bb = glyph.path.bbox;
  // Glyph origin sits at (fx/4, fy/4) inside the pixel at (0,0) of the stamp's own frame.
  const ox = fx / 4;
  const oy = fy / 4;
  const left = Math.floor(ox + bb.minX * s) - 1;
  const right = Math.ceil(ox + bb.maxX * s) + 1;
  const top = Math.floor(oy - bb.maxY * s) - 1;
  const bottom = Math.ceil(oy - bb.minY * s) + 1;
  const width = right - left;
  const height = bottom - top;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}"><path fill="#000" transform="matrix(${num(s)} 0 0 ${num(-s)} ${num(ox)} ${num(oy)})" d="${d}"/></svg>`;
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alpha = new Uint8Array(info.width * info.height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * info.channels + info.channels - 1];
  return { left, top, width: info.width, height: info.height, alpha };
}

interface PlacedGlyph {
  key: string;
  x: number;
  y: number;
}

function glyphPlacements(fonts: FontSet, item: TextItem, wanted: Map<string, () => Promise<Stamp | undefined>>): PlacedGlyph[] {
  const f = fonts[item.font].font;
  const scale = item.size / f.unitsPerEm;
  // One layout serves both the width and the glyphs: layout is most of the cost of 20,000 hex ids.
  // The width is computed exactly as `textWidth` does (sum of advances / unitsPerEm × size).
  const glyphs = textGlyphs(fonts, item.font, item.text);
  let units = 0;
  for (const glyph of glyphs) units += glyph.advanceWidth;
  const width = (units / f.unitsPerEm) * item.size;
  let x = item.align === 'left' ? item.x : item.align === 'center' ? item.x - width / 2 : item.x - width;
  const out: PlacedGlyph[] = [];
  const iy = Math.floor(item.y);
  const fy = Math.min(3, Math.floor((item.y - iy) * 4));
  const keyPrefix = `${item.font}|`;
  const keySize = `|${item.size.toFixed(2)}|`;
  for (const glyph of glyphs) {
    const ix = Math.floor(x);
    const fx = Math.min(3, Math.floor((x - ix) * 4));
    const key = `${keyPrefix}${glyph.id}${keySize}${fx}|${fy}`;
    if (!wanted.has(key)) wanted.set(key, () => renderStamp(fonts, item.font, glyph.id, item.size, fx, fy));
    out.push({ key, x: ix, y: iy });
    x += glyph.advanceWidth * scale;
  }
  return out;
}

function paintStamp(img: RgbaImage, stamp: Stamp, x: number, y: number, c: Color): void {
  for (let j = 0; j < stamp.height; j++) {
    const py = y + stamp.top + j;
    if (py < 0 || py >= img.height) continue;
    for (let i = 0; i < stamp.width; i++) {
      const a = stamp.alpha[j * stamp.width + i];
      if (a === 0) continue;
      const px = x + stamp.left + i;
      if (px < 0 || px >= img.width) continue;
      blend(img, py * img.width + px, c, a / 255);
    }
  }
}

/**
 * Paints a drawing into a new RGBA image of `pixelWidth` × `pixelHeight`, the drawing scaled by
 * pixelWidth / drawing.width (the map drawing is built in pixels already, so usually 1).
 */
export async function rasterizeDrawing(drawing: Drawing, fonts: FontSet, pixelWidth: number, pixelHeight: number): Promise<RgbaImage> {
  const img = new RgbaImage(pixelWidth, pixelHeight);
  const k = pixelWidth / drawing.width;
  const wanted = new Map<string, () => Promise<Stamp | undefined>>();
  const texts = new Map<TextItem, PlacedGlyph[]>();
  const scaled = (item: Item): Item => (k === 1 ? item : scaleItem(item, k));
  const items = drawing.items.map(scaled);
  for (const item of items) if (item.kind === 'text') texts.set(item, glyphPlacements(fonts, item, wanted));
  const stamps = new Map<string, Stamp | undefined>();
  await Promise.all(
    [...wanted].map(async ([key, make]) => {
      if (!stampCache.has(key)) stampCache.set(key, make());
      stamps.set(key, await stampCache.get(key)!);
    }),
  );
  for (const item of items) {
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
        const c = color(item.fill);
        for (const g of texts.get(item)!) {
          const stamp = stamps.get(g.key);
          if (stamp) paintStamp(img, stamp, g.x, g.y, c);
        }
        break;
      }
      case 'image':
        await paintImage(img, item);
        break;
    }
  }
  return img;
}

/** The subpaths of the path being painted (reused: a map has a few dozen paths of megabytes each). */
const subpaths = new Subpaths();

function paintPath(img: RgbaImage, item: PathItem): void {
  const sp = subpaths;
  sp.read(item.d);
  if (item.fill) {
    const c = color(item.fill);
    // Edges that a stroke covers later need no vertical anti-aliasing: one sample row is enough.
    const samples = item.edgesStroked ? 1 : SUB;
    for (let k = 0; k < sp.count; k++) if (sp.length[k] >= 3) fillConvexAt(img, sp.xs, sp.ys, sp.start[k], sp.length[k], c, 1, samples);
  }
  if (!item.stroke) return;
  const c = color(item.stroke);
  const round = item.lineCap === 'round';
  const width = item.lineWidth ?? 1;
  for (let k = 0; k < sp.count; k++) {
    const start = sp.start[k];
    const n = sp.length[k];
    const closed = sp.closed[k] === 1;
    if (!item.dash?.length) {
      strokePolyline(img, sp.xs, sp.ys, start, n, closed, width, c, round);
      continue;
    }
    const xs = Array.from(sp.xs.subarray(start, start + n));
    const ys = Array.from(sp.ys.subarray(start, start + n));
    if (closed) {
      xs.push(xs[0]);
      ys.push(ys[0]);
    }
    for (const piece of dashed(xs, ys, item.dash)) strokePolyline(img, piece.xs, piece.ys, 0, piece.xs.length, false, width, c, round);
  }
}

/** Composites a picture over its box (pixel-aligned; art boxes are whole faces). */
async function paintImage(img: RgbaImage, item: ImageItem): Promise<void> {
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

/** Encodes an RGBA image as an opaque RGB PNG declaring `pixelsPerInch` (its pHYs chunk). */
export async function encodePng(img: RgbaImage, pixelsPerInch: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const buffer = await sharp(img.u8, {
    raw: { width: img.width, height: img.height, channels: 4 },
    limitInputPixels: false,
    unlimited: true,
  })
    .removeAlpha()
    .withDensity(pixelsPerInch)
    .png(LARGE_PNG_ENCODING)
    .toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

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
import type { Drawing, ImageItem, Item, Paint, TextItem } from './drawing';
import { type FontSet, textGlyphs } from './fonts';
import { num, rgbComponents } from './drawing';

const SUB = 4;
let sub = SUB;

export class RgbaImage {
  readonly u8: Uint8Array;
  readonly u32: Uint32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.u32 = new Uint32Array(width * height);
    this.u8 = new Uint8Array(this.u32.buffer);
  }
}

interface Color {
  r: number;
  g: number;
  b: number;
  packed: number;
}

function color(p: Paint): Color {
  const [r, g, b] = rgbComponents(p).map((v) => Math.round(v * 255));
  // Little-endian RGBA in one 32-bit word (every supported platform is little-endian).
  return { r, g, b, packed: ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 };
}

function blend(img: RgbaImage, index: number, c: Color, a: number): void {
  if (a <= 0) return;
  if (a >= 0.999) {
    img.u32[index] = c.packed;
    return;
  }
  const i = index * 4;
  const u = img.u8;
  u[i] = u[i] + (c.r - u[i]) * a + 0.5;
  u[i + 1] = u[i + 1] + (c.g - u[i + 1]) * a + 0.5;
  u[i + 2] = u[i + 2] + (c.b - u[i + 2]) * a + 0.5;
  u[i + 3] = 255;
}

const subL = new Float64Array(SUB);
const subR = new Float64Array(SUB);

/** Fills a convex polygon (xs/ys of length n) with anti-aliased edges. */
export function fillConvex(img: RgbaImage, xs: Float64Array, ys: Float64Array, n: number, c: Color, alpha = 1, samples = SUB): void {
  sub = samples;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    if (ys[i] < minY) minY = ys[i];
    if (ys[i] > maxY) maxY = ys[i];
  }
  const W = img.width;
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(img.height, Math.ceil(maxY));
  for (let py = y0; py < y1; py++) {
    let L = Infinity;
    let R = -Infinity;
    let Lin = -Infinity;
    let Rin = Infinity;
    let full = true;
    for (let s = 0; s < sub; s++) {
      const sy = py + (s + 0.5) / sub;
      let a = Infinity;
      let b = -Infinity;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const yi = ys[i];
        const yj = ys[j];
        if ((yi <= sy && yj > sy) || (yj <= sy && yi > sy)) {
          const x = xs[i] + ((sy - yi) * (xs[j] - xs[i])) / (yj - yi);
          if (x < a) a = x;
          if (x > b) b = x;
        }
      }
      if (a > b) {
        subL[s] = 0;
        subR[s] = 0;
        full = false;
        continue;
      }
      if (a < 0) a = 0;
      if (b > W) b = W;
      subL[s] = a;
      subR[s] = b;
      if (a < L) L = a;
      if (b > R) R = b;
      if (a > Lin) Lin = a;
      if (b < Rin) Rin = b;
    }
    if (L >= R) continue;
    const row = py * W;
    const start = Math.floor(L);
    const end = Math.ceil(R);
    let iL = full ? Math.ceil(Lin) : end;
    let iR = full ? Math.floor(Rin) : end;
    if (iL >= iR) {
      iL = end;
      iR = end;
    }
    for (let px = start; px < iL; px++) blend(img, row + px, c, coverage(px) * alpha);
    if (iR > iL) {
      if (alpha >= 0.999) img.u32.fill(c.packed, row + iL, row + iR);
      else for (let px = iL; px < iR; px++) blend(img, row + px, c, alpha);
    }
    for (let px = Math.max(iR, iL); px < end; px++) blend(img, row + px, c, coverage(px) * alpha);
  }
}

function coverage(px: number): number {
  let sum = 0;
  for (let s = 0; s < sub; s++) {
    const a = subL[s] > px ? subL[s] : px;
    const b = subR[s] < px + 1 ? subR[s] : px + 1;
    if (b > a) sum += b - a;
  }
  return sum / sub;
}

const quadX = new Float64Array(4);
const quadY = new Float64Array(4);
const DISC_SIDES = 12;
const discX = new Float64Array(DISC_SIDES);
const discY = new Float64Array(DISC_SIDES);

function fillDisc(img: RgbaImage, cx: number, cy: number, r: number, c: Color): void {
  for (let k = 0; k < DISC_SIDES; k++) {
    const t = (2 * Math.PI * k) / DISC_SIDES;
    discX[k] = cx + r * Math.cos(t);
    discY[k] = cy + r * Math.sin(t);
  }
  fillConvex(img, discX, discY, DISC_SIDES, c);
}

function strokeSegment(img: RgbaImage, ax: number, ay: number, bx: number, by: number, width: number, c: Color): void {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  if (len === 0) return;
  const nx = (-dy / len) * (width / 2);
  const ny = (dx / len) * (width / 2);
  quadX[0] = ax + nx;
  quadY[0] = ay + ny;
  quadX[1] = bx + nx;
  quadY[1] = by + ny;
  quadX[2] = bx - nx;
  quadY[2] = by - ny;
  quadX[3] = ax - nx;
  quadY[3] = ay - ny;
  fillConvex(img, quadX, quadY, 4, c);
}

/** Subpaths of absolute M/L/C/Z path data, curves flattened; `closed` per subpath. */
export function parseSubpaths(d: string): { xs: number[]; ys: number[]; closed: boolean }[] {
  const out: { xs: number[]; ys: number[]; closed: boolean }[] = [];
  const tokens = d.match(/[MLCZ]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
  let current: { xs: number[]; ys: number[]; closed: boolean } | undefined;
  let i = 0;
  let cmd = 'M';
  while (i < tokens.length) {
    const t = tokens[i];
    if (t === 'M' || t === 'L' || t === 'C' || t === 'Z') {
      cmd = t;
      i++;
      if (t === 'Z' && current) {
        current.closed = true;
        current = undefined;
      }
      continue;
    }
    if (cmd === 'M') {
      current = { xs: [Number(tokens[i])], ys: [Number(tokens[i + 1])], closed: false };
      out.push(current);
      i += 2;
      cmd = 'L';
    } else if (cmd === 'L') {
      if (!current) {
        current = { xs: [], ys: [], closed: false };
        out.push(current);
      }
      current.xs.push(Number(tokens[i]));
      current.ys.push(Number(tokens[i + 1]));
      i += 2;
    } else if (cmd === 'C') {
      const x0 = current!.xs[current!.xs.length - 1];
      const y0 = current!.ys[current!.ys.length - 1];
      const [x1, y1, x2, y2, x3, y3] = tokens.slice(i, i + 6).map(Number);
      for (let k = 1; k <= 8; k++) {
        const t1 = k / 8;
        const m = 1 - t1;
        current!.xs.push(m * m * m * x0 + 3 * m * m * t1 * x1 + 3 * m * t1 * t1 * x2 + t1 * t1 * t1 * x3);
        current!.ys.push(m * m * m * y0 + 3 * m * m * t1 * y1 + 3 * m * t1 * t1 * y2 + t1 * t1 * t1 * y3);
      }
      i += 6;
    } else i++;
  }
  return out;
}

/** Splits a polyline into dash pieces. */
function dashed(xs: number[], ys: number[], dash: number[]): { xs: number[]; ys: number[] }[] {
  const pieces: { xs: number[]; ys: number[] }[] = [];
  let k = 0;
  let left = dash[0];
  let on = true;
  let piece: { xs: number[]; ys: number[] } | undefined = { xs: [xs[0]], ys: [ys[0]] };
  for (let i = 1; i < xs.length; i++) {
    let ax = xs[i - 1];
    let ay = ys[i - 1];
    let len = Math.hypot(xs[i] - ax, ys[i] - ay);
    const ux = len ? (xs[i] - ax) / len : 0;
    const uy = len ? (ys[i] - ay) / len : 0;
    while (len > left) {
      ax += ux * left;
      ay += uy * left;
      len -= left;
      if (on && piece) {
        piece.xs.push(ax);
        piece.ys.push(ay);
        pieces.push(piece);
        piece = undefined;
      } else piece = { xs: [ax], ys: [ay] };
      on = !on;
      k = (k + 1) % dash.length;
      left = dash[k];
    }
    left -= len;
    if (on && piece) {
      piece.xs.push(xs[i]);
      piece.ys.push(ys[i]);
    }
  }
  if (on && piece && piece.xs.length > 1) pieces.push(piece);
  return pieces;
}

/**
 * A line about one pixel wide, anti-aliased across its direction (Wu's method): far cheaper than a
 * sub-sampled quad, and hex grids are thousands of them.
 */
function thinLine(img: RgbaImage, ax: number, ay: number, bx: number, by: number, c: Color, strength: number): void {
  const steep = Math.abs(by - ay) > Math.abs(bx - ax);
  // Walk along the major axis through pixel centres; split coverage between the two nearest rows/columns.
  const [u0, v0, u1, v1] = steep ? (ay < by ? [ay, ax, by, bx] : [by, bx, ay, ax]) : ax < bx ? [ax, ay, bx, by] : [bx, by, ax, ay];
  const slope = u1 === u0 ? 0 : (v1 - v0) / (u1 - u0);
  const limitU = steep ? img.height : img.width;
  const limitV = steep ? img.width : img.height;
  const start = Math.max(0, Math.ceil(u0 - 0.5));
  const end = Math.min(limitU - 1, Math.floor(u1 - 0.5));
  for (let u = start; u <= end; u++) {
    const v = v0 + slope * (u + 0.5 - u0) - 0.5;
    const vi = Math.floor(v);
    const f = v - vi;
    if (vi >= 0 && vi < limitV) blend(img, steep ? u * img.width + vi : vi * img.width + u, c, (1 - f) * strength);
    if (vi + 1 >= 0 && vi + 1 < limitV) blend(img, steep ? u * img.width + vi + 1 : (vi + 1) * img.width + u, c, f * strength);
  }
}

function strokePolyline(img: RgbaImage, xs: number[], ys: number[], width: number, c: Color, round: boolean): void {
  if (width <= 1.25) {
    for (let i = 1; i < xs.length; i++) thinLine(img, xs[i - 1], ys[i - 1], xs[i], ys[i], c, Math.max(0.5, Math.min(1, width)));
    return;
  }
  const w = width;
  for (let i = 1; i < xs.length; i++) strokeSegment(img, xs[i - 1], ys[i - 1], xs[i], ys[i], w, c);
  if (w >= 2) {
    // Round joins (and caps when asked) fill the notches between segments of thick lines.
    const first = round ? 0 : 1;
    const last = round ? xs.length : xs.length - 1;
    for (let i = first; i < last; i++) fillDisc(img, xs[i], ys[i], w / 2, c);
  }
}

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
        const xs = [item.x, item.x + item.w, item.x + item.w, item.x];
        const ys = [item.y, item.y, item.y + item.h, item.y + item.h];
        if (item.fill) fillConvex(img, Float64Array.from(xs), Float64Array.from(ys), 4, color(item.fill));
        if (item.stroke) strokePolyline(img, [...xs, xs[0]], [...ys, ys[0]], item.lineWidth ?? 1, color(item.stroke), false);
        break;
      }
      case 'path': {
        const subpaths = parseSubpaths(item.d);
        if (item.fill) {
          const c = color(item.fill);
          // Typed arrays only: fillConvex stays monomorphic, which matters on 20,000-hex maps.
          // Edges that a stroke covers later need no vertical anti-aliasing: one sample row is enough.
          const samples = item.edgesStroked ? 1 : SUB;
          for (const sp of subpaths)
            if (sp.xs.length >= 3) fillConvex(img, Float64Array.from(sp.xs), Float64Array.from(sp.ys), sp.xs.length, c, 1, samples);
        }
        if (item.stroke) {
          const c = color(item.stroke);
          const round = item.lineCap === 'round';
          for (const sp of subpaths) {
            const xs = sp.closed ? [...sp.xs, sp.xs[0]] : sp.xs;
            const ys = sp.closed ? [...sp.ys, sp.ys[0]] : sp.ys;
            if (item.dash && item.dash.length)
              for (const piece of dashed(xs, ys, item.dash)) strokePolyline(img, piece.xs, piece.ys, item.lineWidth ?? 1, c, round);
            else strokePolyline(img, xs, ys, item.lineWidth ?? 1, c, round);
          }
        }
        break;
      }
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

function pixelColor(r: number, g: number, b: number): Color {
  return { r, g, b, packed: ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 };
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

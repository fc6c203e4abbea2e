/**
 * Text of the raster backend. Glyphs are rendered once per (glyph, size, quarter-pixel offset)
 * through sharp from their outlines and stamped as alpha masks, so the text matches the SVG/PDF
 * glyphs. A map has some 20,000 labels: their glyphs are kept as flat lists of (stamp, x, y), with
 * a numeric key per glyph, not an object and a key string each.
 */
import type { TextItem } from './drawing';
import { num } from './drawing';
import { type FontSet, textGlyphs } from './fonts';
import { loadSharp } from './load-sharp';
import { BandIndex, type BandPainter, bandOf } from './raster-bands';
import { type Color, type RgbImage, blend, color } from './raster-fill';

interface Stamp {
  left: number;
  top: number;
  width: number;
  height: number;
  alpha: Uint8Array;
}

/** Stamps by key, kept for the process: later drawings mostly need the same glyphs. */
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

/** The glyphs of a drawing's text items, placed on whole pixels with their stamps. */
export class GlyphRuns {
  /** Per glyph: its text item (run), its stamp's slot and the whole pixel of its origin. */
  private readonly run: number[] = [];
  private readonly slot: number[] = [];
  private readonly x: number[] = [];
  private readonly y: number[] = [];
  /** Per text item, in the order added: the end of its glyphs in the lists above, and its colour. */
  private readonly ends: number[] = [];
  private readonly colors: Color[] = [];
  private readonly colorOf = new Map<string, Color>();
  /** Stamp slots by numeric key (size, font, glyph, offsets), and what each slot needs. */
  private readonly slotOf = new Map<number, number>();
  private readonly sizeIndex = new Map<string, number>();
  private readonly requests: { key: string; make: () => Promise<Stamp | undefined> }[] = [];
  private stamps: (Stamp | undefined)[] = [];

  constructor(private readonly fonts: FontSet) {}

  /** Lays out a text item's glyphs. */
  add(item: TextItem): void {
    const { fonts } = this;
    const f = fonts[item.font].font;
    const scale = item.size / f.unitsPerEm;
    // One layout serves both the width and the glyphs: layout is most of the cost of 20,000 hex ids.
    // The width is computed exactly as `textWidth` does (sum of advances / unitsPerEm × size).
    const glyphs = textGlyphs(fonts, item.font, item.text);
    let units = 0;
    for (const glyph of glyphs) units += glyph.advanceWidth;
    const width = (units / f.unitsPerEm) * item.size;
    let x = item.align === 'left' ? item.x : item.align === 'center' ? item.x - width / 2 : item.x - width;
    const iy = Math.floor(item.y);
    const fy = Math.min(3, Math.floor((item.y - iy) * 4));
    const size = item.size.toFixed(2);
    let sizeIndex = this.sizeIndex.get(size);
    if (sizeIndex === undefined) this.sizeIndex.set(size, (sizeIndex = this.sizeIndex.size));
    const fontBase = (sizeIndex * 2 + (item.font === 'bold' ? 1 : 0)) * 0x10000;
    for (const glyph of glyphs) {
      const ix = Math.floor(x);
      const fx = Math.min(3, Math.floor((x - ix) * 4));
      const numeric = (fontBase + glyph.id) * 16 + fx * 4 + fy;
      let slot = this.slotOf.get(numeric);
      if (slot === undefined) {
        slot = this.requests.length;
        this.slotOf.set(numeric, slot);
        const gid = glyph.id;
        const itemSize = item.size;
        this.requests.push({
          key: `${item.font}|${gid}|${size}|${fx}|${fy}`,
          make: () => renderStamp(fonts, item.font, gid, itemSize, fx, fy),
        });
      }
      this.run.push(this.ends.length);
      this.slot.push(slot);
      this.x.push(ix);
      this.y.push(iy);
      x += glyph.advanceWidth * scale;
    }
    this.ends.push(this.slot.length);
    let c = this.colorOf.get(item.fill.rgb);
    if (!c) this.colorOf.set(item.fill.rgb, (c = color(item.fill)));
    this.colors.push(c);
  }

  /** Renders the stamps not rendered before (through sharp, concurrently). */
  async renderStamps(): Promise<void> {
    this.stamps = await Promise.all(
      this.requests.map(({ key, make }) => {
        if (!stampCache.has(key)) stampCache.set(key, make());
        return stampCache.get(key)!;
      }),
    );
  }

  /**
   * The glyphs of the text items added `from`-th to before `to`-th, to paint band by band (labels in
   * hex order would walk the image top to bottom per column of hexes), in their order within a band.
   */
  painter(from: number, to: number, bands: number): BandPainter {
    const g0 = from === 0 ? 0 : this.ends[from - 1];
    const g1 = to === 0 ? 0 : this.ends[to - 1];
    const stampOf = (g: number) => this.stamps[this.slot[g0 + g]];
    const index = new BandIndex(
      bands,
      g1 - g0,
      (g) => {
        const stamp = stampOf(g);
        return stamp ? bandOf(this.y[g0 + g] + stamp.top, bands) : bands;
      },
      (g) => {
        const stamp = stampOf(g);
        return stamp ? bandOf(this.y[g0 + g] + stamp.top + stamp.height - 1, bands) : -1;
      },
    );
    return {
      paintBand: (img, band, rowFrom, rowTo) => {
        for (let i = index.start[band]; i < index.start[band + 1]; i++) {
          const g = g0 + index.members[i];
          paintStamp(img, this.stamps[this.slot[g]]!, this.x[g], this.y[g], this.colors[this.run[g]], rowFrom, rowTo);
        }
      },
    };
  }
}

/** A stamp's rows from `rowFrom` to before `rowTo` of the image. */
function paintStamp(img: RgbImage, stamp: Stamp, x: number, y: number, c: Color, rowFrom: number, rowTo: number): void {
  const { width, height, alpha } = stamp;
  const y0 = y + stamp.top;
  for (let j = Math.max(0, rowFrom - y0); j < height && y0 + j < rowTo; j++) {
    const py = y0 + j;
    if (py < 0 || py >= img.height) continue;
    const row = py * img.width;
    for (let i = 0; i < width; i++) {
      const a = alpha[j * width + i];
      if (a === 0) continue;
      const px = x + stamp.left + i;
      if (px < 0 || px >= img.width) continue;
      blend(img, row + px, c, a / 255);
    }
  }
}

/**
 * The raster backend paints a drawing band of pixel rows by band: every item's part in a band,
 * items in order, before the next band. A map is hundreds of megabytes of pixels; painted item by
 * item, each of its twenty-odd layers (paper, terrain fills, marks, grid, labels) would fetch the
 * whole image from memory again, while a band stays in the processor's cache for all of them.
 *
 * Each pixel row is painted from that row alone, so a pixel gets the same paint in the same order
 * as item by item: the same pixels.
 */
import type { Color, RgbImage } from './raster-fill';

/** Pixel rows of a band: a band of a big map's rows (1.3 MB at 13,000 px wide) stays in cache. */
export const BAND_ROWS = 32;

/** One item of a drawing, ready to paint the rows from `rowFrom` to before `rowTo` of band `band`. */
export interface BandPainter {
  paintBand(img: RgbImage, band: number, rowFrom: number, rowTo: number): void;
  /**
   * Rows (from, to before) this item paints opaque across the whole image width: nothing painted
   * before it shows there (a map's ground over its paper).
   */
  opaqueRows?: [number, number];
  /**
   * The one colour this item paints, opaque (its edge pixels blended towards it): over pixels of
   * that colour already it changes none (a map's first terrain fill over ground of its colour).
   */
  solid?: Color;
}

function sameColor(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b;
}

/** The band of pixel row y, within the image's `bands`. */
export function bandOf(y: number, bands: number): number {
  return Math.min(bands - 1, Math.max(0, Math.floor(y / BAND_ROWS)));
}

/**
 * Which parts of an item (subpaths, segments, glyphs, numbered 0 to count - 1) touch each band,
 * parts in their order within each band: a counting sort of (band, part) pairs by band.
 */
export class BandIndex {
  /** The parts of band b are members[start[b]] to before members[start[b + 1]]. */
  readonly start: Int32Array;
  readonly members: Int32Array;

  /** `first(k)` to `last(k)` are the bands part k touches (none when first > last). */
  constructor(bands: number, count: number, first: (k: number) => number, last: (k: number) => number) {
    const firsts = new Int32Array(count);
    const lasts = new Int32Array(count);
    const start = new Int32Array(bands + 1);
    for (let k = 0; k < count; k++) {
      firsts[k] = first(k);
      lasts[k] = last(k);
      for (let b = firsts[k]; b <= lasts[k]; b++) start[b + 1]++;
    }
    for (let b = 0; b < bands; b++) start[b + 1] += start[b];
    const members = new Int32Array(start[bands]);
    const cursor = start.slice(0, bands);
    for (let k = 0; k < count; k++) for (let b = firsts[k]; b <= lasts[k]; b++) members[cursor[b]++] = k;
    this.start = start;
    this.members = members;
  }
}

/**
 * Paints `painters` band by band over the whole image; in a band that a later item paints opaque
 * from edge to edge, the items before it are skipped, and so are the items right after it that
 * paint its colour alone (the band holds nothing else yet).
 */
export function paintInBands(img: RgbImage, painters: BandPainter[]): void {
  const bands = Math.ceil(img.height / BAND_ROWS);
  if (painters.length === 0) return;
  for (let b = 0; b < bands; b++) {
    const rowFrom = b * BAND_ROWS;
    const rowTo = Math.min(img.height, rowFrom + BAND_ROWS);
    let first = 0;
    for (let i = painters.length - 1; i > 0; i--) {
      const rows = painters[i].opaqueRows;
      if (rows && rows[0] <= rowFrom && rowTo <= rows[1]) {
        first = i;
        break;
      }
    }
    const rows = painters[first].opaqueRows;
    const covered = rows !== undefined && rows[0] <= rowFrom && rowTo <= rows[1];
    const uniform = covered ? painters[first].solid : undefined;
    painters[first].paintBand(img, b, rowFrom, rowTo);
    let i = first + 1;
    if (uniform) while (i < painters.length && painters[i].solid && sameColor(painters[i].solid!, uniform)) i++;
    for (; i < painters.length; i++) painters[i].paintBand(img, b, rowFrom, rowTo);
  }
}

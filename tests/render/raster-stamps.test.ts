import { describe, expect, it } from 'vitest';
import { BAND_ROWS } from '../../src/render/raster-bands';
import { RgbImage, SUB, fillConvexAt, fillPixels, pixelColor } from '../../src/render/raster-fill';
import { Subpaths } from '../../src/render/raster-path';
import { ConvexStamps } from '../../src/render/raster-stamps';
import { addPatternMarks, emptyMarks } from '../../src/render/terrain-marks';
import type { TerrainPattern } from '../../src/model/files';

const ground = pixelColor(230, 220, 188);
const ink = pixelColor(94, 31, 23);

/** The filled marks of `pattern` in every hex of a flat-topped grid, as the map draws them. */
function marks(pattern: TerrainPattern, columns: number, rows: number, size: number): Subpaths {
  const m = emptyMarks();
  for (let col = 0; col < columns; col++)
    for (let row = 0; row < rows; row++) {
      const cx = size * (0.5 + 0.75 * col);
      const cy = size * (Math.sqrt(3) / 2) * (row + 0.5 + (col % 2) / 2);
      addPatternMarks(pattern, cx, cy, size, m);
    }
  const sp = new Subpaths();
  sp.readCommands(m.fill);
  return sp;
}

/** Each subpath painted by `each`, band by band over a ground. */
function paint(width: number, height: number, count: number, each: (img: RgbImage, k: number, from: number, to: number) => void): RgbImage {
  const img = new RgbImage(width, height);
  fillPixels(img, 0, width * height, ground);
  for (let from = 0; from < height; from += BAND_ROWS)
    for (let k = 0; k < count; k++) each(img, k, from, Math.min(height, from + BAND_ROWS));
  return img;
}

describe('stamps of small repeated shapes', () => {
  for (const pattern of ['trees', 'dots', 'city', 'town'] as TerrainPattern[])
    it(`paint the pixels that filling each copy paints (${pattern}), sharing stamps between copies`, () => {
      const size = 54.6875;
      const sp = marks(pattern, 14, 10, size);
      const start = sp.start.subarray(0, sp.count);
      const length = sp.length.subarray(0, sp.count);
      // Narrower than the grid: copies across the right side are clipped, and scan converted instead.
      const width = Math.floor(size * 0.75 * 13);
      const height = Math.ceil(size * 9.5);
      const stamps = new ConvexStamps(sp.xs, sp.ys, start, length, width);
      const filled = paint(width, height, sp.count, (img, k, from, to) =>
        fillConvexAt(img, sp.xs, sp.ys, start[k], length[k], ink, 1, SUB, from, to),
      );
      let stamped = 0;
      const painted = paint(width, height, sp.count, (img, k, from, to) => {
        if (stamps.paint(img, k, ink, from, to)) stamped++;
        else fillConvexAt(img, sp.xs, sp.ys, start[k], length[k], ink, 1, SUB, from, to);
      });
      let differing = 0;
      for (let i = 0; i < filled.u8.length; i++) if (painted.u8[i] !== filled.u8[i]) differing++;
      expect(differing).toBe(0);
      expect(stamped).toBeGreaterThan(sp.count * 0.8);
      expect(stamps.stamps).toBeLessThan(sp.count);
    });
});

import { describe, expect, it } from 'vitest';
import { BAND_ROWS } from '../../src/render/raster-bands';
import { RgbImage, SUB, fillConvexAt, fillPixels, pixelColor } from '../../src/render/raster-fill';
import { Subpaths } from '../../src/render/raster-path';
import { ConvexStamps } from '../../src/render/raster-stamps';
import { Polylines, segmentQuad } from '../../src/render/raster-stroke';
import { addPatternMarks, emptyMarks } from '../../src/render/terrain-marks';
import type { TerrainPattern } from '../../src/model/files';

const ground = pixelColor(230, 220, 188);
const ink = pixelColor(94, 31, 23);

/**
 * The filled marks of `pattern` in every hex of a flat-topped grid, as the map draws them (rows a
 * whole number of eighths of a pixel apart, so that copies repeat within a small grid).
 */
function marks(pattern: TerrainPattern, columns: number, rows: number, size: number, stroked = false): Subpaths {
  const m = emptyMarks();
  for (let col = 0; col < columns; col++)
    for (let row = 0; row < rows; row++) {
      const cx = size * (0.5 + 0.75 * col);
      const cy = 47.375 * (row + 0.5 + (col % 2) / 2);
      addPatternMarks(pattern, cx, cy, size, m);
    }
  const sp = new Subpaths();
  sp.readCommands(stroked ? m.stroke : m.fill);
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

describe('stamps of short strokes', () => {
  it('paint the quads of marsh tufts as filling each quad does', () => {
    const size = 54.6875;
    const sp = marks('marsh', 14, 10, size, true);
    const width = Math.floor(size * 0.75 * 13);
    const height = Math.ceil(47.375 * 10);
    const lineWidth = 1.3125;
    const strokes = new Polylines(
      sp.xs,
      sp.ys,
      sp.start.subarray(0, sp.count),
      sp.length.subarray(0, sp.count),
      sp.closed.subarray(0, sp.count),
      lineWidth,
      ink,
      true,
      Math.ceil(height / BAND_ROWS),
      width,
    );
    const painted = paint(width, height, 1, (img, _k, from) =>
      strokes.paintBand(img, from / BAND_ROWS, from, Math.min(height, from + BAND_ROWS)),
    );
    const quadX = new Float64Array(4);
    const quadY = new Float64Array(4);
    const filled = paint(width, height, sp.count, (img, k, from, to) => {
      const a = sp.start[k];
      for (let i = a + 1; i < a + sp.length[k]; i++)
        if (segmentQuad(sp.xs[i - 1], sp.ys[i - 1], sp.xs[i], sp.ys[i], lineWidth, quadX, quadY))
          fillConvexAt(img, quadX, quadY, 0, 4, ink, 1, SUB, from, to);
    });
    let differing = 0;
    for (let i = 0; i < filled.u8.length; i++) if (painted.u8[i] !== filled.u8[i]) differing++;
    expect(differing).toBe(0);
  });
});

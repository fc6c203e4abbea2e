import { describe, expect, it } from 'vitest';
import { RgbImage, fillPixels, pixelColor } from '../../src/render/raster-fill';

describe('fillPixels', () => {
  it('paints each span its colour, short and long, as colours change between spans', () => {
    const width = 9000;
    const img = new RgbImage(width, 3);
    const colors = [pixelColor(10, 20, 30), pixelColor(200, 150, 100), pixelColor(1, 2, 3)];
    // Spans below the short-span cutoff, within the run, and over several runs (4096 px each).
    const spans: [number, number, number][] = [
      [0, 9000, 0],
      [9000, 9005, 1],
      [9005, 9400, 2],
      [9400, 18000, 1],
      [18000, 18001, 0],
      [18001, 27000, 2],
      [100, 130, 1],
    ];
    const expected = new Uint8Array(width * 3 * 3);
    for (const [from, to, k] of spans) {
      fillPixels(img, from, to, colors[k]);
      for (let p = from; p < to; p++) expected.set([colors[k].r, colors[k].g, colors[k].b], p * 3);
    }
    expect(Buffer.from(img.u8).equals(Buffer.from(expected))).toBe(true);
  });
});

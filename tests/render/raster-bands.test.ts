import { describe, expect, it } from 'vitest';
import { type BandPainter, BAND_ROWS, paintInBands } from '../../src/render/raster-bands';
import { RgbImage, SUB, fillConvex, fillPixels, pixelColor } from '../../src/render/raster-fill';

const ground = pixelColor(243, 238, 214);

/** A painter that records the bands it was asked to paint. */
function recorder(solid?: ReturnType<typeof pixelColor>, opaqueRows?: [number, number]): BandPainter & { bands: number[] } {
  const bands: number[] = [];
  return { bands, solid, opaqueRows, paintBand: (_img, band) => void bands.push(band) };
}

describe('painting in bands', () => {
  it('skips fills of the colour of the opaque item right before them, and nothing else', () => {
    const img = new RgbImage(10, BAND_ROWS * 3);
    const paper = recorder(pixelColor(255, 255, 255));
    // Opaque over the first two bands only.
    const base = recorder(ground, [0, BAND_ROWS * 2]);
    const same = recorder(pixelColor(243, 238, 214));
    const other = recorder(pixelColor(10, 20, 30));
    const sameAfterOther = recorder(ground);
    paintInBands(img, [paper, base, same, other, sameAfterOther]);
    expect(paper.bands).toEqual([2]);
    expect(base.bands).toEqual([0, 1, 2]);
    expect(same.bands).toEqual([2]);
    expect(other.bands).toEqual([0, 1, 2]);
    expect(sameAfterOther.bands).toEqual([0, 1, 2]);
  });

  it('relies on a fill of a colour changing no pixel of that colour, edges included', () => {
    const img = new RgbImage(40, 40);
    fillPixels(img, 0, 40 * 40, ground);
    const before = img.u8.slice();
    // A hexagon with fractional corners: its edge pixels are blended by partial coverage.
    const xs = Float64Array.of(30.3, 22.7, 9.1, 3.6, 9.1, 22.7);
    const ys = Float64Array.of(20.2, 6.45, 6.45, 20.2, 33.9, 33.9);
    fillConvex(img, xs, ys, 6, ground, 1, SUB);
    fillConvex(img, xs, ys, 6, ground, 1, 1);
    expect(img.u8).toEqual(before);
    fillConvex(img, xs, ys, 6, pixelColor(0, 0, 0), 1, SUB);
    expect(img.u8).not.toEqual(before);
  });
});

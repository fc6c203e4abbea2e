import { describe, expect, it } from 'vitest';
import { encodePng, releaseImage } from '../../src/render/raster';
import { RgbImage, fillPixels, pixelColor } from '../../src/render/raster-fill';

describe('releaseImage', () => {
  it('gives an encoded image its memory back at once: its pixels are detached, the PNG stays whole', async () => {
    const img = new RgbImage(300, 200);
    fillPixels(img, 0, 300 * 200, pixelColor(40, 80, 120));
    const png = await encodePng(img, 100);
    const bytes = img.buffer.byteLength;
    expect(bytes).toBeGreaterThan(300 * 200 * 3);
    releaseImage(img);
    // A detached buffer has no bytes: nothing keeps the pixels alive until a collection.
    expect(img.buffer.byteLength).toBe(0);
    expect(img.u8.byteLength).toBe(0);
    // The PNG made before is its own copy (its signature and IHDR width intact).
    expect(Array.from(png.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    expect(new DataView(png.buffer, png.byteOffset).getUint32(16)).toBe(300);
  });
});

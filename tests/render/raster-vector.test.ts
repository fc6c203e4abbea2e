/**
 * Small drawings painted by our own code (raster-vector.ts) look as librsvg draws the same SVG, and
 * the PNG written for them (raster-png.ts) decodes to exactly the pixels painted.
 */
import * as zlib from 'node:zlib';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { type Drawing, type Paint, circlePath, linePath } from '../../src/render/drawing';
import { drawingToPng, drawnThroughSharp } from '../../src/render/png';
import { encodePixelsPng, tableCrc32 } from '../../src/render/raster-png';
import { paintVectorDrawing } from '../../src/render/raster-vector';
import { drawingToSvg } from '../../src/render/svg';
import { pngPixelsPerInch } from './png-density';

const fonts = loadFonts();
const paint = (rgb: string): Paint => ({ rgb, cmyk: [0, 0, 0, 100] });

/** Every kind of item a face draws: fills, strokes with round and butt caps, a dash, curves, text of both fonts. */
const drawing: Drawing = {
  width: 36,
  height: 36,
  items: [
    { kind: 'rect', x: 0, y: 0, w: 36, h: 36, fill: paint('#6fa8dc') },
    { kind: 'rect', x: 6.3, y: 5.2, w: 18.4, h: 10.1, fill: paint('#ffffff'), stroke: paint('#000000'), lineWidth: 0.9 },
    {
      kind: 'path',
      d: linePath([
        { x: 6.3, y: 5.2 },
        { x: 24.7, y: 15.3 },
        { x: 30, y: 6 },
      ]),
      stroke: paint('#000000'),
      lineWidth: 0.7,
    },
    { kind: 'path', d: circlePath(28, 26, 4.3), fill: paint('#d4006a'), stroke: paint('#202020'), lineWidth: 0.5 },
    {
      kind: 'path',
      d: linePath([
        { x: 2, y: 33 },
        { x: 20, y: 33 },
      ]),
      stroke: paint('#000000'),
      lineWidth: 1.2,
      lineCap: 'round',
      dash: [2, 1.5],
    },
    { kind: 'text', x: 18, y: 27.9, text: '4-6 Äg', size: 7.524, font: 'bold', fill: paint('#000000'), align: 'center' },
    { kind: 'text', x: 2, y: 21, text: '0101 (r)', size: 5, font: 'regular', fill: paint('#ffffff'), align: 'left' },
  ],
};

describe('painting a small drawing without sharp', () => {
  it('matches librsvg’s raster of the same SVG within a few levels at edges', async () => {
    for (const px of [75, 150]) {
      const ours = paintVectorDrawing(drawing, fonts, px, px).rgba8();
      const svg = drawingToSvg(drawing, fonts, { pixelWidth: px, pixelHeight: px });
      const theirs = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
      expect(theirs.length).toBe(ours.length);
      let sum = 0;
      let far = 0;
      for (let i = 0; i < ours.length; i++) {
        const d = Math.abs(ours[i] - theirs[i]);
        sum += d;
        if (d > 48) far++;
      }
      // Edges are sampled on 16 rows per pixel here, 15 in cairo: a level or two apart on average.
      expect(sum / ours.length, `${px} px mean`).toBeLessThan(1);
      expect(far / ours.length, `${px} px share far apart`).toBeLessThan(0.001);
    }
  });

  it('leaves the drawing’s uncovered pixels transparent and scales a drawing of another shape into the middle', () => {
    const dot: Drawing = { width: 10, height: 10, items: [{ kind: 'rect', x: 0, y: 0, w: 10, h: 10, fill: paint('#ff0000') }] };
    // 20 × 10 px: the square drawing is 10 px tall, centred 5 px from either side.
    const rgba = paintVectorDrawing(dot, fonts, 20, 10).rgba8();
    const at = (x: number, y: number) => Array.from(rgba.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 4));
    expect(at(4, 5)).toEqual([0, 0, 0, 0]);
    expect(at(5, 5)).toEqual([255, 0, 0, 255]);
    expect(at(14, 5)).toEqual([255, 0, 0, 255]);
    expect(at(15, 5)).toEqual([0, 0, 0, 0]);
  });

  it('sends only a large drawing or one showing a picture through sharp', () => {
    const options = (side: number) => ({ pixelWidth: side, pixelHeight: side, pixelsPerInch: 100 });
    expect(drawnThroughSharp(drawing, options(150))).toBe(false);
    expect(drawnThroughSharp(drawing, options(1200))).toBe(true);
  });
});

describe('PNG of our own pixels', () => {
  it('decodes to the pixels painted, declares its resolution, and is the same bytes each time', async () => {
    const png = await drawingToPng(drawing, fonts, { pixelWidth: 75, pixelHeight: 75, pixelsPerInch: 150 });
    const painted = paintVectorDrawing(drawing, fonts, 75, 75).rgba8();
    const decoded = PNG.sync.read(Buffer.from(png));
    expect([decoded.width, decoded.height]).toEqual([75, 75]);
    expect(Buffer.compare(decoded.data, Buffer.from(painted))).toBe(0);
    const bySharp = await sharp(Buffer.from(png)).raw().toBuffer();
    expect(Buffer.compare(bySharp, Buffer.from(painted))).toBe(0);
    expect(pngPixelsPerInch(png)!.x).toBeCloseTo(150, 0);
    const again = await drawingToPng(drawing, fonts, { pixelWidth: 75, pixelHeight: 75, pixelsPerInch: 150 });
    expect(Buffer.compare(Buffer.from(png), Buffer.from(again))).toBe(0);
  });

  it('writes RGB rows as well', () => {
    const rgb = Uint8Array.from({ length: 4 * 3 * 3 }, (_, i) => (i * 37) % 256);
    const decoded = PNG.sync.read(Buffer.from(encodePixelsPng(rgb, 4, 3, 3, 72)));
    const expected = Buffer.alloc(4 * 3 * 4);
    for (let p = 0; p < 12; p++) expected.set([rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2], 255], p * 4);
    expect(Buffer.compare(decoded.data, expected)).toBe(0);
  });

  it('computes chunk CRCs from a table where zlib has none', () => {
    // The CRC-32 check value of "123456789".
    expect(tableCrc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 131) % 256);
    if (crc32) expect(tableCrc32(bytes)).toBe(crc32(bytes));
  });
});

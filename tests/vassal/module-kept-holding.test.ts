/** The holding board's picture is kept between builds by what it shows: any change draws it again. */
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import type { GeneratorContext, ImageCache } from '../../src/pipeline/generator';
import { drawingToPng } from '../../src/render/png';
import { artSources } from '../../src/vassal/module/generator';
import { type HoldingLayout, holdingDrawing } from '../../src/vassal/module/holding';

function memoryStore(): ImageCache & { size(): number } {
  const entries = new Map<string, Uint8Array>();
  return {
    size: () => entries.size,
    async get(key) {
      return entries.get(key);
    },
    async put(key, data) {
      entries.set(key, data);
    },
  };
}

const layout = (label: string, labelSize = 12): HoldingLayout => ({
  width: 240,
  height: 160,
  boxes: [{ label, x: 10, y: 10, width: 120, height: 120 }],
  labelSize,
});

describe('the kept holding board', () => {
  it('is drawn again when a box label, the label size or the module scale changes, and equals a fresh drawing', async () => {
    const fonts = loadFonts();
    const images = memoryStore();
    const holdingAt = (moduleScale: number) => {
      const ctx = { fonts, images, game: { map: { moduleScale } } } as unknown as GeneratorContext;
      return (l: HoldingLayout) => artSources(ctx, { units: new Map(), markers: new Map(), chits: new Map() }, []).holdingPng(l);
    };
    const fresh = (l: HoldingLayout, pixelsPerInch: number) => {
      const drawing = holdingDrawing(l, fonts);
      return drawingToPng(drawing, fonts, { pixelWidth: drawing.width, pixelHeight: drawing.height, pixelsPerInch });
    };
    const at100 = holdingAt(100);
    const first = await at100(layout('Turn 1'));
    expect(Buffer.from(first).equals(Buffer.from(await fresh(layout('Turn 1'), 100)))).toBe(true);
    expect(images.size()).toBe(1);
    // The same board again: taken from the store.
    expect(Buffer.from(await at100(layout('Turn 1'))).equals(Buffer.from(first))).toBe(true);
    expect(images.size()).toBe(1);
    for (const [board, scale] of [
      [layout('Turn 2'), 100],
      [layout('Turn 1', 14), 100],
      [layout('Turn 1'), 150],
    ] as const) {
      const before = images.size();
      const png = await holdingAt(scale)(board);
      expect(images.size()).toBe(before + 1);
      expect(Buffer.from(png).equals(Buffer.from(await fresh(board, scale)))).toBe(true);
    }
  });
});

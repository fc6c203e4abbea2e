import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hexCenter, parseHexId } from '../../src/hex';
import type { TextItem } from '../../src/render/drawing';
import { GAP } from '../../src/render/drawing';
import { mapDrawing } from '../../src/render/map-drawing';
import { mapGeometry, mapPixelGeometry } from '../../src/plan';
import { renderMapPng } from '../../src/render/map-png';
import { loadFonts } from '../../src/assets/fonts';
import { RgbImage, fillConvex } from '../../src/render/raster';
import { clone, compareGolden, fixtureGame, pixelAt } from './helpers';
import { pngPixelsPerInch } from './png-density';

const center = (game: Awaited<ReturnType<typeof fixtureGame>>, layout: ReturnType<typeof mapPixelGeometry>['layout'], id: string) => {
  const h = parseHexId(game.map.numbering, id);
  if (!h.ok) throw new Error(id);
  return hexCenter(layout, h.hex);
};

describe('map geometry', () => {
  it('puts hexes hexSize × moduleScale apart and the first hex centre on whole pixels', async () => {
    const game = await fixtureGame();
    const g = mapPixelGeometry(game);
    // Fixture: 0.625" hexes at the default 150 px/inch → 93.75 px between centres of a column.
    const a = center(game, g.layout, '0101');
    const b = center(game, g.layout, '0102');
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeCloseTo(93.75, 9);
    expect(g.flatSize).toBe(93.75);
    expect(g.firstHexCenter).toEqual(a);
    expect(Number.isInteger(a.x) && Number.isInteger(a.y)).toBe(true);
    expect(Number.isInteger(g.width) && Number.isInteger(g.height)).toBe(true);
  });

  it('keeps every hex inside the image, with the same relative geometry in points', async () => {
    const game = await fixtureGame();
    const px = mapPixelGeometry(game);
    const pt = mapGeometry(game, 72);
    for (const h of game.map.hexes) {
      const c = hexCenter(px.layout, h);
      expect(c.x - px.flatSize / Math.sqrt(3)).toBeGreaterThan(0);
      expect(c.x + px.flatSize / Math.sqrt(3)).toBeLessThan(px.width);
      const p = hexCenter(pt.layout, h);
      expect((p.x - pt.firstHexCenter.x) * (150 / 72)).toBeCloseTo(c.x - px.firstHexCenter.x, 6);
    }
  });
});

describe('map image', () => {
  it('is exactly the geometry size', async () => {
    const game = await fixtureGame();
    const { png, geometry } = await renderMapPng(game, loadFonts());
    const meta = await sharp(Buffer.from(png)).metadata();
    expect([meta.width, meta.height]).toEqual([geometry.width, geometry.height]);
  });

  it('declares the resolution it is drawn at: moduleScale pixels per inch', async () => {
    const game = clone(await fixtureGame());
    game.map.moduleScale = 120;
    const { png, geometry } = await renderMapPng(game, loadFonts());
    // One hex is hexSize inches across its flats at the declared resolution.
    expect(geometry.flatSize / game.map.hexSize).toBeCloseTo(120, 9);
    const declared = pngPixelsPerInch(png)!;
    expect(declared.x).toBeCloseTo(120, 0);
    expect(declared.y).toBeCloseTo(120, 0);
  });

  it('marks hexes whose terrain is unknown with a grey fill and a "?"', async () => {
    const game = clone(await fixtureGame());
    const hex = game.map.hexes.find((h) => h.id === '0302')!;
    hex.terrain = { unknown: true };
    const g = mapPixelGeometry(game);
    const c = center(game, g.layout, '0302');
    const marks = mapDrawing(game, g, loadFonts()).filter((i): i is TextItem => i.kind === 'text' && i.text === '?');
    expect(marks).toHaveLength(1);
    expect(marks[0].fill).toEqual(GAP);
    expect(Math.abs(marks[0].x - c.x)).toBeLessThan(1e-9);
    const { png } = await renderMapPng(game, loadFonts());
    // Left of the "?" and below the hex id: the unknown fill (#d6d6d6), not the clear terrain.
    expect(pixelAt(png, c.x - g.flatSize * 0.3, c.y).slice(0, 3)).toEqual([0xd6, 0xd6, 0xd6]);
  });

  it('matches the reviewed golden map tile', async () => {
    const game = await fixtureGame();
    const { png } = await renderMapPng(game, loadFonts());
    const { mismatched, total } = compareGolden('map-minimal.png', png);
    expect(mismatched / total).toBeLessThan(0.002);
  });
});

describe('raster fill', () => {
  it('covers a polygon with total coverage equal to its area', () => {
    const img = new RgbImage(20, 20);
    img.u8.fill(255);
    fillConvex(img, Float64Array.of(2.25, 12.75, 12.75, 2.25), Float64Array.of(2.25, 2.25, 12.75, 12.75), 4, { r: 0, g: 0, b: 0 });
    let ink = 0;
    for (let i = 0; i < 400; i++) ink += (255 - img.u8[i * 3]) / 255;
    expect(ink).toBeCloseTo(10.5 * 10.5, 0);
  });
});

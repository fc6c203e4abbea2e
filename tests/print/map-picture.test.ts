/**
 * A map printed from its picture (map.json `image`): the picture at moduleScale px per inch is the
 * map, the hex grid laid where the picture has its first hex, in map.pdf and map.png alike.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import { hexCenter, parseHexId } from '../../src/hex';
import { mapGeometry, mapPixelGeometry } from '../../src/plan/map-geometry';
import { renderMapPdf } from '../../src/print/map-pdf';
import { renderMapPng } from '../../src/render/map-png';
import { tempDir } from '../temp-dir';

const WIDTH = 450;
const HEIGHT = 330;
const FIRST = { x: 60, y: 70 };

/** A picture with a dark dot on the pixel the map says is the first hex's centre. */
async function picture(): Promise<Buffer> {
  const dot = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#101010' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#d8c8a0' } })
    .composite([{ input: dot, left: FIRST.x - 2, top: FIRST.y - 2 }])
    .png()
    .toBuffer();
}

async function gameWithPicture(mutate: (map: Record<string, unknown>) => void = () => {}) {
  const dir = tempDir('hexforge-map-picture-');
  cpSync('tests/fixtures/minimal', dir, { recursive: true });
  const map = JSON.parse(readFileSync(path.join(dir, 'map.json'), 'utf8')) as Record<string, unknown>;
  map.image = { file: 'board.png', firstHexCenter: FIRST };
  map.moduleScale = 150;
  mutate(map);
  writeFileSync(path.join(dir, 'map.json'), JSON.stringify(map, null, 2));
  writeFileSync(path.join(dir, 'board.png'), await picture());
  return { dir, ...(await loadGame(dir)) };
}

describe('a map printed from its picture', () => {
  it('lays the grid where the picture has its first hex, at the picture size', async () => {
    const { game, diagnostics } = await gameWithPicture();
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const px = mapPixelGeometry(game!);
    expect([px.width, px.height]).toEqual([WIDTH, HEIGHT]);
    const first = parseHexId(game!.map.numbering, '0101');
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(hexCenter(px.layout, first.hex)).toEqual({ x: FIRST.x, y: FIRST.y });
    // In PDF points: the same place at 72/150 of the pixels.
    const pt = mapGeometry(game!, 72);
    expect(pt.width).toBeCloseTo((WIDTH * 72) / 150, 9);
    const c = hexCenter(pt.layout, first.hex);
    expect(c.x).toBeCloseTo((FIRST.x * 72) / 150, 9);
    expect(c.y).toBeCloseTo((FIRST.y * 72) / 150, 9);
  });

  it('makes map.png the picture itself and map.pdf a page of its printed size', async () => {
    const { game } = await gameWithPicture();
    const fonts = loadFonts();
    const png = await renderMapPng(game!, fonts);
    const drawn = await sharp(png.png).removeAlpha().raw().toBuffer();
    const original = await sharp(await picture())
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(drawn.length).toBe(original.length);
    let largest = 0;
    for (let i = 0; i < drawn.length; i++) largest = Math.max(largest, Math.abs(drawn[i] - original[i]));
    expect(largest).toBeLessThanOrEqual(1);
    const pdf = await PDFDocument.load(await renderMapPdf(game!, fonts, { epoch: 0, tile: false, paper: 'letter', cmyk: false, bleed: 0 }));
    const page = pdf.getPage(0);
    expect(page.getWidth()).toBeCloseTo((WIDTH * 72) / 150, 6);
    expect(page.getHeight()).toBeCloseTo((HEIGHT * 72) / 150, 6);
  });

  it('reports a missing map picture at map.json, and loads no game', async () => {
    const { game, diagnostics } = await gameWithPicture((map) => {
      map.image = { file: 'elsewhere.png', firstHexCenter: FIRST };
    });
    expect(game).toBeUndefined();
    const missing = diagnostics.find((d) => d.code === 'art/image-missing');
    expect(missing?.file).toMatch(/map\.json$/);
    expect(missing?.line).toBeGreaterThan(1);
  });
});

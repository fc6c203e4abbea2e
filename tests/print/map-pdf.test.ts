import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { PAPER, mapGeometry } from '../../src/plan';
import { TILE_MARGIN, TILE_OVERLAP, mapTiles, renderMapPdf } from '../../src/print/map-pdf';
import { fixtureGame } from '../render/helpers';
import { embeddedFontNames, wordsOf, writeTemp } from './pdf-helpers';

const EPOCH = 1767225600;

describe('map.pdf', () => {
  it('is one page the size of the map, every hex id and place name on it', async () => {
    const game = await fixtureGame();
    const pdf = await renderMapPdf(game, loadFonts(), { epoch: EPOCH, tile: false, paper: 'letter', cmyk: false, bleed: 0 });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const g = mapGeometry(game, 72);
    const trim = doc.getPage(0).getTrimBox();
    expect([trim.width, trim.height]).toEqual([g.width, g.height]);
    expect(embeddedFontNames(doc)).toHaveLength(2);
    // One resource name per font, however many text runs use it.
    expect(doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict).keys().length).toBeLessThanOrEqual(2);
    const words = wordsOf(writeTemp(pdf, 'map.pdf')).map((w) => w.text);
    // Fixture extent: columns 01–04, rows 01–03; a place "Town" in 0303.
    for (let c = 1; c <= 4; c++) for (let r = 1; r <= 3; r++) expect(words).toContain(`0${c}0${r}`);
    expect(words).toContain('Town');
  });

  it('tiles a map larger than the paper with overlap, each page a window of the same map', async () => {
    const tiles = mapTiles(2000, 1000, PAPER.letter);
    // Landscape letter: 10" × 7.5" less 0.4" margins → 662.4 × 482.4 pt windows; step = window − 36 pt.
    const w = 792 - 2 * TILE_MARGIN;
    const h = 612 - 2 * TILE_MARGIN;
    expect(tiles[0]).toMatchObject({ x: 0, y: 0, w, h });
    expect(tiles[1].x).toBeCloseTo(w - TILE_OVERLAP, 9);
    const right = Math.max(...tiles.map((t) => t.x + t.w));
    const bottom = Math.max(...tiles.map((t) => t.y + t.h));
    expect(right).toBeGreaterThanOrEqual(2000);
    expect(bottom).toBeGreaterThanOrEqual(1000);
    expect(tiles.length).toBe(
      Math.ceil((2000 - TILE_OVERLAP) / (w - TILE_OVERLAP)) * Math.ceil((1000 - TILE_OVERLAP) / (h - TILE_OVERLAP)),
    );

    const game = await fixtureGame();
    const pdf = await renderMapPdf(game, loadFonts(), { epoch: EPOCH, tile: true, paper: 'a4', cmyk: false, bleed: 0 });
    const doc = await PDFDocument.load(pdf);
    const g = mapGeometry(game, 72);
    expect(doc.getPageCount()).toBe(mapTiles(g.width, g.height, PAPER.a4).length);
    // The art is one Form XObject shared by the tiles: each font once in the file.
    expect(embeddedFontNames(doc)).toHaveLength(2);
    expect(wordsOf(writeTemp(pdf, 'map.pdf')).map((w) => w.text)).toContain('0202');
  });
});

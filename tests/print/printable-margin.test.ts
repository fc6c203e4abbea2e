import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { planCounters } from '../../src/plan';
import { layCounterSheets, renderCountersPdf } from '../../src/print/counters-pdf';
import { TILE_MARGIN, renderMapPdf } from '../../src/print/map-pdf';
import { clone, fixtureGame } from '../render/helpers';
import { type Word, wordsOf, writeTemp } from './pdf-helpers';

// Desktop printers leave about a quarter inch at each paper edge unprinted.
const QUARTER_INCH = 18;
const MM = 72 / 25.4;

/** The words of the one line that holds `first`, on each page (as poppler lays the page out). */
function captionWords(words: Word[], first: string): Word[][] {
  const starts = words.filter((w) => w.text === first);
  return starts.map((s) => words.filter((w) => w.page === s.page && Math.abs(w.yMin - s.yMin) < 0.5));
}

describe('captions inside the printable margin', () => {
  it('counter sheet captions start a quarter inch or more from the paper edge and end above the crop marks', async () => {
    const game = await fixtureGame();
    const plan = planCounters(game, {});
    const { pdf, diagnostics } = await renderCountersPdf(game, plan, loadFonts(), { epoch: 0 });
    expect(diagnostics.filter((d) => d.code === 'print/caption-unprintable')).toEqual([]);
    const lines = captionWords(wordsOf(writeTemp(pdf, 'counters.pdf')), game.info.title.split(' ')[0]);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    // 1/2" counters on Letter with 3 mm bleed: block from y = 54, crop marks from 54 − 3 mm − 2 − 10.
    const marksTop = 54 - 3 * MM - 12;
    for (const line of lines) {
      for (const w of line) {
        expect(w.yMin).toBeGreaterThanOrEqual(QUARTER_INCH);
        expect(w.xMin).toBeGreaterThanOrEqual(QUARTER_INCH);
        expect(w.yMax).toBeLessThan(marksTop);
      }
    }
  });

  it('leaves a caption out with a warning when the band above the crop marks cannot hold it', async () => {
    const game = await fixtureGame();
    // 6 mm bleed on Letter: crop marks from 54 − 17 − 12 = 25 pt, less than a quarter inch plus 7 pt type.
    const plan = planCounters(game, { bleed: '6' });
    const { pages, diagnostics } = layCounterSheets(game, plan, loadFonts());
    const warnings = diagnostics.filter((d) => d.code === 'print/caption-unprintable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', hint: expect.stringContaining('bleed') });
    expect(pages.flatMap((p) => p.marks).filter((m) => m.kind === 'text')).toEqual([]);
  });

  it('warns once per build, not once per sheet, naming the setting and how many captions are left out', async () => {
    const game = clone(await fixtureGame());
    // Far more 1/2" markers than one Letter sheet holds: several sheets, each losing both captions.
    game.counters.markers = [{ id: 'turn', name: 'Turn', count: 700 }];
    const plan = planCounters(game, { bleed: '6' });
    expect(plan.sheets.sheets.length).toBeGreaterThan(2);
    const { diagnostics } = layCounterSheets(game, plan, loadFonts());
    const warnings = diagnostics.filter((d) => d.code === 'print/caption-unprintable');
    expect(warnings).toHaveLength(1);
    const pages = 2 * plan.sheets.sheets.length;
    expect(warnings[0].message).toContain(`${pages} of the ${pages} counter-sheet page captions are left out`);
    expect(warnings[0].message).toContain('6 mm bleed');
    expect(warnings[0].hint).toMatch(/--set bleed=<mm>.*sheet\.bleedMm/);
  });

  it('leaves out a caption longer than the printable width, with a warning', async () => {
    const game = await fixtureGame();
    // 7 pt type averages over 3 pt a letter: 200 letters are over 600 pt, wider than Letter's 612 − 36 − 18.
    const long = { ...game, info: { ...game.info, title: 'A'.repeat(200) } };
    const { pages, diagnostics } = layCounterSheets(long, planCounters(long, {}), loadFonts());
    const warnings = diagnostics.filter((d) => d.code === 'print/caption-unprintable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].message).toContain('2 of the 2 counter-sheet page captions are left out');
    expect(warnings[0].hint).toContain('game.json title');
    expect(pages.flatMap((p) => p.marks).filter((m) => m.kind === 'text')).toEqual([]);
  });

  it.each([3, 6])('map tile captions start a quarter inch or more from the edge and stay clear of the bleed (%d mm)', async (bleedMm) => {
    const game = await fixtureGame();
    const pdf = await renderMapPdf(game, loadFonts(), { epoch: 0, tile: true, paper: 'letter', cmyk: false, bleed: bleedMm * MM });
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const lines = captionWords(wordsOf(writeTemp(pdf, 'map.pdf')), 'Map');
    expect(lines).toHaveLength(doc.getPageCount());
    lines.forEach((line) => {
      const page = doc.getPage(line[0].page);
      const bleedTop = page.getHeight() - (page.getBleedBox().y + page.getBleedBox().height);
      // The trim itself keeps its place: the tile's margin.
      expect(page.getHeight() - (page.getTrimBox().y + page.getTrimBox().height)).toBeCloseTo(TILE_MARGIN, 6);
      for (const w of line) {
        expect(w.yMin).toBeGreaterThanOrEqual(QUARTER_INCH);
        expect(w.yMax).toBeLessThanOrEqual(bleedTop);
      }
    });
  });
});

import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import type { Game } from '../../src/model/game';
import { type Settings, paperSettings, planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { MM } from '../../src/print/pdf-doc';
import { clone, fixtureGame } from '../render/helpers';
import { parseSettings } from '../../src/cli/main';
import { contentStreams, embeddedFontNames, layoutText, wordsOf, writeTemp } from './pdf-helpers';

const EPOCH = 1767225600;

function render(game: Game, settings: Settings = {}) {
  const plan = planCounters(game, settings);
  expect(plan.paperDiagnostics).toEqual([]);
  return renderCountersPdf(game, plan, loadFonts(), { epoch: EPOCH });
}

async function build(settings: Record<string, string> = {}) {
  const game = await fixtureGame();
  return { game, ...(await render(game, settings)) };
}

describe('counters.pdf', () => {
  it('has a front and a back page per sheet plus the registration pages, with trim and bleed boxes', async () => {
    const { pdf, pages } = await build();
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    // Fixture: 2 units of one size → 1 sheet (front + back) + registration front/back.
    expect(doc.getPageCount()).toBe(4);
    expect(pages.map((p) => p.kind)).toEqual(['front', 'back', 'registration-front', 'registration-back']);
    const front = doc.getPage(0);
    // 1/2" counters on Letter: 14 × 19 block at (54, 54) from the top-left, 3 mm bleed around it.
    const trim = front.getTrimBox();
    expect([trim.x, trim.y, trim.width, trim.height]).toEqual([54, 792 - 54 - 684, 504, 684]);
    const bleed = front.getBleedBox();
    expect(bleed.x).toBeCloseTo(54 - 3 * MM, 6);
    expect(bleed.width).toBeCloseTo(504 + 6 * MM, 6);
    expect(doc.getCreationDate()?.getTime()).toBe(EPOCH * 1000);
  });

  it('embeds both fonts as tagged subsets', async () => {
    const { pdf } = await build();
    const doc = await PDFDocument.load(pdf);
    const names = embeddedFontNames(doc);
    expect(names).toHaveLength(2);
    // A subset's name carries a six-letter tag (PDF 1.7 § 9.6.4).
    for (const name of names) expect(name).toMatch(/^\/[A-Z]{6}\+/);
    expect(names.map((name) => name.slice(8)).sort()).toEqual(['DejaVuSansCondensed', 'DejaVuSansCondensed-Bold']);
    // Far smaller than the two whole TTF files (1.3 MB).
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('is byte-for-byte reproducible', async () => {
    const a = await build();
    const b = await build();
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
  });

  it('keeps every word on a counter inside the trim of that counter, front and back', async () => {
    for (const flip of ['long-edge', 'short-edge']) {
      const { pdf, pages } = await build({ flip });
      const words = wordsOf(writeTemp(pdf, 'counters.pdf'));
      for (const sheet of pages.filter((p) => p.kind === 'front' || p.kind === 'back')) {
        const onPage = words.filter((w) => w.page === sheet.page);
        const b = sheet.grid!.bleedBox;
        const mirroredBleed =
          sheet.kind === 'back'
            ? { ...b, x: flip === 'long-edge' ? 612 - b.x - b.w : b.x, y: flip === 'short-edge' ? 792 - b.y - b.h : b.y }
            : b;
        const inBlock = onPage.filter(
          (w) =>
            w.xMax > mirroredBleed.x &&
            w.xMin < mirroredBleed.x + mirroredBleed.w &&
            w.yMax > mirroredBleed.y &&
            w.yMin < mirroredBleed.y + mirroredBleed.h,
        );
        expect(inBlock.length).toBeGreaterThan(0);
        for (const w of inBlock) {
          const owner = sheet.pieces.find(
            (p) =>
              w.xMin >= p.rect.x - 0.5 &&
              w.xMax <= p.rect.x + p.rect.w + 0.5 &&
              w.yMin >= p.rect.y - 0.5 &&
              w.yMax <= p.rect.y + p.rect.h + 0.5,
          );
          expect(owner, `${flip} page ${sheet.page}: "${w.text}" at ${w.xMin},${w.yMin}`).toBeDefined();
        }
      }
    }
  });

  it('prints the back of counter N behind its front (b1 back values on the mirrored slot)', async () => {
    const { pdf, pages } = await build();
    const words = wordsOf(writeTemp(pdf, 'counters.pdf'));
    const back = pages[1];
    const b1 = back.pieces.find((p) => p.key === 'unit/b1/back')!;
    const frontRect = pages[0].pieces.find((p) => p.key === 'unit/b1/front')!.rect;
    expect(b1.rect.x).toBeCloseTo(612 - frontRect.x - frontRect.w, 9);
    const inB1 = words
      .filter(
        (w) =>
          w.page === back.page &&
          w.xMin >= b1.rect.x &&
          w.xMax <= b1.rect.x + b1.rect.w &&
          w.yMin >= b1.rect.y &&
          w.yMax <= b1.rect.y + b1.rect.h,
      )
      .map((w) => w.text);
    // units.csv: b1 back.attack 2, back.defense 2, back.move 4.
    expect(inB1.filter((t) => t === '2')).toHaveLength(2);
  });

  it('prints the counts the data gives for markers and chits, on sheets of their own with pack=by-kind', async () => {
    const game = clone(await fixtureGame());
    game.counters.markers = [{ id: 'turn', name: 'Turn', count: 3 }];
    game.counters.chits = [{ id: 'c1', name: 'Attack', count: { unknown: true } }];
    const { pages, diagnostics } = await render(game, { pack: 'by-kind' });
    expect(pages.filter((p) => p.kind === 'front').map((p) => [p.group, p.pieces.length])).toEqual([
      ['units', 2],
      ['markers', 3],
      ['chits', 1],
    ]);
    expect(diagnostics.map((d) => d.code)).toContain('counters/unknown-count');
  });

  it('fills sheets across units, markers and chits by default (pack=mixed), in that order', async () => {
    const game = clone(await fixtureGame());
    game.counters.markers = [{ id: 'turn', name: 'Turn', count: 3 }];
    game.counters.chits = [{ id: 'c1', name: 'Attack', count: 1 }];
    const { pages } = await render(game);
    const fronts = pages.filter((p) => p.kind === 'front');
    expect(fronts.map((p) => [p.group, p.pieces.length])).toEqual([['counters', 6]]);
    expect(fronts[0].pieces.map((p) => p.key)).toEqual([
      'unit/b1/front',
      'unit/r1/front',
      'marker/turn/front',
      'marker/turn/front',
      'marker/turn/front',
      'chit/c1/front',
    ]);
  });

  it('prints no counter for a unit whose flag says it has none (order of battle only)', async () => {
    const game = clone(await fixtureGame());
    game.info.unitFlags = [{ id: 'oob-only', name: 'Order of battle only', effect: 'no-counter' }];
    game.units[1].flags = ['oob-only'];
    const { pages } = await render(game);
    expect(pages.flatMap((p) => p.pieces.map((x) => x.key))).not.toContain('unit/r1/front');
    expect(pages.flatMap((p) => p.pieces.map((x) => x.key))).toContain('unit/b1/front');
  });

  it('gives every counter edge its bleed unless a counter is printed beside it, even next to an empty slot', async () => {
    const game = clone(await fixtureGame());
    game.counters.markers = [{ id: 'turn', name: 'Turn', count: 14 }];
    for (const layout of ['butted', 'gutter']) {
      const { pages } = await render(game, { layout });
      for (const page of pages.filter((p) => p.kind === 'front' || p.kind === 'back')) {
        const bleed = page.spec!.bleed;
        const at = (x: number, y: number) => page.pieces.some((p) => Math.abs(p.rect.x - x) < 0.01 && Math.abs(p.rect.y - y) < 0.01);
        for (const { rect, bleed: b } of page.pieces) {
          expect(b.left === bleed || at(rect.x - rect.w, rect.y), `${layout} left`).toBe(true);
          expect(b.right === bleed || at(rect.x + rect.w, rect.y), `${layout} right`).toBe(true);
          expect(b.top === bleed || at(rect.x, rect.y - rect.h), `${layout} top`).toBe(true);
          expect(b.bottom === bleed || at(rect.x, rect.y + rect.h), `${layout} bottom`).toBe(true);
        }
      }
    }
  });

  it('uses CMYK with pure-K text on request', async () => {
    const { pdf } = await build({ cmyk: 'true' });
    const streams = contentStreams(await PDFDocument.load(pdf)).join('\n');
    expect(streams).toMatch(/\b0 0 0 1 k\b/);
    expect(streams).not.toMatch(/\brg\b/);
    const rgb = contentStreams(await PDFDocument.load((await build()).pdf)).join('\n');
    expect(rgb).toMatch(/\brg\b/);
  });

  it('reports bad settings as diagnostics', async () => {
    const game = await fixtureGame();
    expect(paperSettings(game, { flip: 'sideways' }).diagnostics[0].code).toBe('print/bad-setting');
    const ok = paperSettings(game, {
      paper: 'a4',
      flip: 'short-edge',
      backOffsetX: '0.5',
      backOffsetY: '-1',
    }).paper;
    expect([ok.paper, ok.flip, ok.backOffsetMm.x, ok.backOffsetMm.y]).toEqual(['a4', 'short-edge', 0.5, -1]);
  });

  it('refuses absurd millimetre settings with a diagnostic naming the range', async () => {
    const game = await fixtureGame();
    for (const [key, value] of [
      ['bleed', -2],
      ['bleed', 40],
      ['gutter', -1],
      ['backOffsetX', 60],
      ['backOffsetY', -25],
    ] as const) {
      const { diagnostics } = paperSettings(game, { [key]: value });
      expect(
        diagnostics.map((d) => [d.code, d.severity]),
        `${key}=${value}`,
      ).toEqual([['print/bad-setting', 'error']]);
      expect(diagnostics[0].message).toContain(`${key} = ${value} mm is outside`);
    }
    expect(paperSettings(game, { bleed: 0, gutter: 0, backOffsetX: -10, backOffsetY: 10 }).diagnostics).toEqual([]);
  });

  it('prints a fix-up command on the registration page that the command line accepts, in both forms', async () => {
    const { pdf } = await build();
    const text = layoutText(writeTemp(pdf, 'counters.pdf')).replace(/\s+/g, ' ');
    const command = text.match(/--set (backOffsetX=-dx,backOffsetY=-dy)/);
    expect(command).not.toBeNull();
    // Back seen 1.5 mm right and 0.5 mm up: dx = 1.5, dy = -0.5.
    const joined = command![1].replace('-dx', '-1.5').replace('-dy', '0.5');
    const game = await fixtureGame();
    for (const args of [[joined], joined.split(',')]) {
      const { paper, diagnostics } = paperSettings(game, parseSettings(args));
      expect(diagnostics).toEqual([]);
      expect(paper.backOffsetMm).toEqual({ x: -1.5, y: 0.5 });
    }
  });
});

/**
 * counters.pdf with a sheet cache: after one unit's value changes only the sheet that shows it is
 * drawn again, and the file has the bytes of a clean render of the changed game.
 */
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import type { Game } from '../../src/model/game';
import type { ImageCache } from '../../src/pipeline/generator';
import { planCounters } from '../../src/plan';
import { renderCountersPdf } from '../../src/print/counters-pdf';
import { describeDrawnPages } from '../../src/print/counters-generator';
import { clone, fixtureGame } from '../render/helpers';

const EPOCH = 1767225600;

function memoryCache(): ImageCache & { size(): number } {
  const stored = new Map<string, Uint8Array>();
  return {
    get: async (key) => stored.get(key),
    put: async (key, data) => void stored.set(key, data),
    size: () => stored.size,
  };
}

function render(game: Game, sheets?: ImageCache) {
  return renderCountersPdf(game, planCounters(game, {}), loadFonts(), { epoch: EPOCH, sheets });
}

/** The fixture with its first unit printed 300 times: 1/2" counters fill a Letter sheet at 266, so two unit sheets. */
async function twoSheetGame(): Promise<Game> {
  const game = clone(await fixtureGame());
  game.units[0].count = 300;
  return game;
}

describe('counters.pdf sheet cache', () => {
  it('redraws only the sheet whose faces changed, with the bytes of a clean render', async () => {
    const game = await twoSheetGame();
    const cache = memoryCache();
    const first = await render(game, cache);
    const sheetPages = first.pages.filter((p) => p.kind === 'front' || p.kind === 'back');
    expect(sheetPages.length).toBeGreaterThanOrEqual(4);
    expect(first.drawnPages).toEqual(sheetPages.map((p) => p.page));
    // The second unit comes after the 300 copies of the first: on one sheet, not the first.
    const shows = (page: (typeof sheetPages)[number]) => page.pieces.some((piece) => piece.key.startsWith(`unit/${game.units[1].id}/`));
    const fronts = sheetPages.filter((p) => p.kind === 'front' && shows(p));
    expect(fronts).toHaveLength(1);
    const lastUnitSheet = fronts[0];
    expect(lastUnitSheet.page).toBeGreaterThan(0);

    const changed = clone(game);
    const [field, value] = Object.entries(changed.units[1].front).find(([, v]) => typeof v === 'number')!;
    changed.units[1].front[field] = (value as number) + 1;
    const again = await render(changed, cache);
    const clean = await render(changed);
    expect(again.drawnPages).toEqual([lastUnitSheet.page, lastUnitSheet.page + 1]);
    expect(Buffer.from(again.pdf).equals(Buffer.from(clean.pdf))).toBe(true);
    expect(Buffer.from(again.pdf).equals(Buffer.from(first.pdf))).toBe(false);

    // Nothing changed: every sheet is kept, the bytes are the first render's.
    const kept = await render(game, cache);
    expect(kept.drawnPages).toEqual([]);
    expect(Buffer.from(kept.pdf).equals(Buffer.from(first.pdf))).toBe(true);
  }, 120_000);

  it('tells which pages were drawn', () => {
    expect(describeDrawnPages([2, 3], 6)).toBe('pages 3, 4 of 6 drawn');
    expect(describeDrawnPages([0], 2)).toBe('page 1 of 2 drawn');
    expect(describeDrawnPages([], 4)).toBe('none of 4 sheet pages drawn');
    expect(describeDrawnPages([0, 1], 2)).toBe('all 2 sheet pages drawn');
  });
});

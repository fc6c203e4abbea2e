/**
 * Every bundled game's counters as counters.pdf prints them: each text's ink keeps the game's safe
 * inset inside the cut edges (by default 2 pt: Dean Essig's 32 pt text box on a 36 pt counter, the
 * print conventions' tighter safe area; a game states its own in counters.json
 * `sheet.safeInsetPt`), and texts the fallback faces used to cut print whole: a setup of several
 * codes (Kursk's three scenarios, "5/1:H 7/4:H 8/1:H") and a chit's long subtext (Turning the
 * Tables' "Soviet Combat Chit #16 (name not given)"). Each game is drawn again with a wider inset,
 * as a printer with a less precise cut would ask for. The ink is measured here from the font's
 * glyph outlines, apart from the layout's own measures.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import type { Game } from '../../src/model/game';
import { drawCounterFaces } from '../../src/pipeline/counter-faces';
import { type PlannedCounter, planCounters, setupText } from '../../src/plan';
import type { CounterFace } from '../../src/render/counter-face';
import type { TextItem } from '../../src/render/drawing';
import { mustLoad } from '../vassal/module-helpers';

const fonts = loadFonts();
/** Essig: a 36 pt counter's text in a 32 pt box; then wider insets than the default (a 1/2" counter's text in 28 pt, 26 pt). */
const INSETS: readonly (number | undefined)[] = [undefined, 4, 5];
const GAMES = readdirSync('data')
  .sort()
  .flatMap((dir) => INSETS.map((inset) => [dir, inset] as const));

/** The ink of a text item, points (y down): its glyphs' outline boxes, each at its pen position. */
function ink(t: TextItem): { left: number; right: number; top: number; bottom: number } | undefined {
  const font = fonts[t.font].font;
  const scale = t.size / font.unitsPerEm;
  const glyphs = font.layout(t.text).glyphs;
  const advance = glyphs.reduce((sum, g) => sum + g.advanceWidth, 0) * scale;
  let pen = t.x - (t.align === 'center' ? advance / 2 : t.align === 'right' ? advance : 0);
  let box: { left: number; right: number; top: number; bottom: number } | undefined;
  for (const g of glyphs) {
    const { minX, maxX, minY, maxY } = g.bbox;
    if (maxX > minX && maxY > minY) {
      const b = { left: pen + minX * scale, right: pen + maxX * scale, top: t.y - maxY * scale, bottom: t.y - minY * scale };
      box = box
        ? {
            left: Math.min(box.left, b.left),
            right: Math.max(box.right, b.right),
            top: Math.min(box.top, b.top),
            bottom: Math.max(box.bottom, b.bottom),
          }
        : b;
    }
    pen += g.advanceWidth * scale;
  }
  return box;
}

const texts = (face: CounterFace) => face.drawing.items.filter((i): i is TextItem => i.kind === 'text');
const squeezed = (s: string) => s.replace(/\s+/g, '');

describe.each(GAMES)('data/%s counters, safe inset %s pt', (dir, inset) => {
  const safePt = inset ?? 2;
  let game: Game;
  let counters: readonly PlannedCounter[];
  let drawn: ReturnType<typeof drawCounterFaces>['drawn'];
  it('load and draw', async () => {
    const loaded = await mustLoad(`data/${dir}`);
    const sheet = { ...loaded.counters.sheet, ...(inset !== undefined ? { safeInsetPt: inset } : {}) };
    game = { ...loaded, counters: { ...loaded.counters, sheet } };
    counters = planCounters(game).counters;
    drawn = drawCounterFaces(game, counters, fonts).drawn;
  });

  it('keep the ink of every text the safe inset inside the cut edges', () => {
    const outside: string[] = [];
    for (const { front, back } of drawn.values())
      for (const face of [front, back]) {
        const edge = face.inches * 72;
        for (const t of texts(face)) {
          const b = ink(t);
          if (!b) continue;
          const margin = Math.min(b.left, b.top, edge - b.right, edge - b.bottom);
          if (margin < safePt - 1e-9) outside.push(`${face.key} "${t.text}" ${margin.toFixed(2)} pt from the cut`);
        }
      }
    expect(outside.slice(0, 10), `${outside.length} texts outside the safe area`).toEqual([]);
  });

  // A wider inset may leave too little room for the whole text: it is then cut, and said so.
  it.runIf(inset === undefined)('print every code of a fallback face setup whole', () => {
    for (const c of counters) {
      if (c.kind !== 'unit' || !c.fallback) continue;
      const setup = setupText(c.unit)?.text;
      if (!setup) continue;
      const printed = texts(drawn.get(c.key)!.front).map((t) => t.text);
      for (const code of setup.split(/\s+/)) expect(printed, `${c.id}: setup code ${code} of "${setup}"`).toContain(code);
    }
  });

  it.runIf(inset === undefined)('print the subtext of every marker and chit whole', () => {
    for (const c of counters)
      for (const side of ['front', 'back'] as const) {
        const plan = c[side];
        if (plan.layout !== 'label' || plan.subtext === undefined) continue;
        // Lines may break after a hyphen or slash: compared without spaces.
        const printed = texts(drawn.get(c.key)![side]).map((t) => t.text);
        expect(squeezed(printed.join(' ')), `${plan.key}: subtext "${plan.subtext}"`).toContain(squeezed(plan.subtext));
      }
  });
});

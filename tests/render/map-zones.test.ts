import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { validateGame } from '../../src/data/validate';
import { type Point, hexCenter, hexCorners, parseHexId } from '../../src/hex';
import type { Game } from '../../src/model/game';
import { mapGeometry } from '../../src/plan';
import type { TextItem } from '../../src/render/drawing';
import { mapDrawing } from '../../src/render/map-drawing';
import { unitInkBox } from '../../src/render/text-fit';
import { minimalSources } from '../data/helpers';

// Codes are at most 3 characters (the schema); WMW is about the widest.
const CODES = ['J', 'NOR', 'WMW'];

/** The minimal game with code zones in 0202 (three of them: left, right, left below) and 0302. */
function zoned(orientation: 'flat' | 'pointy'): Game {
  const zones = CODES.map((code, i) => ({
    id: `z${i}`,
    kind: 'entry',
    hexes: i === 2 ? ['0202', '0302'] : ['0202'],
    style: { draw: 'code', code },
  }));
  const { game, diagnostics } = validateGame(
    minimalSources({
      map: (t) =>
        t
          .replace(
            '"orientation": "flat", "order": "column-row", "digits": 2, "stagger": "odd-up"',
            `"orientation": "${orientation}", "order": "column-row", "digits": 2, "stagger": "${orientation === 'flat' ? 'odd-up' : 'odd-right'}"`,
          )
          .replace('"places"', `"zones": ${JSON.stringify(zones)},\n  "places"`),
    }),
  );
  if (!game) throw new Error(JSON.stringify(diagnostics));
  for (const h of game.map.hexes) if (h.id === '0202' || h.id === '0302') h.terrain = { unknown: true };
  return game;
}

/** The ink box of a centred text item, measured from the font's glyph outlines. */
function inkBox(item: TextItem): { x0: number; x1: number; y0: number; y1: number } {
  const ink = unitInkBox(loadFonts(), item.font, item.text)!;
  const pen = item.x - (ink.advance * item.size) / 2;
  return { x0: pen + ink.x0 * item.size, x1: pen + ink.x1 * item.size, y0: item.y + ink.y0 * item.size, y1: item.y + ink.y1 * item.size };
}

/** Whether `p` is inside the convex polygon `poly`. */
function inside(poly: Point[], p: Point): boolean {
  const signs = poly.map((a, i) => {
    const b = poly[(i + 1) % poly.length];
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  });
  return signs.every((s) => s >= 0) || signs.every((s) => s <= 0);
}

describe('zone codes beside the centre mark', () => {
  it.each(['flat', 'pointy'] as const)('%s hexes: every code stands a quarter em clear of the "?" and inside its hex', (orientation) => {
    const game = zoned(orientation);
    const g = mapGeometry(game, 72);
    const items = mapDrawing(game, g, loadFonts()).filter((i): i is TextItem => i.kind === 'text');
    let checked = 0;
    for (const id of ['0202', '0302']) {
      const r = parseHexId(game.map.numbering, id);
      if (!r.ok) throw new Error(id);
      const c = hexCenter(g.layout, r.hex);
      const corners = hexCorners(g.layout, r.hex);
      const mark = items.find((i) => i.text === '?' && Math.abs(i.x - c.x) < 1e-6 && Math.abs(i.y - c.y) < g.flatSize / 2)!;
      expect(mark).toBeDefined();
      const m = inkBox(mark);
      const codes = items.filter((i) => CODES.includes(i.text) && Math.hypot(i.x - c.x, i.y - c.y) < g.flatSize / 2);
      expect(codes).toHaveLength(id === '0202' ? 3 : 1);
      for (const code of codes) {
        const b = inkBox(code);
        const gap = b.x1 <= m.x0 ? m.x0 - b.x1 : b.x0 - m.x1;
        expect(gap, `${code.text} in ${id}`).toBeGreaterThanOrEqual(0.25 * code.size);
        for (const p of [
          { x: b.x0, y: b.y0 },
          { x: b.x1, y: b.y0 },
          { x: b.x0, y: b.y1 },
          { x: b.x1, y: b.y1 },
        ])
          expect(inside(corners, p), `${code.text} in ${id}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(4);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import type { TextItem } from '../../src/render/drawing';
import { GAP } from '../../src/render/drawing';
import type { Game, Unit } from '../../src/model/game';
import { unitCounter } from '../../src/plan';
import { type CounterFace, drawCounterFace } from '../../src/render/counter-face';
import { facePng, faceSvg } from '../../src/render/face-png';
import { textWidth } from '../../src/render/fonts';
import { loadFonts } from '../../src/assets/fonts';
import { clone, compareGolden, fixtureGame } from './helpers';

const fonts = loadFonts();

/** One face of a unit as the plan lays it out and counter-face draws it. */
function unitFace(game: Game, unit: Unit, side: 'front' | 'back', diagnostics: Diagnostic[] = []): CounterFace {
  return drawCounterFace(unitCounter(game, unit)[side], fonts, diagnostics);
}
const texts = (items: { kind: string }[]) => items.filter((i): i is TextItem => i.kind === 'text');

describe('unit counter faces', () => {
  it('print the front values on the front and the back.* values on the back (units.csv of the fixture)', async () => {
    const game = await fixtureGame();
    const b1 = game.units.find((u) => u.id === 'b1')!;
    const d: Diagnostic[] = [];
    const front = texts(unitFace(game, b1, 'front', d).drawing.items).map((t) => t.text);
    const back = texts(unitFace(game, b1, 'back', d).drawing.items).map((t) => t.text);
    // b1: attack 4, defense 4, move 4; back 2, 2, 4; size division (mark XX); setup 0101.
    expect(front).toEqual(expect.arrayContaining(['XX', '0101', '1']));
    expect(front.filter((t) => t === '4')).toHaveLength(3);
    expect(back.filter((t) => t === '2')).toHaveLength(2);
    expect(back.filter((t) => t === '4')).toHaveLength(1);
  });

  it('draws a one-step unit without back values as a blank back', async () => {
    const game = await fixtureGame();
    const r1 = game.units.find((u) => u.id === 'r1')!;
    expect(texts(unitFace(game, r1, 'back').drawing.items)).toHaveLength(0);
  });

  it('shows an unknown value as "?" in the gap colour', async () => {
    const game = clone(await fixtureGame());
    game.units[0].front.attack = { unknown: true };
    const q = texts(unitFace(game, game.units[0], 'front').drawing.items).filter((t) => t.text === '?');
    expect(q).toHaveLength(1);
    expect(q[0].fill.rgb).toBe(GAP.rgb);
  });

  it('brackets the attack factor of a unit that cannot attack', async () => {
    const game = clone(await fixtureGame());
    game.info.unitFlags = [{ id: 'static', name: 'Static', effect: 'cannot-attack' }];
    game.units[0].flags = ['static'];
    const t = texts(unitFace(game, game.units[0], 'front').drawing.items).map((x) => x.text);
    expect(t).toContain('[4]');
  });

  it('reports text that does not fit its slot and keeps it inside the slot', async () => {
    const game = clone(await fixtureGame());
    game.units[0].designation = 'Grossdeutschland Panzergrenadier Division Reserve';
    const d: Diagnostic[] = [];
    const face = unitFace(game, game.units[0], 'front', d);
    const overflow = d.find((x) => x.code === 'counters/text-overflow');
    expect(overflow?.pointer).toBe('units.csv/b1/designation');
    expect(overflow?.line).toBe(game.units[0].line);
    for (const t of texts(face.drawing.items)) {
      const w = textWidth(fonts, t.font, t.text, t.size);
      const left = t.align === 'left' ? t.x : t.align === 'center' ? t.x - w / 2 : t.x - w;
      expect(left).toBeGreaterThanOrEqual(-1e-6);
      expect(left + w).toBeLessThanOrEqual(face.drawing.width + 1e-6);
    }
  });

  it('reports a symbol name outside the symbol set and draws "?"', async () => {
    const game = clone(await fixtureGame());
    game.info.unitTypes![0].symbol = 'hovercraft';
    const d: Diagnostic[] = [];
    const face = unitFace(game, game.units[0], 'front', d);
    expect(d.map((x) => x.code)).toContain('counters/unknown-symbol');
    expect(texts(face.drawing.items).some((t) => t.text === '?' && t.fill.rgb === GAP.rgb)).toBe(true);
  });

  it('renders SVG without <text> and PNGs of counter inches × scale pixels', async () => {
    const game = await fixtureGame();
    const front = unitFace(game, game.units[0], 'front');
    const svg = faceSvg(front, 150, fonts);
    expect(svg).not.toMatch(/<text/);
    const png = await facePng(front, 150, fonts);
    const meta = await sharp(Buffer.from(png)).metadata();
    // No counters.json: the default 1/2" counter → 75 px at 150 px/inch.
    expect([meta.width, meta.height]).toEqual([75, 75]);
  });

  it('matches the reviewed golden images', async () => {
    const game = await fixtureGame();
    for (const [name, face] of [
      ['face-b1-front.png', unitFace(game, game.units[0], 'front')],
      ['face-b1-back.png', unitFace(game, game.units[0], 'back')],
      ['face-r1-front.png', unitFace(game, game.units[1], 'front')],
    ] as const) {
      const { mismatched, total } = compareGolden(name, await facePng(face, 300, fonts));
      expect(mismatched / total, name).toBeLessThan(0.002);
    }
  });
});

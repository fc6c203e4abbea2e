import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import type { TextItem } from '../../src/render/drawing';
import { GAP } from '../../src/render/drawing';
import type { Game, Unit } from '../../src/model/game';
import { markerCounter, unitCounter } from '../../src/plan';
import { type CounterFace, abbreviate, abbreviationsOf, drawCounterFace } from '../../src/render/counter-face';
import { fitLines, hyphenatedLines, middleCut } from '../../src/render/text-fit';
import { facePng, faceSvg } from '../../src/render/face-png';
import { pngPixelsPerInch } from './png-density';
import { textGlyphs, textWidth } from '../../src/render/fonts';
import { loadFonts } from '../../src/assets/fonts';
import { clone, compareGolden, fixtureGame } from './helpers';

const fonts = loadFonts();

/** One face of a unit as the plan lays it out and counter-face draws it. */
function unitFace(game: Game, unit: Unit, side: 'front' | 'back', diagnostics: Diagnostic[] = []): CounterFace {
  return drawCounterFace(unitCounter(game, unit)[side], fonts, diagnostics);
}
const texts = (items: { kind: string }[]) => items.filter((i): i is TextItem => i.kind === 'text');

/** Where a text's ink lies: its advance width, between its glyphs' highest and lowest outline points. */
function inkBox(t: TextItem): { left: number; right: number; top: number; bottom: number } {
  const w = textWidth(fonts, t.font, t.text, t.size);
  const left = t.align === 'left' ? t.x : t.align === 'right' ? t.x - w : t.x - w / 2;
  const glyphs = textGlyphs(fonts, t.font, t.text);
  const perUnit = t.size / fonts[t.font].font.unitsPerEm;
  const top = Math.max(...glyphs.map((g) => g.bbox.maxY)) * perUnit;
  const bottom = Math.min(...glyphs.map((g) => g.bbox.minY)) * perUnit;
  return { left, right: left + w, top: t.y - top, bottom: t.y - bottom };
}
const overlaps = (a: ReturnType<typeof inkBox>, b: ReturnType<typeof inkBox>) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

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

  it('prints size marks whole, using the free width beside their slot, never under 5 pt', async () => {
    const game = clone(await fixtureGame());
    game.info.unitSizes = [{ id: 'division', name: 'Front', mark: 'XXXXX' }];
    const d: Diagnostic[] = [];
    const marks = texts(unitFace(game, game.units[0], 'front', d).drawing.items).filter((t) => /^X+/.test(t.text));
    expect(marks.map((t) => t.text)).toEqual(['XXXXX']);
    expect(marks[0].size).toBeGreaterThanOrEqual(5);
    expect(d.filter((x) => x.code === 'counters/text-overflow')).toEqual([]);
  });

  it("shortens a text by the data's abbreviations when shrinking and wrapping do not fit it, and says so", async () => {
    const game = clone(await fixtureGame());
    game.units[0].designation = 'Grossdeutschland Panzergrenadier';
    game.info.abbreviations = [
      { abbreviation: 'GD', meaning: 'Grossdeutschland (unit designation)' },
      { abbreviation: 'PzG', meaning: 'Panzergrenadier' },
    ];
    const d: Diagnostic[] = [];
    const face = drawCounterFace(unitCounter(game, game.units[0]).front, fonts, d, abbreviationsOf(game.info.abbreviations));
    const printed = texts(face.drawing.items).map((t) => t.text);
    expect(printed).toContain('GD PzG');
    expect(texts(face.drawing.items).every((t) => t.size >= 5)).toBe(true);
    expect(d.find((x) => x.code === 'counters/text-abbreviated')?.line).toBe(game.units[0].line);
    expect(abbreviate('Panzer Grenadier Panzerjäger', abbreviationsOf([{ abbreviation: 'Pz', meaning: 'Panzer' }]))).toBe(
      'Pz Grenadier Panzerjäger',
    );
  });

  it('prints a marker or chit without a picture or a colour on the same neutral counter face as a unit, not on paper white', async () => {
    const game = clone(await fixtureGame());
    for (const side of game.info.sides) delete side.nationalities;
    const marker = { id: 'inf-1', name: 'INF-1', count: 1 };
    game.counters.markers = [marker];
    const unitFill = (unitFace(game, { ...game.units[0], side: 'nobody' }, 'front').drawing.items[0] as { fill?: { rgb: string } }).fill;
    for (const side of ['front', 'back'] as const) {
      const items = drawCounterFace(markerCounter(game, marker)[side], fonts, []).drawing.items;
      const background = items[0];
      expect(background.kind === 'rect' && background.w === 36 && background.h === 36).toBe(true);
      expect((background as { fill?: { rgb: string } }).fill?.rgb).toBe(unitFill?.rgb);
      expect(unitFill?.rgb).not.toBe('#ffffff');
      // Its text reads on it.
      expect(texts(items).map((t) => t.text)).toEqual(['INF-1']);
    }
  });

  it('wraps a long marker text onto lines at the largest size that fits, never under 5 pt and never cut', async () => {
    const game = clone(await fixtureGame());
    const marker = { id: 'ap', name: 'AP', front: { text: 'German Activity Points Marker' }, count: 1 };
    game.counters.markers = [marker];
    const d: Diagnostic[] = [];
    const face = drawCounterFace(markerCounter(game, marker).front, fonts, d);
    const lines = texts(face.drawing.items);
    expect(lines.map((t) => t.text).join(' ')).toBe('German Activity Points Marker');
    expect(lines.length).toBeGreaterThan(1);
    for (const t of lines) {
      expect(t.size).toBeGreaterThanOrEqual(5);
      expect(textWidth(fonts, t.font, t.text, t.size)).toBeLessThanOrEqual(face.drawing.width);
    }
    expect(d).toEqual([]);
  });

  it('breaks a word too wide for a marker face with a hyphen, keeping every letter, rather than cutting the text', async () => {
    const game = clone(await fixtureGame());
    // Ring of Fire's markers on its 1/2" counters: "Replacement" alone is wider than the face at 5 pt.
    const text = 'German mobile Replacement marker';
    const marker = { id: 'repl', name: 'Repl', front: { text }, count: 1 };
    game.counters.markers = [marker];
    const d: Diagnostic[] = [];
    const face = drawCounterFace(markerCounter(game, marker).front, fonts, d);
    expect(textWidth(fonts, 'bold', 'Replacement', 5)).toBeGreaterThan(face.drawing.width * 0.88);
    const lines = texts(face.drawing.items);
    const broken = lines.filter((t) => t.text.endsWith('-'));
    expect(broken).toHaveLength(1);
    // Every letter printed, in order: the lines joined again (the hyphen dropped) give the text back.
    expect(
      lines
        .map((t) => (t.text.endsWith('-') ? t.text.slice(0, -1) : `${t.text} `))
        .join('')
        .trim(),
    ).toBe(text);
    const after = lines[lines.indexOf(broken[0]) + 1].text.split(' ')[0];
    expect(after.length).toBeGreaterThanOrEqual(3);
    for (const t of lines) {
      expect(t.size).toBe(5);
      expect(textWidth(fonts, t.font, t.text, t.size)).toBeLessThanOrEqual(face.drawing.width * 0.88 + 1e-6);
    }
    const boxes = lines.map((t) => inkBox(t));
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j])).toBe(false);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['counters/text-hyphenated', 'info']]);
  });

  it('gives up hyphenating (undefined) when the broken lines do not fit the height', () => {
    expect(hyphenatedLines(fonts, 'bold', 'Replacement', 5, { w: 20, h: 20 })).toEqual(
      expect.arrayContaining([expect.stringMatching(/-$/)]),
    );
    expect(hyphenatedLines(fonts, 'bold', 'Replacement', 5, { w: 20, h: 6 })).toBeUndefined();
  });

  it('breaks a word of five million letters between letters at the floor size, without overflowing the call stack', () => {
    const box = { w: 40, h: 30 };
    const fit = fitLines(fonts, 'bold', 'x'.repeat(5_000_000), 14, box, 5);
    expect(fit).toMatchObject({ fits: false, size: 5 });
    // Every line holds as many letters as fit the width at 5 pt, and together they hold every letter.
    const perLine = Math.floor(box.w / textWidth(fonts, 'bold', 'x', 5) + 1e-9);
    expect(fit.lines[0]).toBe('x'.repeat(perLine));
    expect(fit.lines.join('').length).toBe(5_000_000);
  });

  it('finds the largest wrapping size by bisection: no size 0.05 pt larger fits', () => {
    const box = { w: 40, h: 30 };
    for (const text of ['Soviet Combat Chit number sixteen', 'Hex Control Marker', 'a b c d e f g h i j k', 'Movement Points']) {
      const fit = fitLines(fonts, 'bold', text, 14, box, 5);
      expect(fit.fits).toBe(true);
      const bigger = fit.size + 0.05;
      if (bigger <= 14) {
        // Brute force: every way the greedy breaker could wrap at the larger size overflows.
        const again = fitLines(fonts, 'bold', text, bigger, box, bigger);
        expect(again.fits, `${text} at ${bigger}`).toBe(false);
      }
      for (const line of fit.lines) expect(textWidth(fonts, 'bold', line, fit.size)).toBeLessThanOrEqual(box.w + 1e-9);
      expect(fit.size * (1 + (fit.lines.length - 1) * 1.1)).toBeLessThanOrEqual(box.h + 1e-9);
    }
  });

  it('never prints a text over another: an id too long for its slot at 5 pt is cut to its tail and reported', async () => {
    // The 1/2" fallback face: a long unit id under the value line, as on modules whose ids hold the values.
    const game = clone(await fixtureGame());
    const unit = game.units[0];
    unit.id = 'mec-xx-8-8-12_789_999-2';
    const d: Diagnostic[] = [];
    const face = unitFace(game, unit, 'front', d);
    const printed = texts(face.drawing.items);
    const boxes = printed.map((t) => inkBox(t));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(overlaps(boxes[i], boxes[j]), `"${printed[i].text}" over "${printed[j].text}"`).toBe(false);
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(-1e-6);
      expect(b.right).toBeLessThanOrEqual(face.drawing.width + 1e-6);
    }
    expect(printed.every((t) => t.size >= 5)).toBe(true);
    // An id names its side and type first and itself last: its tail is kept after the "…".
    const id = printed.filter((t) => t.text.includes('…'));
    expect(id).toHaveLength(1);
    expect(id[0].text.startsWith('…')).toBe(true);
    expect(unit.id.endsWith(id[0].text.slice(1))).toBe(true);
    expect(id[0].text.length).toBeGreaterThan(4);
    const overflow = d.find((x) => x.code === 'counters/text-overflow');
    expect(overflow?.pointer).toBe(`units.csv/${unit.id}/id`);
    expect(overflow?.line).toBe(unit.line);
    expect(overflow?.message).toContain(`printed cut to "${id[0].text}"`);
  });

  it('prints apart two ids that share their side-and-type head and their last letters, cut to their tails', async () => {
    const game = clone(await fixtureGame());
    const [a, b] = [game.units[0], { ...game.units[0] }];
    // Cut in the middle, both printed "sov-pa…senko".
    a.id = 'sov-partisan-panasenko';
    b.id = 'sov-partisan-dantsenko';
    const idText = (u: typeof a) => texts(unitFace(game, u, 'front', []).drawing.items).find((t) => t.text.includes('…'))?.text;
    expect(idText(a)).toBeDefined();
    expect(idText(a)).not.toBe(idText(b));
  });

  it('cuts a text to the most letters that fit, and gives up (undefined) when not one letter each side fits', () => {
    const text = 'Grossdeutschland Panzergrenadier Division Reserve';
    const box = { w: 30, h: 5 };
    const cut = middleCut(fonts, 'regular', text, 5, box)!;
    expect(cut.lines).toHaveLength(1);
    const line = cut.lines[0];
    expect(textWidth(fonts, 'regular', line, 5)).toBeLessThanOrEqual(box.w);
    const [head, tail] = line.split('…');
    expect(text.startsWith(head)).toBe(true);
    expect(text.endsWith(tail)).toBe(true);
    // One letter more on either end no longer fits.
    const longer = `${text.slice(0, head.length + 1).trimEnd()}…${tail}`;
    expect(textWidth(fonts, 'regular', longer, 5)).toBeGreaterThan(box.w);
    expect(middleCut(fonts, 'regular', text, 5, { w: 6, h: 5 })).toBeUndefined();
  });

  it('reports a symbol name outside the symbol set and draws "?"', async () => {
    const game = clone(await fixtureGame());
    game.info.unitTypes![0].symbol = 'hovercraft';
    const d: Diagnostic[] = [];
    const face = unitFace(game, game.units[0], 'front', d);
    expect(d.map((x) => x.code)).toContain('counters/unknown-symbol');
    expect(texts(face.drawing.items).some((t) => t.text === '?' && t.fill.rgb === GAP.rgb)).toBe(true);
  });

  it('prints a type without a symbol as the most letters of its name that fit the frame, never a cut label', async () => {
    const game = clone(await fixtureGame());
    const type = game.info.unitTypes![0];
    delete type.symbol;
    // Wide capitals: four do not fit a 1/2" counter's frame at 5 pt (measured below), a shorter prefix does.
    type.name = 'Mwmw motorised';
    const d: Diagnostic[] = [];
    const face = unitFace(game, game.units[0], 'front', d);
    const frame = face.drawing.items.find((i) => i.kind === 'rect' && i.stroke !== undefined && i.fill === undefined);
    expect(frame).toBeDefined();
    const label = texts(face.drawing.items).find((t) => 'MWMW'.startsWith(t.text) && t.text.length >= 2);
    expect(label, JSON.stringify(texts(face.drawing.items).map((t) => t.text))).toBeDefined();
    expect(label!.size).toBeGreaterThanOrEqual(5);
    if (frame?.kind === 'rect') {
      expect(textWidth(fonts, 'bold', label!.text, label!.size)).toBeLessThanOrEqual(frame.w);
      if (label!.text !== 'MWMW') expect(textWidth(fonts, 'bold', 'MWMW', 5)).toBeGreaterThan(frame.w - 2 * 0.35);
    }
    expect(d.filter((x) => x.code === 'counters/text-overflow')).toEqual([]);
  });

  it('renders SVG without <text> and PNGs of counter inches × scale pixels', async () => {
    const game = await fixtureGame();
    const front = unitFace(game, game.units[0], 'front');
    const svg = faceSvg(front, 150, fonts);
    expect(svg).not.toMatch(/<text/);
    const png = await facePng(front, 150, fonts);
    const meta = await sharp(Buffer.from(png)).metadata();
    // No counters.json: the default 1/2" counter → 75 px at 150 px/inch, and it says so.
    expect([meta.width, meta.height]).toEqual([75, 75]);
    expect(pngPixelsPerInch(png)!.x).toBeCloseTo(150, 0);
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

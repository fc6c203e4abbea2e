/**
 * Sides that state no colour print on distinct default colours (DEFAULT_SIDE_COLOURS, in side
 * order) with legible text; sides whose colour is recorded unknown on distinct greys; a stated colour
 * wins, the data is left saying nothing, and each default is warned of.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIDE_COLOURS, UNKNOWN_COLOUR_GREYS, defaultColourDiagnostics, markerFacePlan, unitCounter } from '../../src/plan';
import { contrastingText } from '../../src/render/drawing';
import { clone, fixtureGame } from '../render/helpers';

/** sRGB channel (0..255) to linear light, as WCAG 2 and CIE Lab define it. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** CIE L*a*b* under D65. */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map(linear);
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ];
  const [fx, fy, fz] = xyz.map((t) => (t > (6 / 29) ** 3 ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29));
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const NEUTRAL_FACE = '#e4e4e4';

describe('default side colours', () => {
  it('give every side without a colour its own face colour, in side order, and leave the data without one', async () => {
    const game = clone(await fixtureGame());
    for (const side of game.info.sides) delete side.nationalities;
    const [blue, red] = game.info.sides.map((s) => game.units.find((u) => u.side === s.id)!);
    expect(unitCounter(game, blue).front.background?.rgb).toBe(DEFAULT_SIDE_COLOURS[0]);
    expect(unitCounter(game, red).front.background?.rgb).toBe(DEFAULT_SIDE_COLOURS[1]);
    expect(unitCounter(game, red).back.background?.rgb).toBe(DEFAULT_SIDE_COLOURS[1]);
    const marker = { id: 'm', name: 'Red control', side: red.side, count: 1 };
    expect(markerFacePlan(game, marker, 0.5, 'front').background?.rgb).toBe(DEFAULT_SIDE_COLOURS[1]);
    expect(game.info.sides.every((s) => s.color === undefined)).toBe(true);
  });

  it('yield to the colour a side states', async () => {
    const game = clone(await fixtureGame());
    for (const side of game.info.sides) delete side.nationalities;
    game.info.sides[1].color = '#123456';
    const red = game.units.find((u) => u.side === game.info.sides[1].id)!;
    expect(unitCounter(game, red).front.background?.rgb).toBe('#123456');
  });

  it('give a colour the data records as unknown a grey per side, never a hue, and warn it is a default', async () => {
    const game = clone(await fixtureGame());
    for (const side of game.info.sides) {
      delete side.color;
      side.nationalities = [{ id: `n-${side.id}`, name: 'N', background: { unknown: true, reason: 'named but not given' } }];
    }
    const [first, second] = game.info.sides.map((s) => ({ ...game.units.find((u) => u.side === s.id)!, nationality: `n-${s.id}` }));
    expect(unitCounter(game, first).front.background).toEqual(UNKNOWN_COLOUR_GREYS[0]);
    expect(unitCounter(game, second).front.background).toEqual(UNKNOWN_COLOUR_GREYS[1]);
    const marker = { id: 'm', name: 'Control', side: second.side, count: 1 };
    expect(markerFacePlan(game, marker, 0.5, 'front').background).toEqual(UNKNOWN_COLOUR_GREYS[1]);
    for (const grey of UNKNOWN_COLOUR_GREYS) {
      const [r, g, b] = channels(grey.rgb);
      expect(r === g && g === b, grey.rgb).toBe(true);
      expect(grey.cmyk?.slice(0, 3)).toEqual([0, 0, 0]);
      expect(Math.round(255 * (1 - grey.cmyk![3] / 100)), grey.rgb).toBeCloseTo(r, -1);
    }
    const warned = defaultColourDiagnostics(game);
    expect(warned.map((d) => [d.code, d.severity, d.pointer])).toEqual(
      game.info.sides.map((s) => ['counters/default-colour', 'warning', `game.json/sides/${s.id}`]),
    );
  });

  it('warn once per side that prints on a default, and not at all when the data states every colour', async () => {
    const game = clone(await fixtureGame());
    for (const side of game.info.sides) delete side.nationalities;
    expect(defaultColourDiagnostics(game).map((d) => d.message)).toEqual(
      game.info.sides.map((s, i) =>
        expect.stringContaining(`side "${s.id}" states no colour; its counters print on the default ${DEFAULT_SIDE_COLOURS[i]}`),
      ),
    );
    game.info.sides.forEach((s, i) => (s.color = DEFAULT_SIDE_COLOURS[i]));
    expect(defaultColourDiagnostics(game)).toEqual([]);
  });

  it('leave the art of a side without a colour on paper, not framed in a default, and keep a stated colour behind it', async () => {
    const game = clone(await fixtureGame());
    for (const side of game.info.sides) delete side.nationalities;
    const art = { path: 'a.png', sha256: '0'.repeat(64), format: 'png' as const, width: 10, height: 12, data: new Uint8Array() };
    game.art = { 'a.png': art };
    const unit = { ...game.units[0], image: 'a.png' };
    const face = unitCounter(game, unit).front;
    expect(face.layout).toBe('image');
    expect(face.background).toBeUndefined();
    expect(
      markerFacePlan(game, { id: 'm', name: 'M', side: unit.side, count: 1, image: 'a.png' }, 0.5, 'front').background,
    ).toBeUndefined();
    expect(defaultColourDiagnostics({ ...game, units: [unit] })).toEqual([]);
    game.info.sides.find((s) => s.id === unit.side)!.color = '#123456';
    expect(unitCounter(game, unit).front.background?.rgb).toBe('#123456');
  });

  it('keep text legible (WCAG contrast 7:1 or more with the ink drawn on them) and read apart from each other and the neutral face', () => {
    for (const colour of [...DEFAULT_SIDE_COLOURS, ...UNKNOWN_COLOUR_GREYS.map((g) => g.rgb)])
      expect(contrastRatio(colour, contrastingText({ rgb: colour }).rgb), colour).toBeGreaterThanOrEqual(7);
    const all = [...DEFAULT_SIDE_COLOURS, NEUTRAL_FACE];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const [a, b] = [lab(all[i]), lab(all[j])];
        const deltaE = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
        expect(deltaE, `${all[i]} vs ${all[j]}`).toBeGreaterThanOrEqual(20);
      }
  });

  it('give the sides of unknown colour greys that read apart: the first two 20 ΔE, any two 10, the first the neutral face', () => {
    const greys = UNKNOWN_COLOUR_GREYS.map((g) => g.rgb);
    expect(greys[0]).toBe(NEUTRAL_FACE);
    const deltaE = (x: string, y: string) => {
      const [a, b] = [lab(x), lab(y)];
      return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    };
    expect(deltaE(greys[0], greys[1])).toBeGreaterThanOrEqual(20);
    for (let i = 0; i < greys.length; i++)
      for (let j = i + 1; j < greys.length; j++)
        expect(deltaE(greys[i], greys[j]), `${greys[i]} vs ${greys[j]}`).toBeGreaterThanOrEqual(10);
  });
});

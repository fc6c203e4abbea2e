import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { textWidth } from '../../src/render/fonts';
import { validateGame } from '../../src/data/validate';
import { type Point, hexCenter, hexCorners, parseHexId } from '../../src/hex';
import type { Game } from '../../src/model/game';
import { MM, mapGeometry } from '../../src/plan';
import { renderMapPdf } from '../../src/print/map-pdf';
import type { Item, PathItem, TextItem } from '../../src/render/drawing';
import { mapDrawing } from '../../src/render/map-drawing';
import { renderMapPng } from '../../src/render/map-png';
import { drawTerrainSwatch } from '../../src/render/terrain-swatch';
import { shortMovement } from '../../src/plan/map-key-layout';
import { minimalSources } from '../data/helpers';
import { fixtureGame, pixelAt } from './helpers';
import { tempDir } from '../temp-dir';

type Edits = Parameters<typeof minimalSources>[0];

function game(edits: Edits = {}): Game {
  const { game, diagnostics } = validateGame(minimalSources(edits));
  if (!game) throw new Error(JSON.stringify(diagnostics));
  return game;
}

const ROAD = {
  terrain: (t: string) =>
    t.replace('{ "id": "river"', '{ "id": "road", "name": "Road", "kind": "path", "movement": 0.5 },\n    { "id": "river"'),
};
const withPath = (hexes: string[], more: Edits = {}): Edits => ({
  terrain: (t) => (more.terrain ?? ((x: string) => x))(ROAD.terrain(t)),
  map: (t) =>
    (more.map ?? ((x: string) => x))(
      t.replace('"places"', `"paths": [{ "feature": "road", "hexes": ${JSON.stringify(hexes)} }],\n  "places"`),
    ),
});

function centre(g: Game, layout: ReturnType<typeof mapGeometry>['layout'], id: string): Point {
  const r = parseHexId(g.map.numbering, id);
  if (!r.ok) throw new Error(id);
  return hexCenter(layout, r.hex);
}

/** The anchor points and control points of absolute M/C path data. */
function curveOf(d: string): { anchors: Point[]; controls: [Point, Point][]; commands: string[] } {
  const tokens = d.match(/[MLCZ]|-?\d*\.?\d+/g)!;
  const anchors: Point[] = [];
  const controls: [Point, Point][] = [];
  const commands: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const cmd = tokens[i++];
    commands.push(cmd);
    const n = (k: number) => Number(tokens[i + k]);
    if (cmd === 'M' || cmd === 'L') {
      anchors.push({ x: n(0), y: n(1) });
      i += 2;
    } else if (cmd === 'C') {
      controls.push([
        { x: n(0), y: n(1) },
        { x: n(2), y: n(3) },
      ]);
      anchors.push({ x: n(4), y: n(5) });
      i += 6;
    }
  }
  return { anchors, controls, commands };
}

/** Items of `b` that `a` does not have. */
function added(a: Item[], b: Item[]): Item[] {
  const seen = new Map<string, number>();
  for (const item of a) seen.set(JSON.stringify(item), (seen.get(JSON.stringify(item)) ?? 0) + 1);
  return b.filter((item) => {
    const k = JSON.stringify(item);
    const n = seen.get(k) ?? 0;
    if (n > 0) seen.set(k, n - 1);
    return n === 0;
  });
}

/** WCAG 2 contrast ratio, computed here from the definition. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const c = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const GAMES = readdirSync('data').filter((d) => readdirSync(path.join('data', d)).includes('map.json'));

describe('map style from data', () => {
  it("paints a terrain's fill from terrain.json, and a green default for woods without a style", async () => {
    const styled = game({
      terrain: (t) => t.replace('"name": "Forest", "kind": "hex"', '"name": "Forest", "kind": "hex", "style": { "fill": "#123456" }'),
    });
    const { png, geometry } = await renderMapPng(styled, loadFonts());
    const c = centre(styled, geometry.layout, '0202');
    // Below the tree glyphs, above the hex's lower side.
    expect(pixelAt(png, c.x, c.y + geometry.flatSize * 0.42).slice(0, 3)).toEqual([0x12, 0x34, 0x56]);

    const plain = game();
    const out = await renderMapPng(plain, loadFonts());
    const [r, g, b] = pixelAt(out.png, c.x, c.y + geometry.flatSize * 0.42);
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it('draws no bridge where a road crosses a river the data gives no bridge; draws one where it does', () => {
    const base = game(ROAD);
    const g = mapGeometry(base, 72);
    const crossing = game(withPath(['0101', '0102']));
    const extra = added(mapDrawing(base, g, loadFonts()), mapDrawing(crossing, g, loadFonts()));
    // Only the road's own line: nothing at the river crossing.
    expect(extra).toHaveLength(1);
    expect((extra[0] as PathItem).d).toMatch(/^M[^C]*C/);

    const bridged = game(
      withPath(['0101', '0102'], {
        terrain: (t) => t.replace('{ "id": "river"', '{ "id": "bridge", "name": "Bridge", "kind": "hexside" },\n    { "id": "river"'),
        map: (t) => t.replace('"hexsides": [', '"hexsides": [{ "feature": "bridge", "sides": ["0101/0102"] }, '),
      }),
    );
    const bridge = added(mapDrawing(crossing, g, loadFonts()), mapDrawing(bridged, g, loadFonts())).filter(
      (i) => !(i.kind === 'text' && i.y > g.hexAreaHeight),
    );
    const onMap = bridge.filter((i): i is PathItem => i.kind === 'path' && curveOf(i.d).anchors.every((p) => p.y < g.hexAreaHeight));
    expect(onMap).toHaveLength(1);
    const pts = curveOf(onMap[0].d).anchors;
    const mid = { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length };
    const a = centre(bridged, g.layout, '0101');
    const b = centre(bridged, g.layout, '0102');
    expect(mid.x).toBeCloseTo((a.x + b.x) / 2, 1);
    expect(mid.y).toBeCloseTo((a.y + b.y) / 2, 1);
  });

  it('draws a path as a smooth curve through every hex centre, running off the map where it leaves it', () => {
    const ids = ['0102', '0202', '0302', '0402'];
    const g0 = game(withPath(ids));
    const g = mapGeometry(g0, 72);
    const road = added(mapDrawing(game(ROAD), g, loadFonts()), mapDrawing(g0, g, loadFonts()))[0] as PathItem;
    const { anchors, controls, commands } = curveOf(road.d);
    expect(commands.filter((c) => c === 'L')).toHaveLength(0);
    // The ends lie on the edge of the art (off the map), the hex centres in between, in order.
    const centres = ids.map((id) => centre(g0, g.layout, id));
    expect(anchors).toHaveLength(centres.length + 2);
    centres.forEach((c, i) => {
      expect(anchors[i + 1].x).toBeCloseTo(c.x, 2);
      expect(anchors[i + 1].y).toBeCloseTo(c.y, 2);
    });
    for (const end of [anchors[0], anchors[anchors.length - 1]]) {
      const onEdge = [end.x, end.y, g.width - end.x, g.hexAreaHeight - end.y].some((v) => Math.abs(v) < 0.01);
      expect(onEdge).toBe(true);
    }
    // Smooth: at every hex centre the incoming and outgoing tangents are parallel (no corner).
    for (let i = 1; i < anchors.length - 1; i++) {
      const p = anchors[i];
      const inT = { x: p.x - controls[i - 1][1].x, y: p.y - controls[i - 1][1].y };
      const outT = { x: controls[i][0].x - p.x, y: controls[i][0].y - p.y };
      const cross = inT.x * outT.y - inT.y * outT.x;
      expect(Math.abs(cross) / (Math.hypot(inT.x, inT.y) * Math.hypot(outT.x, outT.y))).toBeLessThan(0.01);
      expect(inT.x * outT.x + inT.y * outT.y).toBeGreaterThan(0);
    }
  });

  it('prints supply and entry marks only when the style asks, and outlines setup areas clear of the hex ids', () => {
    const zones = (style = '') =>
      game({
        map: (t) =>
          t.replace(
            '"places"',
            `"zones": [{ "id": "west", "kind": "supply", "side": "blue", "edge": "west" }, { "id": "set", "kind": "setup", "side": "blue", "hexes": ["0101..0103", "0201..0203"] }],${style}\n  "places"`,
          ),
      });
    const plain = zones();
    const g = mapGeometry(plain, 72);
    const texts = (items: Item[]) => items.filter((i): i is TextItem => i.kind === 'text').map((i) => i.text);
    expect(texts(mapDrawing(plain, g, loadFonts()))).not.toContain('S');
    const marked = zones(' "style": { "zones": { "supply": { "draw": "symbol" } } },');
    expect(texts(mapDrawing(marked, g, loadFonts())).filter((t) => t === 'S')).toHaveLength(3);

    const items = mapDrawing(plain, g, loadFonts());
    const outline = items.find((i): i is PathItem => i.kind === 'path' && !!i.dash && i.stroke !== undefined && i.d.includes('Z'))!;
    expect(outline).toBeDefined();
    const pts = curveOf(outline.d).anchors;
    const ids = items.filter((i): i is TextItem => i.kind === 'text' && /^0[12]0[1-3]$/.test(i.text));
    expect(ids).toHaveLength(6);
    for (const id of ids) {
      // The id's box: 4 digits at most 0.6 em wide, from the baseline up to the cap height.
      const box = { l: id.x - id.size * 1.2, r: id.x + id.size * 1.2, t: id.y - id.size * 0.75, b: id.y };
      const half = (outline.lineWidth ?? 0) / 2;
      for (let k = 0; k < pts.length; k++) {
        const a = pts[k];
        const b = pts[(k + 1) % pts.length];
        for (let s = 0; s <= 50; s++) {
          const x = a.x + ((b.x - a.x) * s) / 50;
          const y = a.y + ((b.y - a.y) * s) / 50;
          const inside = x > box.l - half && x < box.r + half && y > box.t - half && y < box.b + half;
          expect(inside).toBe(false);
        }
      }
    }
  });
});

describe('map legibility and key on every bundled game', () => {
  it.each(GAMES)('%s: hex ids keep 4.5:1 contrast on the fill under them; the key names every terrain', async (dir) => {
    const g0 = await fixtureGame(path.join('data', dir));
    const g = mapGeometry(g0, 72);
    const items = mapDrawing(g0, g, loadFonts());
    // Fill under each hex, read from the drawing: the fill path holding the hex's polygon.
    const fillAt = new Map<string, string>();
    for (const item of items) {
      if (item.kind !== 'path' || !item.fill || !item.edgesStroked) continue;
      for (const poly of item.d.split(' Z')) {
        const m = poly.trim().match(/^M(\S+) (\S+)/);
        if (m) fillAt.set(`${Math.round(Number(m[1]) * 10)},${Math.round(Number(m[2]) * 10)}`, item.fill.rgb);
      }
    }
    const byText = new Map(items.filter((i): i is TextItem => i.kind === 'text').map((i) => [i.text, i]));
    let checked = 0;
    for (const h of g0.map.hexes) {
      const label = byText.get(h.id);
      if (!label) continue;
      const corner = hexCorners(g.layout, h)[0];
      // Path data keeps 3 decimals: look at the neighbouring tenths too.
      const [kx, ky] = [Math.round(corner.x * 10), Math.round(corner.y * 10)];
      const near = [0, -1, 1].flatMap((dx) => [0, -1, 1].map((dy) => fillAt.get(`${kx + dx},${ky + dy}`)));
      const fill = near.find((f) => f !== undefined);
      expect(fill, h.id).toBeDefined();
      expect(contrast(label.fill.rgb, fill!), `${h.id} on ${fill}`).toBeGreaterThanOrEqual(4.5);
      checked++;
    }
    expect(checked).toBeGreaterThan(g0.map.hexes.length * 0.9);
    const keyTexts = items.filter((i): i is TextItem => i.kind === 'text' && i.y > g.hexAreaHeight).map((i) => i.text);
    for (const t of g0.terrain) {
      expect(keyTexts, t.name).toContain(t.name);
      // A movement cost that is one number prints as that number of MP.
      if (typeof t.movement === 'number') expect(keyTexts, t.name).toContain(`${t.movement} MP`);
    }
    expect(keyTexts).toContain(g0.info.title);
  });
});

describe('key band', () => {
  it('is left out when the style prints no title, key or compass, and every terrain swatch lies inside the band', () => {
    const bare = game({ map: (t) => t.replace('"places"', '"style": { "title": false, "key": false, "compass": false },\n  "places"') });
    const g = mapGeometry(bare, 72);
    expect(g.height).toBe(g.hexAreaHeight);
    expect(mapDrawing(bare, g, loadFonts()).filter((i) => i.kind === 'text' && i.y > g.hexAreaHeight)).toEqual([]);

    const full = game();
    const k = mapGeometry(full, 72);
    expect(k.height).toBeGreaterThan(k.hexAreaHeight);
    const swatches = mapDrawing(full, k, loadFonts()).filter(
      (i): i is PathItem => i.kind === 'path' && curveOf(i.d).anchors.every((p) => p.y > k.hexAreaHeight),
    );
    for (const s of swatches)
      for (const p of curveOf(s.d).anchors) expect(p.x >= -0.01 && p.x <= k.width + 0.01 && p.y <= k.height + 0.01).toBe(true);
    // One hex outline per terrain: the swatch's grid line.
    expect(swatches.filter((s) => s.stroke && !s.fill && /Z$/.test(s.d.trim()) && s.lineWidth === 0.4)).toHaveLength(full.terrain.length);
  });
});

describe('key band of a map too narrow for its title', () => {
  const fonts = loadFonts();
  it('wraps the title under the north arrow: every text inside the page, none over the arrow', () => {
    const title = 'Operation Unthinkable Baltic Approaches';
    const tiny = game({
      game: (t) => t.replace('"Minimal test game"', JSON.stringify(title)),
      map: (t) =>
        t
          .replace('"hexSize": 0.625', '"hexSize": 0.3')
          .replace('"places"', '"name": "Main Map",\n  "style": { "key": false },\n  "places"'),
    });
    const g = mapGeometry(tiny, 72);
    expect(g.width / 72).toBeLessThan(2);
    const band = mapDrawing(tiny, g, loadFonts()).filter((i) => curveOrTextBelow(i, g.hexAreaHeight));
    const texts = band.filter((i): i is TextItem => i.kind === 'text');
    const arrow = band.filter((i): i is PathItem => i.kind === 'path' && i.fill !== undefined).flatMap((i) => curveOf(i.d).anchors);
    const north = texts.find((t) => t.text === 'N')!;
    const arrowBox = {
      left: Math.min(...arrow.map((p) => p.x), north.x - textWidth(fonts, 'bold', 'N', north.size) / 2),
      right: Math.max(...arrow.map((p) => p.x), north.x + textWidth(fonts, 'bold', 'N', north.size) / 2),
      top: north.y - north.size,
      bottom: Math.max(...arrow.map((p) => p.y)),
    };
    const titleLines = texts.filter((t) => t !== north);
    expect(titleLines.map((t) => t.text).join(' ')).toBe(`${title} Main Map`);
    for (const t of titleLines) {
      const w = textWidth(fonts, t.font, t.text, t.size);
      expect(t.x, t.text).toBeGreaterThanOrEqual(0);
      expect(t.x + w, t.text).toBeLessThanOrEqual(g.width);
      expect(t.y, t.text).toBeLessThanOrEqual(g.height);
      const overArrow = t.x < arrowBox.right && arrowBox.left < t.x + w && t.y - t.size < arrowBox.bottom && arrowBox.top < t.y;
      expect(overArrow, t.text).toBe(false);
      expect(t.size).toBeGreaterThanOrEqual(6);
    }
  });
});

function curveOrTextBelow(i: Item, y: number): boolean {
  return i.kind === 'text' ? i.y > y : i.kind === 'path' && curveOf(i.d).anchors.every((p) => p.y > y + 0.01);
}

describe('terrain swatch and key text', () => {
  it('draws a terrain swatch inside its rectangle in the fill the data gives', () => {
    const t = { id: 'woods', name: 'Woods', kind: 'hex' as const, style: { fill: '#225511' } };
    const rect = { x: 10, y: 20, w: 36, h: 30 };
    const items = drawTerrainSwatch(t, 0, rect);
    expect(items.some((i) => i.kind === 'path' && i.fill?.rgb === '#225511')).toBe(true);
    for (const i of items) {
      if (i.kind !== 'path') continue;
      for (const p of curveOf(i.d).anchors) {
        expect(p.x).toBeGreaterThanOrEqual(rect.x - 0.01);
        expect(p.x).toBeLessThanOrEqual(rect.x + rect.w + 0.01);
        expect(p.y).toBeGreaterThanOrEqual(rect.y - 0.01);
        expect(p.y).toBeLessThanOrEqual(rect.y + rect.h + 0.01);
      }
    }
  });

  it('states a movement cost in a few words, or not at all', () => {
    expect(shortMovement(2)).toBe('2 MP');
    expect(shortMovement({ add: 1 })).toBe('+1 MP');
    expect(shortMovement('prohibited')).toBe('Prohibited');
    expect(shortMovement({ foot: 2, motorized: 2 })).toBe('2 MP');
    expect(shortMovement({ motorized: 3, default: 2 })).toBe('motorized 3 MP, others 2 MP');
    expect(shortMovement({ foot: 1, motorized: { clear: 1, mud: 2 } })).toBeUndefined();
    expect(shortMovement({ unknown: true, reason: 'not in the rules' })).toBeUndefined();
  });
});

describe('map.pdf bleed', () => {
  it('grows the BleedBox beyond the TrimBox by the bleed on every side, with art in it, on one page and on tiles (but above a tile, for its caption)', async () => {
    const g0 = await fixtureGame();
    const bleed = 3 * MM;
    const g = mapGeometry(g0, 72);
    const pdf = await renderMapPdf(g0, loadFonts(), { epoch: 0, tile: false, paper: 'letter', cmyk: false, bleed });
    const page = (await PDFDocument.load(pdf)).getPage(0);
    const trim = page.getTrimBox();
    const box = page.getBleedBox();
    expect([trim.x, trim.y, trim.width, trim.height].map((v) => v.toFixed(3))).toEqual(
      [bleed, bleed, g.width, g.height].map((v) => v.toFixed(3)),
    );
    expect([box.x, box.y, box.width, box.height].map((v) => v.toFixed(3))).toEqual(
      [0, 0, g.width + 2 * bleed, g.height + 2 * bleed].map((v) => v.toFixed(3)),
    );
    expect(page.getMediaBox()).toEqual(box);
    // Art in the bleed: the corner pixel of a 72 dpi render (inside the 8.5 pt bleed) is the map's ground, not paper.
    const dir = tempDir('map-bleed-');
    writeFileSync(path.join(dir, 'map.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', path.join(dir, 'map.pdf'), path.join(dir, 'page')]);
    const img = PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
    const rgb = [img.data[(2 * img.width + 2) * 4], img.data[(2 * img.width + 2) * 4 + 1], img.data[(2 * img.width + 2) * 4 + 2]];
    expect(rgb).not.toEqual([255, 255, 255]);

    const tiled = await PDFDocument.load(await renderMapPdf(g0, loadFonts(), { epoch: 0, tile: true, paper: 'a4', cmyk: false, bleed }));
    for (const p of tiled.getPages()) {
      const t = p.getTrimBox();
      const b = p.getBleedBox();
      expect(b.x).toBeCloseTo(t.x - bleed, 3);
      expect(b.y).toBeCloseTo(t.y - bleed, 3);
      expect(b.width).toBeCloseTo(t.width + 2 * bleed, 3);
      // Above the trim the bleed stops 1 pt short of the caption, whose 7 pt type starts at the
      // 18 pt printable margin: 28.8 − (18 + 7 + 7/4) − 1 = 1.05 pt.
      expect(b.height).toBeCloseTo(t.height + bleed + 1.05, 3);
    }
  });
});

describe('map style diagnostics', () => {
  it('reports a pattern the terrain kind cannot draw, and a zone code its style does not print, at their lines', () => {
    const { diagnostics } = validateGame(
      minimalSources({
        terrain: (t) => t.replace('"name": "Forest", "kind": "hex"', '"name": "Forest", "kind": "hex", "style": { "pattern": "rail" }'),
        map: (t) =>
          t.replace(
            '"places"',
            '"zones": [{ "id": "w", "kind": "entry", "hexes": ["0101"], "style": { "draw": "outline", "code": "A" } }],\n  "places"',
          ),
      }),
    );
    const pattern = diagnostics.find((d) => d.code === 'terrain/style-pattern-kind')!;
    expect(pattern).toMatchObject({ severity: 'error', file: 'minimal/terrain.json', line: 5 });
    expect(pattern.hint).toContain('trees');
    expect(diagnostics.find((d) => d.code === 'map/zone-style-unused')).toMatchObject({ severity: 'warning', file: 'minimal/map.json' });

    const noCode = validateGame(
      minimalSources({
        map: (t) =>
          t.replace('"places"', '"style": { "zones": { "setup": { "draw": "code" }, "entry": { "draw": "code" } } },\n  "places"'),
      }),
    );
    // A setup zone has no default code; an entry zone prints E.
    expect(noCode.diagnostics.map((d) => [d.code, d.message])).toEqual([['map/zone-style-no-code', expect.stringContaining('setup')]]);
  });
});

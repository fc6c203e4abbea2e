/**
 * Aid cards: the terrain swatches are the map's own drawing, a text that cannot fit is printed
 * whole and reported at its data line, and the citations setting is declared and checked.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfMarks } from '../../scripts/pdf-marks';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import { FILE_NAMES } from '../../src/data/parse-game';
import { placeDiagnostic } from '../../src/data/place-diagnostics';
import { inputsDigest } from '../../src/pipeline/inputs-digest';
import { aidsGenerator, citationsSetting } from '../../src/print/aids-generator';
import { renderAidsPdf } from '../../src/print/aids-pdf';
import { aidPieces } from '../../src/render/aid-pieces';
import type { Item } from '../../src/render/drawing';
import { mapDrawing } from '../../src/render/map-drawing';
import { mapGeometry } from '../../src/plan/map-geometry';
import { terrainSwatch } from '../../src/render/terrain-swatch';
import { clone, fixtureGame } from '../render/helpers';
import { tempDir } from '../temp-dir';

const fonts = loadFonts();

/** Every coordinate pair of a drawing's items (path data and rectangles). */
function points(items: Item[]): [number, number][] {
  return items.flatMap((item): [number, number][] => {
    if (item.kind === 'rect' || item.kind === 'image')
      return [
        [item.x, item.y],
        [item.x + item.w, item.y + item.h],
      ];
    if (item.kind === 'text') return [[item.x, item.y]];
    const n = (item.d.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    return Array.from({ length: n.length / 2 }, (_, i): [number, number] => [n[2 * i], n[2 * i + 1]]);
  });
}

describe('terrain swatches', () => {
  it('show each terrain as the map draws it (its colours, none of their own), inside the swatch', async () => {
    const game = await fixtureGame('data/demo');
    const raw = JSON.parse(readFileSync('data/demo/terrain.json', 'utf8')) as {
      terrain: { id: string; style?: { fill?: { rgb: string } } }[];
    };
    const colours = (items: Item[]) =>
      new Set(items.flatMap((i) => (i.kind === 'text' || i.kind === 'image' ? [] : [i.fill?.rgb, i.stroke?.rgb])).filter(Boolean));
    const onMap = colours(mapDrawing(game, mapGeometry(game, 72), loadFonts(), { hexIds: false }));
    const drawnOnMap = new Set([
      ...game.map.hexes.flatMap((h) => (Array.isArray(h.terrain) ? h.terrain : [])),
      ...game.map.hexsides.map((s) => s.feature),
      ...game.map.paths.map((p) => p.feature),
    ]);
    for (const t of raw.terrain) {
      const swatch = terrainSwatch(
        game,
        game.terrain.find((x) => x.id === t.id)!,
      );
      // terrain.json's fill of a hex terrain, as the data gives it.
      if (t.style?.fill) expect(colours(swatch.items), t.id).toContain(t.style.fill.rgb);
      if (drawnOnMap.has(t.id)) for (const c of colours(swatch.items)) expect(onMap, `${t.id} ${c}`).toContain(c);
      // Nothing spills onto the chart's neighbouring cells (half the map edge's line aside).
      for (const [x, y] of points(swatch.items)) {
        expect(x).toBeGreaterThanOrEqual(-0.01);
        expect(y).toBeGreaterThanOrEqual(-0.01);
        expect(x).toBeLessThanOrEqual(swatch.width + 0.01);
        expect(y).toBeLessThanOrEqual(swatch.height + 0.01);
      }
    }
  });
});

describe('a text too wide for any column', () => {
  it('is printed whole, never under 6 pt, and reported at its line of terrain.json', async () => {
    const dir = tempDir('hexforge-aid-fit-');
    cpSync('tests/fixtures/minimal', dir, { recursive: true });
    const file = path.join(dir, 'terrain.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { terrain: { id: string; other?: { text: string }[] }[] };
    // 150 capital Ws: some 890 pt at 6 pt, wider than a Letter page's 540 pt of card.
    const long = 'W'.repeat(150);
    data.terrain.find((t) => t.id === 'forest')!.other = [{ text: `Beware ${long} here` }];
    writeFileSync(file, JSON.stringify(data, null, 2));
    const { game, parsed } = await loadGame(dir);
    const pieces = aidPieces(game!, 'letter', fonts);
    const reported = pieces.flatMap((p) => p.diagnostics);
    expect(reported.map((d) => [d.code, d.pointer])).toEqual([['aids/text-overflow', 'terrain.json/terrain/forest/other']]);
    const placed = placeDiagnostic(reported[0], parsed!, (kind) => path.join(dir, FILE_NAMES[kind]));
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(placed.file).toBe(file);
    expect(lines[placed.line! - 1]).toContain('"other"');
    const pdf = await renderAidsPdf(game!, pieces, { epoch: 0, paper: 'letter', cmyk: false }, fonts);
    const { runs } = pdfMarks(await PDFDocument.load(pdf));
    expect(runs.filter((r) => r.size < 6 - 0.01)).toEqual([]);
    const pieces150 = runs.filter((r) => /^W+$/.test(r.text.split(' ').find((w) => w.startsWith('WW')) ?? ''));
    expect(pieces150.length).toBeGreaterThan(1);
    expect(
      pieces150
        .map((r) =>
          r.text
            .split(' ')
            .filter((w) => /^W+$/.test(w))
            .join(''),
        )
        .join(''),
    ).toBe(long);
  });
});

describe('--set citations', () => {
  it('is on or off as every switch is, anything else refused with a diagnostic', () => {
    expect(citationsSetting({})).toEqual({ value: false, diagnostics: [] });
    expect(citationsSetting({ citations: true })).toEqual({ value: true, diagnostics: [] });
    expect(citationsSetting({ citations: false })).toEqual({ value: false, diagnostics: [] });
    // The words every other switch (cmyk, tile) takes, in any case.
    expect(citationsSetting({ citations: 'Yes' }).value).toBe(true);
    expect(citationsSetting({ citations: 'on' }).value).toBe(true);
    expect(citationsSetting({ citations: 'no' })).toEqual({ value: false, diagnostics: [] });
    expect(citationsSetting({ citations: '0' })).toEqual({ value: false, diagnostics: [] });
    const bad = citationsSetting({ citations: 'yes please' });
    expect(bad.diagnostics.map((d) => [d.code, d.severity])).toEqual([['print/bad-setting', 'error']]);
  });

  it('is read by the aids output, so an incremental build notices it', async () => {
    const game = clone(await fixtureGame());
    expect(aidsGenerator.reads.settings).toContain('citations');
    const scope = { codeStamp: 'x', epoch: 0 };
    expect(inputsDigest(game, { citations: true }, aidsGenerator.reads, scope)).not.toBe(
      inputsDigest(game, {}, aidsGenerator.reads, scope),
    );
  });
});

/**
 * display.pdf of every bundled game, measured on the PDF: every turn, every value of a records track
 * with a stated range and every holding box is a framed space with its label, each holds the game's
 * largest counter with a margin, no text is under 6 pt, the page boxes carry the bleed, qpdf finds
 * nothing, and the same data gives the same bytes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';
import { MM, displaySheet } from '../../src/plan';
import { displayNoteFits, renderDisplayPdf } from '../../src/print/display-pdf';
import { type DisplaySpaceMark, displaySpaces } from '../../scripts/measure-print';
import { pdfMarks } from '../../scripts/pdf-marks';
import { writeTemp } from './pdf-helpers';

const fonts = loadFonts();
const GAMES = ['demo', 'kursk', 'rof', 'ttt', 'vmbb'];
const BLEED = 3 * MM;

async function game(id: string): Promise<Game> {
  const loaded = await loadGame(path.join('data', id));
  return loaded.game!;
}

async function displayPdf(g: Game): Promise<Uint8Array> {
  const sheet = displaySheet(g, 'letter', BLEED, displayNoteFits(fonts));
  return (await renderDisplayPdf(g, sheet, fonts, { epoch: 0, cmyk: false, bleed: BLEED })).pdf;
}

type Json = Record<string, unknown>;
const readJson = (id: string, file: string): Json | undefined => {
  const at = path.join('data', id, file);
  return existsSync(at) ? (JSON.parse(readFileSync(at, 'utf8')) as Json) : undefined;
};
const stated = (v: unknown): v is number => typeof v === 'number';

/**
 * What the sheet must show, read from the data files by the rules the README states: a space per
 * turn (its label, else "Turn n"); a space per value of a records track with min and max stated,
 * unless it runs 1 … number of turns (the turn record track again); a box per map box not of kind
 * "track", and "Track: <name>" for each records track without a stated range.
 */
function expectedLabels(id: string): { turns: string[]; values: string[]; boxes: string[] } {
  const tracks = readJson(id, 'tracks.json')!;
  const turns = (tracks.turns as Json[]).map((t) => (t.label as string | undefined) ?? `Turn ${t.turn as number}`);
  const values: string[] = [];
  const boxes = ((readJson(id, 'map.json')!.boxes ?? []) as Json[]).filter((b) => b.kind !== 'track').map((b) => b.name as string);
  for (const r of (tracks.records ?? []) as Json[]) {
    if (!stated(r.min) || !stated(r.max)) {
      boxes.push(`Track: ${r.name as string}`);
      continue;
    }
    if (r.min === 1 && r.max === turns.length) continue;
    for (let v = r.min; v <= r.max; v++) values.push(String(v));
  }
  return { turns, values, boxes };
}

/** The largest counter edge counters.json declares, points; 1/2" when the game has no counters.json sizes. */
function counterPoints(id: string): number {
  const sizes = Object.values((readJson(id, 'counters.json')?.sizes ?? {}) as Record<string, number>);
  return (sizes.length > 0 ? Math.max(...sizes) : 0.5) * 72;
}

/** Matches each expected label to a distinct space whose text is the label, or starts with it then a space. */
function unmatched(labels: string[], spaces: DisplaySpaceMark[]): string[] {
  const free = new Set(spaces);
  const missing: string[] = [];
  for (const label of labels) {
    const hit = [...free].find((s) => s.text === label || s.text.startsWith(`${label} `));
    if (hit) free.delete(hit);
    else missing.push(label);
  }
  return missing;
}

function box(doc: PDFDocument, page: number, name: string): number[] {
  const a = doc.getPage(page).node.get(PDFName.of(name));
  return a instanceof PDFArray ? a.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : NaN)) : [];
}

describe('display.pdf', () => {
  for (const id of GAMES) {
    it(`${id}: every track space and holding box, each at least counter size, text at 6 pt or more`, async () => {
      const pdf = await displayPdf(await game(id));
      const doc = await PDFDocument.load(pdf);
      const spaces = displaySpaces(doc);
      const { turns, values, boxes } = expectedLabels(id);
      // Turns first, then boxes, then the bare numbers (a turn label never is one).
      expect(unmatched([...turns, ...boxes, ...values], spaces)).toEqual([]);
      expect(spaces).toHaveLength(turns.length + values.length + boxes.length);
      const counter = counterPoints(id);
      const tooSmall = spaces.filter((s) => Math.min(s.rect.w, s.rect.h) < counter + 2 * MM);
      expect(tooSmall.map((s) => s.text)).toEqual([]);
      expect(
        pdfMarks(doc)
          .runs.filter((r) => r.size < 6 - 0.01)
          .map((r) => `${r.text} ${r.size}`),
      ).toEqual([]);
      for (let p = 0; p < doc.getPageCount(); p++) {
        const [trim, bleed] = [box(doc, p, 'TrimBox'), box(doc, p, 'BleedBox')];
        expect(trim[0] - bleed[0]).toBeCloseTo(BLEED, 3);
        expect(bleed[2] - trim[2]).toBeCloseTo(BLEED, 3);
      }
    }, 60_000);
  }

  it('a 5/8" (15.9 mm) counter fits a turn space of the demo', async () => {
    const doc = await PDFDocument.load(await displayPdf(await game('demo')));
    const turn1 = displaySpaces(doc).find((s) => s.text.startsWith('Turn 1 '))!;
    expect(turn1.rect.w).toBeGreaterThanOrEqual(15.875 * MM);
  });

  it('prints a turn label too long for its line whole: in the strip without a date, above the date with one', async () => {
    const g = structuredClone(await game('demo'));
    const [undated, dated] = g.tracks.turns;
    undated.label = 'Turn 1 (placeholder)';
    delete undated.date;
    dated.label = 'Turn 2 (the long placeholder)';
    const sheet = displaySheet(g, 'letter', BLEED, displayNoteFits(fonts));
    const { pdf, diagnostics } = await renderDisplayPdf(g, sheet, fonts, { epoch: 0, cmyk: false, bleed: BLEED });
    const doc = await PDFDocument.load(pdf);
    const spaces = displaySpaces(doc);
    expect(spaces.some((s) => s.text.startsWith('Turn 1 (placeholder) '))).toBe(true);
    // Only the dated turn's label, too long for its line, is reported; the undated one fits its strip.
    expect(diagnostics.filter((d) => d.code === 'display/text-does-not-fit').map((d) => d.message)).toEqual([
      expect.stringContaining('"Turn 2 (the long placeholder)"'),
    ]);
    const turn2 = spaces.find((s) => s.text.startsWith('Turn 2'))!;
    const runs = pdfMarks(doc).runs.filter(
      (r) =>
        r.page === turn2.rect.page &&
        r.x >= turn2.rect.x &&
        r.x <= turn2.rect.x + turn2.rect.w &&
        r.y >= turn2.rect.y &&
        r.y <= turn2.rect.y + turn2.rect.h,
    );
    const date = runs.find((r) => r.text === dated.date)!;
    const label = runs.filter((r) => r.text !== dated.date && r.y > date.y);
    expect(label.length).toBeGreaterThan(1);
    // PDF y runs up: the date's capitals end below the lowest label line's descenders.
    const lowestLabel = Math.min(...label.map((r) => r.y - 0.25 * r.size));
    expect(date.y + 0.75 * date.size).toBeLessThanOrEqual(lowestLabel);
  });

  it('is the same bytes twice, and qpdf finds nothing wrong', async () => {
    const g = await game('rof');
    const [a, b] = [await displayPdf(g), await displayPdf(g)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    try {
      execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    } catch {
      console.log('qpdf is not installed: the qpdf --check of display.pdf is skipped');
      return;
    }
    expect(() => execFileSync('qpdf', ['--check', writeTemp(a, 'display.pdf')], { stdio: 'pipe' })).not.toThrow();
  });
});

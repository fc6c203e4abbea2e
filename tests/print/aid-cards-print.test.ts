/**
 * The aid cards as a player gets them, measured on the printed PDF (content streams through
 * scripts/pdf-marks.ts, word boxes through pdftotext) rather than on the layout code: type size,
 * whole words, the CRT and TEC as charts, the sequence of play as a numbered list, citations only
 * when asked for. Expected values come from the games' JSON files, read directly.
 */
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TextRun, pdfMarks } from '../../scripts/pdf-marks';
import { loadFonts } from '../../src/assets/fonts';
import type { Game } from '../../src/model/game';
import { renderAidsPdf } from '../../src/print/aids-pdf';
import { type AidCard, type AidOptions, KEEP, aidCards } from '../../src/render/aid-cards';
import { aidPieces } from '../../src/render/aid-pieces';
import { fixtureGame } from '../render/helpers';
import { type Word, wordsOf, writeTemp } from './pdf-helpers';

const fonts = loadFonts();
const EPOCH = 1767225600;

async function aidsPdf(game: Game, options?: AidOptions): Promise<Uint8Array> {
  return renderAidsPdf(game, aidPieces(game, 'letter', fonts, options), { epoch: EPOCH, paper: 'letter', cmyk: false }, fonts);
}

/** Every word a card prints: cells, headers, list entries and notes, split at spaces and line breaks. */
function cardWords(cards: AidCard[]): Set<string> {
  const texts = cards.flatMap((card) => [
    card.title,
    ...card.blocks.flatMap((b) =>
      b.kind === 'list'
        ? [...b.entries.flatMap((e) => [e.number, e.title, e.text]), ...b.notes]
        : [...(b.title ? [b.title] : []), ...b.header, ...b.rows.flat().map((c) => c.text), ...b.notes],
    ),
  ]);
  return new Set(
    texts
      .flatMap((t) =>
        t
          .split(KEEP)
          .join(' ')
          .split(/[ \n]+/),
      )
      .filter((w) => w !== ''),
  );
}

/** pdftotext -bbox writes its words as HTML. */
function unescapeHtml(text: string): string {
  const entities: Record<string, string> = { amp: '&', apos: "'", quot: '"', lt: '<', gt: '>' };
  return text.replace(/&(amp|apos|quot|lt|gt);/g, (_, name: string) => entities[name]);
}

function json<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

// Pages of the sequence of play: Ring of Fire's 58 phases and steps once took five.
describe.each([
  ['demo', 1],
  ['rof', 2],
])('aids.pdf of %s, measured', (name, sequencePages) => {
  let game: Game;
  let pdf: Uint8Array;
  let runs: TextRun[];
  beforeAll(async () => {
    game = await fixtureGame(`data/${name}`);
    pdf = await aidsPdf(game);
    runs = pdfMarks(await PDFDocument.load(pdf)).runs;
  }, 120_000);

  it('has no text under 6 pt and no ellipsis', () => {
    expect(runs.length).toBeGreaterThan(100);
    expect(runs.filter((r) => r.size < 6 - 0.01)).toEqual([]);
    expect(runs.filter((r) => r.text.includes('…'))).toEqual([]);
  });

  it('prints every word of every card whole: no column too narrow for its longest word', () => {
    const printed = new Set(runs.flatMap((r) => r.text.split(' ')));
    const missing = [...cardWords(aidCards(game))].filter((w) => !printed.has(w));
    expect(missing).toEqual([]);
  });

  it(`prints the sequence of play on at most ${sequencePages} page(s)`, () => {
    const pages = new Set(runs.filter((r) => r.text.startsWith('Sequence of Play')).map((r) => r.page));
    expect(pages.size).toBeGreaterThan(0);
    expect(pages.size).toBeLessThanOrEqual(sequencePages);
  });

  it("leaves a space between a step's bold title and its text: every word on the sequence pages is a word of the card", () => {
    const sequence = aidCards(game).filter((c) => c.id === 'sequence-of-play');
    const known = cardWords(sequence);
    const pages = new Set(runs.filter((r) => r.text.startsWith('Sequence of Play')).map((r) => r.page));
    const printed = wordsOf(writeTemp(pdf, 'aids.pdf')).filter((w) => pages.has(w.page));
    expect(printed.length).toBeGreaterThan(50);
    expect(printed.map((w) => unescapeHtml(w.text)).filter((w) => !known.has(w) && w !== '(continued)')).toEqual([]);
  });

  it('prints no rulebook citation by default', () => {
    const words = wordsOf(writeTemp(pdf, 'aids.pdf')).map((w) => w.text);
    expect(words).not.toContain('Source');
    expect(words).not.toContain('Source:');
    expect(words.filter((w, i) => w === 'rule' && /^\d/.test(words[i + 1] ?? ''))).toEqual([]);
  });
});

describe('the demo game on the page', () => {
  let game: Game;
  let words: Word[];
  beforeAll(async () => {
    game = await fixtureGame('data/demo');
    words = wordsOf(writeTemp(await aidsPdf(game), 'aids.pdf')).map((w) => ({ ...w, text: unescapeHtml(w.text) }));
  }, 120_000);

  const centre = (w: Word) => (w.xMin + w.xMax) / 2;
  const onLineOf = (w: Word) => words.filter((o) => o.page === w.page && Math.abs(o.yMax - w.yMax) < 0.5).sort((a, b) => a.xMin - b.xMin);

  it('draws the CRT as a grid: odds across, die rolls down, each result centred under its odds', () => {
    const crt = json<{ tables: { id: string; columns: { label: string }[]; rows: { label: string; cells: string[] }[] }[] }>(
      'data/demo/tables.json',
    ).tables.find((t) => t.id === 'crt')!;
    const header = words.find((w) => w.text === crt.columns[0].label)!;
    const headerLine = onLineOf(header);
    expect(headerLine.map((w) => w.text)).toEqual(['1d6', ...crt.columns.map((c) => c.label)]);
    const centres = headerLine.slice(1).map(centre);
    const steps = centres.slice(1).map((c, i) => c - centres[i]);
    for (const step of steps) expect(step).toBeCloseTo(steps[0], 0);
    for (const row of crt.rows) {
      const label = words.find((w) => w.page === header.page && w.text === row.label && w.yMin > header.yMax && w.xMax < header.xMin)!;
      const line = onLineOf(label).filter((w) => w.xMin > label.xMax);
      expect(line.map((w) => w.text)).toEqual(row.cells);
      line.forEach((w, i) => expect(Math.abs(centre(w) - centres[i])).toBeLessThan(0.6));
    }
  });

  it('lists the DRMs under the CRT, value first, and states the DRM limit as the data does', () => {
    const crt = json<{ tables: { id: string; drmRange: { min: number; max: number }; modifiers: { label: string; value: number }[] }[] }>(
      'data/demo/tables.json',
    ).tables.find((t) => t.id === 'crt')!;
    for (const m of crt.modifiers) {
      const first = m.label.split(' ')[0];
      const line = onLineOf(words.find((w) => w.text === first && onLineOf(w).some((o) => o.text === m.label.split(' ')[1]))!);
      expect(line.map((w) => w.text).join(' ')).toBe(`${m.value > 0 ? '+' : ''}${m.value} ${m.label}`);
    }
    const text = words.map((w) => w.text).join(' ');
    expect(text).toContain(`The total DRM is limited to between ${crt.drmRange.min} and +${crt.drmRange.max}.`);
    expect(text).not.toContain('Modified rolls are limited');
  });

  it('keeps a movement cost whole on its line: "clear 3" over "mud 4", never a cost split over lines', () => {
    // terrain.json: forest costs motorized units 3 in clear weather and 4 in mud.
    const forest = json<{ terrain: { id: string; movement: { motorized: Record<string, number> } }[] }>(
      'data/demo/terrain.json',
    ).terrain.find((t) => t.id === 'forest')!;
    const [clear, mud] = [forest.movement.motorized.clear, forest.movement.motorized.mud];
    const name = words.find((w) => w.text === 'Forest')!;
    const clearWord = onLineOf(name).find((w) => w.text === 'clear')!;
    expect(onLineOf(clearWord)[onLineOf(clearWord).indexOf(clearWord) + 1].text).toBe(String(clear));
    const below = words.filter(
      (w) => w.page === name.page && w.text === 'mud' && Math.abs(w.xMin - clearWord.xMin) < 0.5 && w.yMin > clearWord.yMax,
    );
    const nearest = below.sort((a, b) => a.yMin - b.yMin)[0];
    expect(nearest.yMin - clearWord.yMax).toBeLessThan(4);
    expect(onLineOf(nearest)[onLineOf(nearest).indexOf(nearest) + 1].text).toBe(String(mud));
    for (const header of ['Terrain', 'Motorized', 'Combat']) expect(words.map((w) => w.text)).toContain(header);
  });

  it('numbers the sequence of play, steps indented under their phase', () => {
    const sequence = json<{ sequence: { name: string; steps?: { name: string }[] }[] }>('data/demo/tracks.json').sequence;
    const page = words.find((w) => w.text === 'Sequence')!.page;
    const numbered = (n: string) => words.find((w) => w.page === page && w.text === n)!;
    sequence.forEach((phase, i) => {
      const number = numbered(String(i + 1));
      expect(onLineOf(number)[1].text).toBe(phase.name.split(' ')[0]);
      expect(number.xMin).toBeCloseTo(numbered('1').xMin, 0);
      (phase.steps ?? []).forEach((step, k) => {
        const stepNumber = numbered(`${i + 1}.${k + 1}`);
        expect(stepNumber.xMin).toBeGreaterThan(number.xMin + 5);
        expect(stepNumber.yMin).toBeGreaterThan(number.yMin);
        expect(onLineOf(stepNumber)[1].text).toBe(step.name.split(' ')[0]);
      });
    });
  });

  it('prints the rulebook citations with citations=true', async () => {
    // tables.json: the CRT's source is rule 8.3; tracks.json: the weather phase's is rule 4.1.
    const text = wordsOf(writeTemp(await aidsPdf(game, { citations: true }), 'aids.pdf'))
      .map((w) => w.text)
      .join(' ');
    expect(text).toContain('Source: rule 8.3');
    expect(text).toContain('[rule 4.1]');
  });
});

/**
 * Black overprint in CMYK files (ISO 32000-1 §8.6.7, §11.7.4.5): black text, lines and small
 * fills print pure K (0 0 0 1) under an ExtGState with /OP and /op true and /OPM 1, so a shifted
 * colour plate leaves no white halo; large black fills keep their separation and knock out;
 * registration colour (crop marks) is left alone; RGB files set no overprint at all.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFonts } from '../../src/assets/fonts';
import { planCounters } from '../../src/plan';
import type { Item, Paint } from '../../src/render/drawing';
import { REGISTRATION, renderCountersPdf } from '../../src/print/counters-pdf';
import { createPdf } from '../../src/print/pdf-doc';
import { drawItems } from '../../src/print/pdf-draw';
import { fixtureGame } from '../render/helpers';

const fonts = loadFonts();
/** Black as a designer may give it: rich black for the screen's #000. */
const RICH_BLACK: Paint = { rgb: '#000000', cmyk: [60, 40, 40, 100] };
const RED: Paint = { rgb: '#cc0000', cmyk: [0, 100, 100, 20] };

interface Paints {
  /** Colour operator ("c m y k k" or "… K"), the ExtGState in force, and whether inside BT…ET. */
  op: string;
  gs: string | undefined;
  text: boolean;
}

function pageContent(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [doc.getPage(index).node.get(PDFName.of('Contents'))];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref as PDFRef);
      if (!(stream instanceof PDFRawStream)) throw new Error('content is not a raw stream');
      const flate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      return Buffer.from(flate ? inflateSync(stream.contents) : stream.contents).toString('latin1');
    })
    .join('\n');
}

/** Each colour setting of a page with the graphics state it is painted in (q/Q nest the state). */
function paintsOf(content: string): Paints[] {
  const stack: (string | undefined)[] = [];
  let gs: string | undefined;
  let text = false;
  const out: Paints[] = [];
  for (const line of content.split('\n').map((l) => l.trim())) {
    if (line === 'q') stack.push(gs);
    else if (line === 'Q') gs = stack.pop();
    else if (line === 'BT') text = true;
    else if (line === 'ET') text = false;
    else if (/ gs$/.test(line)) gs = line.split(' ')[0];
    else if (/^[\d.]+ [\d.]+ [\d.]+ [\d.]+ [kK]$/.test(line)) out.push({ op: line, gs, text });
  }
  return out;
}

/** The page's ExtGState named `name` (with its leading slash), as plain values. */
function extGState(doc: PDFDocument, index: number, name: string): Record<string, string> | undefined {
  const states = doc.getPage(index).node.Resources()?.lookupMaybe(PDFName.of('ExtGState'), PDFDict);
  const state = states?.lookupMaybe(PDFName.of(name.slice(1)), PDFDict);
  if (!state) return undefined;
  return Object.fromEntries(state.entries().map(([k, v]) => [k.decodeText(), v.toString()]));
}

const OVERPRINT_ALL = { OP: 'true', op: 'true', OPM: '1' };

async function drawn(items: Item[], cmyk: boolean): Promise<{ doc: PDFDocument; paints: Paints[] }> {
  const { doc, pdfFonts } = await createPdf(fonts, { title: 'overprint', epoch: 0, cmyk });
  const page = doc.addPage([200, 200]);
  drawItems(page, items, { x: 0, y: 200 }, pdfFonts, { cmyk });
  const saved = await PDFDocument.load(await doc.save(), { updateMetadata: false });
  return { doc: saved, paints: paintsOf(pageContent(saved, 0)) };
}

const text = (fill: Paint): Item => ({ kind: 'text', x: 10, y: 20, text: 'Aa', size: 6, font: 'regular', fill, align: 'left' });

describe('black overprint with cmyk=true', () => {
  it('prints black text and thin black lines pure K, overprinting, even when the data gives rich black', async () => {
    const { doc, paints } = await drawn(
      [text(RICH_BLACK), { kind: 'path', d: 'M10 50 L150 50', stroke: RICH_BLACK, lineWidth: 0.5 }],
      true,
    );
    expect(paints.map((p) => [p.op, p.text])).toEqual([
      ['0 0 0 1 k', true],
      ['0 0 0 1 K', false],
    ]);
    for (const p of paints) expect(extGState(doc, 0, p.gs!)).toMatchObject({ ...OVERPRINT_ALL, Type: '/ExtGState' });
  });

  it('overprints a small black fill, but lets a large one keep its rich black and knock out', async () => {
    const dot: Item = { kind: 'path', d: 'M20 20 C20 22 22 24 24 24 C26 24 28 22 28 20 Z', fill: RICH_BLACK };
    const area: Item = { kind: 'rect', x: 0, y: 100, w: 200, h: 100, fill: RICH_BLACK };
    const { doc, paints } = await drawn([dot, area], true);
    expect(paints.map((p) => p.op)).toEqual(['0 0 0 1 k', '0.6 0.4 0.4 1 k']);
    expect(extGState(doc, 0, paints[0].gs!)).toMatchObject(OVERPRINT_ALL);
    expect(paints[1].gs).toBeUndefined();
  });

  it('overprints only the black outline of a coloured shape, and never a coloured paint', async () => {
    const box: Item = { kind: 'rect', x: 10, y: 10, w: 60, h: 40, fill: RED, stroke: RICH_BLACK, lineWidth: 1 };
    const { doc, paints } = await drawn([box, text(RED)], true);
    const fill = paints.find((p) => p.op.endsWith(' k') && !p.text)!;
    const stroke = paints.find((p) => p.op.endsWith(' K'))!;
    expect(fill.op).toBe('0 1 1 0.2 k');
    expect(stroke.op).toBe('0 0 0 1 K');
    // The state the outline is drawn in overprints strokes and knocks fills out.
    expect(extGState(doc, 0, stroke.gs!)).toMatchObject({ OP: 'true', op: 'false', OPM: '1' });
    expect(paints.find((p) => p.text)!.gs).toBeUndefined();
  });

  it('leaves registration marks in all four inks, knocking out', async () => {
    const { paints } = await drawn([{ kind: 'path', d: 'M0 5 L20 5', stroke: REGISTRATION, lineWidth: 0.25 }], true);
    expect(paints).toEqual([{ op: '1 1 1 1 K', gs: undefined, text: false }]);
  });

  it('overprints every black text of a CMYK counter sheet, and nothing in an RGB one', async () => {
    const game = await fixtureGame();
    for (const cmyk of [true, false]) {
      const { pdf } = await renderCountersPdf(game, planCounters(game, { cmyk: String(cmyk) }), fonts, { epoch: 0 });
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      const content = pageContent(doc, 0);
      if (!cmyk) {
        expect(content).not.toMatch(/ gs\n/);
        continue;
      }
      const blackText = paintsOf(content).filter((p) => p.text && p.op === '0 0 0 1 k');
      expect(blackText.length).toBeGreaterThan(0);
      for (const p of blackText) expect(extGState(doc, 0, p.gs!)).toMatchObject(OVERPRINT_ALL);
      // No text is rich black: black type is K alone.
      for (const p of paintsOf(content).filter((q) => q.text)) {
        const [c, m, y, k] = p.op.split(' ').map(Number);
        expect(k < 0.9 || c + m + y === 0, p.op).toBe(true);
      }
    }
  });
});

/**
 * proof.pdf: every printed component at 100 % in one document for the publisher's review. A
 * contents page (each component, its pages in the proof, its page size, and a 100 mm rule to check
 * that the proof was printed unscaled), then the components' own pages copied unchanged (same
 * content streams, page boxes and fonts), never drawn again.
 */
import { PDFDocument } from 'pdf-lib';
import type { Game } from '../model/game';
import { MM, PAPER, type PaperId } from '../plan/paper';
import { BLACK, type Item } from '../render/drawing';
import { type FontSet, textWidth } from '../render/fonts';
import { REGISTRATION } from './counters-pdf';
import { createPdf, savePdf } from './pdf-doc';
import { drawItems, type PdfPaintOptions } from './pdf-draw';

export interface ProofComponent {
  /** What it is, for the contents page ("Counter sheets, fronts and backs"). */
  title: string;
  /** File name in the output folder. */
  file: string;
  pdf: Uint8Array;
}

export interface ProofPdfOptions {
  epoch: number;
  paper: PaperId;
  cmyk: boolean;
}

/** A component's pages as the contents page lists them. */
interface ContentsEntry {
  title: string;
  file: string;
  first: number;
  last: number;
  sizes: string[];
}

const MARGIN = 54;
const RULE_MM = 100;

function sizeText(width: number, height: number): string {
  const mm = (v: number) => Math.round(v / MM);
  return `${mm(width)} × ${mm(height)} mm`;
}

function contentsItems(game: Game, entries: ContentsEntry[], width: number): Item[] {
  const text = (x: number, y: number, s: string, size: number, font: 'regular' | 'bold' = 'regular'): Item => ({
    kind: 'text',
    x,
    y,
    text: s,
    size,
    font,
    fill: BLACK,
    align: 'left',
  });
  const items: Item[] = [
    text(MARGIN, MARGIN + 18, `${game.info.title}: proof`, 18, 'bold'),
    text(MARGIN, MARGIN + 40, 'Every component at 100 %. Print without scaling ("actual size"); the rule below must measure 100 mm.', 9),
  ];
  const ruleY = MARGIN + 62;
  const ticks = [`M${MARGIN} ${ruleY} L${MARGIN + RULE_MM * MM} ${ruleY}`];
  for (let k = 0; k <= RULE_MM; k += 10) ticks.push(`M${MARGIN + k * MM} ${ruleY - (k % 50 === 0 ? 8 : 4)} L${MARGIN + k * MM} ${ruleY}`);
  items.push({ kind: 'path', d: ticks.join(' '), stroke: REGISTRATION, lineWidth: 0.5 });
  items.push(text(MARGIN + RULE_MM * MM + 6, ruleY + 3, `${RULE_MM} mm`, 8));
  const columns = [MARGIN, MARGIN + 200, MARGIN + 300, MARGIN + 360];
  let y = ruleY + 36;
  ['Component', 'File', 'Pages', 'Page size'].forEach((h, i) => items.push(text(columns[i], y, h, 10, 'bold')));
  items.push({ kind: 'path', d: `M${MARGIN} ${y + 4} L${width - MARGIN} ${y + 4}`, stroke: BLACK, lineWidth: 0.5 });
  for (const e of entries) {
    y += 16;
    const pages = e.first === e.last ? `${e.first}` : `${e.first}–${e.last}`;
    [e.title, e.file, pages, e.sizes.join(', ')].forEach((t, i) => items.push(text(columns[i], y, t, 9)));
  }
  return items;
}

/** The distinct page sizes of a document, in order of first use. */
function pageSizes(doc: PDFDocument): string[] {
  return [...new Set(doc.getPages().map((p) => sizeText(p.getWidth(), p.getHeight())))];
}

export async function renderProofPdf(
  game: Game,
  components: ProofComponent[],
  fonts: FontSet,
  options: ProofPdfOptions,
): Promise<Uint8Array> {
  const { doc, pdfFonts } = await createPdf(fonts, {
    title: `${game.info.title}: proof`,
    subject: 'Every component at 100 %: counter sheets, player aids, map, display sheet',
    epoch: options.epoch,
    cmyk: options.cmyk,
  });
  const { width, height } = PAPER[options.paper];
  const cover = doc.addPage([width, height]);
  // Like the aid cards' pages: nothing to cut, the page is the trim.
  cover.setTrimBox(0, 0, width, height);
  cover.setBleedBox(0, 0, width, height);
  const sources = await Promise.all(components.map((c) => PDFDocument.load(c.pdf, { updateMetadata: false })));
  const entries: ContentsEntry[] = [];
  let next = 2;
  components.forEach((c, i) => {
    const count = sources[i].getPageCount();
    entries.push({ title: c.title, file: c.file, first: next, last: next + count - 1, sizes: pageSizes(sources[i]) });
    next += count;
  });
  const paint: PdfPaintOptions = { cmyk: options.cmyk, measure: (font, s, size) => textWidth(fonts, font, s, size) };
  drawItems(cover, contentsItems(game, entries, width), { x: 0, y: height }, pdfFonts, paint);
  for (const source of sources) {
    const pages = await doc.copyPages(source, source.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }
  return savePdf(doc);
}

/**
 * Lays an aid card out as drawings (points, y down) of a given width: title, tables with wrapped
 * cells and a repeated header row, small-print notes. A card taller than `maxHeight` continues in
 * further drawings ("(continued)"), so any table fits across as many pages as it needs.
 */
import type { AidCard, Cell, TableBlock } from './aid-cards';
import { type Drawing, type Item, type Paint, BLACK, GAP } from './drawing';
import { type FontSet, textWidth } from './fonts';
import { MIN_AID_PT, fitText } from './text-fit';

export const AID_STYLE = {
  title: 13,
  blockTitle: 10,
  header: 8,
  body: 8,
  notes: 6,
  pad: 3,
  lineGap: 1.25,
};

const HEADER_FILL: Paint = { rgb: '#dcdcdc', cmyk: [0, 0, 0, 15] };
const STRIPE: Paint = { rgb: '#f3f3f3', cmyk: [0, 0, 0, 5] };
const UNKNOWN_FILL: Paint = { rgb: '#fde3ef', cmyk: [0, 12, 0, 0] };
const RULE: Paint = { rgb: '#808080', cmyk: [0, 0, 0, 50] };

function wrap(fonts: FontSet, font: 'regular' | 'bold', text: string, size: number, width: number): string[] {
  if (text === '') return [''];
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (line && textWidth(fonts, font, next, size) > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

function columnWidths(fonts: FontSet, block: TableBlock, width: number): number[] {
  const { pad, body, header } = AID_STYLE;
  const n = Math.max(block.header.length, ...block.rows.map((r) => r.length));
  const natural = Array.from({ length: n }, (_, i) => {
    let w = textWidth(fonts, 'bold', block.header[i] ?? '', header);
    for (const row of block.rows) {
      const c = row[i];
      if (c) w = Math.max(w, textWidth(fonts, c.unknown ? 'bold' : 'regular', c.text, body));
    }
    return w + 2 * pad;
  });
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return natural;
  // Narrow columns keep their width; the wide ones share what is left, in proportion, and wrap.
  const narrow = width / (2 * n);
  const fixed = natural.map((w) => w <= narrow);
  const fixedSum = natural.reduce((a, w, i) => a + (fixed[i] ? w : 0), 0);
  const flexSum = natural.reduce((a, w, i) => a + (fixed[i] ? 0 : w), 0);
  const left = Math.max(width - fixedSum, width * 0.3);
  return natural.map((w, i) => (fixed[i] ? w : (w / flexSum) * left));
}

interface RowLayout {
  height: number;
  cells: { lines: string[]; font: 'regular' | 'bold'; size: number; unknown: boolean }[];
}

function layoutRow(fonts: FontSet, cells: (Cell | undefined)[], widths: number[], header: boolean): RowLayout {
  const { pad, lineGap } = AID_STYLE;
  const size = header ? AID_STYLE.header : AID_STYLE.body;
  const out = widths.map((w, i) => {
    const c = cells[i] ?? { text: '' };
    const font: 'regular' | 'bold' = header || c.unknown ? 'bold' : 'regular';
    const lines = wrap(fonts, font, c.text, size, w - 2 * pad);
    return { lines, font, size, unknown: !!c.unknown };
  });
  const lines = Math.max(1, ...out.map((c) => c.lines.length));
  return { height: lines * size * lineGap + 2 * pad, cells: out };
}

/** The drawings of a card as they fill: the finished ones, and the current one's items and height so far. */
class CardPieces {
  readonly pieces: Drawing[] = [];
  items: Item[] = [];
  y = 0;

  constructor(
    private readonly card: AidCard,
    private readonly fonts: FontSet,
    private readonly width: number,
  ) {}

  finish(): void {
    this.pieces.push({ width: this.width, height: Math.ceil(this.y + 2), items: this.items });
    this.items = [];
    this.y = 0;
  }

  /** Ends the current drawing and starts the next under the card's title. */
  continueOnNext(): void {
    this.finish();
    this.title(true);
  }

  text(x: number, baseline: number, t: string, size: number, font: 'regular' | 'bold', fill: Paint = BLACK, maxW = this.width): void {
    const fitted = fitText(this.fonts, font, t, size, maxW, MIN_AID_PT);
    this.items.push({ kind: 'text', x, y: baseline, text: fitted.text, size: fitted.size, font, fill, align: 'left' });
  }

  title(continued: boolean): void {
    this.y += AID_STYLE.title;
    this.text(0, this.y, continued ? `${this.card.title} (continued)` : this.card.title, AID_STYLE.title, 'bold');
    this.y += 6;
  }

  row(row: RowLayout, widths: readonly number[], fill: Paint | undefined): void {
    const { pad, lineGap } = AID_STYLE;
    const y = this.y;
    let x = 0;
    row.cells.forEach((c, i) => {
      const w = widths[i];
      const cellFill = c.unknown ? UNKNOWN_FILL : fill;
      if (cellFill) this.items.push({ kind: 'rect', x, y, w, h: row.height, fill: cellFill });
      c.lines.forEach((line, k) => {
        if (line !== '')
          this.text(x + pad, y + pad + c.size * (k * lineGap + 0.85), line, c.size, c.font, c.unknown ? GAP : BLACK, w - 2 * pad);
      });
      x += w;
    });
    this.items.push({
      kind: 'path',
      d: `M0 ${y + row.height} L${widths.reduce((a, b) => a + b, 0)} ${y + row.height}`,
      stroke: RULE,
      lineWidth: 0.3,
    });
    this.y += row.height;
  }
}

/** The card as one or more drawings of `width`, each at most `maxHeight` tall. */
export function layoutAidCard(card: AidCard, fonts: FontSet, width: number, maxHeight: number): Drawing[] {
  const out = new CardPieces(card, fonts, width);
  out.title(false);
  for (const block of card.blocks) layoutBlock(out, block, fonts, width, maxHeight);
  if (card.citation) {
    out.y += AID_STYLE.notes * AID_STYLE.lineGap;
    out.text(0, out.y, `Source: ${card.citation}`, AID_STYLE.notes, 'regular');
  }
  out.finish();
  return out.pieces;
}

/** One block: its title, header and rows (the header repeated on each new drawing), then its notes. */
function layoutBlock(out: CardPieces, block: TableBlock, fonts: FontSet, width: number, maxHeight: number): void {
  const { lineGap } = AID_STYLE;
  const widths = columnWidths(fonts, block, width);
  const header = layoutRow(
    fonts,
    block.header.map((h) => ({ text: h })),
    widths,
    true,
  );
  const rows = block.rows.map((r) => layoutRow(fonts, r, widths, false));
  if (out.y + (block.title ? AID_STYLE.blockTitle + 8 : 0) + header.height + (rows[0]?.height ?? 0) > maxHeight && out.items.length > 2)
    out.continueOnNext();
  if (block.title) {
    out.y += AID_STYLE.blockTitle + 4;
    out.text(0, out.y, block.title, AID_STYLE.blockTitle, 'bold');
    out.y += 4;
  }
  out.row(header, widths, HEADER_FILL);
  rows.forEach((row, i) => {
    if (out.y + row.height > maxHeight) {
      out.continueOnNext();
      out.row(header, widths, HEADER_FILL);
    }
    out.row(row, widths, i % 2 === 1 ? STRIPE : undefined);
  });
  out.y += 3;
  for (const note of block.notes) {
    for (const line of wrap(fonts, 'regular', note, AID_STYLE.notes, width)) {
      if (out.y + AID_STYLE.notes * lineGap > maxHeight) out.continueOnNext();
      out.y += AID_STYLE.notes * lineGap;
      out.text(0, out.y, line, AID_STYLE.notes, 'regular');
    }
  }
  out.y += 6;
}

/**
 * Lays an aid card out as drawings (points, y down) of a given width: title, tables whose columns
 * are as wide as their content asks (wide texts wrap at spaces, never inside a word), numbered
 * lists, small-print notes. A table too wide at the body size steps down to 6 pt; a card taller
 * than `maxHeight` continues in further drawings ("(continued)"), the header repeated.
 */
import type { Diagnostic } from '../diagnostics';
import type { AidCard, Cell, TableBlock } from './aid-cards';
import { layoutList } from './aid-list-layout';
import { AID_STYLE, CardPieces, overflowDiagnostic, widestLine, widestWord, wrapText } from './aid-text';
import { type Drawing, type FontId, type Paint, BLACK, GAP, transformItems } from './drawing';
import type { FontSet } from './fonts';
import { MIN_AID_PT } from './text-fit';
import { maxOf } from '../extremes';

const HEADER_FILL: Paint = { rgb: '#dcdcdc', cmyk: [0, 0, 0, 15] };
const STRIPE: Paint = { rgb: '#f3f3f3', cmyk: [0, 0, 0, 5] };
const UNKNOWN_FILL: Paint = { rgb: '#fde3ef', cmyk: [0, 12, 0, 0] };
const RULE: Paint = { rgb: '#808080', cmyk: [0, 0, 0, 50] };
/** Body sizes tried, largest first, until a table's narrowest columns fit the width. */
const SIZES = [AID_STYLE.body, 7.5, 7, 6.5, MIN_AID_PT];
/** A grid (the CRT) is read at a glance: larger type first, and cells at least this many type sizes wide. */
const GRID_SIZES = [10, 9, ...SIZES];
const GRID_CELL_EMS = 3;

function cellFont(c: Cell, header: boolean): FontId {
  return header || c.unknown ? 'bold' : 'regular';
}

/** The cells of a table, header first, by column. */
function columns(block: TableBlock): { cell: Cell; header: boolean }[][] {
  const rowLengths = block.rows.map((r) => r.length);
  const n = maxOf(rowLengths, block.header.length);
  return Array.from({ length: n }, (_, i) => [
    { cell: { text: block.header[i] ?? '' }, header: true },
    ...block.rows.map((r) => ({ cell: r[i] ?? { text: '' }, header: false })),
  ]);
}

/**
 * Column widths at type `size`: each column between its narrowest (its widest word) and its
 * natural width (its widest line), the room left shared in proportion to what each still wants.
 * Undefined when even the narrowest columns are wider than `width`. A grid's result columns share
 * one width, so the chart reads as a grid.
 */
function columnWidths(fonts: FontSet, block: TableBlock, width: number, size: number): number[] | undefined {
  const { pad } = AID_STYLE;
  const measure = (f: typeof widestWord) =>
    columns(block).map(
      (col) =>
        2 * pad +
        Math.max(
          0,
          ...col.map(({ cell, header }) => (cell.swatch ? cell.swatch.width : f(fonts, cellFont(cell, header), cell.text, size))),
        ),
    );
  const least = measure(widestWord);
  const natural = measure(widestLine);
  if (block.grid) {
    for (const list of [least, natural]) {
      const widest = maxOf(list.slice(1), GRID_CELL_EMS * size);
      for (let i = 1; i < list.length; i++) list[i] = widest;
    }
  }
  const sum = (l: number[]) => l.reduce((a, b) => a + b, 0);
  if (sum(natural) <= width) return natural;
  if (sum(least) > width) return undefined;
  const share = (width - sum(least)) / (sum(natural) - sum(least));
  return least.map((w, i) => w + (natural[i] - w) * share);
}

interface RowLayout {
  height: number;
  cells: { lines: string[]; font: FontId; cell: Cell }[];
}

function layoutRow(out: CardPieces, cells: Cell[], widths: number[], size: number, header: boolean): RowLayout {
  const { pad, lineGap } = AID_STYLE;
  const laid = widths.map((w, i) => {
    const cell = cells[i] ?? { text: '' };
    const font = cellFont(cell, header);
    const wrapped = wrapText(out.fonts, font, cell.text, size, w - 2 * pad);
    if (wrapped.broken) out.diagnostics.push(overflowDiagnostic(out.card, cell.text, cell.at));
    return { lines: wrapped.lines, font, cell };
  });
  const lineCounts = laid.map((c) => c.lines.length);
  const swatchHeights = laid.map((c) => c.cell.swatch?.height ?? 0);
  const textHeight = maxOf(lineCounts, 1) * size * lineGap;
  const swatchHeight = maxOf(swatchHeights, 0);
  return { height: Math.max(textHeight, swatchHeight) + 2 * pad, cells: laid };
}

function drawRow(out: CardPieces, row: RowLayout, widths: readonly number[], size: number, fill: Paint | undefined, grid: boolean): void {
  const { pad, lineGap } = AID_STYLE;
  const y = out.y;
  const total = widths.reduce((a, b) => a + b, 0);
  let x = 0;
  row.cells.forEach(({ lines, font, cell }, i) => {
    const w = widths[i];
    const cellFill = cell.unknown ? UNKNOWN_FILL : fill;
    if (cellFill) out.items.push({ kind: 'rect', x, y, w, h: row.height, fill: cellFill });
    if (cell.swatch) out.items.push(...transformItems(cell.swatch.items, x + pad, y + pad));
    const centred = grid && i > 0;
    lines.forEach((line, k) => {
      if (line !== '')
        out.text(
          centred ? x + w / 2 : x + pad,
          y + pad + size * (k * lineGap + 0.85),
          line,
          size,
          font,
          cell.unknown ? GAP : BLACK,
          centred ? 'center' : 'left',
        );
    });
    if (grid && i > 0) out.items.push({ kind: 'path', d: `M${x} ${y} L${x} ${y + row.height}`, stroke: RULE, lineWidth: 0.3 });
    x += w;
  });
  out.items.push({ kind: 'path', d: `M0 ${y + row.height} L${total} ${y + row.height}`, stroke: RULE, lineWidth: grid ? 0.5 : 0.3 });
  out.y += row.height;
}

/** The widths and type size of a table: the largest size whose narrowest columns fit, else 6 pt squeezed (words broken). */
function tableSize(fonts: FontSet, block: TableBlock, width: number): { widths: number[]; size: number } {
  for (const size of block.grid ? GRID_SIZES : SIZES) {
    const widths = columnWidths(fonts, block, width, size);
    if (widths) return { widths, size };
  }
  const n = columns(block).length;
  return { widths: Array.from({ length: n }, () => width / n), size: MIN_AID_PT };
}

/** One table: its title, header and rows (the header repeated on each new drawing), then its notes. */
function layoutTable(out: CardPieces, block: TableBlock): void {
  const { widths, size } = tableSize(out.fonts, block, out.width);
  const grid = !!block.grid;
  const header = layoutRow(
    out,
    block.header.map((h) => ({ text: h })),
    widths,
    size,
    true,
  );
  const rows = block.rows.map((r) => layoutRow(out, r, widths, size, false));
  out.makeRoom((block.title ? AID_STYLE.blockTitle + 8 : 0) + header.height + (rows[0]?.height ?? 0));
  if (block.title) {
    out.y += AID_STYLE.blockTitle + 4;
    out.text(0, out.y, block.title, AID_STYLE.blockTitle, 'bold');
    out.y += 4;
  }
  drawRow(out, header, widths, size, HEADER_FILL, grid);
  rows.forEach((row, i) => {
    if (out.y + row.height > out.maxHeight) {
      out.continueOnNext();
      drawRow(out, header, widths, size, HEADER_FILL, grid);
    }
    drawRow(out, row, widths, size, i % 2 === 1 ? STRIPE : undefined, grid);
  });
  out.y += 3;
  out.notes(block.notes);
  out.y += 6;
}

export interface LaidOutCard {
  drawings: Drawing[];
  /** Texts that could not fit even at 6 pt (words broken between letters), at their data lines. */
  diagnostics: Diagnostic[];
}

/** The card as one or more drawings of `width`, each at most `maxHeight` tall. */
export function layoutAidCard(card: AidCard, fonts: FontSet, width: number, maxHeight: number): LaidOutCard {
  const out = new CardPieces(card, fonts, width, maxHeight);
  out.title(false);
  for (const block of card.blocks) {
    if (block.kind === 'list') layoutList(out, block);
    else layoutTable(out, block);
  }
  if (card.citation) out.notes([`Source: ${card.citation}`]);
  out.finish();
  return { drawings: out.pieces, diagnostics: out.diagnostics };
}

/**
 * Imposition: where counters go on a sheet, front and back. Pure geometry in points, y DOWN from
 * the top-left corner of the paper (the PDF writer flips it).
 *
 * Backs are mirrored in placement, not in art (countersheet and badge-printing practice): with a
 * long-edge flip the sheet turns about its vertical axis, so a counter at x on the front is at
 * paperWidth − x − size on the back; with a short-edge flip it turns about its horizontal axis
 * (y ↦ paperHeight − y − size). A per-printer offset then moves the whole back.
 */
import type { Flip, SheetLayout } from './paper';

export interface SheetSpec {
  paper: { width: number; height: number };
  /** Counter edge, points. */
  size: number;
  layout: SheetLayout;
  /** Space between counters in the gutter layout, points. */
  gutter: number;
  /** Art beyond the cut line, points. */
  bleed: number;
  flip: Flip;
  /** Shift of everything on the back page, points (x right, y down, as printed). */
  backOffset: { x: number; y: number };
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SlotPlacement {
  index: number;
  row: number;
  column: number;
  front: Rect;
  back: Rect;
  /** Bleed per side of this counter's art (0 on sides shared with a butted neighbour). */
  bleed: { left: number; right: number; top: number; bottom: number };
}

export interface SheetGrid {
  columns: number;
  rows: number;
  slots: SlotPlacement[];
  /** Union of the counters' trims on the front page. */
  trim: Rect;
  /** Trim plus the outer bleed on the front page. */
  bleedBox: Rect;
}

/** Paper margin kept free on every side for the printer and the crop marks. */
export const SHEET_MARGIN = 0.5 * 72;
/** Crop marks start this far beyond the bleed (so they never touch the art) and are this long. */
export const MARK_GAP = 2;
export const MARK_LENGTH = 10;

/**
 * How far from the paper edge a home printer starts to print: 0.25 in on every side, the common
 * figure for desktop inkjet and laser printers (and at least the 6 mm of the largest bleed a
 * printer asks for, so marks outside a 6 mm bleed still fall on printed paper). Captions and
 * marks that must be read keep inside it.
 */
export const PRINTABLE_MARGIN = 0.25 * 72;

/**
 * Where a caption of `size` pt goes at the top of a page: its baseline, so that its tallest glyph
 * (one em) starts at the printable margin and its descenders (a quarter em) end at `bottom`.
 */
export function captionBaseline(size: number): { baseline: number; bottom: number } {
  const baseline = PRINTABLE_MARGIN + size;
  return { baseline, bottom: baseline + size / 4 };
}

export function sheetGrid(spec: SheetSpec): SheetGrid {
  const { paper, size, layout, bleed } = spec;
  const gap = layout === 'gutter' ? Math.max(spec.gutter, 2 * bleed) : 0;
  const usableW = paper.width - 2 * SHEET_MARGIN - 2 * bleed;
  const usableH = paper.height - 2 * SHEET_MARGIN - 2 * bleed;
  const columns = Math.max(0, Math.floor((usableW + gap) / (size + gap)));
  const rows = Math.max(0, Math.floor((usableH + gap) / (size + gap)));
  const blockW = columns * size + Math.max(0, columns - 1) * gap;
  const blockH = rows * size + Math.max(0, rows - 1) * gap;
  const x0 = (paper.width - blockW) / 2;
  const y0 = (paper.height - blockH) / 2;
  const slots: SlotPlacement[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const front: Rect = { x: x0 + column * (size + gap), y: y0 + row * (size + gap), w: size, h: size };
      const own = layout === 'gutter' ? bleed : 0;
      slots.push({
        index: slots.length,
        row,
        column,
        front,
        back: backRect(front, spec),
        bleed: {
          left: column === 0 ? bleed : own,
          right: column === columns - 1 ? bleed : own,
          top: row === 0 ? bleed : own,
          bottom: row === rows - 1 ? bleed : own,
        },
      });
    }
  }
  const trim = { x: x0, y: y0, w: blockW, h: blockH };
  return { columns, rows, slots, trim, bleedBox: { x: x0 - bleed, y: y0 - bleed, w: blockW + 2 * bleed, h: blockH + 2 * bleed } };
}

/**
 * The bleed of the counter in slot `index` when only the first `filled` slots hold counters: a
 * side shared with an empty slot bleeds fully, like the block's outer sides (a drifting cut there
 * must show the counter's colour too).
 */
export function filledSlotBleed(grid: SheetGrid, index: number, filled: number, bleed: number): SlotPlacement['bleed'] {
  const slot = grid.slots[index];
  const empty = (row: number, column: number) =>
    row < 0 || column < 0 || row >= grid.rows || column >= grid.columns || row * grid.columns + column >= filled;
  return {
    left: empty(slot.row, slot.column - 1) ? bleed : slot.bleed.left,
    right: empty(slot.row, slot.column + 1) ? bleed : slot.bleed.right,
    top: empty(slot.row - 1, slot.column) ? bleed : slot.bleed.top,
    bottom: empty(slot.row + 1, slot.column) ? bleed : slot.bleed.bottom,
  };
}

/** Where the back of a counter printed at `front` goes on the back page. */
export function backRect(front: Rect, spec: Pick<SheetSpec, 'paper' | 'flip' | 'backOffset'>): Rect {
  const { paper, flip, backOffset } = spec;
  const x = flip === 'long-edge' ? paper.width - front.x - front.w : front.x;
  const y = flip === 'short-edge' ? paper.height - front.y - front.h : front.y;
  return { x: x + backOffset.x, y: y + backOffset.y, w: front.w, h: front.h };
}

/** A point of the back page seen through the sheet from the front (inverse of the flip). */
export function backPointOnFront(p: { x: number; y: number }, spec: Pick<SheetSpec, 'paper' | 'flip'>): { x: number; y: number } {
  return spec.flip === 'long-edge' ? { x: spec.paper.width - p.x, y: p.y } : { x: p.x, y: spec.paper.height - p.y };
}

/** Mirrors a rectangle with bleed sides swapped to match the back placement. */
export function mirroredBleed(b: SlotPlacement['bleed'], flip: Flip): SlotPlacement['bleed'] {
  return flip === 'long-edge'
    ? { left: b.right, right: b.left, top: b.top, bottom: b.bottom }
    : { left: b.left, right: b.right, top: b.bottom, bottom: b.top };
}

/**
 * Crop marks for every cut line of the block, outside the bleed: short lines in the margin
 * continuing each column and row boundary. Returned as line segments.
 */
export function cropMarks(grid: SheetGrid, spec: SheetSpec): { x1: number; y1: number; x2: number; y2: number }[] {
  const gap = spec.layout === 'gutter' ? Math.max(spec.gutter, 2 * spec.bleed) : 0;
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (let c = 0; c < grid.columns; c++) {
    const x = grid.trim.x + c * (spec.size + gap);
    xs.add(round(x));
    xs.add(round(x + spec.size));
  }
  for (let r = 0; r < grid.rows; r++) {
    const y = grid.trim.y + r * (spec.size + gap);
    ys.add(round(y));
    ys.add(round(y + spec.size));
  }
  const out: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const top = grid.trim.y - spec.bleed - MARK_GAP;
  const bottom = grid.trim.y + grid.trim.h + spec.bleed + MARK_GAP;
  const left = grid.trim.x - spec.bleed - MARK_GAP;
  const right = grid.trim.x + grid.trim.w + spec.bleed + MARK_GAP;
  for (const x of [...xs].sort((a, b) => a - b)) {
    out.push({ x1: x, y1: top - MARK_LENGTH, x2: x, y2: top });
    out.push({ x1: x, y1: bottom, x2: x, y2: bottom + MARK_LENGTH });
  }
  for (const y of [...ys].sort((a, b) => a - b)) {
    out.push({ x1: left - MARK_LENGTH, y1: y, x2: left, y2: y });
    out.push({ x1: right, y1: y, x2: right + MARK_LENGTH, y2: y });
  }
  return out;
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Crop marks at the four corners of one cut rectangle (a sheet cut as a whole), outside its bleed. */
export function frameCropMarks(trim: Rect, bleed: number): { x1: number; y1: number; x2: number; y2: number }[] {
  const out: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const reach = bleed + MARK_GAP;
  for (const x of [trim.x, trim.x + trim.w]) {
    out.push({ x1: x, y1: trim.y - reach - MARK_LENGTH, x2: x, y2: trim.y - reach });
    out.push({ x1: x, y1: trim.y + trim.h + reach, x2: x, y2: trim.y + trim.h + reach + MARK_LENGTH });
  }
  for (const y of [trim.y, trim.y + trim.h]) {
    out.push({ x1: trim.x - reach - MARK_LENGTH, y1: y, x2: trim.x - reach, y2: y });
    out.push({ x1: trim.x + trim.w + reach, y1: y, x2: trim.x + trim.w + reach + MARK_LENGTH, y2: y });
  }
  return out;
}

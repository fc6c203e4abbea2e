/**
 * The holding board: a second map of labelled boxes (off-map boxes, the turn record track as one
 * box per turn, setup areas without a single hex). Each box is a VASSAL Zone whose name is the
 * box label, so a piece in it reports that label as its location. Layout is a plain grid of
 * equal boxes, each wide enough for a stack of the largest counter.
 */
import type { Drawing, Item } from '../../render/drawing';
import type { Game } from '../../model/game';

export interface HoldingBox {
  label: string;
  /** Board pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface HoldingLayout {
  width: number;
  height: number;
  boxes: HoldingBox[];
  /** Font size of the labels, pixels. */
  labelSize: number;
}

const COLUMNS = 6;

/** Box geometry in pixels: a square 1.6 counters wide plus a label strip. */
export function holdingLayout(game: Game, labels: readonly string[]): HoldingLayout {
  const sizes = Object.values(game.counters.sizes ?? {});
  const counterInches = sizes.length > 0 ? Math.max(...sizes) : 0.5;
  const counter = Math.round(counterInches * game.map.moduleScale);
  const labelSize = Math.max(10, Math.round(counter / 5));
  const boxWidth = Math.round(counter * 1.6) + 2 * labelSize;
  const boxHeight = Math.round(counter * 1.6) + 2 * labelSize;
  const gap = Math.round(labelSize / 2);
  const columns = Math.min(COLUMNS, Math.max(1, labels.length));
  const rows = Math.max(1, Math.ceil(labels.length / columns));
  const boxes = labels.map((label, i) => ({
    label,
    x: gap + (i % columns) * (boxWidth + gap),
    y: gap + Math.floor(i / columns) * (boxHeight + gap),
    width: boxWidth,
    height: boxHeight,
  }));
  return { width: gap + columns * (boxWidth + gap), height: gap + rows * (boxHeight + gap), boxes, labelSize };
}

/** Centre of the stacking area of a box (below its label). */
export function boxCenter(box: HoldingBox, labelSize: number): { x: number; y: number } {
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + labelSize * 1.5 + (box.height - labelSize * 1.5) / 2) };
}

/** VASSAL Zone path: `x,y;x,y;…` (reference §2.4, ZonedGrid). */
export function zonePath(box: HoldingBox): string {
  const x2 = box.x + box.width;
  const y2 = box.y + box.height;
  return `${box.x},${box.y};${x2},${box.y};${x2},${y2};${box.x},${y2}`;
}

const PAPER = { rgb: '#f4f1e8' };
const BOX_FILL = { rgb: '#ffffff' };
const INK = { rgb: '#222222' };

/** The board picture: boxes with their labels (long labels are cut to fit, with "…"). */
export function holdingDrawing(layout: HoldingLayout): Drawing {
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: layout.width, h: layout.height, fill: PAPER }];
  const maxChars = (w: number) => Math.max(4, Math.floor(w / (layout.labelSize * 0.5)));
  for (const box of layout.boxes) {
    items.push({ kind: 'rect', x: box.x, y: box.y, w: box.width, h: box.height, fill: BOX_FILL, stroke: INK, lineWidth: 1.5 });
    const limit = maxChars(box.width - layout.labelSize);
    const text = box.label.length > limit ? `${box.label.slice(0, limit - 1)}…` : box.label;
    items.push({ kind: 'text', x: box.x + box.width / 2, y: box.y + layout.labelSize * 1.2, text, size: layout.labelSize, font: 'bold', fill: INK, align: 'center' });
  }
  return { width: layout.width, height: layout.height, items };
}

/**
 * The holding board: a second map of labelled boxes (off-map boxes, the turn record track as one
 * box per turn, setup areas without a single hex). Each box is a VASSAL Zone whose name is the
 * box label, so a piece in it reports that label as its location. Layout is a plain grid of
 * equal boxes, each wide enough for a stack of the largest counter.
 */
import type { Drawing, Item } from '../../render/drawing';
import type { FontSet } from '../../render/fonts';
import { fitLines, LINE_LEADING, type FittedLines } from '../../render/text-fit';
import type { Game } from '../../model/game';
import { HOLDING_STACK_COUNTERS, largestCounterInches } from '../../plan/holding';

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

/** Label strip height in label sizes: two lines of text. */
const LABEL_STRIP = 2.6;

/** Box geometry in pixels: the plan's stacking square (src/plan/holding.ts) plus a two-line label strip. */
export function holdingLayout(game: Game, labels: readonly string[]): HoldingLayout {
  const counterInches = largestCounterInches(game);
  const counter = Math.round(counterInches * game.map.moduleScale);
  const labelSize = Math.max(10, Math.round(counter / 5));
  const stack = Math.round(counter * HOLDING_STACK_COUNTERS);
  const boxWidth = stack + 2 * labelSize;
  const boxHeight = stack + Math.round(LABEL_STRIP * labelSize);
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
  const strip = LABEL_STRIP * labelSize;
  return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + strip + (box.height - strip) / 2) };
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

/** A box label on at most two lines, shrunk to no less than 60 % of the label size; never cut. */
export function holdingLabel(fonts: FontSet, box: HoldingBox, labelSize: number): FittedLines {
  const strip = { w: box.width - labelSize, h: labelSize * (1 + LINE_LEADING) };
  return fitLines(fonts, 'bold', box.label, labelSize, strip, labelSize * 0.6);
}

/** The board picture: boxes with their labels. */
export function holdingDrawing(layout: HoldingLayout, fonts: FontSet): Drawing {
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: layout.width, h: layout.height, fill: PAPER }];
  for (const box of layout.boxes) {
    items.push({ kind: 'rect', x: box.x, y: box.y, w: box.width, h: box.height, fill: BOX_FILL, stroke: INK, lineWidth: 1.5 });
    const label = holdingLabel(fonts, box, layout.labelSize);
    label.lines.forEach((line, i) => {
      items.push({
        kind: 'text',
        x: box.x + box.width / 2,
        y: box.y + label.size * (1.2 + LINE_LEADING * i),
        text: line,
        size: label.size,
        font: 'bold',
        fill: INK,
        align: 'center',
      });
    });
  }
  return { width: layout.width, height: layout.height, items };
}

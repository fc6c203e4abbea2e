/**
 * What the aid-card layouts share: the type sizes, line breaking of cell and paragraph texts
 * (at spaces only: "\n" forces a break, KEEP never breaks), and the drawings a card fills as it
 * goes, continuing on a new drawing under its title when a page is full. A word wider than its
 * whole column is broken between letters and reported at the text's data line, never cut.
 */
import type { Diagnostic } from '../diagnostics';
import { type AidCard, KEEP } from './aid-cards';
import { type Drawing, type FontId, type Item, type Paint, BLACK } from './drawing';
import { type FontSet, textWidth, unitWidth } from './fonts';
import { MIN_AID_PT, fitText, splitWord } from './text-fit';
import { maxOf } from '../extremes';

export const AID_STYLE = {
  title: 13,
  blockTitle: 10,
  /** Table and list text, the largest size tried; tables too wide for it step down to MIN_AID_PT. */
  body: 8,
  notes: MIN_AID_PT,
  pad: 3,
  lineGap: 1.25,
};

/** The words of each forced line of a text ("\n" separates lines). */
export function textLines(text: string): string[][] {
  return text.split('\n').map((line) => line.split(' ').filter((w) => w !== ''));
}

/** As drawn: the unbreakable space is an ordinary one. */
export function shown(text: string): string {
  return text.split(KEEP).join(' ');
}

/** Width of the widest word of a text, points. */
export function widestWord(fonts: FontSet, font: FontId, text: string, size: number): number {
  const widths = textLines(text).flatMap((ws) => ws.map((w) => textWidth(fonts, font, shown(w), size)));
  return maxOf(widths, 0);
}

/** Width of the widest forced line of a text, points. */
export function widestLine(fonts: FontSet, font: FontId, text: string, size: number): number {
  const widths = textLines(text).map((ws) => textWidth(fonts, font, shown(ws.join(' ')), size));
  return maxOf(widths, 0);
}

export interface Wrapped {
  lines: string[];
  /** Some word was wider than the width and had to be broken between letters. */
  broken: boolean;
}

/** Greedy breaking at spaces into lines no wider than `width`. */
export function wrapText(fonts: FontSet, font: FontId, text: string, size: number, width: number): Wrapped {
  const lines: string[] = [];
  let broken = false;
  const space = textWidth(fonts, font, ' ', size);
  for (const words of textLines(text)) {
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const w = textWidth(fonts, font, shown(word), size);
      const pieces = w > width + 0.01 ? splitWord(fonts, font, shown(word), width / size) : [word];
      if (pieces.length > 1) broken = true;
      for (const piece of pieces) {
        const pw = pieces.length > 1 ? unitWidth(fonts, font, piece) * size : w;
        if (line !== '' && lineWidth + space + pw <= width + 0.01) {
          line += ` ${piece}`;
          lineWidth += space + pw;
        } else {
          if (line !== '') lines.push(shown(line));
          line = piece;
          lineWidth = pw;
        }
      }
    }
    lines.push(shown(line));
  }
  return { lines, broken };
}

/** The report of a text whose words had to be broken: at its data line when it has one. */
export function overflowDiagnostic(card: AidCard, text: string, at: string | undefined): Diagnostic {
  const pointer = at ?? card.at;
  return {
    code: 'aids/text-overflow',
    severity: 'warning',
    message: `"${shown(text)}" on the ${card.title} card does not fit the page width at ${MIN_AID_PT} pt; a word is broken between letters`,
    hint: 'shorten the long word (or the columns beside it) in the data, or print on wider paper',
    ...(pointer ? { pointer } : {}),
  };
}

/** The drawings of a card as they fill: the finished ones, and the current one's items and height so far. */
export class CardPieces {
  readonly pieces: Drawing[] = [];
  readonly diagnostics: Diagnostic[] = [];
  items: Item[] = [];
  y = 0;

  constructor(
    readonly card: AidCard,
    readonly fonts: FontSet,
    readonly width: number,
    readonly maxHeight: number,
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

  /** Starts a new drawing unless `height` more fits on this one (or this one holds only the title). */
  makeRoom(height: number): void {
    if (this.y + height > this.maxHeight && this.items.length > 1) this.continueOnNext();
  }

  text(x: number, baseline: number, t: string, size: number, font: FontId, fill: Paint = BLACK, align: 'left' | 'center' = 'left'): void {
    this.items.push({ kind: 'text', x, y: baseline, text: shown(t), size, font, fill, align });
  }

  title(continued: boolean): void {
    this.y += AID_STYLE.title;
    const text = continued ? `${this.card.title} (continued)` : this.card.title;
    // A title is one line: narrower type down to the floor, else whole (and reported).
    const fitted = fitText(this.fonts, 'bold', text, AID_STYLE.title, this.width, MIN_AID_PT);
    if (!fitted.fits && !continued) this.diagnostics.push(overflowDiagnostic(this.card, text, this.card.at));
    this.text(0, this.y, text, fitted.size, 'bold');
    this.y += 6;
  }

  /** Small print the full width of the card. */
  notes(notes: readonly string[]): void {
    const { notes: size, lineGap } = AID_STYLE;
    for (const note of notes) {
      const wrapped = wrapText(this.fonts, 'regular', note, size, this.width);
      if (wrapped.broken) this.diagnostics.push(overflowDiagnostic(this.card, note, undefined));
      for (const line of wrapped.lines) {
        this.makeRoom(size * lineGap);
        this.y += size * lineGap;
        this.text(0, this.y, line, size, 'regular');
      }
    }
  }
}

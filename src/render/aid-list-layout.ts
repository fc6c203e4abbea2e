/**
 * A numbered list on an aid card (the sequence of play): each entry's number hangs in the margin
 * of its depth, its title in bold runs straight into its text, and the paragraph wraps at spaces
 * under the title. Steps are indented under their phase.
 */
import type { ListBlock, ListEntry } from './aid-cards';
import { AID_STYLE, type CardPieces, overflowDiagnostic, shown, textLines } from './aid-text';
import type { FontId } from './drawing';
import { textWidth } from './fonts';
import { splitWord } from './text-fit';
import { maxOf } from '../extremes';

/** Indent of each depth, points. */
const INDENT = 12;
/** Extra space above an outermost entry, points. */
const PHASE_GAP = 4;

interface Word {
  text: string;
  font: FontId;
  width: number;
}

interface Line {
  words: Word[];
}

/** The entry's words, title bold then text regular; words wider than `width` broken between letters. */
function entryWords(out: CardPieces, entry: ListEntry, size: number, width: number): { words: Word[]; broken: boolean } {
  let broken = false;
  const words: Word[] = [];
  const add = (text: string, font: FontId) => {
    for (const word of textLines(text).flat()) {
      const w = textWidth(out.fonts, font, shown(word), size);
      const pieces = w > width ? splitWord(out.fonts, font, shown(word), width / size) : [shown(word)];
      if (pieces.length > 1) broken = true;
      for (const piece of pieces) words.push({ text: piece, font, width: textWidth(out.fonts, font, piece, size) });
    }
  };
  add(entry.title, 'bold');
  add(entry.text, 'regular');
  return { words, broken };
}

/** Space before `word` after `previous`: a space of their font within a run, a bold space where the title ends. */
function gapBefore(previous: Word, word: Word, spaces: Record<FontId, number>): number {
  return spaces[previous.font === word.font ? word.font : 'bold'];
}

function breakWords(words: Word[], spaces: Record<FontId, number>, width: number): Line[] {
  const lines: Line[] = [];
  let line: Word[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const gap = line.length > 0 ? gapBefore(line[line.length - 1], word, spaces) : 0;
    if (line.length > 0 && lineWidth + gap + word.width > width) {
      lines.push({ words: line });
      line = [];
      lineWidth = 0;
    }
    lineWidth += (line.length > 0 ? gap : 0) + word.width;
    line.push(word);
  }
  if (line.length > 0) lines.push({ words: line });
  return lines;
}

/** One line as text runs: consecutive words of one font in one run. */
function drawLine(out: CardPieces, line: Line, x: number, baseline: number, size: number, spaces: Record<FontId, number>): void {
  let run: Word[] = [];
  let runX = x;
  let at = x;
  const flush = () => {
    if (run.length) out.text(runX, baseline, run.map((w) => w.text).join(' '), size, run[0].font);
  };
  line.words.forEach((word, i) => {
    if (i > 0) at += gapBefore(line.words[i - 1], word, spaces);
    if (run.length && run[0].font !== word.font) {
      flush();
      run = [];
    }
    if (!run.length) runX = at;
    run.push(word);
    at += word.width;
  });
  flush();
}

export function layoutList(out: CardPieces, block: ListBlock): void {
  const size = AID_STYLE.body;
  const lineHeight = size * AID_STYLE.lineGap;
  const spaces = { regular: textWidth(out.fonts, 'regular', ' ', size), bold: textWidth(out.fonts, 'bold', ' ', size) };
  const numberWidth = (depth: number) => {
    const widths = block.entries.filter((e) => e.depth === depth).map((e) => textWidth(out.fonts, 'bold', e.number, size));
    return 4 + maxOf(widths, 0);
  };
  const numberWidths = new Map<number, number>();
  for (const entry of block.entries) if (!numberWidths.has(entry.depth)) numberWidths.set(entry.depth, numberWidth(entry.depth));
  for (const entry of block.entries) {
    const x = entry.depth * INDENT;
    const textX = x + numberWidths.get(entry.depth)!;
    const { words, broken } = entryWords(out, entry, size, out.width - textX);
    if (broken) out.diagnostics.push(overflowDiagnostic(out.card, `${entry.title} ${entry.text}`, entry.at));
    const lines = breakWords(words, spaces, out.width - textX);
    const gap = entry.depth === 0 ? PHASE_GAP : 1;
    // An entry stays on one page when it can.
    out.makeRoom(gap + Math.min(lines.length, 4) * lineHeight);
    out.y += gap;
    out.text(x, out.y + size * 0.85, entry.number, size, 'bold');
    lines.forEach((line) => {
      out.makeRoom(lineHeight);
      drawLine(out, line, textX, out.y + size * 0.85, size, spaces);
      out.y += lineHeight;
    });
  }
  out.y += 3;
  out.notes(block.notes);
  out.y += 6;
}

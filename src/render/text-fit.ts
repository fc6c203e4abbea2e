/**
 * Fitting a text into a box: shrink down to a floor size, else wrap onto lines at the largest size
 * that fits. A text that fits nowhere comes back whole at the floor size with `fits: false`, and
 * the caller reports it (file:line), finds it more room, or cuts it (`middleCut`).
 *
 * Widths scale linearly with the type size, so each text (and each word, for wrapping) is measured
 * once at 1 pt; the size that wraps into a box is found by bisection over that measure.
 */
import { syllableBreaks } from './syllables';
import type { FontId } from './drawing';
import { type FontSet, capHeight, textGlyphs, unitWidth } from './fonts';

/** Smallest type on a counter, in points (a 5/8" counter's small print). */
export const MIN_COUNTER_PT = 5;
/**
 * Smallest type on a counter for a text that fits nowhere at MIN_COUNTER_PT, in points: one line a
 * little smaller still reads, where a cut text loses the letters that tell it apart.
 */
export const LAST_RESORT_COUNTER_PT = 4.5;
/** Smallest type on a player aid, in points. */
export const MIN_AID_PT = 6;
/** Letters a word broken with a hyphen keeps after the break at least. */
const TAIL_LETTERS = 3;
/** Baseline to baseline, in type sizes, of wrapped lines. */
export const LINE_LEADING = 1.1;

export interface FittedText {
  text: string;
  size: number;
  shrunk: boolean;
  /** False: even at the floor size the text is wider than the box (it is still returned whole). */
  fits: boolean;
}

export interface FittedLines {
  lines: string[];
  size: number;
  shrunk: boolean;
  fits: boolean;
}

/** One line: the largest size up to `size`, not below `minSize`, at which the text fits `maxWidth`. */
export function fitText(fonts: FontSet, font: FontId, text: string, size: number, maxWidth: number, minSize = MIN_COUNTER_PT): FittedText {
  const perPoint = unitWidth(fonts, font, text);
  if (perPoint * size <= maxWidth) return { text, size, shrunk: false, fits: true };
  const fitted = Math.floor((maxWidth / perPoint) * 100) / 100;
  if (fitted >= minSize) return { text, size: fitted, shrunk: true, fits: true };
  const floor = Math.min(size, minSize);
  return { text, size: floor, shrunk: floor < size, fits: false };
}

/**
 * The parts a text may be broken between: words, and the pieces of a word after a hyphen or a
 * slash ("soviet-chit-cup" → "soviet-", "chit-", "cup"); `glued[i]`: part i follows without a space.
 */
function breakableParts(text: string): { words: string[]; glued: boolean[] } {
  const words: string[] = [];
  const glued: boolean[] = [];
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    (word.match(/[^-/]+[-/]*|[-/]+/g) ?? [word]).forEach((part, i) => {
      words.push(part);
      glued.push(i > 0);
    });
  }
  return { words, glued };
}

/** Greedy line breaking of pre-measured parts at one size; undefined when a part alone is too wide. */
function breakLines(
  words: string[],
  widths: number[],
  space: number,
  size: number,
  maxWidth: number,
  glued: readonly boolean[] = [],
): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (let i = 0; i < words.length; i++) {
    const w = widths[i] * size;
    if (w > maxWidth) return undefined;
    const gap = glued[i] ? 0 : space * size;
    if (line !== '' && lineWidth + gap + w <= maxWidth) {
      line += glued[i] ? words[i] : ` ${words[i]}`;
      lineWidth += gap + w;
    } else {
      if (line !== '') lines.push(line);
      line = words[i];
      lineWidth = w;
    }
  }
  lines.push(line);
  return lines;
}

/** A word cut into pieces no wider than `maxPerPoint` at 1 pt (at least one letter each). */
export function splitWord(fonts: FontSet, font: FontId, word: string, maxPerPoint: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const ch of word) {
    const w = unitWidth(fonts, font, ch);
    if (piece !== '' && width + w > maxPerPoint) {
      pieces.push(piece);
      piece = ch;
      width = w;
    } else {
      piece += ch;
      width += w;
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Several lines in a box: the largest size in [minSize, size] at which the words, broken greedily,
 * fit the box's width and height. Not fitting: the words broken at the floor size (`fits: false`).
 */
export function fitLines(
  fonts: FontSet,
  font: FontId,
  text: string,
  size: number,
  box: { w: number; h: number },
  minSize = MIN_COUNTER_PT,
): FittedLines {
  const { words, glued } = breakableParts(text);
  const widths = words.map((w) => unitWidth(fonts, font, w));
  const space = unitWidth(fonts, font, ' ');
  const fitsAt = (s: number): string[] | undefined => {
    const lines = breakLines(words, widths, space, s, box.w, glued);
    return lines && s * (1 + (lines.length - 1) * LINE_LEADING) <= box.h ? lines : undefined;
  };
  const whole = fitsAt(size);
  if (whole) return { lines: whole, size, shrunk: false, fits: true };
  const floor = Math.min(size, minSize);
  if (!fitsAt(floor)) {
    // Whole at the floor size: a word wider than the box is broken between letters, never dropped.
    const pieces: string[] = [];
    const pieceGlue: boolean[] = [];
    words.forEach((w, i) => {
      const split = widths[i] * floor > box.w ? splitWord(fonts, font, w, box.w / floor) : [w];
      split.forEach((piece, k) => {
        pieces.push(piece);
        pieceGlue.push(k > 0 || glued[i]);
      });
    });
    const pieceWidths = pieces.map((w) => unitWidth(fonts, font, w));
    // A reduce, not Math.max(...): a text of millions of letters is as many pieces, more arguments than a call takes.
    const widest = pieceWidths.reduce((most, w) => Math.max(most, w * floor), box.w);
    const lines = breakLines(pieces, pieceWidths, space, floor, widest, pieceGlue);
    return { lines: lines ?? pieces, size: floor, shrunk: floor < size, fits: false };
  }
  let lo = floor;
  let hi = size;
  for (let k = 0; k < 20 && hi - lo > 0.01; k++) {
    const mid = (lo + hi) / 2;
    if (fitsAt(mid)) lo = mid;
    else hi = mid;
  }
  const fitted = Math.floor(lo * 100) / 100;
  return { lines: fitsAt(fitted) ?? fitsAt(floor)!, size: Math.max(fitted, floor), shrunk: true, fits: true };
}

/** Word pieces with the last given three letters at least from the one before ("Replaceme", "nt" → "Replacem", "ent"). */
function keepTailLetters(pieces: string[]): string[] {
  const out = pieces.map((p) => [...p]);
  const last = out[out.length - 1];
  const before = out[out.length - 2];
  while (before && last.length < TAIL_LETTERS && before.length > TAIL_LETTERS) last.unshift(before.pop()!);
  return out.map((p) => p.join(''));
}

/**
 * A word too wide for `maxPerPoint` in pieces that fit it, each the longest that ends at a syllable
 * break ("Replace", "ment"); from where no break fits on, the most letters that fit, the last
 * piece keeping three at least.
 */
function hyphenatedPieces(fonts: FontSet, font: FontId, word: string, maxPerPoint: number): string[] {
  const letters = [...word];
  const breaks = syllableBreaks(word);
  const pieces: string[] = [];
  let start = 0;
  while (unitWidth(fonts, font, letters.slice(start).join('')) > maxPerPoint) {
    const end = breaks.filter((b) => b > start && unitWidth(fonts, font, letters.slice(start, b).join('')) <= maxPerPoint).pop();
    if (end === undefined) return [...pieces, ...keepTailLetters(splitWord(fonts, font, letters.slice(start).join(''), maxPerPoint))];
    pieces.push(letters.slice(start, end).join(''));
    start = end;
  }
  return [...pieces, letters.slice(start).join('')];
}

/**
 * Lines at one size with each word too wide for the box broken between syllables (or, where no
 * syllable break fits, between letters), a hyphen ending every piece but the last ("Replace-",
 * "ment"): the whole text, when the lines fit the box's height; undefined otherwise. Each piece
 * holds the most that fits, so two pieces of a word never share a line.
 */
export function hyphenatedLines(
  fonts: FontSet,
  font: FontId,
  text: string,
  size: number,
  box: { w: number; h: number },
): string[] | undefined {
  const { words, glued } = breakableParts(text);
  const maxPerPoint = box.w / size;
  const hyphen = unitWidth(fonts, font, '-');
  const pieces: string[] = [];
  const pieceGlue: boolean[] = [];
  words.forEach((word, i) => {
    const split = unitWidth(fonts, font, word) > maxPerPoint ? hyphenatedPieces(fonts, font, word, maxPerPoint - hyphen) : [word];
    split.forEach((piece, k) => {
      pieces.push(k < split.length - 1 ? `${piece}-` : piece);
      pieceGlue.push(k > 0 || glued[i]);
    });
  });
  const widths = pieces.map((p) => unitWidth(fonts, font, p));
  const lines = breakLines(pieces, widths, unitWidth(fonts, font, ' '), size, box.w, pieceGlue);
  return lines && size * (1 + (lines.length - 1) * LINE_LEADING) <= box.h ? lines : undefined;
}

/**
 * The text with its middle replaced by "…", keeping the most letters (head and tail alike, the
 * head one more) whose lines fit the box at `size`: the head and the tail are what tell long texts
 * apart ("mec-xx-8…999-2"). With `keep: 'tail'` only the head goes ("…panasenko"): a unit's id
 * names its side and type first and itself last, so ids sharing both ends ("sov-partisan-panasenko",
 * "sov-partisan-dantsenko") still print apart. Undefined when not even one letter each side fits.
 */
export function middleCut(
  fonts: FontSet,
  font: FontId,
  text: string,
  size: number,
  box: { w: number; h: number },
  keep: 'ends' | 'tail' = 'ends',
): FittedLines | undefined {
  const letters = [...text];
  const cut = (kept: number): string => {
    if (keep === 'tail')
      return `…${letters
        .slice(letters.length - kept)
        .join('')
        .trimStart()}`;
    const head = letters.slice(0, Math.ceil(kept / 2)).join('');
    const tail = letters.slice(letters.length - Math.floor(kept / 2)).join('');
    return `${head.trimEnd()}…${tail.trimStart()}`;
  };
  const fitsWith = (kept: number): FittedLines | undefined => {
    const fit = fitLines(fonts, font, cut(kept), size, box, size);
    return fit.fits ? fit : undefined;
  };
  // Bisection on the letters kept: the largest count whose cut text still fits.
  let lo = 2;
  let hi = letters.length - 1;
  if (hi < lo || !fitsWith(lo)) return undefined;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fitsWith(mid)) lo = mid;
    else hi = mid - 1;
  }
  return fitsWith(lo);
}

/** Baseline that centres capital letters vertically in a box starting at `top` of height `h`. */
export function centredBaseline(fonts: FontSet, font: FontId, size: number, top: number, h: number): number {
  return top + h / 2 + (capHeight(fonts, font) * size) / 2;
}

/** Where a run's ink lies at 1 pt, from its pen start on the baseline (y down): its glyph outlines' union. */
export interface InkBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** The run's advance width. */
  advance: number;
}

const inkCache = new Map<string, InkBox | undefined>();

/** The ink box of a text run at 1 pt; undefined when it draws nothing (spaces only). */
export function unitInkBox(fonts: FontSet, font: FontId, text: string): InkBox | undefined {
  const key = `${font}\u0000${text}`;
  if (inkCache.has(key)) return inkCache.get(key);
  const em = fonts[font].font.unitsPerEm;
  let pen = 0;
  let box: InkBox | undefined;
  for (const glyph of textGlyphs(fonts, font, text)) {
    const b = glyph.bbox;
    if (b.maxX > b.minX && b.maxY > b.minY) {
      const [x0, x1, y0, y1] = [(pen + b.minX) / em, (pen + b.maxX) / em, -b.maxY / em, -b.minY / em];
      box = box
        ? { x0: Math.min(box.x0, x0), x1: Math.max(box.x1, x1), y0: Math.min(box.y0, y0), y1: Math.max(box.y1, y1), advance: 0 }
        : { x0, x1, y0, y1, advance: 0 };
    }
    pen += glyph.advanceWidth;
  }
  const result = box && { ...box, advance: pen / em };
  if (inkCache.size > 50_000) inkCache.clear();
  inkCache.set(key, result);
  return result;
}

/**
 * Fitting a text run into a box: shrink down to a floor size, then cut with an ellipsis. The
 * caller turns `shrunk` / `truncated` into diagnostics, so overflow is never silent.
 */
import type { FontId } from './drawing';
import { type FontSet, capHeight, textWidth } from './fonts';

/** Smallest type size we print, in points (below this counters are unreadable). */
export const MIN_TEXT_PT = 4;

export interface FittedText {
  text: string;
  size: number;
  shrunk: boolean;
  truncated: boolean;
}

export function fitText(fonts: FontSet, font: FontId, text: string, size: number, maxWidth: number, minSize = MIN_TEXT_PT): FittedText {
  const width = textWidth(fonts, font, text, size);
  if (width <= maxWidth) return { text, size, shrunk: false, truncated: false };
  const fitted = (size * maxWidth) / width;
  if (fitted >= minSize) return { text, size: Math.floor(fitted * 100) / 100, shrunk: true, truncated: false };
  const small = Math.min(size, minSize);
  let cut = text;
  while (cut.length > 0 && textWidth(fonts, font, `${cut}…`, small) > maxWidth) cut = cut.slice(0, -1);
  return { text: cut.length > 0 ? `${cut}…` : '', size: small, shrunk: small < size, truncated: true };
}

/** Baseline that centres capital letters vertically in a box starting at `top` of height `h`. */
export function centredBaseline(fonts: FontSet, font: FontId, size: number, top: number, h: number): number {
  return top + h / 2 + (capHeight(fonts, font) * size) / 2;
}

/**
 * The safe area of a counter: the part of the face that text keeps to, so that a die or a
 * guillotine that wanders off the cut line does not take letters with it. 2 pt in from every cut
 * edge is Dean Essig's 32 pt box on a 36 pt (1/2") counter, the tighter of the print conventions'
 * figures (Hollandspiele keeps 1.2 mm on 5/8"); a 1/2" counter then still has 32 pt for its text.
 */

/** How far text keeps from a counter's cut edges, points. */
export const SAFE_INSET_PT = 2;

/** The safe inset as a fraction of a counter's edge (`inches` long). */
export function safeInsetFraction(inches: number): number {
  return SAFE_INSET_PT / (inches * 72);
}

/**
 * The safe area of a counter: the part of the face that text keeps to, so that a die or a
 * guillotine that wanders off the cut line does not take letters with it. By default 2 pt in from
 * every cut edge: Dean Essig's 32 pt box on a 36 pt (1/2") counter, the tighter of the print
 * conventions' figures (Hollandspiele keeps 1.2 mm on 5/8"); a 1/2" counter then still has 32 pt
 * for its text. A game whose printer cuts less precisely states its own in counters.json
 * `sheet.safeInsetPt`.
 */
import type { CountersFile } from '../model/files';

/** How far text keeps from a counter's cut edges when the game does not say, points. */
export const DEFAULT_SAFE_INSET_PT = 2;

/** How far the game's counter text keeps from the cut edges, points. */
export function safeInsetPt(counters: Pick<CountersFile, 'sheet'>): number {
  return counters.sheet?.safeInsetPt ?? DEFAULT_SAFE_INSET_PT;
}

/** The safe inset (`insetPt` points) as a fraction of a counter's edge (`inches` long). */
export function safeInsetFraction(insetPt: number, inches: number): number {
  return insetPt / (inches * 72);
}

/**
 * Why an inset leaves no text area on the game's counters (half of the smallest counter's edge or
 * more), or undefined when it leaves one; a negative inset is the schema's to refuse. `sizes` are
 * the counter edges in inches by size id (counters.json `sizes`, or the one size counters take
 * when it states none).
 */
export function safeInsetProblem(insetPt: number, sizes: Readonly<Record<string, number>>): { message: string; hint: string } | undefined {
  const smallest = Object.entries(sizes).sort(([a, x], [b, y]) => x - y || a.localeCompare(b))[0];
  if (!smallest) return undefined;
  const [id, inches] = smallest;
  const half = (inches * 72) / 2;
  if (insetPt < half) return undefined;
  return {
    message: `safeInsetPt ${insetPt} pt leaves no room for text on the ${inches}" counters (size "${id}"): the inset must stay under half their ${inches * 72} pt edge`,
    hint: `use 0 or more and less than ${half} pt (default ${DEFAULT_SAFE_INSET_PT})`,
  };
}

/**
 * The largest and smallest of a list of numbers, by a loop. Math.max(...list) passes each value as
 * an argument, and a list sized by the data (a game's units, a table's rows, a zone's corners, a
 * text's words) of some hundred thousand values is more arguments than a call takes: a RangeError
 * (call stack size exceeded) instead of an answer.
 */

/** Math.max(floor, ...values), without spreading them: -Infinity (or `floor`) for none, NaN if any is. */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let max = floor;
  for (const value of values) max = Math.max(max, value);
  return max;
}

/** Math.min(ceiling, ...values), without spreading them: Infinity (or `ceiling`) for none, NaN if any is. */
export function minOf(values: Iterable<number>, ceiling = Infinity): number {
  let min = ceiling;
  for (const value of values) min = Math.min(min, value);
  return min;
}

/**
 * Straight hex lines (line of sight, paths drawn between hex centres).
 */
import { type Hex, hexDistance, hexRound } from './axial';

/**
 * A fixed nudge added to both ends before rounding. Without it a line that runs exactly along a
 * hexside lands on ties, and the chosen hex would depend on floating-point accident; with it the
 * same side always wins, so results are deterministic. The implied s nudge is −3e-6, so the
 * nudged point stays on the q + r + s = 0 plane.
 */
const NUDGE_Q = 1e-6;
const NUDGE_R = 2e-6;

/** The hexes from `a` to `b` inclusive: distance + 1 hexes, each adjacent to the next. */
export function hexLine(a: Hex, b: Hex): Hex[] {
  const n = hexDistance(a, b);
  const out: Hex[] = new Array(n + 1);
  const aq = a.q + NUDGE_Q;
  const ar = a.r + NUDGE_R;
  const bq = b.q + NUDGE_Q;
  const br = b.r + NUDGE_R;
  const step = n === 0 ? 0 : 1 / n;
  for (let i = 0; i <= n; i++) {
    const t = i * step;
    out[i] = hexRound(aq + (bq - aq) * t, ar + (br - ar) * t);
  }
  return out;
}

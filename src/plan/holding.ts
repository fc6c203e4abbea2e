/**
 * Holding boxes and track spaces as every output sizes them: the VASSAL module's holding board
 * (pixels) and the printed display sheet (points) both scale these inch measures, so a box holds
 * the same counters on the screen and on paper. Pure; reads only counters.json's sizes.
 */
import type { Game } from '../model/game';
import { DEFAULT_COUNTER_INCHES } from './templates';
import { maxOf } from '../extremes';

/** The largest counter edge the game declares, inches (the common 1/2" when it declares none). */
export function largestCounterInches(game: Pick<Game, 'counters'>): number {
  const sizes = Object.values(game.counters.sizes ?? {});
  return sizes.length > 0 ? maxOf(sizes) : DEFAULT_COUNTER_INCHES;
}

/** A holding box's stacking area is this many counters wide and high: a stack with room to pick it up. */
export const HOLDING_STACK_COUNTERS = 1.6;

/** Free space around a counter in a track space, each side, inches (2 mm: a finger can lift it). */
export const TRACK_SPACE_MARGIN_INCHES = 2 / 25.4;

/** The edge of a square track space that holds one counter of `counterInches` with its margin, inches. */
export function trackSpaceInches(counterInches: number): number {
  return counterInches + 2 * TRACK_SPACE_MARGIN_INCHES;
}

/** The edge of a holding box's square stacking area for counters of `counterInches`, inches. */
export function holdingStackInches(counterInches: number): number {
  return counterInches * HOLDING_STACK_COUNTERS;
}

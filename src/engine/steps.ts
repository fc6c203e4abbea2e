/**
 * Step losses: a counter with a reduced back flips to it; a counter already reduced (or with one
 * step) leaves play, and the counter named in its `next` column comes in instead (step
 * substitution for units of three or four steps spread over two counters).
 */
import { isUnknown } from '../model/common';
import type { Game } from '../model/game';

export interface UnitState {
  unit: string;
  face: 'front' | 'reverse';
}

export type StepLossResult = { state?: UnitState; eliminated: boolean; reason: string };

export function takeStepLoss(game: Game, state: UnitState): StepLossResult {
  const unit = game.units.find((u) => u.id === state.unit);
  if (!unit) return { eliminated: false, reason: `no unit "${state.unit}"` };
  const steps = unit.steps !== undefined && !isUnknown(unit.steps) ? unit.steps : unit.back === 'reduced' ? 2 : 1;
  if (state.face === 'front' && steps >= 2 && unit.back === 'reduced') {
    return { state: { unit: unit.id, face: 'reverse' }, eliminated: false, reason: `${unit.id} flips to its reduced side` };
  }
  if (unit.next !== undefined) {
    return { state: { unit: unit.next, face: 'front' }, eliminated: false, reason: `${unit.id} is replaced by ${unit.next}` };
  }
  return { eliminated: true, reason: `${unit.id} loses its last step and is eliminated` };
}

/** Steps a unit has left in a given state, counting its substitute counters. */
export function stepsRemaining(game: Game, state: UnitState): number {
  let total = 0;
  let current: StepLossResult = { state, eliminated: false, reason: '' };
  const seen = new Set<string>();
  while (current.state && !seen.has(`${current.state.unit}/${current.state.face}`)) {
    seen.add(`${current.state.unit}/${current.state.face}`);
    total++;
    current = takeStepLoss(game, current.state);
  }
  return total;
}

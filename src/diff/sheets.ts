/**
 * Which counters.pdf pages show a unit: the component plan's sheets, the very pages counters.pdf
 * prints (with the game's own sheet settings, as `hexforge build` without `--set` uses). Pages are
 * 1-based; a unit whose copies fill more than one sheet is on each of them.
 */
import type { Game } from '../model/game';
import { type CounterPlan, planCounters } from '../plan';

export interface UnitPages {
  front: number[];
  back: number[];
}

/** Unit id → the pages of its copies (fronts and backs); units with no copy printed are absent. */
export function counterSheetPages(game: Game, plan: CounterPlan = planCounters(game)): Map<string, UnitPages> {
  const pages = new Map<string, UnitPages>();
  for (const unit of game.units) {
    const p = plan.pages.get(`unit/${unit.id}`);
    if (p) pages.set(unit.id, p);
  }
  return pages;
}

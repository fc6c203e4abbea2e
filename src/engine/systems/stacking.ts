/**
 * Stacking exceptions each game system states beyond game.json's weights (which cannot express
 * "stacks free when…"):
 * - schwerpunkt (10.1 L357, 10.2 L359): units with bracketed combat strength (cannot-attack) stack free.
 * - t3 (9.2.B L577, 9.2.C L579): a German division's third regiment/Kampfgruppe stacks free when the
 *   other two are in the hex (its regiments count at most 2); static Alarm battalions stack free.
 */
import type { Game } from '../../model/game';
import type { StackingAdjustments } from '../stacking';

export function systemStacking(game: Game): StackingAdjustments {
  const flagEffect = (flag: string) => game.info.unitFlags?.find((f) => f.id === flag)?.effect;
  const hasEffect = (flags: string[] | undefined, effect: string) => (flags ?? []).some((f) => f === effect || flagEffect(f) === effect);
  switch (game.info.system) {
    case 'schwerpunkt':
      return {
        free: (u) => (hasEffect(u.flags, 'cannot-attack') ? 'bracketed combat strength stacks free [10.1 L357, 10.2 L359]' : undefined),
      };
    case 't3':
      return {
        free: (u) => (hasEffect(u.flags, 'static') ? 'static Alarm battalion stacks free [9.2.C L579]' : undefined),
        formationCap: (_formation, units) =>
          units.every((u) => u.nationality === undefined || u.nationality === 'german') && units.some((u) => u.nationality === 'german')
            ? { cap: 2, why: "a German division's third regiment stacks free with the other two [9.2.B L577]" }
            : undefined,
      };
    default:
      return {};
  }
}

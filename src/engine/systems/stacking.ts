/**
 * Stacking exceptions each game system states beyond game.json's weights (which cannot express
 * "stacks free when…"):
 * - schwerpunkt (10.1 L357, 10.2 L359): units with bracketed combat strength (cannot-attack) stack free.
 * - t3 (9.2.B L577, 9.2.C L579): a formation of the nationality game.json systemRules.t3.stackingFree
 *   names counts at most `cap` units (its third regiment stacks free), and units whose flag has the
 *   named effect stack free.
 */
import type { Game } from '../../model/game';
import type { Source } from '../../model/common';
import type { StackingAdjustments } from '../stacking';
import { cite } from '../source-text';

interface StackingFree {
  freeFlagEffect: string;
  formationCap: { nationality: string; cap: number };
}

export function systemStacking(game: Game): StackingAdjustments {
  const flagEffect = (flag: string) => game.info.unitFlags?.find((f) => f.id === flag)?.effect;
  const hasEffect = (flags: string[] | undefined, effect: string) => (flags ?? []).some((f) => f === effect || flagEffect(f) === effect);
  switch (game.info.system) {
    case 'schwerpunkt':
      return {
        free: (u) => (hasEffect(u.flags, 'cannot-attack') ? 'bracketed combat strength stacks free [10.1 L357, 10.2 L359]' : undefined),
      };
    case 't3': {
      // 9.2.B-C: game.json systemRules.t3.stackingFree names the flag effect and the nationality.
      const entry = game.info.systemRules?.t3?.stackingFree as { value?: StackingFree; source?: Source } | undefined;
      const rule = entry?.value;
      if (!rule) return {};
      const where = cite(entry?.source);
      return {
        free: (u) => (hasEffect(u.flags, rule.freeFlagEffect) ? `flag effect "${rule.freeFlagEffect}": stacks free${where}` : undefined),
        formationCap: (_formation, units) =>
          units.every((u) => u.nationality === undefined || u.nationality === rule.formationCap.nationality) &&
          units.some((u) => u.nationality === rule.formationCap.nationality)
            ? {
                cap: rule.formationCap.cap,
                why: `a ${rule.formationCap.nationality} formation counts at most ${rule.formationCap.cap} units${where}`,
              }
            : undefined,
      };
    }
    default:
      return {};
  }
}

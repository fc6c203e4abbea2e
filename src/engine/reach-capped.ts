/**
 * Reach when the number of hexes entered is capped ("one hex per phase" in mud, rail movement of
 * up to N hexes): a hex reached in fewer steps for no more MP dominates, so the search keeps, per
 * number of steps, the hexes reached more cheaply than with fewer steps, and stops at the cap.
 * The cap is small in practice, so this is a few passes over the frontier.
 */
import { ALL_MP, PROHIBITED } from './movement';
import type { ZocRules } from './zoc';
import { HEX_SIDES } from '../hex';

const EPSILON = 1e-9;

export interface CappedSearch {
  costs: Float64Array;
  start: number;
  ma: number;
  maxHexes: number;
  /** 1 where the unit may not enter (enemy units, hexes too near them). */
  occupied?: Uint8Array;
  zoc?: { mask: Uint8Array; rules: ZocRules };
}

/** Hex position → cheapest MP cost within the cap (the start hex costs 0). */
export function searchReachCapped(neighbors: Int32Array, s: CappedSearch): Map<number, number> {
  const best = new Map<number, number>([[s.start, 0]]);
  let frontier = new Map<number, number>([[s.start, 0]]);
  const rules = s.zoc?.rules;
  const mask = s.zoc?.mask;
  for (let step = 1; step <= s.maxHexes && frontier.size > 0; step++) {
    const next = new Map<number, number>();
    for (const [i, spent] of frontier) {
      const inZoc = mask !== undefined && mask[i] === 1;
      if (inZoc && rules) {
        if (i !== s.start && (rules.enter === 'stop' || rules.zocToZoc === 'stop')) continue;
        if (rules.leave === 'prohibited') continue;
      }
      for (let d = 0; d < HEX_SIDES; d++) {
        const j = neighbors[i * HEX_SIDES + d];
        if (j < 0) continue;
        const c = s.costs[i * HEX_SIDES + d];
        if (c !== c || c === PROHIBITED) continue;
        if (s.occupied?.[j] === 1) continue;
        let cost: number;
        if (c === ALL_MP) {
          if (i !== s.start) continue;
          cost = s.ma;
        } else cost = spent + c;
        if (rules && mask) {
          if (inZoc && rules.leave === 'cost') cost += rules.leaveCost;
          if (mask[j] === 1) {
            if (rules.enter === 'prohibited' || (inZoc && rules.zocToZoc === 'prohibited')) continue;
            if (rules.enter === 'cost') cost += rules.enterCost;
          }
        }
        if (cost > s.ma + EPSILON) continue;
        const known = best.get(j);
        if (known !== undefined && known <= cost + EPSILON) continue;
        const pending = next.get(j);
        if (pending === undefined || cost < pending) next.set(j, cost);
      }
    }
    for (const [j, cost] of next) best.set(j, cost);
    frontier = next;
  }
  return best;
}

/**
 * Stacking: points of the units in one hex against the side's limit (game.json "stacking").
 * A unit weighs its type's value, else its size's value, else the rule's unitValue (1 when the
 * rule gives none). Units of a formation whose stackingValue is given count together as at most
 * that value ("a division counts as two regiments"). Of the side's rules, one that names the hex's
 * terrain or the weather wins over a general one.
 */
import { isUnknown } from '../model/common';
import type { StackingRuleFile } from '../model/files';
import type { Game } from '../model/game';
import { cite } from './source-text';

export interface StackUnit {
  id?: string;
  type?: string;
  size?: string;
  formation?: string;
}

export interface StackResult {
  points: number;
  limit?: number;
  legal?: boolean;
  reasons: string[];
  unknown?: string;
}

export function stackingRule(game: Game, side: string, terrain: string[] = [], weather?: string): StackingRuleFile | undefined {
  const candidates = (game.info.stacking ?? []).filter(
    (r) => r.side === side && (r.terrain === undefined || terrain.includes(r.terrain)) && (r.weather === undefined || r.weather === weather),
  );
  const specificity = (r: StackingRuleFile) => (r.terrain !== undefined ? 2 : 0) + (r.weather !== undefined ? 1 : 0);
  return candidates.sort((a, b) => specificity(b) - specificity(a))[0];
}

export function stackPoints(game: Game, side: string, units: StackUnit[], terrain: string[] = [], weather?: string): StackResult {
  const rule = stackingRule(game, side, terrain, weather);
  const reasons: string[] = [];
  if (!rule) return { points: 0, reasons, unknown: `game.json states no stacking rule for side "${side}"` };
  const weight = (u: StackUnit): { value: number; why: string } => {
    if (u.type !== undefined && rule.typeValues?.[u.type] !== undefined) return { value: rule.typeValues[u.type], why: `type ${u.type}` };
    if (u.size !== undefined && rule.sizeValues?.[u.size] !== undefined) return { value: rule.sizeValues[u.size], why: `size ${u.size}` };
    return { value: rule.unitValue ?? 1, why: 'per unit' };
  };
  const formations = new Map((game.info.formations ?? []).map((f) => [f.id, f]));
  const groups = new Map<string, { value: number; count: number }>();
  let points = 0;
  for (const u of units) {
    const w = weight(u);
    const f = u.formation !== undefined ? formations.get(u.formation) : undefined;
    if (f?.stackingValue !== undefined) {
      const g = groups.get(f.id) ?? { value: 0, count: 0 };
      g.value += w.value;
      g.count++;
      groups.set(f.id, g);
      continue;
    }
    reasons.push(`${u.id ?? u.type ?? 'unit'}: ${w.value} (${w.why})${cite(rule.source)}`);
    points += w.value;
  }
  for (const [id, g] of groups) {
    const f = formations.get(id)!;
    const value = Math.min(g.value, f.stackingValue!);
    reasons.push(`formation ${f.name}: ${g.count} unit${g.count === 1 ? '' : 's'} count ${value}${value < g.value ? ` (at most ${f.stackingValue})` : ''}${cite(f.source)}`);
    points += value;
  }
  const limit = rule.limit;
  if (limit === undefined || isUnknown(limit)) {
    return { points, reasons, unknown: `the stacking limit for ${side} is not given` };
  }
  const legal = points <= limit;
  reasons.push(`${points} point${points === 1 ? '' : 's'} ${legal ? '≤' : '>'} limit ${limit}${rule.terrain ? ` in ${rule.terrain}` : ''}${cite(rule.source)}`);
  return { points, limit, legal, reasons };
}

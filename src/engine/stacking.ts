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
import { maxOf } from '../extremes';

export interface StackUnit {
  id?: string;
  type?: string;
  size?: string;
  formation?: string;
  nationality?: string;
  flags?: string[];
}

/** What a game system changes in the generic count (see systems/). */
export interface StackingAdjustments {
  /** A reason when the unit stacks free under the system's rules. */
  free?(unit: StackUnit): string | undefined;
  /** Cap on what the units of one formation count together, when the system gives one. */
  formationCap?(formation: string, units: StackUnit[]): { cap: number; why: string } | undefined;
}

export interface StackResult {
  points: number;
  limit?: number;
  legal?: boolean;
  /** Points under each of the side's rules that apply, when there are several limits. */
  byRule?: { points: number; limit?: number; legal?: boolean }[];
  reasons: string[];
  unknown?: string;
}

/** The side's stacking rules for a hex: those naming its terrain or the weather win over general ones. */
export function stackingRules(game: Game, side: string, terrain: string[] = [], weather?: string): StackingRuleFile[] {
  const candidates = (game.info.stacking ?? []).filter(
    (r) =>
      r.side === side && (r.terrain === undefined || terrain.includes(r.terrain)) && (r.weather === undefined || r.weather === weather),
  );
  const specificity = (r: StackingRuleFile) => (r.terrain !== undefined ? 2 : 0) + (r.weather !== undefined ? 1 : 0);
  const top = maxOf(candidates.map(specificity), -1);
  return candidates.filter((r) => specificity(r) === top);
}

export function stackingRule(game: Game, side: string, terrain: string[] = [], weather?: string): StackingRuleFile | undefined {
  return stackingRules(game, side, terrain, weather)[0];
}

/** Stacking points of `units` under every applicable rule of the side; legal when all limits hold. */
export function stackPoints(
  game: Game,
  side: string,
  units: StackUnit[],
  terrain: string[] = [],
  weather?: string,
  adjust: StackingAdjustments = {},
): StackResult {
  const rules = stackingRules(game, side, terrain, weather);
  if (rules.length === 0) return { points: 0, reasons: [], unknown: `game.json states no stacking rule for side "${side}"` };
  const results = rules.map((rule) => pointsUnder(game, rule, units, adjust));
  const reasons = results.flatMap((r) => r.reasons);
  const unknown = results.find((r) => r.unknown)?.unknown;
  const legal = results.every((r) => r.legal === true);
  const head = results[0];
  return {
    points: head.points,
    ...(head.limit !== undefined ? { limit: head.limit } : {}),
    ...(unknown ? { unknown } : { legal }),
    ...(results.length > 1 ? { byRule: results.map(({ points, limit, legal: l }) => ({ points, limit, legal: l })) } : {}),
    reasons,
  };
}

function pointsUnder(game: Game, rule: StackingRuleFile, units: StackUnit[], adjust: StackingAdjustments): StackResult {
  const reasons: string[] = [];
  const weight = (u: StackUnit): { value: number; why: string } => {
    if (u.type !== undefined && rule.typeValues?.[u.type] !== undefined) return { value: rule.typeValues[u.type], why: `type ${u.type}` };
    if (u.size !== undefined && rule.sizeValues?.[u.size] !== undefined) return { value: rule.sizeValues[u.size], why: `size ${u.size}` };
    return { value: rule.unitValue ?? 1, why: 'per unit' };
  };
  const formations = new Map((game.info.formations ?? []).map((f) => [f.id, f]));
  const groups = new Map<string, { value: number; units: StackUnit[] }>();
  let points = 0;
  for (const u of units) {
    const free = adjust.free?.(u);
    if (free) {
      reasons.push(`${u.id ?? u.type ?? u.size ?? 'unit'}: 0 (${free})`);
      continue;
    }
    const w = weight(u);
    if (u.formation !== undefined && w.value > 0) {
      const g = groups.get(u.formation) ?? { value: 0, units: [] };
      g.value += w.value;
      g.units.push(u);
      groups.set(u.formation, g);
      continue;
    }
    reasons.push(`${u.id ?? u.type ?? u.size ?? 'unit'}: ${w.value} (${w.why})${cite(rule.source)}`);
    points += w.value;
  }
  for (const [id, g] of groups) {
    const f = formations.get(id);
    const cap =
      f?.stackingValue !== undefined
        ? { cap: f.stackingValue, why: `${f.name} counts at most ${f.stackingValue}${cite(f.source)}` }
        : adjust.formationCap?.(id, g.units);
    const value = cap ? Math.min(g.value, cap.cap) : g.value;
    reasons.push(
      `formation ${f?.name ?? id}: ${g.units.length} unit${g.units.length === 1 ? '' : 's'} count ${value}${cap && value < g.value ? ` (${cap.why})` : ''}${cite(rule.source)}`,
    );
    points += value;
  }
  const limit = rule.limit;
  if (limit === undefined || isUnknown(limit)) {
    return { points, reasons, unknown: `the stacking limit for ${rule.side} is not given` };
  }
  const legal = points <= limit;
  reasons.push(
    `${points} point${points === 1 ? '' : 's'} ${legal ? '≤' : '>'} limit ${limit}${rule.terrain ? ` in ${rule.terrain}` : ''}${cite(rule.source)}`,
  );
  return { points, limit, legal, reasons };
}

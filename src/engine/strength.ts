/**
 * Combat strength totals by the game's own rule (game.json `strength`): each unit's value times its
 * multipliers (halvings), its fraction kept or rounded as the rule says, summed for the side,
 * rounded once (or not at all: "none" keeps 8½), then raised to the rule's minimum. Many rulebooks
 * state exactly this order ("three halved 1-strength units have a strength of one").
 */
import type { StrengthRuleFile } from '../model/files';
import type { Game } from '../model/game';
import { cite } from './source-text';

export type Rounding = StrengthRuleFile['round'];

/** One unit's part of a side's strength. */
export interface StrengthPart {
  label: string;
  value: number;
  /** Product of every multiplier on the unit (0.5 per halving). */
  factor: number;
  /** Why the factor is what it is, one line per multiplier. */
  why?: string[];
}

export function roundValue(value: number, round: Rounding): number {
  if (round === 'none') return value;
  if (round === 'up') return Math.ceil(value - 1e-9);
  if (round === 'nearest') return Math.round(value);
  return Math.floor(value + 1e-9);
}

const fmt = (n: number) => String(Math.round(n * 10000) / 10000);

/** The side's total under `rule`, with one reasoning line per step. */
export function sideStrength(parts: StrengthPart[], rule: StrengthRuleFile): { total: number; reasons: string[] } {
  const reasons: string[] = [];
  const fractions = rule.fractions ?? 'keep';
  let sum = 0;
  for (const p of parts) {
    let v = p.value * p.factor;
    const steps = [`${p.label}: ${fmt(p.value)}`];
    if (p.factor !== 1) steps.push(`${p.why?.length ? ` ${p.why.join(' ')}` : ` ×${fmt(p.factor)}`} = ${fmt(v)}`);
    if (fractions === 'round-each' && rule.round !== 'none') {
      const r = roundValue(v, rule.round);
      if (r !== v) steps.push(`, rounded ${rule.round} to ${fmt(r)}`);
      v = r;
    }
    if (rule.unitMinimum !== undefined && v < rule.unitMinimum) {
      steps.push(`, raised to the unit minimum ${fmt(rule.unitMinimum)}`);
      v = rule.unitMinimum;
    }
    if (p.factor !== 1 || parts.length > 1) reasons.push(steps.join(''));
    sum += v;
  }
  let total = fractions === 'keep' ? roundValue(sum, rule.round) : sum;
  const rounding =
    fractions === 'keep'
      ? rule.round === 'none'
        ? ', fractions kept (not rounded)'
        : total !== sum
          ? `, rounded ${rule.round} to ${fmt(total)}`
          : ''
      : '';
  reasons.push(`sum ${fmt(sum)}${rounding}${cite(rule.source)}`);
  if (rule.minimum !== undefined && total < rule.minimum) {
    reasons.push(`raised to the minimum ${fmt(rule.minimum)}${cite(rule.source)}`);
    total = rule.minimum;
  }
  return { total, reasons };
}

/**
 * The strength rule for a role: the one named, else the one listing the role, else the game's only
 * rule; undefined when game.json states none (or none fits).
 */
export function strengthRule(game: Game, role: 'attack' | 'defense' | 'combat' | 'tactical', id?: string): StrengthRuleFile | undefined {
  const rules = game.info.strength ?? [];
  if (id !== undefined) return rules.find((r) => r.id === id);
  const listed = rules.filter((r) => (r.roles ?? ['attack', 'defense', 'combat']).includes(role));
  if (listed.length > 0) return listed[0];
  return rules.length === 1 ? rules[0] : undefined;
}

/** Plain values and halvings under a rule written out (for tests and callers without a game). */
export interface StrengthInput {
  values: number[];
  /** Halvings per unit (same order as values). */
  halved?: number[];
  round?: Rounding;
  minimum?: number;
}

export function strengthTotal(input: StrengthInput): { total: number; reasons: string[] } {
  const parts = input.values.map((value, i) => {
    const halvings = input.halved?.[i] ?? 0;
    return {
      label: `unit ${i + 1}`,
      value,
      factor: 1 / 2 ** halvings,
      why: halvings > 0 ? [`halved ${halvings === 1 ? 'once' : `${halvings} times`}`] : [],
    };
  });
  return sideStrength(parts, {
    id: 'given',
    round: input.round ?? 'down',
    ...(input.minimum !== undefined ? { minimum: input.minimum } : {}),
  });
}

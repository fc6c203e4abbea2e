/**
 * Tactical Rating and Tactical Superiority (16.5–16.6, 16.9.2, 3.2, 7.4): the final rating of each
 * unit (Integrity and Concentric bonuses and the Out of Supply multiplier read from the CRT's
 * modifiers, rounded down, never below the game's minimum), each side's Tactical Points Value (its
 * highest final rating), who holds superiority, and how many chits each side draws and may play.
 */
import { isUnknown } from '../../../model/common';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { chitsPlayable, concentricModifier, integrity, outOfSupplyModifier, tacticalRatingMinimum } from './rules';
import { Unanswerable, type RulesUnit } from './read';

/** A CRT modifier's value (tables.json), named by a Schwerpunkt rule value. */
export function crtModifier(engine: Engine, id: string): { value: number; label: string; cite: string } {
  const crt = engine.game.tables.find((t) => t.kind === 'crt');
  const m = crt?.modifiers?.find((x) => x.id === id);
  if (!m) throw new Unanswerable(`the CRT has no modifier "${id}"`);
  if (typeof m.value !== 'number' || isUnknown(m.value)) throw new Unanswerable(`the value of CRT modifier "${id}" is not given`);
  return { value: m.value, label: m.label ?? id, cite: cite(m.source) };
}

/** `tr` times `factor`, the fraction kept, rounded down at the end, never below the game's minimum (3.2 L199, 16.9 L510). */
export function finalTacticalRating(engine: Engine, tr: number, factor: number, reasons: string[]): number {
  const minimum = tacticalRatingMinimum(engine);
  const exact = tr * factor;
  const result = Math.max(minimum.value, Math.floor(exact));
  if (factor !== 1)
    reasons.push(`TR ${tr} × ${factor} = ${exact}, rounded down, minimum ${minimum.value}: ${result}${minimum.cite} [16.9 L510]`);
  return result;
}

/**
 * Integrity Bonus of a unit of a formation given the number of other units of the same formation
 * in its hex and the number of the formation's units eliminated (16.6 L500–502).
 */
export function integrityBonus(
  engine: Engine,
  formation: string | undefined,
  othersOfFormation: number,
  formationEliminated: number,
  reasons: string[],
): number {
  if (formation === undefined) return 0;
  const f = (engine.game.info.formations ?? []).find((x) => x.id === formation);
  if (!f) {
    reasons.push(`formation "${formation}" is not a formation of game.json: no Integrity`);
    return 0;
  }
  const rule = integrity(engine);
  if (f.elements === undefined || isUnknown(f.elements))
    throw new Unanswerable(`the elements of ${f.name} are not given (game.json formations)`);
  const needed = rule.value.othersNeeded[String(f.elements)];
  if (needed === undefined) throw new Unanswerable(`Integrity is not stated for a formation of ${f.elements} elements${rule.cite}`);
  const bonus = crtModifier(engine, rule.value.modifier);
  if (formationEliminated >= rule.value.lostAfterEliminated) {
    reasons.push(`${f.name}: ${formationEliminated} units eliminated, Integrity unavailable until rebuilt${rule.cite}`);
    return 0;
  }
  if (othersOfFormation < needed) {
    reasons.push(
      `${f.name} (${f.elements} elements): stacked with ${othersOfFormation} other unit(s) of the formation, needs ${needed}: no Integrity${rule.cite}`,
    );
    return 0;
  }
  reasons.push(
    `${f.name}: stacked with ${othersOfFormation} other unit(s) of the formation: ${bonus.label} +${bonus.value}${bonus.cite}${rule.cite}`,
  );
  return bonus.value;
}

export interface SideRating {
  tpv: number;
  unit: string;
}

/**
 * Tactical Points Value of one side: the highest final Tactical Rating among its units, each stack
 * (units in one hex) checked for Integrity, attackers raised by Concentric Attack (16.51 L491).
 */
export function tacticalPointsValue(
  engine: Engine,
  stacks: RulesUnit[][],
  opts: { concentric: boolean; eliminatedByFormation: Record<string, number> },
  reasons: string[],
): SideRating | { unknown: string } {
  let best: SideRating | undefined;
  for (const stack of stacks) {
    for (const unit of stack) {
      if (unit.tr === undefined) return { unknown: `the Tactical Rating of ${unit.label} is not given` };
      const lines: string[] = [];
      const others = unit.formation === undefined ? 0 : stack.filter((m) => m !== unit && m.formation === unit.formation).length;
      let tr =
        unit.tr +
        integrityBonus(engine, unit.formation, others, unit.formation ? (opts.eliminatedByFormation[unit.formation] ?? 0) : 0, lines);
      if (opts.concentric) {
        const bonus = crtModifier(engine, concentricModifier(engine).value);
        tr += bonus.value;
        lines.push(`${bonus.label} +${bonus.value}${bonus.cite}`);
      }
      let factor = 1;
      if (!unit.inSupply) {
        const oos = crtModifier(engine, outOfSupplyModifier(engine).value);
        factor = oos.value;
        lines.push(`${oos.label}${oos.cite}`);
      }
      tr = finalTacticalRating(engine, tr, factor, lines);
      reasons.push(`${unit.label}: TR ${unit.tr} → ${tr}${lines.length ? ` (${lines.join('; ')})` : ''}`);
      if (!best || tr > best.tpv) best = { tpv: tr, unit: unit.label };
    }
  }
  if (!best) return { unknown: 'a side has no units' };
  return best;
}

export type Superiority = 'attacker' | 'defender' | 'none';

export interface ChitAllowance {
  superiority: Superiority;
  draw: { attacker: number; defender: number };
  play: { attacker: number; defender: number };
}

/** 16.51 L491 (draw = TPV), 16.52 (chits playable, never more than drawn). */
export function chitAllowance(engine: Engine, attackerTpv: number, defenderTpv: number, reasons: string[]): ChitAllowance {
  const playable = chitsPlayable(engine);
  const { superior, inferior, tie } = playable.value;
  const superiority: Superiority = attackerTpv > defenderTpv ? 'attacker' : defenderTpv > attackerTpv ? 'defender' : 'none';
  const draw = { attacker: attackerTpv, defender: defenderTpv };
  const allowed = (side: 'attacker' | 'defender') => (superiority === 'none' ? tie : superiority === side ? superior : inferior);
  const play = { attacker: Math.min(allowed('attacker'), draw.attacker), defender: Math.min(allowed('defender'), draw.defender) };
  reasons.push(
    `TPV attacker ${attackerTpv} vs defender ${defenderTpv}: ${superiority === 'none' ? 'no Tactical Superiority' : `${superiority} has Tactical Superiority`} [16.52 L494]`,
    `draw: attacker ${draw.attacker}, defender ${draw.defender} chits (the TPV) [16.51 L491]`,
    `play at most: attacker ${play.attacker}, defender ${play.defender} (${superiority === 'none' ? `${tie} each` : `${superior} for the superior side, ${inferior} for the other`}; never more than drawn)${playable.cite}`,
  );
  return { superiority, draw, play };
}

/**
 * Tactical Rating and Tactical Superiority (16.5–16.6, 16.9.2, 3.2, 7.4): the final rating of each
 * unit (Integrity +2, Concentric +1, halved when OOS, rounded down, minimum 1), each side's Tactical
 * Points Value (its highest final rating), who holds superiority, and how many chits each side draws
 * and may play.
 */
import type { Engine } from '../../context';
import {
  CHITS_INFERIOR,
  CHITS_SUPERIOR,
  CHITS_TIE,
  CONCENTRIC_BONUS,
  FOUR_ELEMENT_FORMATIONS,
  INTEGRITY_BONUS,
  INTEGRITY_LOST_AFTER_ELIMINATED,
  INTEGRITY_OTHERS_NEEDED,
  INTEGRITY_OTHERS_NEEDED_FOUR_ELEMENT,
  MIN_TACTICAL_RATING,
} from './rules';
import type { RulesUnit } from './read';

/** Halve `tr` `halvings` times, keep the fraction, round down at the end, never below one (3.2 L199, 16.9 L510). */
export function finalTacticalRating(tr: number, halvings: number, reasons: string[]): number {
  const exact = tr / 2 ** halvings;
  const result = Math.max(MIN_TACTICAL_RATING, Math.floor(exact));
  if (halvings > 0)
    reasons.push(`TR ${tr} halved ${halvings}× = ${exact}, rounded down, minimum ${MIN_TACTICAL_RATING}: ${result} [3.2 L199, 16.9 L510]`);
  return result;
}

/**
 * Integrity Bonus of a unit of a German formation given the number of other units of the same
 * formation in its hex and the number of the formation's units eliminated (16.6 L500–502).
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
  const needed = FOUR_ELEMENT_FORMATIONS.includes(f.id) ? INTEGRITY_OTHERS_NEEDED_FOUR_ELEMENT : INTEGRITY_OTHERS_NEEDED;
  if (formationEliminated >= INTEGRITY_LOST_AFTER_ELIMINATED) {
    reasons.push(`${f.name}: ${formationEliminated} units eliminated, Integrity unavailable until rebuilt [16.6 L502]`);
    return 0;
  }
  if (othersOfFormation < needed) {
    reasons.push(
      `${f.name}: stacked with ${othersOfFormation} other unit(s) of the formation, needs ${needed}: no Integrity [16.6 L500${needed > 1 ? ', L501' : ''}]`,
    );
    return 0;
  }
  reasons.push(
    `${f.name}: stacked with ${othersOfFormation} other unit(s) of the formation: Integrity +${INTEGRITY_BONUS} [16.6 L500${needed > 1 ? ', L501' : ''}]`,
  );
  return INTEGRITY_BONUS;
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
        tr += CONCENTRIC_BONUS;
        lines.push(`Concentric Attack +${CONCENTRIC_BONUS} [16.9.2 L518]`);
      }
      if (!unit.inSupply) lines.push('Out of Supply: TR halved [7.4 L324]');
      tr = finalTacticalRating(tr, unit.inSupply ? 0 : 1, lines);
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

/** 16.51 L491 (draw = TPV), 16.52 L494–497 (play 3/1 or 2/2, never more than drawn). */
export function chitAllowance(attackerTpv: number, defenderTpv: number, reasons: string[]): ChitAllowance {
  const superiority: Superiority = attackerTpv > defenderTpv ? 'attacker' : defenderTpv > attackerTpv ? 'defender' : 'none';
  const draw = { attacker: attackerTpv, defender: defenderTpv };
  const allowed = (side: 'attacker' | 'defender') =>
    superiority === 'none' ? CHITS_TIE : superiority === side ? CHITS_SUPERIOR : CHITS_INFERIOR;
  const play = { attacker: Math.min(allowed('attacker'), draw.attacker), defender: Math.min(allowed('defender'), draw.defender) };
  reasons.push(
    `TPV attacker ${attackerTpv} vs defender ${defenderTpv}: ${superiority === 'none' ? 'no Tactical Superiority' : `${superiority} has Tactical Superiority`} [16.52 L494]`,
    `draw: attacker ${draw.attacker}, defender ${draw.defender} chits (the TPV) [16.51 L491]`,
    `play at most: attacker ${play.attacker}, defender ${play.defender} (${superiority === 'none' ? `${CHITS_TIE} each` : `${CHITS_SUPERIOR} for the superior side, ${CHITS_INFERIOR} for the other`}; never more than drawn) [16.52 L495–497]`,
  );
  return { superiority, draw, play };
}

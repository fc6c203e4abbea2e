/**
 * Activity Points (9.0–9.1, 15.1, 15.10–15.11, 16.2, 16.4 STEP 1): the Soviet split between the two
 * Fronts, the cost of moves and combats in a Schwerpunkt Segment, and whether an attack may be declared.
 */
import { QueryInputError, number, optNumber, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { AP_PER_COMBAT, AP_PER_FORMATION_STACK, AP_PER_UNIT_MOVED } from './rules';
import { hasFlagEffect, optList } from './read';
import { kindOfSegment } from './segments';

export const frontSplit: QueryHandler = (_engine, input) => {
  const ap = number(input, 'ap');
  if (!Number.isInteger(ap) || ap < 0) throw new QueryInputError('input.ap must be a whole number ≥ 0');
  const larger = Math.ceil(ap / 2);
  const smaller = ap - larger;
  const odd = larger !== smaller;
  return {
    actual: { split: [larger, smaller], largerShareChosenBy: odd ? 'soviet' : null },
    reasoning: [
      odd
        ? `${ap} AP is odd: one Front receives ${larger}, the other ${smaller}, the Soviet player choosing which [9.1 L351]`
        : `${ap} AP is even: each Front receives ${larger} [9.1 L351]`,
    ],
  };
};

export const activityCost: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  const reasoning: string[] = [];
  let ap = 0;
  (optList(input, 'moves') ?? []).forEach((m, i) => {
    if (!m || typeof m !== 'object') throw new QueryInputError(`input.moves[${i}] must be an object`);
    const move = m as { units?: unknown; formation?: unknown; movesAsStack?: unknown; flags?: unknown };
    const units = typeof move.units === 'number' ? move.units : 1;
    const flags = Array.isArray(move.flags) ? (move.flags as string[]) : [];
    if (hasFlagEffect(engine, flags, 'variable-reinforcement')) {
      reasoning.push(`move ${i + 1}: ${units} German Variable Reinforcement(s) move for free [15.11 L461]`);
      return;
    }
    const formation =
      typeof move.formation === 'string' ? (engine.game.info.formations ?? []).find((f) => f.id === move.formation) : undefined;
    if (move.formation !== undefined && !formation) throw new QueryInputError(`formation "${String(move.formation)}" is not in game.json`);
    if (move.movesAsStack === true && formation && (formation.side ?? side) === side && side === 'german') {
      ap += AP_PER_FORMATION_STACK;
      reasoning.push(`move ${i + 1}: ${units} units of ${formation.name} move as one stack: ${AP_PER_FORMATION_STACK} AP [15.10 L458]`);
      return;
    }
    ap += units * AP_PER_UNIT_MOVED;
    reasoning.push(
      `move ${i + 1}: ${units} unit(s) moving separately: ${units * AP_PER_UNIT_MOVED} AP [15.1 L421${formation ? ', 15.10 L459' : ''}]`,
    );
  });
  const combats = optNumber(input, 'combats') ?? 0;
  if (combats > 0) {
    ap += combats * AP_PER_COMBAT;
    reasoning.push(`${combats} combat(s) × ${AP_PER_COMBAT} AP [16.2 L466]`);
  }
  const available = optNumber(input, 'available');
  const actual: Record<string, unknown> = { ap };
  if (available !== undefined) {
    actual.legal = ap <= available;
    reasoning.push(`${ap} AP against ${available} available: ${ap <= available ? 'legal' : 'too many'} [8.4 L348]`);
  }
  return { actual, reasoning };
};

export const canDeclareAttack: QueryHandler = (engine, input) => {
  const kind = kindOfSegment(engine, string(input, 'segment'));
  if (kind === 'general') {
    return { actual: { legal: true, apCost: 0 }, reasoning: ['General Segment attacks cost no AP and are unlimited [16.2 L472]'] };
  }
  if (kind !== 'schwerpunkt')
    return { actual: { legal: false, apCost: 0 }, reasoning: ['combat happens only in Schwerpunkt and General Segments [16.1 L464]'] };
  const ap = number(input, 'ap');
  const legal = ap >= AP_PER_COMBAT;
  return {
    actual: { legal, apCost: AP_PER_COMBAT },
    reasoning: [`${ap} AP available; an attack needs at least ${AP_PER_COMBAT} [16.4 STEP 1 L480]`],
  };
};

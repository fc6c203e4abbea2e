/**
 * Activity Points (9.0–9.1, 15.1, 15.10–15.11, 16.2, 16.4 STEP 1): the split between the Fronts of
 * the side that has them, the cost of moves and combats in a Schwerpunkt Segment, and whether an
 * attack may be declared. Costs and sides are the game's (systemRules.schwerpunkt).
 */
import { QueryInputError, number, optNumber, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { activityPoints, entryFronts, formationStackSide, frontSide } from './rules';
import { hasFlagEffect, optList, sideName } from './read';
import { kindOfSegment } from './segments';

export const frontSplit: QueryHandler = (engine, input) => {
  const ap = number(input, 'ap');
  if (!Number.isInteger(ap) || ap < 0) throw new QueryInputError('input.ap must be a whole number ≥ 0');
  const side = frontSide(engine);
  const fronts = Object.keys(entryFronts(engine).value).length;
  if (fronts === 0) throw new QueryInputError('the game names no Fronts (systemRules.schwerpunkt entryFronts)');
  // As evenly as possible: every Front gets the floor, the remainder one each to Fronts the side chooses.
  const base = Math.floor(ap / fronts);
  const extra = ap - base * fronts;
  const split = Array.from({ length: fronts }, (_, i) => base + (i < extra ? 1 : 0));
  return {
    actual: { split, largerShareChosenBy: extra > 0 ? side.value : null },
    reasoning: [
      extra > 0
        ? `${ap} AP between ${fronts} Fronts: ${split.join(' / ')}, the ${sideName(engine, side.value)} player choosing which Front gets more${side.cite}`
        : `${ap} AP between ${fronts} Fronts: ${base} each${side.cite}`,
    ],
  };
};

export const activityCost: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  const costs = activityPoints(engine);
  const stackSide = formationStackSide(engine);
  const reasoning: string[] = [];
  let ap = 0;
  (optList(input, 'moves') ?? []).forEach((m, i) => {
    if (!m || typeof m !== 'object') throw new QueryInputError(`input.moves[${i}] must be an object`);
    const move = m as { units?: unknown; formation?: unknown; movesAsStack?: unknown; flags?: unknown };
    const units = typeof move.units === 'number' ? move.units : 1;
    const flags = Array.isArray(move.flags) ? (move.flags as string[]) : [];
    if (hasFlagEffect(engine, flags, 'variable-reinforcement')) {
      reasoning.push(`move ${i + 1}: ${units} Variable Reinforcement(s) move for free [15.11 L461]`);
      return;
    }
    const formation =
      typeof move.formation === 'string' ? (engine.game.info.formations ?? []).find((f) => f.id === move.formation) : undefined;
    if (move.formation !== undefined && !formation) throw new QueryInputError(`formation "${String(move.formation)}" is not in game.json`);
    if (move.movesAsStack === true && formation && (formation.side ?? side) === side && side === stackSide.value) {
      ap += costs.value.perFormationStack;
      reasoning.push(
        `move ${i + 1}: ${units} units of ${formation.name} move as one stack: ${costs.value.perFormationStack} AP${stackSide.cite}${costs.cite}`,
      );
      return;
    }
    ap += units * costs.value.perUnitMoved;
    reasoning.push(`move ${i + 1}: ${units} unit(s) moving separately: ${units * costs.value.perUnitMoved} AP${costs.cite}`);
  });
  const combats = optNumber(input, 'combats') ?? 0;
  if (combats > 0) {
    ap += combats * costs.value.perCombat;
    reasoning.push(`${combats} combat(s) × ${costs.value.perCombat} AP${costs.cite}`);
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
  const costs = activityPoints(engine);
  const legal = ap >= costs.value.perCombat;
  return {
    actual: { legal, apCost: costs.value.perCombat },
    reasoning: [`${ap} AP available; an attack needs at least ${costs.value.perCombat}${costs.cite}`],
  };
};

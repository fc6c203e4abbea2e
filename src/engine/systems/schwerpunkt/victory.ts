/**
 * Victory Points for step losses (19.21 L585–586): each enemy step loss is worth the points of the
 * scenario's step-loss victory entry; the VPs of one side are added to the track, the other's
 * subtracted (systemRules.schwerpunkt stepLossVictory).
 */
import { isUnknown } from '../../../model/common';
import { QueryInputError, optNumber, optString } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { stepLossVictory } from './rules';
import { object, sideName, Unanswerable } from './read';

function count(input: Record<string, unknown>, key: string): number {
  const n = optNumber(input, key) ?? 0;
  if (!Number.isInteger(n) || n < 0) throw new QueryInputError(`input.${key} must be a whole number ≥ 0`);
  return n;
}

/** The points of the step-loss entry: of the scenario named, else the one value every scenario that has it gives. */
function pointsPerStep(engine: Engine, entryId: string, scenarioId: string | undefined): { points: number; why: string } {
  const scenarios = scenarioId === undefined ? engine.game.scenarios : engine.game.scenarios.filter((s) => s.id === scenarioId);
  if (scenarioId !== undefined && scenarios.length === 0) throw new QueryInputError(`scenario "${scenarioId}" is not in scenarios.json`);
  const entries = scenarios.flatMap((s) => (s.victory ?? []).filter((v) => v.id === entryId));
  const values = new Set(entries.map((e) => JSON.stringify(e.points)));
  const entry = entries[0];
  if (!entry || values.size !== 1)
    throw new Unanswerable(`no single "${entryId}" victory entry in scenarios.json${scenarioId ? '' : ' (name input.scenario)'}`);
  if (typeof entry.points !== 'number' || isUnknown(entry.points)) throw new Unanswerable(`the points of "${entryId}" are not given`);
  return { points: entry.points, why: cite(entry.source) };
}

export const victoryPoints: QueryHandler = (engine, input) => {
  const rule = stepLossVictory(engine);
  const perStep = pointsPerStep(engine, rule.value.entry, optString(input, 'scenario'));
  const lost = input.stepsLost === undefined ? {} : object(input, 'stepsLost');
  const sides = engine.game.info.sides.map((s) => s.id);
  for (const side of Object.keys(lost)) if (!sides.includes(side)) throw new QueryInputError(`"${side}" is not a side of game.json`);
  const start = optNumber(input, 'start') ?? 0;
  const reasoning: string[] = [`start ${start}`];
  let vp = start;
  for (const side of sides) {
    const steps = count(lost, side);
    if (steps === 0) continue;
    // A side's step losses score for its enemy: added when the enemy is the side whose VPs count up.
    const gainer = sides.find((s) => s !== side);
    const sign = gainer === rule.value.addedBy ? 1 : -1;
    vp += sign * steps * perStep.points;
    reasoning.push(
      `${steps} ${sideName(engine, side)} step loss(es) × ${perStep.points}: ${sign > 0 ? '+' : '−'}${steps * perStep.points} for the ${gainer ? sideName(engine, gainer) : 'enemy'} player${perStep.why}${rule.cite}`,
    );
  }
  const disbanded = count(input, 'disbandedVariableReinforcements');
  const zero = count(input, 'zeroStrengthVariableReinforcements');
  if (disbanded || zero)
    reasoning.push(
      `${disbanded} Variable Reinforcement(s) disbanded for Personalersatz and ${zero} 0-strength ones count nothing [19.21 L586, 13.2 L398, 11.4 L380]`,
    );
  reasoning.push(`VP ${vp}`);
  return { actual: { vp }, reasoning };
};

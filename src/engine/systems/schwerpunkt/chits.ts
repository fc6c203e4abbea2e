/**
 * Combat Chits played (16.9.1 L515–516): hit increases first, then each side's reductions. Each
 * chit's effect is read from counters.json; a chit whose effect the data does not give makes the
 * answer a gap (the Combat Chits Charts are not in the source), never a guess.
 */
import { QueryInputError } from '../../checks/input';
import { knownGap, type QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { chitHitEffect } from '../chit-effects';
import { object } from './read';

export const combatChits: QueryHandler = (engine, input) => {
  const played = object(input, 'played');
  const reasoning: string[] = [];
  const chits = engine.game.counters.chits ?? [];
  const sides = (engine.game.info.sides ?? []).map((s) => s.id);
  const delta: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  for (const [side, ids] of Object.entries(played)) {
    if (!sides.includes(side)) throw new QueryInputError(`"${side}" is not a side of game.json`);
    if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string')) throw new QueryInputError(`input.played.${side} must list chit ids`);
    const enemy = sides.find((s) => s !== side);
    if (ids.length === 0) reasoning.push(`${side} plays no chits`);
    for (const id of ids as string[]) {
      const chit = chits.find((c) => c.id === id);
      if (!chit) throw new QueryInputError(`chit "${id}" is not in counters.json`);
      if (chit.side !== undefined && chit.side !== side) throw new QueryInputError(`chit "${id}" belongs to ${chit.side}, not ${side}`);
      const effect = chitHitEffect(chit);
      if ('unknown' in effect) return knownGap(effect.unknown, reasoning);
      if (effect.target === 'none') {
        reasoning.push(`${side} plays ${chit.name}: no effect on Combat Hits`);
        continue;
      }
      const target = effect.target === 'own' ? side : enemy;
      if (target === undefined) throw new QueryInputError(`the game has no side other than ${side}`);
      delta[target] += effect.delta;
      reasoning.push(`${side} plays ${chit.name}: ${target} hits ${effect.delta >= 0 ? '+' : ''}${effect.delta}${cite(chit.source)}`);
    }
  }
  reasoning.push('chits that increase Combat Hits take effect first, then each player orders his reductions [16.9.1 L515]');
  return { actual: { hitsDelta: delta }, reasoning };
};

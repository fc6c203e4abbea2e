/**
 * Combat Chits played (16.9.1 L515–516): hit increases first, then each side's reductions. The
 * Combat Chits Charts are not in the source, so no chit's own effect is known; the only effect the
 * rulebook states is that of one pair played together (the 16.9.1 example), recorded here.
 */
import { isUnknown } from '../../../model/common';
import { QueryInputError } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { object, Unanswerable } from './read';

interface StatedCombination {
  side: string;
  chits: readonly string[];
  /** Change of each side's Combat Hits. */
  hitsDelta: Readonly<Record<string, number>>;
  source: string;
}

/** 16.9.1 L516: "#4 Fanaticism and #8 Mission Tactic. His Combat Hits are unchanged while the Soviet ones are increased by one." */
const STATED_COMBINATIONS: readonly StatedCombination[] = [
  { side: 'german', chits: ['german-4-fanaticism', 'german-8-mission-tactic'], hitsDelta: { german: 0, soviet: 1 }, source: '16.9.1 L516' },
];

export const combatChits: QueryHandler = (engine, input) => {
  const played = object(input, 'played');
  const reasoning: string[] = [];
  const chits = engine.game.counters.chits ?? [];
  const sides = (engine.game.info.sides ?? []).map((s) => s.id);
  const delta: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  for (const [side, ids] of Object.entries(played)) {
    if (!sides.includes(side)) throw new QueryInputError(`"${side}" is not a side of game.json`);
    if (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string')) throw new QueryInputError(`input.played.${side} must list chit ids`);
    for (const id of ids as string[]) {
      const chit = chits.find((c) => c.id === id);
      if (!chit) throw new QueryInputError(`chit "${id}" is not in counters.json`);
      if (chit.side !== undefined && chit.side !== side) throw new QueryInputError(`chit "${id}" belongs to ${chit.side}, not ${side}`);
    }
    if (ids.length === 0) {
      reasoning.push(`${side} plays no chits`);
      continue;
    }
    const set = new Set(ids as string[]);
    const stated = STATED_COMBINATIONS.find((c) => c.side === side && c.chits.length === set.size && c.chits.every((x) => set.has(x)));
    if (!stated) {
      const effects = (ids as string[]).map((id) => chits.find((c) => c.id === id)!.effect);
      const why = effects.find((e) => isUnknown(e));
      throw new Unanswerable(
        `the effects of ${(ids as string[]).join(', ')} are not given${why && isUnknown(why) && why.reason ? ` (${why.reason})` : ''}`,
      );
    }
    for (const [s, d] of Object.entries(stated.hitsDelta)) delta[s] = (delta[s] ?? 0) + d;
    reasoning.push(
      `${side} plays ${stated.chits.join(' + ')}: ${Object.entries(stated.hitsDelta)
        .map(([s, d]) => `${s} hits ${d >= 0 ? '+' : ''}${d}`)
        .join(', ')} (effect stated for this pair) [${stated.source}]`,
    );
  }
  reasoning.push('chits that increase Combat Hits take effect first, then each player orders his reductions [16.9.1 L515]');
  return { actual: { hitsDelta: delta }, reasoning };
};

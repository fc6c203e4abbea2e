/** Soviet Uprising trigger (17.0 L561–564). */
import { QueryInputError, number, string } from '../../checks/input';
import { hexIndex } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { UPRISING_EXCLUDED_HEXES, UPRISING_RANGE } from './rules';
import { bool, Unanswerable } from './read';

export const uprisingCheck: QueryHandler = (engine, input) => {
  const hex = string(input, 'city');
  const distance = number(input, 'distance');
  if (distance < 0) throw new QueryInputError('input.distance must be ≥ 0');
  const terrain = engine.graph.terrain[hexIndex(engine, hex, 'city hex')];
  if (terrain === null) throw new Unanswerable(`the terrain of ${hex} is not given`);
  // The terrain type that triggers uprisings says so in terrain.json (City, 17.0 L561).
  const trigger = terrain.map((id) => engine.terrain(id)).find((t) => t?.other?.some((o) => o.topic === 'uprising'));
  if (!trigger) return { actual: { roll: false }, reasoning: [`${hex} is not a City hex [17.0 L561]`] };
  if (UPRISING_EXCLUDED_HEXES.includes(hex))
    return { actual: { roll: false }, reasoning: [`${hex} is not treated as a city for the Soviet Uprising [17.0 L563]`] };
  if (bool(input, 'previousAttempt', false))
    return { actual: { roll: false }, reasoning: [`${hex} already had its one uprising attempt this game [17.0 L564]`] };
  const roll = distance <= UPRISING_RANGE;
  return {
    actual: { roll },
    reasoning: [
      `${trigger.name} hex ${hex}${cite(trigger.source)}; a Soviet unit first moves ${distance} hexes away: ${roll ? 'consult the Soviet Uprising Table' : `not within ${UPRISING_RANGE} hexes`} [17.0 L561]`,
    ],
  };
};

/** Uprising trigger (17.0 L561–564): the cities of the game's uprising zone, within the game's range. */
import { QueryInputError, number, string } from '../../checks/input';
import { hexIndex } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { uprising } from './rules';
import { bool } from './read';

export const uprisingCheck: QueryHandler = (engine, input) => {
  const hex = string(input, 'city');
  const distance = number(input, 'distance');
  if (distance < 0) throw new QueryInputError('input.distance must be ≥ 0');
  hexIndex(engine, hex, 'city hex');
  const rule = uprising(engine);
  const zone = engine.game.map.zones.find((z) => z.id === rule.value.zone);
  if (!zone) throw new QueryInputError(`the uprising zone "${rule.value.zone}" is not in map.json`);
  if (!zone.hexIds.includes(hex))
    return { actual: { roll: false }, reasoning: [`${hex} is not in ${zone.name ?? zone.id}${cite(zone.source)}${rule.cite}`] };
  if (bool(input, 'previousAttempt', false))
    return { actual: { roll: false }, reasoning: [`${hex} already had its one uprising attempt this game [17.0 L564]`] };
  const roll = distance <= rule.value.range;
  return {
    actual: { roll },
    reasoning: [
      `${hex} is in ${zone.name ?? zone.id}${cite(zone.source)}; an enemy unit first moves ${distance} hexes away: ${roll ? 'consult the Uprising Table' : `not within ${rule.value.range} hexes`}${rule.cite}`,
    ],
  };
};

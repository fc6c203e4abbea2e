/** Soviet Fronts (11.3, 14.0): range of a Front Marker, and the Front an entry hex belongs to. */
import { QueryInputError, optNumber, optString, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { FRONT_RANGE } from './rules';

export const frontRange: QueryHandler = (engine, input) => {
  const box = optString(input, 'box');
  if (box !== undefined) {
    const b = engine.game.map.boxes.find((x) => x.id === box);
    if (!b) throw new QueryInputError(`box "${box}" is not in map.json`);
    const amb = b.side === 'soviet' && /Administrative Movement Box/i.test(b.name);
    return {
      actual: { inRange: amb },
      reasoning: [
        amb
          ? `${b.name}: units there are always in range of a Front Marker [14.0 L408, 12.0 L385]`
          : `${b.name} is not a Soviet Administrative Movement Box [14.0 L408]`,
      ],
    };
  }
  const distance = optNumber(input, 'distance');
  if (distance === undefined) throw new QueryInputError('frontRange needs input.distance or input.box');
  const inRange = distance <= FRONT_RANGE;
  return {
    actual: { inRange },
    reasoning: [
      `a line of ${distance} hexes (Front Marker's hex counted, the unit's not; through enemy units and EZOCs): ${inRange ? 'in' : 'out of'} range (at most ${FRONT_RANGE}) [14.0 L408]`,
    ],
  };
};

export const entryFront: QueryHandler = (engine, input) => {
  const hex = string(input, 'hex');
  const prefix = 'soviet-entry-';
  const zone = engine.game.map.zones.find(
    (z) => z.kind === 'entry' && z.side === 'soviet' && z.id.startsWith(prefix) && z.hexIds.includes(hex),
  );
  if (!zone) return { actual: { front: null }, reasoning: [`${hex} is not a Soviet entry hex of map.json [11.3 L374–376]`] };
  const front = zone.id.slice(prefix.length);
  return { actual: { front }, reasoning: [`${hex}: ${zone.name ?? zone.id}${cite(zone.source)}`] };
};

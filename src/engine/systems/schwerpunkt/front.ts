/** Fronts (11.3, 14.0): range of a Front Marker, and the Front an entry hex belongs to. */
import { QueryInputError, optNumber, optString, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import { cite } from '../../source-text';
import { entryFronts, frontRange as frontRangeRule, frontSide } from './rules';

export const frontRange: QueryHandler = (engine, input) => {
  const box = optString(input, 'box');
  if (box !== undefined) {
    const b = engine.game.map.boxes.find((x) => x.id === box);
    if (!b) throw new QueryInputError(`box "${box}" is not in map.json`);
    const range = frontRangeRule(engine);
    const always = (range.value.boxes ?? []).includes(b.id);
    return {
      actual: { inRange: always },
      reasoning: [
        always
          ? `${b.name}: units there are always in range of a Front Marker${range.cite}`
          : `${b.name} is not a box whose units are always in range of a Front Marker${range.cite}`,
      ],
    };
  }
  const distance = optNumber(input, 'distance');
  if (distance === undefined) throw new QueryInputError('frontRange needs input.distance or input.box');
  const range = frontRangeRule(engine);
  const inRange = distance <= range.value.hexes;
  return {
    actual: { inRange },
    reasoning: [
      `a line of ${distance} hexes (Front Marker's hex counted, the unit's not; through enemy units and EZOCs): ${inRange ? 'in' : 'out of'} range (at most ${range.value.hexes})${range.cite}`,
    ],
  };
};

export const entryFront: QueryHandler = (engine, input) => {
  const hex = string(input, 'hex');
  const fronts = entryFronts(engine);
  const side = frontSide(engine).value;
  for (const [front, zoneId] of Object.entries(fronts.value)) {
    const zone = engine.game.map.zones.find((z) => z.id === zoneId);
    if (!zone) throw new QueryInputError(`zone "${zoneId}" (entry zone of front ${front}) is not in map.json`);
    if (zone.hexIds.includes(hex))
      return { actual: { front }, reasoning: [`${hex}: ${zone.name ?? zone.id}${cite(zone.source)}${fronts.cite}`] };
  }
  const sideName = engine.game.info.sides.find((s) => s.id === side)?.name ?? side;
  return { actual: { front: null }, reasoning: [`${hex} is not an entry hex of a ${sideName} Front${fronts.cite}`] };
};

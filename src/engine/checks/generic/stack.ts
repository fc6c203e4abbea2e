/** The generic stacking query: the points of units in one hex against the side's limit. */
import { isUnknown } from '../../../model/common';
import { stackPoints, type StackUnit } from '../../stacking';
import { systemStacking } from '../../systems/stacking';
import { QueryInputError, hexIndex, optString, optStrings, refuseExtraCopies, string, unitFrom } from '../input';
import { count, list, object, oneOrMany, ref, unitRef } from '../input-schema';
import { defineQuery, knownGap, unsupported } from '../query';

export const stack = defineQuery({
  summary: "the stacking points of units in one hex and whether they are within the side's limit",
  input: object(
    {
      side: ref('side', 'the side'),
      units: list(
        { anyOf: [unitRef('the unit'), object({ unit: unitRef('the unit'), count: count('how many of it') }, ['unit'])] },
        'the units in the hex, by id or inline',
      ),
      hex: ref('hex', 'the hex: its terrain comes from the map'),
      terrain: oneOrMany(ref('terrain', 'terrain id'), "the hex's terrain, instead of a hex"),
      weather: ref('weather', 'the weather'),
    },
    ['side', 'units'],
  ),
  run: (engine, input) => {
    const side = string(input, 'side');
    if (!Array.isArray(input.units)) throw new QueryInputError('input.units must be a list');
    const units: StackUnit[] = [];
    const named: { id: string; copies: number; times: number }[] = [];
    for (const entry of input.units as unknown[]) {
      const wrapped = entry !== null && typeof entry === 'object' && !Array.isArray(entry) && 'unit' in entry;
      const ref = wrapped ? (entry as { unit: unknown }).unit : entry;
      const u = unitFrom(engine, ref);
      const count = typeof (entry as { count?: unknown })?.count === 'number' ? (entry as { count: number }).count : 1;
      if (typeof ref === 'string') named.push({ id: ref, copies: u.count ?? 1, times: count });
      const size = u.size !== undefined && !isUnknown(u.size) ? u.size : undefined;
      for (let k = 0; k < count; k++)
        units.push({ id: u.id, type: u.type, size, formation: u.formation, nationality: u.nationality, flags: u.flags ?? [] });
    }
    refuseExtraCopies('units', named);
    const terrain = [...(optStrings(input, 'terrain') ?? [])];
    const hex = optString(input, 'hex');
    if (hex !== undefined) {
      const onMap = engine.graph.terrain[hexIndex(engine, hex)];
      if (onMap === null) return knownGap(`the terrain of ${hex} is not given on the map, and stacking limits may depend on it`);
      terrain.push(...onMap);
    }
    const r = stackPoints(engine.game, side, units, terrain, optString(input, 'weather'), systemStacking(engine.game));
    if (r.unknown)
      return r.unknown.includes('states no stacking rule') ? unsupported(r.unknown, r.reasons) : knownGap(r.unknown, r.reasons);
    return { actual: { points: r.points, legal: r.legal, limit: r.limit }, reasoning: r.reasons };
  },
});

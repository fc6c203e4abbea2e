/** The generic supply query: whether a hex (a unit's) traces a supply line by the game's supply rules. */
import { sideSupply } from '../../supply-state';
import { QueryInputError, hexIndex, optNumber, optString, optStrings, string, unitFrom } from '../input';
import { count, int, list, object, ref, unitRef } from '../input-schema';
import { defineQuery, knownGap, unsupported } from '../query';
import { ENEMY_LIST, enemies } from './movement';

export const supply = defineQuery({
  summary: "whether a hex traces supply to its side's sources, by the game's supply rules (game.json supply)",
  input: object(
    {
      side: ref('side', 'the side tracing supply'),
      unit: unitRef('the unit tracing supply (gives the side)'),
      hex: ref('hex', 'the hex the line starts from'),
      enemies: ENEMY_LIST,
      friendlies: list(ref('hex', 'hex'), 'hexes holding friendly units (they negate enemy ZOC where the rules say so)'),
      enemyControlled: list(ref('hex', 'hex'), 'hexes the enemy controls (they block where the rules say so)'),
      maxLength: count('the longest line, over the game’s own'),
    },
    ['hex'],
  ),
  expect: object({ inSupply: { type: 'boolean', description: 'in supply' }, length: int('hexes to the nearest source') }),
  run: (engine, input) => {
    const unitInput = input.unit !== undefined ? unitFrom(engine, input.unit) : undefined;
    const side = optString(input, 'side') ?? unitInput?.side;
    if (!side) throw new QueryInputError('input.side is required');
    const at = hexIndex(engine, string(input, 'hex'));
    const en = enemies(engine, input.enemies);
    const hexes = (key: string, what: string) => (optStrings(input, key) ?? []).map((id) => hexIndex(engine, id, what));
    const trace = sideSupply(engine, side, {
      enemyHexes: en.occupied,
      zocHexes: en.zoc,
      friendlyHexes: hexes('friendlies', 'friendly hex'),
      enemyControlled: hexes('enemyControlled', 'enemy-controlled hex'),
      ...(optNumber(input, 'maxLength') !== undefined ? { maxLength: optNumber(input, 'maxLength') } : {}),
    });
    if (!trace) return unsupported(`map.json has no supply zone for side "${side}"`);
    const reasoning = [...trace.reasons];
    const r = trace.at(at);
    if (r.state === 'unknown') return knownGap(r.why, reasoning);
    if (r.state === 'out') {
      reasoning.push(`${input.hex}: ${r.why}`);
      return { actual: { inSupply: false }, reasoning };
    }
    reasoning.push(`path of ${r.length} hexes from ${input.hex} to the nearest source`);
    return { actual: { inSupply: true, length: r.length }, reasoning };
  },
});

/**
 * Concentric Attack geometry (16.9.2 L518–519, 16.93 L523): attackers in directly opposite hexes, in
 * three hexes with one hex between each, or in more than three hexes. Never into a hex whose terrain
 * forbids it (terrain.json combat.noConcentric: City); attackers across a hexside that forbids it
 * (Major River) do not count toward the geometry.
 */
import { HEX_SIDES } from '../../../hex';
import { QueryInputError, optStrings, type Input } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { concentricPattern } from '../concentric-pattern';

function directions(input: Input, key: string): number[] {
  const v = input[key];
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((d) => !Number.isInteger(d) || d < 0 || d >= HEX_SIDES))
    throw new QueryInputError(`input.${key} must list hexside directions 0-${HEX_SIDES - 1}`);
  return [...new Set(v as number[])].sort((a, b) => a - b);
}

/** The hexside terrain that the input key `acrossNoConcentric` means: the hexside type whose combat effect forbids concentric attacks. */
function noConcentricHexside(engine: Engine) {
  return engine.game.terrain.find((t) => t.kind === 'hexside' && t.combat?.noConcentric === true);
}

export const concentric: QueryHandler = (engine, input) => {
  const reasoning: string[] = [];
  const all = directions(input, 'directions');
  for (const id of optStrings(input, 'defenderTerrain') ?? []) {
    const t = engine.terrain(id);
    if (!t) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    if (t.combat?.noConcentric) {
      reasoning.push(`defender in ${t.name}: a Concentric Attack can never be created into it${cite(t.combat.source)}`);
      return { actual: { concentric: false }, reasoning };
    }
  }
  const across = directions(input, 'acrossNoConcentric');
  let counted = all;
  if (across.length) {
    const river = noConcentricHexside(engine);
    if (!river)
      throw new QueryInputError('input.acrossNoConcentric is given but terrain.json has no hexside that forbids concentric attacks');
    counted = all.filter((d) => !across.includes(d));
    reasoning.push(
      `attackers across ${river.name} (directions ${across.join(', ')}) do not qualify for a Concentric Attack${cite(river.combat?.source)}`,
    );
  }
  const g = concentricPattern(counted);
  reasoning.push(`${g.why}: ${g.concentric ? 'a Concentric Attack' : 'no Concentric Attack'} [16.9.2 L518]`);
  return { actual: { concentric: g.concentric }, reasoning };
};

/**
 * Concentric Attack geometry (16.9.2 L518–519, 16.93 L523): attackers in directly opposite hexes, in
 * three hexes with one hex between each, or in more than three hexes. Never into a hex whose terrain
 * forbids it (terrain.json combat.noConcentric: City); attackers across a hexside that forbids it
 * (Major River) do not count toward the geometry.
 */
import { QueryInputError, optStrings, type Input } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';

function directions(input: Input, key: string): number[] {
  const v = input[key];
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((d) => !Number.isInteger(d) || d < 0 || d > 5))
    throw new QueryInputError(`input.${key} must list hexside directions 0-5`);
  return [...new Set(v as number[])].sort((a, b) => a - b);
}

/** Whether attacking hexes (directions 0-5 around the defender, clockwise) form a concentric attack. */
export function isConcentricGeometry(dirs: readonly number[]): { concentric: boolean; why: string } {
  const set = new Set(dirs);
  if (set.size > 3) return { concentric: true, why: `${set.size} attacking hexes (more than three)` };
  for (const d of set) if (set.has((d + 3) % 6)) return { concentric: true, why: `directly opposite hexes ${d} and ${(d + 3) % 6}` };
  for (const d of set)
    if (set.has((d + 2) % 6) && set.has((d + 4) % 6))
      return { concentric: true, why: `three hexes ${d}, ${(d + 2) % 6}, ${(d + 4) % 6} with one hex between each` };
  return {
    concentric: false,
    why: `attacking hexes ${[...set].join(', ') || 'none'} are neither opposite, alternating nor more than three`,
  };
}

/** The hexside terrain that the input key `acrossMajorRiver` names: the hexside type whose combat effect forbids concentric attacks. */
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
  const across = directions(input, 'acrossMajorRiver');
  let counted = all;
  if (across.length) {
    const river = noConcentricHexside(engine);
    if (!river)
      throw new QueryInputError('input.acrossMajorRiver is given but terrain.json has no hexside that forbids concentric attacks');
    counted = all.filter((d) => !across.includes(d));
    reasoning.push(
      `attackers across ${river.name} (directions ${across.join(', ')}) do not qualify for a Concentric Attack${cite(river.combat?.source)}`,
    );
  }
  const g = isConcentricGeometry(counted);
  reasoning.push(`${g.why}: ${g.concentric ? 'concentric' : 'not concentric'} [16.9.2 L518]`);
  return { actual: { concentric: g.concentric }, reasoning };
};

/**
 * Concentric Attack (11.6.3): attackers in opposite hexes, in three hexes with one hex between each,
 * or in more than three hexes — never into a hex whose terrain forbids it or across a hexside that
 * does (terrain.json `combat.noConcentric`: city, river). Geometry comes from the map's hex graph;
 * river hexsides come from map.json plus any the input names (`acrossRiver`: attacker hexes).
 */
import { isUnknown } from '../../../model/common';
import { directionTo } from '../../graph';
import { QueryInputError, hexIndex, optStrings, string } from '../../checks/input';
import type { QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { riverTerrain } from './rules';
import { HEX_SIDES, alternatingTriple, oppositePair } from '../../../hex';

function forbidsConcentric(engine: Engine, terrainId: string): boolean {
  const combat = engine.terrain(terrainId)?.combat;
  return combat !== undefined && !isUnknown(combat) && combat.noConcentric === true;
}

/** Whether attacks from these directions (0-5 around the defender) form a Concentric Attack. */
export function concentricPattern(directions: readonly number[]): { concentric: boolean; why: string } {
  const set = new Set(directions);
  // More than half the sides always include an opposite pair.
  if (oppositePair(set)) return { concentric: true, why: `attackers in opposite hexes (${set.size} attacking hexes)` };
  if (alternatingTriple(set)) return { concentric: true, why: 'attackers in three hexes with one hex between each' };
  return { concentric: false, why: `attackers in ${set.size} hex(es), none opposite, not three alternating` };
}

export const concentric: QueryHandler = (engine, input) => {
  const defender = string(input, 'defender');
  const d = hexIndex(engine, defender, 'defender');
  const from = optStrings(input, 'attackersFrom') ?? [];
  const reasoning: string[] = [];
  const directions: number[] = [];
  const river = new Set(optStrings(input, 'acrossRiver') ?? []);
  const blockedSides: string[] = [];
  for (const hex of from) {
    const a = hexIndex(engine, hex, 'attacker hex');
    const dir = directionTo(engine.graph, d, a);
    if (dir < 0) throw new QueryInputError(`attacker hex ${hex} is not adjacent to ${defender}`);
    directions.push(dir);
    const features = [...(engine.graph.sideFeatures[d * HEX_SIDES + dir] ?? [])];
    if (river.has(hex)) features.push(riverTerrain(engine).value);
    const barring = features.filter((f) => forbidsConcentric(engine, f));
    if (barring.length) blockedSides.push(`${hex}/${defender} (${[...new Set(barring)].join(', ')})`);
  }
  const terrain = optStrings(input, 'defenderTerrain') ?? engine.graph.terrain[d] ?? [];
  const barredTerrain = terrain.filter((t) => forbidsConcentric(engine, t));
  const pattern = concentricPattern(directions);
  reasoning.push(`${pattern.why} around ${defender} [11.6.3.A L781]`);
  let result = pattern.concentric;
  if (result && barredTerrain.length) {
    result = false;
    reasoning.push(`but the defender is in ${barredTerrain.join(', ')}: never a Concentric Attack [11.6.3.B L783]`);
  }
  if (result && blockedSides.length) {
    result = false;
    reasoning.push(
      `but attacking across ${blockedSides.join(', ')}: never a Concentric Attack, one such attacker voids it (ambiguity C10) [11.6.3.B L783]`,
    );
  }
  if (result) reasoning.push('the CS of all attacking units is doubled [11.6.3.D L787]');
  return { actual: { concentric: result }, reasoning };
};

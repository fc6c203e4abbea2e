/**
 * A combat from positions: the attacking and defending units (by id, so their printed strengths
 * come from units.csv), their hexes (so the defender's terrain and the hexsides attacked across
 * come from the map), and the situation (weather, phase, turn, scenario). Each side's strength is
 * totalled by the game's strength rule, with the terrain's strength multipliers applied to the
 * units their conditions name.
 */
import { isUnknown } from '../model/common';
import type { StrengthRuleFile, UnitFieldFile } from '../model/files';
import type { Situation, UnitFacts } from './conditions';
import { conditionHolds } from './conditions';
import { movementClassOf, unitValue, type Engine } from './context';
import { effectsInPlay, type AttackerPlace, type EffectInPlay } from './modifiers';
import { cite } from './source-text';
import { sideStrength, type StrengthPart } from './strength';
import type { UnitLike } from './checks/input';
import { HEX_SIDES } from '../hex';

/** One unit in a combat, as the question gives it. */
export interface Combatant {
  unit: UnitLike;
  label: string;
  /** Hex position on the map, when the question gives it. */
  hex?: number;
  face: 'front' | 'reverse';
  /** Multipliers the question states (a halving for being out of supply…), with why. */
  factor: number;
  why: string[];
  /** Hexside terrain ids it attacks across, stated instead of hexes. */
  across?: string[];
}

export interface CombatPositions {
  attackers: Combatant[];
  defenders: Combatant[];
  /** The defender's hex (a position on the map). */
  defenderHex?: number;
  /** Terrain of the defender's hex stated by the question instead of a hex. */
  defenderTerrain?: string[];
  situation: Situation;
}

export function factsOf(engine: Engine, u: UnitLike): UnitFacts {
  const size = u.size !== undefined && !isUnknown(u.size) ? u.size : undefined;
  return {
    ...(u.id !== undefined ? { id: u.id } : {}),
    ...(u.side !== undefined ? { side: u.side } : {}),
    ...(u.nationality !== undefined ? { nationality: u.nationality } : {}),
    ...(u.type !== undefined ? { type: u.type } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(u.formation !== undefined ? { formation: u.formation } : {}),
    flags: u.flags ?? [],
    ...((u.movementClass ?? movementClassOf(engine.game, u.type)) !== undefined
      ? { movementClass: u.movementClass ?? movementClassOf(engine.game, u.type) }
      : {}),
  };
}

/** Terrain of the defender's hex from the map and the question; a gap when the map does not give it. */
export function defenderTerrainOf(engine: Engine, p: CombatPositions): { terrain: string[]; gap?: string } {
  const stated = p.defenderTerrain ?? [];
  if (p.defenderHex === undefined) return { terrain: stated };
  const onMap = engine.graph.terrain[p.defenderHex];
  const id = engine.graph.ids[p.defenderHex];
  if (onMap === null) return { terrain: stated, gap: `the terrain of the defender's hex ${id} is not given on the map` };
  return { terrain: [...new Set([...onMap, ...stated])] };
}

/** Each attacker's hexside features towards the defender (from the map) and its own hex terrain. */
export function attackerPlaces(engine: Engine, p: CombatPositions): { places: AttackerPlace[]; gap?: string; error?: string } {
  const g = engine.graph;
  const places: AttackerPlace[] = [];
  let gap: string | undefined;
  for (const a of p.attackers) {
    const facts = factsOf(engine, a.unit);
    const place: AttackerPlace = { facts, across: [...(a.across ?? [])] };
    if (a.hex !== undefined && p.defenderHex !== undefined) {
      let slot = -1;
      for (let d = 0; d < HEX_SIDES; d++) if (g.neighbors[a.hex * HEX_SIDES + d] === p.defenderHex) slot = a.hex * HEX_SIDES + d;
      if (slot < 0) return { places, error: `${a.label} in ${g.ids[a.hex]} is not adjacent to the defender's hex ${g.ids[p.defenderHex]}` };
      // A hexside is known where the map lists features on it, or gives both hexes' terrain
      // (a side without listed features is then plain).
      const listed = (g.sideFeatures[slot] ?? []).length > 0;
      if (!listed && (g.terrain[a.hex] === null || g.terrain[p.defenderHex] === null))
        gap ??= `the hexside ${g.ids[a.hex]}/${g.ids[p.defenderHex]} is not given on the map (state what ${a.label} attacks across with "across", or give the hexes' terrain)`;
      place.across.push(...(g.sideFeatures[slot] ?? []));
      const own = g.terrain[a.hex];
      if (own !== null) place.hexTerrain = own;
    }
    places.push(place);
  }
  return { places, ...(gap ? { gap } : {}) };
}

const ROLES: Record<'attack' | 'defense', UnitFieldFile['role'][]> = { attack: ['attack', 'combat'], defense: ['defense', 'combat'] };

/**
 * Strength multipliers of the terrain for one unit: attackMultiplier on attackers (into the
 * defender's terrain, across the hexsides it crosses, from its own hex), defenseMultiplier on
 * defenders (their hex; a hexside's only when every attacker attacks across it).
 */
function terrainFactor(
  engine: Engine,
  effects: EffectInPlay[],
  role: 'attacker' | 'defender',
  index: number,
  facts: UnitFacts,
  situation: Situation,
  attackerCount: number,
): { factor: number; why: string[]; gap?: string; undecided?: string } {
  let factor = 1;
  const why: string[] = [];
  let gap: string | undefined;
  let undecided: string | undefined;
  const key = role === 'attacker' ? 'attackMultiplier' : 'defenseMultiplier';
  for (const e of effects) {
    const m = e.effect[key];
    if (m === undefined) continue;
    if (role === 'attacker' && e.where !== 'defender-hex' && e.attackers && !e.attackers.includes(index)) continue;
    if (role === 'defender' && e.where === 'attacker-hex') continue;
    if (role === 'defender' && e.where === 'attack-across' && e.attackers && e.attackers.length < attackerCount) continue;
    if (e.effect.weather && situation.weather !== undefined && !e.effect.weather.includes(situation.weather)) continue;
    const verdict = conditionHolds(engine.game, e.effect.when, situation, { role, unit: facts });
    if (verdict.missing !== undefined) {
      undecided ??= `whether the ${key} of ${e.label} applies depends on ${verdict.missing} (${verdict.text}), which the question does not give`;
      continue;
    }
    if (!verdict.holds) continue;
    if (isUnknown(m)) {
      gap ??= `the ${key} of ${e.label} is not given${m.reason ? ` (${m.reason})` : ''}`;
      continue;
    }
    factor *= m;
    why.push(`×${m} (${e.label}${verdict.text ? `; ${verdict.text}` : ''})${cite(e.effect.source)}`);
  }
  return { factor, why, ...(gap ? { gap } : {}), ...(undecided ? { undecided } : {}) };
}

export interface SideStrength {
  total: number;
  reasons: string[];
  gap?: string;
  undecided?: string;
}

/** A side's total strength under `rule`: printed values (units.csv) × the question's and the terrain's multipliers. */
export function sideTotal(
  engine: Engine,
  units: Combatant[],
  side: 'attack' | 'defense',
  rule: StrengthRuleFile,
  effects: EffectInPlay[],
  situation: Situation,
  attackerCount: number,
): SideStrength {
  const parts: StrengthPart[] = [];
  let gap: string | undefined;
  let undecided: string | undefined;
  units.forEach((c, i) => {
    const value = unitValue(engine.game, { front: c.unit.front ?? {}, reverse: c.unit.reverse ?? {} }, ROLES[side], c.face);
    if (value === undefined) {
      gap ??= `the ${side} strength of ${c.label} is not given${c.unit.id !== undefined && engine.unit(c.unit.id) ? ' in units.csv' : ''}`;
      return;
    }
    const t = terrainFactor(
      engine,
      effects,
      side === 'attack' ? 'attacker' : 'defender',
      i,
      factsOf(engine, c.unit),
      situation,
      attackerCount,
    );
    gap ??= t.gap;
    undecided ??= t.undecided;
    parts.push({ label: c.label, value, factor: c.factor * t.factor, why: [...c.why, ...t.why] });
  });
  if (gap || undecided) return { total: 0, reasons: [], ...(gap ? { gap } : {}), ...(undecided ? { undecided } : {}) };
  const r = sideStrength(parts, rule);
  return { total: r.total, reasons: r.reasons };
}

/** Every terrain effect of a combat given by positions, with the defender's terrain and the attackers' places. */
export function combatTerrain(engine: Engine, p: CombatPositions) {
  const defender = defenderTerrainOf(engine, p);
  const attackers = attackerPlaces(engine, p);
  const inPlay = effectsInPlay(engine, { defenderTerrain: defender.terrain, attackers: attackers.places });
  return {
    defenderTerrain: defender.terrain,
    places: attackers.places,
    effects: inPlay.effects,
    gap: defender.gap ?? attackers.gap ?? inPlay.unknown,
    error: attackers.error,
  };
}

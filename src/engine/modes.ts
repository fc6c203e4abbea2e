/**
 * Movement modes (game.json `movementModes`: rail, strategic, road, administrative movement) and
 * weather's effects on movement (game.json `weather[].movement`: "one hex per phase" in mud):
 * which mode a phase uses, the allowance, the step costs of the mode, the hex cap, and how enemy
 * ZOC and nearby enemy units restrict the move.
 */
import { isUnknown } from '../model/common';
import type { MoveCost, MovementModeFile, WeatherFile } from '../model/files';
import { unitMatches, type UnitFacts } from './conditions';
import type { Engine } from './context';
import { ALL_MP, PROHIBITED, UNKNOWN_COST } from './movement';
import { cite } from './source-text';
import type { ZocRules } from './zoc';
import { HEX_SIDES } from '../hex';

/** The normal move's mode id (weather effects may name it in `modes`). */
export const NORMAL_MODE = 'normal';

export interface MoveRules {
  mode?: MovementModeFile;
  modeId: string;
  /** Movement points available (Infinity: only hexes or nothing limits the move). */
  allowance: number | undefined;
  /** Most hexes the unit may enter, when a mode or the weather caps it. */
  maxHexes?: number;
  /** Step costs for every slot of the neighbour table. */
  costs: Float64Array;
  /** How enemy ZOC affects this mode: the game's rules, none, or stricter. */
  zoc: 'normal' | 'ignore' | 'prohibited' | 'no-start';
  minEnemyDistance?: number;
  reasons: string[];
}

/** The mode a question names directly, or the one the phase uses; undefined means the normal move. */
export function modeFor(
  engine: Engine,
  modeId: string | undefined,
  phase: string | undefined,
): MovementModeFile | undefined | { error: string } {
  const modes = engine.game.info.movementModes ?? [];
  if (modeId !== undefined && modeId !== NORMAL_MODE) {
    const m = modes.find((x) => x.id === modeId);
    if (!m) return { error: `movement mode "${modeId}" is not in game.json movementModes` };
    if (phase !== undefined && m.phases && !m.phases.includes(phase))
      return { error: `movement mode ${m.name} is not used in phase "${phase}" (its phases: ${m.phases.join(', ')})` };
    return m;
  }
  if (modeId === undefined && phase !== undefined) return modes.find((x) => x.phases?.includes(phase));
  return undefined;
}

/** The weather's movement effect for this unit and mode, when it has one. */
export function weatherEffect(
  engine: Engine,
  weather: string | undefined,
  unit: UnitFacts,
  modeId: string,
): WeatherFile['movement'] | undefined {
  if (weather === undefined) return undefined;
  const w = (engine.game.info.weather ?? []).find((x) => x.id === weather);
  const effect = w?.movement;
  if (!effect) return undefined;
  if (effect.modes && !effect.modes.includes(modeId)) return undefined;
  if (effect.units && unitMatches(engine.game, effect.units, unit) !== true) return undefined;
  return effect;
}

function costValue(cost: MoveCost): number {
  if (typeof cost === 'number') return cost;
  if (cost === 'prohibited') return PROHIBITED;
  if (cost === 'all') return ALL_MP;
  if (isUnknown(cost)) return UNKNOWN_COST;
  return UNKNOWN_COST; // "other" and {add} only make sense on top of a terrain chart
}

/**
 * Step costs of a mode: a step must follow one of its paths (`along`), may not enter or cross its
 * prohibited terrain, and costs the mode's own cost (per path, terrain or default), else the
 * terrain chart's.
 */
export function modeCosts(engine: Engine, mode: MovementModeFile, base: Float64Array): Float64Array {
  const g = engine.graph;
  const costs = new Float64Array(base.length);
  const own = mode.cost;
  const ownFor = (ids: readonly string[]): MoveCost | undefined => {
    if (own === undefined) return undefined;
    if (typeof own !== 'object' || isUnknown(own) || 'add' in own) return own as MoveCost;
    const table = own as Record<string, MoveCost>;
    for (const id of ids) if (table[id] !== undefined) return table[id];
    return table.default;
  };
  for (let slot = 0; slot < base.length; slot++) {
    const j = g.neighbors[slot];
    if (j < 0) {
      costs[slot] = PROHIBITED;
      continue;
    }
    const paths = g.sidePaths[slot] ?? [];
    const along = mode.along ? paths.filter((p) => mode.along!.includes(p)) : [];
    if (mode.along && along.length === 0) {
      costs[slot] = PROHIBITED;
      continue;
    }
    const terrain = g.terrain[j];
    const crossing = [...(terrain ?? []), ...(g.sideFeatures[slot] ?? [])];
    if (mode.prohibitedTerrain && crossing.some((t) => mode.prohibitedTerrain!.includes(t))) {
      costs[slot] = PROHIBITED;
      continue;
    }
    const c = ownFor([...along, ...paths, ...crossing]);
    costs[slot] = c === undefined ? base[slot] : costValue(c);
  }
  return costs;
}

const modeCache = new WeakMap<Float64Array, Map<string, Float64Array>>();

/** The rules of one move: mode, allowance, hex cap, costs, ZOC handling, with reasons. */
export function moveRules(
  engine: Engine,
  unit: UnitFacts,
  ma: number | undefined,
  when: { movementClass?: string; weather?: string; mode?: string; phase?: string },
): MoveRules | { error: string } {
  const picked = modeFor(engine, when.mode, when.phase);
  if (picked && 'error' in picked) return picked;
  const mode = picked as MovementModeFile | undefined;
  const reasons: string[] = [];
  const base = engine.edgeCosts(when.movementClass, when.weather);
  let costs = base;
  let allowance = ma;
  let maxHexes: number | undefined;
  if (mode) {
    if (mode.units) {
      const ok = unitMatches(engine.game, mode.units, unit);
      if (ok !== true)
        return {
          error:
            typeof ok === 'object'
              ? `whether ${mode.name} may be used depends on ${ok.missing}`
              : `${unit.id ?? 'the unit'} may not use ${mode.name}${cite(mode.source)}`,
        };
    }
    let byMode = modeCache.get(base);
    if (!byMode) modeCache.set(base, (byMode = new Map()));
    costs = byMode.get(mode.id) ?? modeCosts(engine, mode, base);
    byMode.set(mode.id, costs);
    const a = mode.allowance;
    if (a === 'unlimited') allowance = Number.POSITIVE_INFINITY;
    else if (a && 'hexes' in a) {
      allowance = Number.POSITIVE_INFINITY;
      maxHexes = a.hexes;
    } else if (a && 'mp' in a) allowance = a.mp;
    else if (a && 'maMultiplier' in a) allowance = ma === undefined ? undefined : ma * a.maMultiplier;
    reasons.push(
      `${mode.name}${mode.along ? ` along ${mode.along.join('/')}` : ''}: ${allowanceText(mode, allowance)}${mode.enemyZoc && mode.enemyZoc !== 'normal' ? `, enemy ZOC ${mode.enemyZoc}` : ''}${mode.minEnemyDistance ? `, never within ${mode.minEnemyDistance - 1} hex${mode.minEnemyDistance > 2 ? 'es' : ''} of an enemy unit` : ''}${cite(mode.source)}`,
    );
  }
  const w = weatherEffect(engine, when.weather, unit, mode?.id ?? NORMAL_MODE);
  if (w?.maxHexes !== undefined) {
    maxHexes = maxHexes === undefined ? w.maxHexes : Math.min(maxHexes, w.maxHexes);
    reasons.push(
      `${when.weather}: at most ${w.maxHexes} hex${w.maxHexes === 1 ? '' : 'es'} per phase${w.ignoreCosts ? ', whatever the cost' : ''}${cite(w.source)}`,
    );
    if (w.ignoreCosts) {
      const free = new Float64Array(costs.length);
      for (let k = 0; k < costs.length; k++) free[k] = costs[k] === PROHIBITED || Number.isNaN(costs[k]) ? costs[k] : 0;
      costs = free;
    }
  }
  return {
    ...(mode ? { mode } : {}),
    modeId: mode?.id ?? NORMAL_MODE,
    allowance,
    ...(maxHexes !== undefined ? { maxHexes } : {}),
    costs,
    zoc: mode?.enemyZoc ?? 'normal',
    ...(mode?.minEnemyDistance !== undefined ? { minEnemyDistance: mode.minEnemyDistance } : {}),
    reasons,
  };
}

function allowanceText(mode: MovementModeFile, allowance: number | undefined): string {
  const a = mode.allowance;
  if (a === 'unlimited') return 'any distance';
  if (a && 'hexes' in a) return `up to ${a.hexes} hexes`;
  if (allowance === undefined) return 'the unit has no stated allowance';
  return `${allowance} MP`;
}

/** Hexes closer than `distance` to an enemy unit (a multi-source breadth-first count of hexes). */
export function nearEnemy(engine: Engine, enemies: number[], distance: number): Uint8Array {
  const g = engine.graph;
  const near = new Uint8Array(g.size);
  const dist = new Int32Array(g.size).fill(-1);
  const queue: number[] = [];
  for (const e of enemies) {
    if (dist[e] === 0) continue;
    dist[e] = 0;
    queue.push(e);
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    if (dist[i] < distance) near[i] = 1;
    if (dist[i] + 1 >= distance) continue;
    for (let d = 0; d < HEX_SIDES; d++) {
      const j = g.neighbors[i * HEX_SIDES + d];
      if (j >= 0 && dist[j] < 0) {
        dist[j] = dist[i] + 1;
        queue.push(j);
      }
    }
  }
  return near;
}

/** The ZOC rules a mode moves under: the game's, none, or its own stricter ones. */
export function zocForMode(rules: ZocRules | undefined, zoc: MoveRules['zoc']): ZocRules | undefined {
  if (!rules || zoc === 'ignore') return undefined;
  if (zoc === 'prohibited') return { ...rules, enter: 'prohibited', leave: 'prohibited' };
  if (zoc === 'no-start') return { ...rules, enter: 'stop', leave: 'prohibited' };
  return rules;
}

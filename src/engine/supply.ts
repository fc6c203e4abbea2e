/**
 * Supply tracing: ONE breadth-first search from every supply source of a side at once gives the
 * path length from each hex to its nearest source, so the supply state of all the side's units
 * costs one search, not one per unit.
 *
 * A supply path runs hex to hex (length = hexes moved). What blocks it is the game's (game.json
 * `supply`): enemy units, enemy ZOC (cancelled by a friendly unit in the hex when
 * `friendlyNegatesZoc`), enemy-controlled hexes, terrain and hexsides it may not enter or cross
 * (unless `bridges` span them), and terrain prohibited to movement. Without a `supply` object:
 * enemy units and their ZOC block, friendly units do not negate it, and terrain or hexsides
 * prohibited to the default movement class block. The unit's own hex is where the path starts, so
 * being in enemy ZOC there does not block it. A source hex that is blocked supplies nothing.
 *
 * A step whose terrain or hexside the map does not give is UNKNOWN (2 in the passability table,
 * never open ground): the query traces twice, with unknown steps closed and open, and answers only
 * when both agree.
 */
import type { SupplyRulesFile } from '../model/files';
import type { Engine } from './context';
import { PROHIBITED, stepCost } from './movement';
import { cite } from './source-text';
import { HEX_SIDES, oppositeSide } from '../hex';

export const OPEN = 1;
export const UNKNOWN_STEP = 2;

export class SupplyWorkspace {
  readonly dist: Int32Array;
  readonly queue: Int32Array;
  constructor(size: number) {
    this.dist = new Int32Array(size);
    this.queue = new Int32Array(size);
  }
}

const workspaces = new WeakMap<Engine, SupplyWorkspace>();
const passableCache = new WeakMap<Engine, Uint8Array>();

export function supplyWorkspace(engine: Engine): SupplyWorkspace {
  let ws = workspaces.get(engine);
  if (!ws) {
    ws = new SupplyWorkspace(engine.graph.size);
    workspaces.set(engine, ws);
  }
  return ws;
}

/** The game's supply rules with the schema's defaults filled in. */
export function supplyRules(
  engine: Engine,
): Required<
  Pick<
    SupplyRulesFile,
    | 'blockedByEnemyZoc'
    | 'blockedByEnemyUnits'
    | 'friendlyNegatesZoc'
    | 'blockedByEnemyControl'
    | 'sourcesNeedControl'
    | 'movementProhibitedBlocks'
  >
> &
  SupplyRulesFile & { stated: boolean; citation: string } {
  const s = engine.game.info.supply;
  return {
    ...s,
    blockedByEnemyZoc: s?.blockedByEnemyZoc ?? true,
    blockedByEnemyUnits: s?.blockedByEnemyUnits ?? true,
    friendlyNegatesZoc: s?.friendlyNegatesZoc ?? false,
    blockedByEnemyControl: s?.blockedByEnemyControl ?? false,
    sourcesNeedControl: s?.sourcesNeedControl ?? false,
    movementProhibitedBlocks: s?.movementProhibitedBlocks ?? true,
    stated: s !== undefined,
    citation: cite(s?.source),
  };
}

/**
 * passable[i*6+d]: 0 when a supply path may not step from hex i to its neighbour d, 1 when it may,
 * 2 when the map does not give what decides it (terrain and hexsides only; units and control are
 * the question's).
 */
export function supplyPassableSlots(engine: Engine): Uint8Array {
  let passable = passableCache.get(engine);
  if (passable) return passable;
  const g = engine.graph;
  const rules = supplyRules(engine);
  const prohibited = new Set(rules.prohibitedTerrain ?? []);
  const bridges = new Set(rules.bridges ?? []);
  // Does anything of the terrain matter? If not, unknown terrain cannot change the answer.
  const terrainMatters = prohibited.size > 0 || rules.movementProhibitedBlocks;
  passable = new Uint8Array(g.size * HEX_SIDES);
  const memo = new Map<string, number>();
  for (let slot = 0; slot < g.size * HEX_SIDES; slot++) {
    const j = g.neighbors[slot];
    if (j < 0) continue;
    const i = (slot / HEX_SIDES) | 0;
    const terrain = g.terrain[j];
    const hexside = g.sideFeatures[slot] ?? [];
    const paths = g.sidePaths[slot] ?? [];
    const sideKnown = g.terrain[i] !== null && terrain !== null;
    const key = `${terrain?.join(',') ?? '?'}|${hexside.join(',')}|${paths.join(',')}|${sideKnown ? 1 : 0}`;
    let state = memo.get(key);
    if (state === undefined) {
      state = OPEN;
      const bridged = hexside.some((f) => bridges.has(f)) || paths.some((p) => bridges.has(p));
      if (hexside.some((f) => prohibited.has(f)) && !bridged) state = 0;
      else if (terrain !== null && terrain.some((t) => prohibited.has(t))) state = 0;
      else if (rules.movementProhibitedBlocks && stepCost((id) => engine.terrain(id), { terrain, hexside }) === PROHIBITED) state = 0;
      else if (terrainMatters && (terrain === null || !sideKnown)) state = UNKNOWN_STEP;
      memo.set(key, state);
    }
    passable[slot] = state;
  }
  passableCache.set(engine, passable);
  return passable;
}

/**
 * Multi-source BFS. `blocked[i] = 1` for hexes a path may not enter (enemy units, enemy ZOC).
 * Afterwards `ws.dist[i]` is the path length from hex i to the nearest usable source, or −1.
 * `maxLength` stops the search early (hexes further away stay −1). With `unknownBlocks`, steps
 * the map does not decide are closed (the answer that holds whatever they are); else open.
 */
export function traceSupply(
  neighbors: Int32Array,
  passable: Uint8Array,
  ws: SupplyWorkspace,
  sources: ArrayLike<number>,
  blocked: Uint8Array,
  maxLength = Number.POSITIVE_INFINITY,
  unknownBlocks = false,
): void {
  const dist = ws.dist;
  const queue = ws.queue;
  const closed = unknownBlocks ? UNKNOWN_STEP : -1;
  dist.fill(-1);
  let head = 0;
  let tail = 0;
  for (let k = 0; k < sources.length; k++) {
    const s = sources[k];
    if (blocked[s] === 1 || dist[s] === 0) continue;
    dist[s] = 0;
    queue[tail++] = s;
  }
  while (head < tail) {
    const i = queue[head++];
    const next = dist[i] + 1;
    if (next > maxLength) continue;
    const base = i * HEX_SIDES;
    for (let d = 0; d < HEX_SIDES; d++) {
      const j = neighbors[base + d];
      if (j < 0 || dist[j] !== -1 || blocked[j] === 1) continue;
      // The path runs from the unit towards the source, so the step is j → i: check j's slot.
      const p = passable[j * HEX_SIDES + oppositeSide(d)];
      if (p === 0 || p === closed) continue;
      dist[j] = next;
      queue[tail++] = j;
    }
  }
}

/**
 * Path length from a unit at hex `i` to the nearest source after `traceSupply`, or −1. The unit's
 * own hex may be blocked (in enemy ZOC): its path then starts with a step to a neighbour.
 */
export function supplyLength(
  neighbors: Int32Array,
  passable: Uint8Array,
  ws: SupplyWorkspace,
  blocked: Uint8Array,
  i: number,
  unknownBlocks = false,
): number {
  if (blocked[i] === 0) return ws.dist[i];
  let best = -1;
  for (let d = 0; d < HEX_SIDES; d++) {
    const j = neighbors[i * HEX_SIDES + d];
    const p = passable[i * HEX_SIDES + d];
    if (j < 0 || p === 0 || (unknownBlocks && p === UNKNOWN_STEP)) continue;
    const dj = ws.dist[j];
    if (dj >= 0 && (best < 0 || dj + 1 < best)) best = dj + 1;
  }
  return best;
}

/**
 * Supply tracing: ONE breadth-first search from every supply source of a side at once gives the
 * path length from each hex to its nearest source, so the supply state of all the side's units
 * costs one search, not one per unit.
 *
 * A supply path runs hex to hex (length = hexes moved). It may not enter a hex holding an enemy
 * unit, a hex in enemy ZOC, or a hex / hexside whose movement cost is "prohibited" for the
 * default movement class; the unit's own hex is where the path starts, so being in enemy ZOC
 * there does not block it. A source hex that is enemy-occupied or in enemy ZOC supplies nothing.
 * Whether friendly units negate enemy ZOC for supply differs between games; here they do not.
 */
import type { Engine } from './context';
import { PROHIBITED, stepCost } from './movement';

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

/** passable[i*6+d] = 1 when a supply path may step from hex i to its neighbour d (terrain only). */
export function supplyPassableSlots(engine: Engine): Uint8Array {
  let passable = passableCache.get(engine);
  if (passable) return passable;
  const g = engine.graph;
  passable = new Uint8Array(g.size * 6);
  const memo = new Map<string, boolean>();
  for (let slot = 0; slot < g.size * 6; slot++) {
    const j = g.neighbors[slot];
    if (j < 0) continue;
    const terrain = g.terrain[j];
    const hexside = g.sideFeatures[slot];
    const key = `${terrain?.join(',') ?? '?'}|${hexside?.join(',') ?? ''}`;
    let ok = memo.get(key);
    if (ok === undefined) {
      ok = stepCost((id) => engine.terrain(id), { terrain, hexside }) !== PROHIBITED;
      memo.set(key, ok);
    }
    if (ok) passable[slot] = 1;
  }
  passableCache.set(engine, passable);
  return passable;
}

/**
 * Multi-source BFS. `blocked[i] = 1` for hexes a path may not enter (enemy units, enemy ZOC).
 * Afterwards `ws.dist[i]` is the path length from hex i to the nearest usable source, or −1.
 * `maxLength` stops the search early (hexes further away stay −1).
 */
export function traceSupply(
  neighbors: Int32Array,
  passable: Uint8Array,
  ws: SupplyWorkspace,
  sources: ArrayLike<number>,
  blocked: Uint8Array,
  maxLength = Number.POSITIVE_INFINITY,
): void {
  const dist = ws.dist;
  const queue = ws.queue;
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
    const base = i * 6;
    for (let d = 0; d < 6; d++) {
      const j = neighbors[base + d];
      // The path runs from the unit towards the source, so the step is j → i: check j's slot.
      if (j < 0 || dist[j] !== -1 || blocked[j] === 1 || passable[j * 6 + ((d + 3) % 6)] === 0) continue;
      dist[j] = next;
      queue[tail++] = j;
    }
  }
}

/**
 * Path length from a unit at hex `i` to the nearest source after `traceSupply`, or −1. The unit's
 * own hex may be blocked (in enemy ZOC): its path then starts with a step to a neighbour.
 */
export function supplyLength(neighbors: Int32Array, passable: Uint8Array, ws: SupplyWorkspace, blocked: Uint8Array, i: number): number {
  if (blocked[i] === 0) return ws.dist[i];
  let best = -1;
  for (let d = 0; d < 6; d++) {
    const j = neighbors[i * 6 + d];
    if (j < 0 || passable[i * 6 + d] === 0) continue;
    const dj = ws.dist[j];
    if (dj >= 0 && (best < 0 || dj + 1 < best)) best = dj + 1;
  }
  return best;
}

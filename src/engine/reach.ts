/**
 * Movement: the hexes a unit can reach with its movement allowance (Dijkstra over the precomputed
 * edge-cost table, indexed heap, ties broken by hex position), and the cost and legality of one
 * given path. Enemy-occupied hexes cannot be entered; ZOC per game.json (see zoc.ts). A step that
 * costs "all MP" may only be the unit's first step and ends its move.
 */
import type { Engine } from './context';
import { NodeHeap } from './heap';
import { ALL_MP, PROHIBITED, costAnswer, stepCost, type CostAnswer } from './movement';
import type { ZocRules } from './zoc';

const EPSILON = 1e-9;

/** Reusable search buffers for one graph: no allocation per query or per node. */
export class ReachWorkspace {
  readonly dist: Float64Array;
  readonly stamp: Uint32Array;
  readonly order: Int32Array;
  readonly heap: NodeHeap;
  generation = 0;
  count = 0;

  constructor(size: number) {
    this.dist = new Float64Array(size);
    this.stamp = new Uint32Array(size);
    this.order = new Int32Array(size);
    this.heap = new NodeHeap(size, this.dist);
  }

  /** Cost to reach hex i in the last search, or undefined when it was not reached. */
  costTo(i: number): number | undefined {
    return this.stamp[i] === this.generation ? this.dist[i] : undefined;
  }
}

const workspaces = new WeakMap<Engine, ReachWorkspace>();

export function reachWorkspace(engine: Engine): ReachWorkspace {
  let ws = workspaces.get(engine);
  if (!ws) {
    ws = new ReachWorkspace(engine.graph.size);
    workspaces.set(engine, ws);
  }
  return ws;
}

export interface ReachSearch {
  /** Step costs per neighbour slot (Engine.edgeCosts). */
  costs: Float64Array;
  start: number;
  ma: number;
  /** 1 where an enemy unit stands (may not be entered). */
  occupied?: Uint8Array;
  /** 1 where enemy ZOC extends, with the rules that apply. */
  zoc?: { mask: Uint8Array; rules: ZocRules };
}

/**
 * Runs the search; afterwards `ws.order[0 … ws.count−1]` lists the reached hexes in the order
 * they were settled (cheapest first) and `ws.costTo(i)` gives each cost.
 */
export function searchReach(neighbors: Int32Array, ws: ReachWorkspace, s: ReachSearch): number {
  const { costs, start, ma, occupied } = s;
  const mask = s.zoc?.mask;
  const rules = s.zoc?.rules;
  const dist = ws.dist;
  const stamp = ws.stamp;
  const heap = ws.heap;
  heap.clear();
  const gen = ++ws.generation;
  if (gen === 0xffffffff) {
    stamp.fill(0);
    ws.generation = 1;
  }
  const g = ws.generation;
  const limit = ma + EPSILON;
  let count = 0;
  dist[start] = 0;
  stamp[start] = g;
  heap.push(start);
  while (heap.size > 0) {
    const i = heap.pop();
    ws.order[count++] = i;
    const spent = dist[i];
    const inZoc = mask !== undefined && mask[i] === 1;
    if (inZoc && rules) {
      if (i !== start && (rules.enter === 'stop' || rules.zocToZoc === 'stop')) continue;
      if (rules.leave === 'prohibited') continue;
    }
    const base = i * 6;
    for (let d = 0; d < 6; d++) {
      const j = neighbors[base + d];
      if (j < 0) continue;
      const c = costs[base + d];
      if (c !== c || c === PROHIBITED) continue;
      if (occupied !== undefined && occupied[j] === 1) continue;
      let next: number;
      if (c === ALL_MP) {
        if (i !== start) continue;
        next = ma;
      } else next = spent + c;
      if (mask !== undefined && rules) {
        if (inZoc && rules.leave === 'cost') next += rules.leaveCost;
        if (mask[j] === 1) {
          if (rules.enter === 'prohibited') continue;
          if (inZoc && rules.zocToZoc === 'prohibited') continue;
          if (rules.enter === 'cost') next += rules.enterCost;
        }
      }
      if (next > limit) continue;
      if (stamp[j] !== g || next < dist[j]) {
        dist[j] = next;
        stamp[j] = g;
        heap.push(j);
      }
    }
  }
  ws.count = count;
  return count;
}

export interface PathCostResult {
  cost: CostAnswer;
  legal: boolean;
  reasons: string[];
}

/**
 * Cost and legality of moving along `path` (hex positions, the first is where the unit starts).
 * `ma`, when known, makes a path that costs more than it illegal.
 */
export function pathCost(
  engine: Engine,
  path: number[],
  when: { movementClass?: string; weather?: string; ma?: number; zoc?: { mask: Uint8Array; rules: ZocRules }; occupied?: Uint8Array },
): PathCostResult {
  const g = engine.graph;
  const reasons: string[] = [];
  let total = 0;
  let legal = true;
  let unknown = false;
  const rules = when.zoc?.rules;
  const mask = when.zoc?.mask;
  for (let k = 1; k < path.length; k++) {
    const i = path[k - 1];
    const j = path[k];
    const d = [0, 1, 2, 3, 4, 5].find((dir) => g.neighbors[i * 6 + dir] === j);
    if (d === undefined) {
      reasons.push(`${g.ids[i]} → ${g.ids[j]}: not adjacent`);
      return { cost: 'prohibited', legal: false, reasons };
    }
    const slot = i * 6 + d;
    const stepReasons: string[] = [];
    const c = stepCost((id) => engine.terrain(id), { movementClass: when.movementClass, weather: when.weather, terrain: g.terrain[j], hexside: g.sideFeatures[slot], paths: g.sidePaths[slot] }, stepReasons);
    reasons.push(`${g.ids[i]} → ${g.ids[j]}: ${stepReasons.join('; ')}`);
    if (c === PROHIBITED) {
      legal = false;
      reasons.push(`  step is prohibited`);
      return { cost: 'prohibited', legal, reasons };
    }
    if (Number.isNaN(c)) unknown = true;
    else if (c === ALL_MP) {
      if (k !== 1) {
        legal = false;
        reasons.push('  an all-MP step is only possible as the first step');
      }
      if (when.ma !== undefined) total += when.ma - total;
      else unknown = true;
    } else total += c;
    if (occupied(when.occupied, j)) {
      legal = false;
      reasons.push(`  ${g.ids[j]} holds an enemy unit`);
    }
    if (mask && rules) {
      const fromZoc = mask[i] === 1;
      const intoZoc = mask[j] === 1;
      if (fromZoc && k > 1 && (rules.enter === 'stop' || rules.zocToZoc === 'stop')) {
        legal = false;
        reasons.push(`  must stop on entering enemy ZOC at ${g.ids[i]}${rules.citation}`);
      }
      if (fromZoc && rules.leave === 'prohibited') {
        legal = false;
        reasons.push(`  may not leave enemy ZOC at ${g.ids[i]}${rules.citation}`);
      }
      if (fromZoc && rules.leave === 'cost') {
        total += rules.leaveCost;
        reasons.push(`  +${rules.leaveCost} MP to leave enemy ZOC${rules.citation}`);
      }
      if (intoZoc) {
        if (rules.enter === 'prohibited') {
          legal = false;
          reasons.push(`  may not enter enemy ZOC at ${g.ids[j]}${rules.citation}`);
        }
        if (fromZoc && rules.zocToZoc === 'prohibited') {
          legal = false;
          reasons.push(`  may not move from enemy ZOC directly into enemy ZOC${rules.citation}`);
        }
        if (rules.enter === 'cost') {
          total += rules.enterCost;
          reasons.push(`  +${rules.enterCost} MP to enter enemy ZOC${rules.citation}`);
        }
      }
    }
  }
  if (unknown) return { cost: 'unknown', legal, reasons };
  if (when.ma !== undefined && total > when.ma + EPSILON) {
    legal = false;
    reasons.push(`total ${total} MP exceeds the movement allowance ${when.ma}`);
  }
  return { cost: costAnswer(total), legal, reasons };
}

function occupied(mask: Uint8Array | undefined, i: number): boolean {
  return mask !== undefined && mask[i] === 1;
}

/**
 * Movement: the hexes a unit can reach with its movement allowance, and the cost and legality of
 * one given path. Reach is Dijkstra over the precomputed edge-cost table: an indexed binary heap
 * with ties broken by hex position in general, and a bucket queue (one list per cost) when every
 * cost is a whole multiple of a small fraction, which is what printed TECs give (1, 2, ½…). Enemy-occupied hexes cannot be entered; ZOC per game.json (see zoc.ts). A step that
 * costs "all MP" may only be the unit's first step and ends its move.
 */
import type { Engine } from './context';
import { directionTo } from './graph';
import { NodeHeap } from './heap';
import { ALL_MP, PROHIBITED, costAnswer, stepCost, type CostAnswer } from './movement';
import type { ZocRules } from './zoc';
import { HEX_SIDES } from '../hex';

/** Fractional costs are scaled to whole numbers by at most this factor (then the general search runs). */
const MAX_COST_SCALE = 1 << 6;

const EPSILON = 1e-9;

/** Reusable search buffers for one graph: no allocation per query or per node. */
export class ReachWorkspace {
  readonly dist: Float64Array;
  readonly stamp: Uint32Array;
  readonly order: Int32Array;
  readonly heap: NodeHeap;
  /** Bucket queue (one list per whole-number cost up to the allowance): heads and entry links. */
  bucketHead = new Int32Array(0);
  readonly entryNode: Int32Array;
  readonly entryNext: Int32Array;
  generation = 0;
  count = 0;

  constructor(readonly size: number) {
    this.dist = new Float64Array(size);
    this.stamp = new Uint32Array(size);
    this.order = new Int32Array(size);
    this.heap = new NodeHeap(size, this.dist);
    this.mark = new Int32Array(size);
    // Every entry follows a strict improvement along one of the 6·size edges.
    this.entryNode = new Int32Array(size * HEX_SIDES + 1);
    this.entryNext = new Int32Array(size * HEX_SIDES + 1);
  }

  /** Bucket search marks: (generation << 16) | cost × scale, one read per hex. */
  readonly mark: Int32Array;
  markGeneration = 0;
  /** Which search filled the buffers last, and its cost scale. */
  mode: 'general' | 'buckets' = 'general';
  /** Queue entries the last bucket search made (settled hexes plus superseded entries). */
  entries = 0;
  scale = 1;

  /** Cost to reach hex i in the last search, or undefined when it was not reached. */
  costTo(i: number): number | undefined {
    if (this.mode === 'buckets') {
      const m = this.mark[i];
      return m >>> 16 === this.markGeneration ? (m & 0xffff) / this.scale : undefined;
    }
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
  /**
   * "auto" (default): a bucket queue when costs are whole multiples of a small fraction, else the
   * indexed binary heap; "heap" always uses the binary heap (same answers, for cross-checking).
   */
  method?: 'auto' | 'heap';
}

/**
 * Runs the search; afterwards `ws.order[0 … ws.count−1]` lists the reached hexes in the order
 * they were settled (cheapest first) and `ws.costTo(i)` gives each cost.
 */
export function searchReach(neighbors: Int32Array, ws: ReachWorkspace, s: ReachSearch): number {
  ws.mode = 'general';
  if (s.method === 'heap') return searchGeneral(neighbors, ws, s);
  const scaled = scaledCosts(s.costs, s.zoc?.rules);
  // Small whole-number allowances: a bucket per cost, O(1) per push and pop.
  if (scaled?.bytes !== undefined && Number.isInteger(s.ma * scaled.scale) && s.ma * scaled.scale <= MAX_BUCKETS) {
    if (s.occupied === undefined && s.zoc === undefined && neighbors.length < 1 << 23 && s.ma * scaled.scale < ALL_BYTE)
      return searchBucketsPlain(ws, s, scaled.scale, packedEdges(neighbors, scaled));
    return searchBuckets(neighbors, ws, s, scaled.scale, scaled.bytes);
  }
  return searchGeneral(neighbors, ws, s);
}

interface ScaledCosts {
  scale: number;
  /** Cost × scale per slot; −1 impassable or unknown, −2 "all MP". */
  units: Int32Array;
  /** The same in one byte per slot (IMPASSABLE_BYTE, ALL_BYTE), a quarter of the memory traffic; absent when a cost does not fit. */
  bytes?: Uint8Array;
  /** Neighbour and byte cost packed per slot, (hex << 8) | cost, −1 when the step is impossible: one read per edge. */
  packed?: Int32Array;
}

const IMPASSABLE_BYTE = 255;
const ALL_BYTE = 254;

const scaledCache = new WeakMap<Float64Array, ScaledCosts | null>();

/**
 * The smallest whole multiplier (≤ 64) turning every step cost (and ZOC cost) into a whole
 * number, with the scaled table; undefined when there is none (then the general search runs).
 */
function scaledCosts(costs: Float64Array, rules: ZocRules | undefined): ScaledCosts | undefined {
  let cached = scaledCache.get(costs);
  if (cached === undefined) {
    cached = null;
    const distinct = new Set<number>();
    for (let k = 0; k < costs.length; k++) {
      const c = costs[k];
      if (c === c && c !== PROHIBITED && c !== ALL_MP) distinct.add(c);
    }
    for (let scale = 1; scale <= MAX_COST_SCALE; scale++) {
      if ([...distinct].every((c) => Number.isInteger(c * scale) && c * scale < 2 ** 20)) {
        const units = new Int32Array(costs.length);
        for (let k = 0; k < costs.length; k++) {
          const c = costs[k];
          units[k] = c !== c || c === PROHIBITED ? -1 : c === ALL_MP ? -2 : c * scale;
        }
        cached = { scale, units };
        if ([...distinct].every((c) => c * scale < ALL_BYTE)) {
          const bytes = new Uint8Array(costs.length);
          for (let k = 0; k < costs.length; k++) bytes[k] = units[k] === -1 ? IMPASSABLE_BYTE : units[k] === -2 ? ALL_BYTE : units[k];
          cached.bytes = bytes;
        }
        break;
      }
    }
    scaledCache.set(costs, cached);
  }
  if (cached === null) return undefined;
  if (rules && (!Number.isInteger(rules.enterCost * cached.scale) || !Number.isInteger(rules.leaveCost * cached.scale))) return undefined;
  return cached;
}

const MAX_BUCKETS = 0xffff;

/**
 * Dijkstra with a bucket queue (Dial's variant) for whole-number costs: hexes are settled in
 * order of cost, each bucket's list last-in first-out, so the answer and the order are the same on
 * every run. Stale entries (a hex since reached more cheaply) are skipped when taken.
 */
function searchBuckets(neighbors: Int32Array, ws: ReachWorkspace, s: ReachSearch, scale: number, bytes: Uint8Array): number {
  const { start, occupied } = s;
  const ma = s.ma * scale;
  const mask = s.zoc?.mask;
  const rules = s.zoc?.rules;
  const stopInZoc = rules !== undefined && (rules.enter === 'stop' || rules.zocToZoc === 'stop');
  const leaveProhibited = rules?.leave === 'prohibited';
  const leaveCost = rules?.leave === 'cost' ? rules.leaveCost * scale : 0;
  const enterProhibited = rules?.enter === 'prohibited';
  const enterCost = rules?.enter === 'cost' ? rules.enterCost * scale : 0;
  const zocToZocProhibited = rules?.zocToZoc === 'prohibited';
  const g = beginBucketSearch(ws, ma, start);
  const { bucketHead: head, entryNode, entryNext, mark, order } = ws;
  let entries = 1;
  let count = 0;
  for (let bucket = 0; bucket <= ma; bucket++) {
    while (head[bucket] !== -1) {
      const e = head[bucket];
      head[bucket] = entryNext[e];
      const i = entryNode[e];
      if (mark[i] !== (g | bucket)) continue; // stale: reached more cheaply since
      order[count++] = i;
      let inZoc = false;
      if (mask !== undefined && rules !== undefined && mask[i] === 1) {
        inZoc = true;
        if (i !== start && stopInZoc) continue;
        if (leaveProhibited) continue;
      }
      const base = i * HEX_SIDES;
      for (let d = 0; d < HEX_SIDES; d++) {
        const j = neighbors[base + d];
        if (j < 0) continue;
        const c = bytes[base + d];
        if (c === IMPASSABLE_BYTE) continue;
        if (occupied !== undefined && occupied[j] === 1) continue;
        let next: number;
        if (c === ALL_BYTE) {
          if (i !== start) continue;
          next = ma;
        } else next = bucket + c;
        if (mask !== undefined && rules !== undefined) {
          if (inZoc) next += leaveCost;
          if (mask[j] === 1) {
            if (enterProhibited || (inZoc && zocToZocProhibited)) continue;
            next += enterCost;
          }
        }
        if (next > ma) continue;
        const m = mark[j];
        if ((m & ~0xffff) !== g || next < (m & 0xffff)) {
          mark[j] = g | next;
          entryNode[entries] = j;
          entryNext[entries] = head[next];
          head[next] = entries++;
        }
      }
    }
  }
  return endBucketSearch(ws, scale, entries, count);
}

const packedCache = new WeakMap<ScaledCosts, Int32Array>();

function packedEdges(neighbors: Int32Array, scaled: ScaledCosts): Int32Array {
  let packed = packedCache.get(scaled);
  if (!packed) {
    packed = new Int32Array(neighbors.length);
    const bytes = scaled.bytes!;
    for (let k = 0; k < neighbors.length; k++) {
      const j = neighbors[k];
      packed[k] = j < 0 || bytes[k] === IMPASSABLE_BYTE ? -1 : (j << 8) | bytes[k];
    }
    packedCache.set(scaled, packed);
  }
  return packed;
}

/**
 * Readies the workspace for one bucket search up to `ma` scaled MP: empty buckets, a fresh mark
 * generation (marks are reset only when the generation counter wraps), and the start hex as entry 0
 * in bucket 0. Returns the mark base.
 */
function beginBucketSearch(ws: ReachWorkspace, ma: number, start: number): number {
  if (ws.bucketHead.length < ma + 1) ws.bucketHead = new Int32Array(Math.max(ma + 1, ws.bucketHead.length * 2));
  ws.bucketHead.fill(-1, 0, ma + 1);
  if (++ws.markGeneration === 0x8000) {
    ws.mark.fill(0);
    ws.markGeneration = 1;
  }
  const g = ws.markGeneration << 16;
  ws.mark[start] = g;
  ws.entryNode[0] = start;
  ws.entryNext[0] = -1;
  ws.bucketHead[0] = 0;
  return g;
}

/** Records what a bucket search leaves for `costTo` and the benchmarks; returns the hexes settled. */
function endBucketSearch(ws: ReachWorkspace, scale: number, entries: number, count: number): number {
  ws.mode = 'buckets';
  ws.scale = scale;
  ws.entries = entries;
  ws.count = count;
  return count;
}

/**
 * The bucket search with no enemy units or ZOC (the common reach query): one packed read per
 * edge. Only for allowances below ALL_BYTE (scaled), so an all-MP step always overshoots them.
 */
function searchBucketsPlain(ws: ReachWorkspace, s: ReachSearch, scale: number, packed: Int32Array): number {
  const start = s.start;
  const ma = s.ma * scale;
  const g = beginBucketSearch(ws, ma, start);
  const { bucketHead: head, entryNode, entryNext, mark, order } = ws;
  let entries = 1;
  let count = 0;
  for (let bucket = 0; bucket <= ma; bucket++) {
    let e = head[bucket];
    while (e !== -1) {
      const i = entryNode[e];
      e = entryNext[e];
      if (mark[i] !== (g | bucket)) continue; // stale: reached more cheaply since
      order[count++] = i;
      const end = (i + 1) * HEX_SIDES;
      for (let k = end - HEX_SIDES; k < end; k++) {
        const p = packed[k];
        if (p < 0) continue;
        let next = bucket + (p & 0xff);
        if (next > ma) {
          // An "all MP" step (cost byte ALL_BYTE > ma here) is the only one allowed past the allowance.
          if ((p & 0xff) !== ALL_BYTE || i !== start) continue;
          next = ma;
        }
        const j = p >> 8;
        const m = mark[j];
        const key = g | next;
        // Older generations mark below g; within this one, a smaller key is a cheaper cost.
        if (m < g || key < m) {
          mark[j] = key;
          entryNode[entries] = j;
          if (next === bucket) {
            entryNext[entries] = e;
            e = entries;
          } else {
            entryNext[entries] = head[next];
            head[next] = entries;
          }
          entries++;
        }
      }
    }
  }
  return endBucketSearch(ws, scale, entries, count);
}

function searchGeneral(neighbors: Int32Array, ws: ReachWorkspace, s: ReachSearch): number {
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
    const base = i * HEX_SIDES;
    for (let d = 0; d < HEX_SIDES; d++) {
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

/** What a path is judged under: the unit's class and allowance, the weather, enemy units and ZOC. */
export interface PathConditions {
  movementClass?: string;
  weather?: string;
  ma?: number;
  zoc?: { mask: Uint8Array; rules: ZocRules };
  occupied?: Uint8Array;
  /** A movement mode's own step costs (modes.ts), instead of the terrain chart's. */
  costs?: Float64Array;
  /** Most hexes the move may enter (a mode's or the weather's cap). */
  maxHexes?: number;
}

/**
 * Cost and legality of moving along `path` (hex positions, the first is where the unit starts).
 * `ma`, when known, makes a path that costs more than it illegal.
 */
export function pathCost(engine: Engine, path: number[], when: PathConditions): PathCostResult {
  const g = engine.graph;
  const reasons: string[] = [];
  let total = 0;
  let legal = true;
  let unknown = false;
  for (let k = 1; k < path.length; k++) {
    const i = path[k - 1];
    const j = path[k];
    const d = directionTo(g, i, j);
    if (d < 0) {
      reasons.push(`${g.ids[i]} → ${g.ids[j]}: not adjacent`);
      return { cost: 'prohibited', legal: false, reasons };
    }
    const stepReasons: string[] = [];
    const c = pathStepCost(engine, when, i * HEX_SIDES + d, j, stepReasons);
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
    if (when.zoc) {
      const z = zocStep(engine, when.zoc, i, j, k, reasons);
      // Added one after the other, as the rules apply them (the same sum to the last bit).
      total += z.leaveCost;
      total += z.enterCost;
      if (!z.allowed) legal = false;
    }
  }
  if (when.maxHexes !== undefined && path.length - 1 > when.maxHexes) {
    legal = false;
    reasons.push(`${path.length - 1} hexes entered: more than the ${when.maxHexes} allowed`);
  }
  if (unknown) return { cost: 'unknown', legal, reasons };
  if (when.ma !== undefined && total > when.ma + EPSILON) {
    legal = false;
    reasons.push(`total ${total} MP exceeds the movement allowance ${when.ma}`);
  }
  return { cost: costAnswer(total), legal, reasons };
}

/** The cost of the step through neighbour slot `slot` into hex j: the mode's table, else the terrain chart. */
function pathStepCost(engine: Engine, when: PathConditions, slot: number, j: number, reasons: string[]): number {
  if (when.costs !== undefined) return modeStep(when.costs[slot], reasons);
  const g = engine.graph;
  return stepCost(
    (id) => engine.terrain(id),
    {
      movementClass: when.movementClass,
      weather: when.weather,
      terrain: g.terrain[j],
      hexside: g.sideFeatures[slot],
      paths: g.sidePaths[slot],
    },
    reasons,
  );
}

/** What enemy ZOC does to the k-th step of a path, from hex i into hex j: MP to leave and to enter, and whether the step is allowed. */
function zocStep(
  engine: Engine,
  zoc: NonNullable<PathConditions['zoc']>,
  i: number,
  j: number,
  k: number,
  reasons: string[],
): { leaveCost: number; enterCost: number; allowed: boolean } {
  const { mask, rules } = zoc;
  const ids = engine.graph.ids;
  const fromZoc = mask[i] === 1;
  const intoZoc = mask[j] === 1;
  let leaveCost = 0;
  let enterCost = 0;
  let allowed = true;
  if (fromZoc && k > 1 && (rules.enter === 'stop' || rules.zocToZoc === 'stop')) {
    allowed = false;
    reasons.push(`  must stop on entering enemy ZOC at ${ids[i]}${rules.citation}`);
  }
  if (fromZoc && rules.leave === 'prohibited') {
    allowed = false;
    reasons.push(`  may not leave enemy ZOC at ${ids[i]}${rules.citation}`);
  }
  if (fromZoc && rules.leave === 'cost') {
    leaveCost = rules.leaveCost;
    reasons.push(`  +${rules.leaveCost} MP to leave enemy ZOC${rules.citation}`);
  }
  if (intoZoc) {
    if (rules.enter === 'prohibited') {
      allowed = false;
      reasons.push(`  may not enter enemy ZOC at ${ids[j]}${rules.citation}`);
    }
    if (fromZoc && rules.zocToZoc === 'prohibited') {
      allowed = false;
      reasons.push(`  may not move from enemy ZOC directly into enemy ZOC${rules.citation}`);
    }
    if (rules.enter === 'cost') {
      enterCost = rules.enterCost;
      reasons.push(`  +${rules.enterCost} MP to enter enemy ZOC${rules.citation}`);
    }
  }
  return { leaveCost, enterCost, allowed };
}

/** A step cost read from a movement mode's table, explained. */
function modeStep(cost: number, reasons: string[]): number {
  const answer = costAnswer(cost);
  reasons.push(
    answer === 'unknown'
      ? 'cost unknown'
      : answer === 'prohibited'
        ? 'not allowed in this mode'
        : answer === 'all'
          ? 'all MP'
          : `${answer} MP`,
  );
  return cost;
}

function occupied(mask: Uint8Array | undefined, i: number): boolean {
  return mask !== undefined && mask[i] === 1;
}

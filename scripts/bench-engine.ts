/**
 * Rules-engine benchmarks on the synthetic monster game (scripts/make-monster.ts, 20,800 hexes,
 * 6,000 units), each next to a floor measured in the same run on the same hex graph:
 * - reachable hexes for an MA-20 unit (median per query over many start hexes) vs a plain BFS to
 *   depth 20 from the same hexes (every hex a unit could reach if all steps cost 1);
 * - the supply state of every unit of one side (enemy ZOC mask + one multi-source search + a
 *   lookup per unit) vs one plain BFS over the whole graph.
 *
 *   npx tsx scripts/bench-engine.ts
 */
import { performance } from 'node:perf_hooks';
import {
  engineFor,
  enemyZocMask,
  reachWorkspace,
  searchReach,
  supplyLength,
  supplyPassableSlots,
  supplyWorkspace,
  traceSupply,
} from '../src/engine';
import { supplySources } from '../src/engine/checks/generic-queries';
import { median, printRow } from './bench-format';
import { monsterGame } from './bench-vassal';

/** Plain BFS from `start` to depth `depth` over the neighbour table; returns hexes visited. */
function plainBfs(neighbors: Int32Array, dist: Int32Array, queue: Int32Array, start: number, depth: number): number {
  dist.fill(-1);
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  while (head < tail) {
    const i = queue[head++];
    const next = dist[i] + 1;
    if (next > depth) continue;
    const base = i * 6;
    for (let d = 0; d < 6; d++) {
      const j = neighbors[base + d];
      if (j >= 0 && dist[j] === -1) {
        dist[j] = next;
        queue[tail++] = j;
      }
    }
  }
  return tail;
}

function time(run: () => void): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

export async function benchEngine(): Promise<void> {
  const game = monsterGame();
  const engine = engineFor(game);
  const g = engine.graph;
  console.log(`Rules engine — monster map ${g.size} hexes, ${game.units.length} units`);
  const costs = engine.edgeCosts('foot', undefined); // built once per class and weather, like every query after the first
  const dist = new Int32Array(g.size);
  const queue = new Int32Array(g.size);
  const ws = reachWorkspace(engine);

  // Deterministic start hexes spread over the map.
  const starts = Array.from({ length: 400 }, (_, k) => (k * 7919) % g.size);
  const MA = 20;
  // Warm up both so the JIT has compiled them before measuring.
  for (let round = 0; round < 3; round++) {
    for (const s of starts) {
      searchReach(g.neighbors, ws, { costs, start: s, ma: MA });
      plainBfs(g.neighbors, dist, queue, s, MA);
    }
  }
  const reachTimes: number[] = [];
  const floorTimes: number[] = [];
  let reached = 0;
  let bfsVisited = 0;
  for (let round = 0; round < 5; round++) {
    for (const s of starts) {
      reachTimes.push(time(() => (reached += searchReach(g.neighbors, ws, { costs, start: s, ma: MA }))));
      floorTimes.push(time(() => (bfsVisited += plainBfs(g.neighbors, dist, queue, s, MA))));
    }
  }
  const queries = reachTimes.length;
  printRow(
    `reach, MA ${MA} foot unit (median of ${queries} queries; ${Math.round(reached / queries)} hexes reached on average, BFS to depth ${MA} visits ${Math.round(bfsVisited / queries)})`,
    median(reachTimes) * 1000,
    median(floorTimes) * 1000,
    'µs',
    `plain BFS to depth ${MA}`,
    2,
  );

  // The same queries with enemy units about: South units block their hexes and exert ZOC (stop on entry).
  const southHexes = game.units.filter((u) => u.side === 'south' && u.setupHex).map((u) => g.indexOf(u.setupHex!)!);
  const occupied = new Uint8Array(g.size);
  for (const h of southHexes) occupied[h] = 1;
  const zoc = {
    mask: enemyZocMask(engine, southHexes),
    rules: { enter: 'stop', leave: 'free', enterCost: 0, leaveCost: 0, zocToZoc: 'allowed', citation: '' } as const,
  };
  const zocTimes: number[] = [];
  let zocReached = 0;
  const freeStarts = starts.filter((s) => occupied[s] === 0);
  for (const s of freeStarts) searchReach(g.neighbors, ws, { costs, start: s, ma: MA, occupied, zoc });
  for (let round = 0; round < 5; round++) {
    for (const s of freeStarts)
      zocTimes.push(time(() => (zocReached += searchReach(g.neighbors, ws, { costs, start: s, ma: MA, occupied, zoc }))));
  }
  printRow(
    `reach with enemy ZOC, MA ${MA} (${southHexes.length} South units; ${Math.round(zocReached / zocTimes.length)} hexes reached on average)`,
    median(zocTimes) * 1000,
    median(floorTimes) * 1000,
    'µs',
    `plain BFS to depth ${MA}`,
  );

  // Supply of every North unit: South units in the southern fifth of the map block with their ZOC.
  const north = game.units.filter((u) => u.side === 'north' && u.setupHex).map((u) => g.indexOf(u.setupHex!)!);
  const southRows = game.map.extent.rows.last - Math.floor((game.map.extent.rows.last - game.map.extent.rows.first + 1) / 5);
  const enemies = game.units
    .filter((u) => u.side === 'south' && u.setupHex && Number(u.setupHex.slice(3)) > southRows)
    .map((u) => g.indexOf(u.setupHex!)!);
  const sources = supplySources(engine, 'north').hexes;
  const passable = supplyPassableSlots(engine);
  const sws = supplyWorkspace(engine);
  const blocked = new Uint8Array(g.size);
  const zocMask = new Uint8Array(g.size);
  let inSupply = 0;
  const allUnits = () => {
    enemyZocMask(engine, enemies, zocMask);
    blocked.set(zocMask);
    for (const e of enemies) blocked[e] = 1;
    traceSupply(g.neighbors, passable, sws, sources, blocked);
    inSupply = 0;
    for (const u of north) if (supplyLength(g.neighbors, passable, sws, blocked, u) >= 0) inSupply++;
  };
  const oneBfs = () => plainBfs(g.neighbors, dist, queue, sources[0], Number.POSITIVE_INFINITY);
  for (let k = 0; k < 20; k++) {
    allUnits();
    oneBfs();
  }
  const supplyTimes: number[] = [];
  const bfsTimes: number[] = [];
  for (let k = 0; k < 200; k++) {
    supplyTimes.push(time(allUnits));
    bfsTimes.push(time(oneBfs));
  }
  printRow(
    `supply of all ${north.length} North units (${enemies.length} South units blocking with ZOC; ${inSupply} in supply; median of ${supplyTimes.length})`,
    median(supplyTimes) * 1000,
    median(bfsTimes) * 1000,
    'µs',
    `one plain BFS over ${g.size} hexes`,
    3,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEngine();

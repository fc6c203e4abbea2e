/**
 * Property tests against independent oracles: a brute-force search over every simple path for
 * movement, a plain per-hex BFS for supply, and monotonicity for odds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  engineFor,
  enemyZocMask,
  pickColumn,
  reachWorkspace,
  searchReach,
  supplyLength,
  supplyPassableSlots,
  supplyWorkspace,
  traceSupply,
  zocRules,
} from '../../src/engine';
import type { TableFile, TerrainTypeFile } from '../../src/model/files';
import { asciiGame } from './ascii-game';

const KEYS = ['a', 'b', 'c', 'x'] as const;
const COSTS: Record<string, number> = { a: 1, b: 2, c: 3, x: Number.POSITIVE_INFINITY };
const TERRAIN: TerrainTypeFile[] = [
  { id: 't1', name: 'One', kind: 'hex', movement: 1 },
  { id: 't2', name: 'Two', kind: 'hex', movement: 2 },
  { id: 't3', name: 'Three', kind: 'hex', movement: 3 },
  { id: 'tx', name: 'Wall', kind: 'hex', movement: 'prohibited' },
  { id: 'ridge', name: 'Ridge', kind: 'hexside', movement: { add: 1 } },
];
const LEGEND = { a: 't1', b: 't2', c: 't3', x: 'tx' };

const mapArb = (columns: number, rows: number) =>
  fc.array(fc.array(fc.constantFrom(...KEYS), { minLength: columns, maxLength: columns }), { minLength: rows, maxLength: rows });

/** Neighbours by printed (column, row) for flat odd-up maps, computed from scratch. */
function neighboursOf(column: number, row: number, columns: number, rows: number): [number, number][] {
  const up = column % 2 === 1; // odd columns sit half a hex higher
  const sameRowOrAbove = up ? [row - 1, row] : [row, row + 1];
  const out: [number, number][] = [
    [column, row - 1],
    [column, row + 1],
    [column - 1, sameRowOrAbove[0]],
    [column - 1, sameRowOrAbove[1]],
    [column + 1, sameRowOrAbove[0]],
    [column + 1, sameRowOrAbove[1]],
  ];
  return out.filter(([c, r]) => c >= 1 && c <= columns && r >= 1 && r <= rows);
}

const id = (c: number, r: number) => `${String(c).padStart(2, '0')}${String(r).padStart(2, '0')}`;

describe('reach never undercuts the cheapest path found by brute force', () => {
  it('equals the minimum over every simple path within the allowance', () => {
    fc.assert(
      fc.property(
        mapArb(4, 3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 11 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 2 }),
        (grid, ma, startIndex, enemyCells) => {
          const columns = 4;
          const rows = 3;
          const game = asciiGame({
            map: grid.map((row) => row.join(' ')).join('\n'),
            legend: LEGEND,
            terrain: TERRAIN,
            info: { zoc: { enter: 'stop', leave: 'free' } },
          });
          const engine = engineFor(game);
          const g = engine.graph;
          const cellAt = (k: number): [number, number] => [Math.floor(k / rows) + 1, (k % rows) + 1];
          const [sc, sr] = cellAt(startIndex);
          const enemies = [...new Set(enemyCells)].filter((k) => k !== startIndex).map(cellAt);
          const enemyIds = new Set(enemies.map(([c, r]) => id(c, r)));
          const zocIds = new Set<string>();
          for (const [c, r] of enemies) for (const [nc, nr] of neighboursOf(c, r, columns, rows)) zocIds.add(id(nc, nr));

          // Brute force: every simple path from the start, stopping at ZOC hexes and at the allowance.
          const best = new Map<string, number>();
          const walk = (c: number, r: number, spent: number, seen: Set<string>) => {
            const here = id(c, r);
            if ((best.get(here) ?? Infinity) > spent) best.set(here, spent);
            if (seen.size > 1 && zocIds.has(here)) return;
            for (const [nc, nr] of neighboursOf(c, r, columns, rows)) {
              const next = id(nc, nr);
              if (seen.has(next) || enemyIds.has(next)) continue;
              const cost = COSTS[grid[nr - 1][nc - 1]];
              if (spent + cost > ma) continue;
              seen.add(next);
              walk(nc, nr, spent + cost, seen);
              seen.delete(next);
            }
          };
          walk(sc, sr, 0, new Set([id(sc, sr)]));

          const occupied = new Uint8Array(g.size);
          const enemyIdx = [...enemyIds].map((e) => g.indexOf(e)!);
          for (const i of enemyIdx) occupied[i] = 1;
          const ws = reachWorkspace(engine);
          const n = searchReach(g.neighbors, ws, {
            costs: engine.edgeCosts(undefined, undefined),
            start: g.indexOf(id(sc, sr))!,
            ma,
            occupied,
            zoc: enemyIdx.length ? { mask: enemyZocMask(engine, enemyIdx), rules: zocRules(engine)! } : undefined,
          });
          const got = new Map<string, number>();
          for (let k = 0; k < n; k++) got.set(g.ids[ws.order[k]], ws.costTo(ws.order[k])!);
          expect(got).toEqual(best);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the bucket queue and the binary heap agree', () => {
  it('on random maps with roads, rivers and enemy ZOC', () => {
    fc.assert(
      fc.property(
        mapArb(5, 4),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 19 }),
        fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 2 }),
        fc.constantFrom('stop', 'cost', 'free') as fc.Arbitrary<'stop' | 'cost' | 'free'>,
        (grid, ma, start, enemyCells, enter) => {
          const game = asciiGame({
            map: grid.map((row) => row.join(' ')).join('\n'),
            legend: LEGEND,
            terrain: [...TERRAIN, { id: 'road', name: 'Road', kind: 'path', movement: 0.5 }],
            hexsides: [{ feature: 'ridge', sides: ['0101/0102', '0202/0302', '0303/0403'] }],
            paths: [{ feature: 'road', hexes: ['0101', '0201', '0301', '0401', '0501'] }],
            info: { zoc: { enter, enterCost: 1, leave: 'cost', leaveCost: 1 } },
          });
          const engine = engineFor(game);
          const g = engine.graph;
          const enemies = [...new Set(enemyCells)].filter((k) => k !== start);
          const occupied = new Uint8Array(g.size);
          for (const e of enemies) occupied[e] = 1;
          const zoc = enemies.length ? { mask: enemyZocMask(engine, enemies), rules: zocRules(engine)! } : undefined;
          const run = (method: 'auto' | 'heap') => {
            const ws = reachWorkspace(engine);
            const n = searchReach(g.neighbors, ws, {
              costs: engine.edgeCosts(undefined, undefined),
              start,
              ma,
              occupied: enemies.length ? occupied : undefined,
              zoc,
              method,
            });
            const out = new Map<string, number>();
            for (let k = 0; k < n; k++) out.set(g.ids[ws.order[k]], ws.costTo(ws.order[k])!);
            return out;
          };
          expect(run('auto')).toEqual(run('heap'));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('supply: one multi-source search answers like a BFS per hex', () => {
  it('gives every hex the same path length to the nearest source', () => {
    fc.assert(
      fc.property(
        mapArb(5, 4),
        fc.array(fc.integer({ min: 0, max: 19 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
        (grid, sourceCells, enemyCells, maxLength) => {
          const columns = 5;
          const rows = 4;
          const cellAt = (k: number): [number, number] => [Math.floor(k / rows) + 1, (k % rows) + 1];
          const sources = sourceCells.map(cellAt).map(([c, r]) => id(c, r));
          const game = asciiGame({
            map: grid.map((row) => row.join(' ')).join('\n'),
            legend: LEGEND,
            terrain: TERRAIN,
            zones: [{ id: 'src', kind: 'supply', side: 'blue', hexes: sources }],
          });
          const engine = engineFor(game);
          const g = engine.graph;
          const enemies = [...new Set(enemyCells)].map(cellAt);
          const blockedIds = new Set<string>();
          for (const [c, r] of enemies) {
            blockedIds.add(id(c, r));
            for (const [nc, nr] of neighboursOf(c, r, columns, rows)) blockedIds.add(id(nc, nr));
          }
          const walkable = (c: number, r: number) => grid[r - 1][c - 1] !== 'x' && !blockedIds.has(id(c, r));
          // Oracle: BFS from the hex itself (which may be blocked: the path starts there) to any usable source.
          const oracle = (c0: number, r0: number): number => {
            const dist = new Map<string, number>([[id(c0, r0), 0]]);
            const queue: [number, number][] = [[c0, r0]];
            while (queue.length) {
              const [c, r] = queue.shift()!;
              const d = dist.get(id(c, r))!;
              if (sources.includes(id(c, r)) && walkable(c, r)) return d;
              for (const [nc, nr] of neighboursOf(c, r, columns, rows)) {
                if (dist.has(id(nc, nr)) || !walkable(nc, nr)) continue;
                dist.set(id(nc, nr), d + 1);
                queue.push([nc, nr]);
              }
            }
            return -1;
          };

          const blocked = new Uint8Array(g.size);
          for (const b of blockedIds) blocked[g.indexOf(b)!] = 1;
          const ws = supplyWorkspace(engine);
          const passable = supplyPassableSlots(engine);
          traceSupply(
            g.neighbors,
            passable,
            ws,
            sources.map((s) => g.indexOf(s)!),
            blocked,
            maxLength,
          );
          for (let c = 1; c <= columns; c++) {
            for (let r = 1; r <= rows; r++) {
              if (grid[r - 1][c - 1] === 'x') continue; // no unit stands in prohibited terrain
              const expected = oracle(c, r);
              const got = supplyLength(g.neighbors, passable, ws, blocked, g.indexOf(id(c, r))!);
              const inSupply = (len: number) => len >= 0 && (maxLength === undefined || len <= maxLength);
              expect(inSupply(got)).toBe(inSupply(expected));
              if (maxLength === undefined) expect(got).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('odds are monotonic in attacker strength', () => {
  it('a stronger attack never lands on a lower column', () => {
    const columnsArb = fc
      .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })), {
        minLength: 1,
        maxLength: 8,
        selector: ([a, d]) => a / d,
      })
      .map((list) => list.sort((x, y) => x[0] / x[1] - y[0] / y[1]));
    fc.assert(
      fc.property(
        columnsArb,
        fc.constantFrom('defender', 'attacker', 'nearest') as fc.Arbitrary<TableFile['oddsRounding']>,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -2, max: 2 }),
        (odds, rounding, defend, attack, extra, shift) => {
          const table: TableFile = {
            id: 't',
            name: 'T',
            columnKind: 'odds',
            oddsRounding: rounding,
            columns: odds.map(([a, d]) => ({ label: `${a}:${d}`, odds: [a, d] })),
            below: { result: 'AE' },
            above: 'clamp',
          };
          const rank = (a: number) => {
            const p = pickColumn(table, { attack: a, defend, shift }, []);
            return p.kind === 'column' ? p.index : p.kind === 'automatic' ? -1 : Number.NaN;
          };
          expect(rank(attack + extra)).toBeGreaterThanOrEqual(rank(attack));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

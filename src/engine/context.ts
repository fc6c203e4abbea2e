/**
 * The engine's view of one Game: lookups by id and the expensive derived tables (hex graph, edge
 * cost tables per movement class and weather), built on first use and kept for later queries.
 */
import type { Game, Unit } from '../model/game';
import type { TableFile, TerrainTypeFile, UnitFieldFile } from '../model/files';
import { isUnknown } from '../model/common';
import { hexGraph, type HexGraph } from './graph';
import { PROHIBITED, stepCost } from './movement';
import { HEX_SIDES } from '../hex';

export interface Engine {
  readonly game: Game;
  readonly graph: HexGraph;
  terrain(id: string): TerrainTypeFile | undefined;
  table(id: string): TableFile | undefined;
  unit(id: string): Unit | undefined;
  /** Step costs for every slot of the neighbour table (PROHIBITED off the map). */
  edgeCosts(movementClass: string | undefined, weather: string | undefined): Float64Array;
}

const engines = new WeakMap<Game, Engine>();

export function engineFor(game: Game): Engine {
  let engine = engines.get(game);
  if (!engine) {
    engine = createEngine(game);
    engines.set(game, engine);
  }
  return engine;
}

function createEngine(game: Game): Engine {
  const terrain = new Map(game.terrain.map((t) => [t.id, t]));
  const tables = new Map(game.tables.map((t) => [t.id, t]));
  const units = new Map(game.units.map((u) => [u.id, u]));
  const costTables = new Map<string, Float64Array>();
  let graph: HexGraph | undefined;
  const engine: Engine = {
    game,
    get graph() {
      return (graph ??= hexGraph(game));
    },
    terrain: (id) => terrain.get(id),
    table: (id) => tables.get(id),
    unit: (id) => units.get(id),
    edgeCosts(movementClass, weather) {
      const key = `${movementClass ?? ''}\u0000${weather ?? ''}`;
      let costs = costTables.get(key);
      if (!costs) {
        costs = buildEdgeCosts(engine.graph, (id) => terrain.get(id), movementClass, weather);
        costTables.set(key, costs);
      }
      return costs;
    },
  };
  return engine;
}

function buildEdgeCosts(
  graph: HexGraph,
  lookup: (id: string) => TerrainTypeFile | undefined,
  movementClass: string | undefined,
  weather: string | undefined,
): Float64Array {
  const costs = new Float64Array(graph.size * HEX_SIDES).fill(PROHIBITED);
  // Few distinct (terrain, hexside, path) combinations exist on a map: compute each once.
  const memo = new Map<string, number>();
  for (let i = 0; i < graph.size; i++) {
    for (let d = 0; d < HEX_SIDES; d++) {
      const slot = i * HEX_SIDES + d;
      const j = graph.neighbors[slot];
      if (j < 0) continue;
      const terrain = graph.terrain[j];
      const hexside = graph.sideFeatures[slot];
      const paths = graph.sidePaths[slot];
      const key = `${terrain === null ? '\u0001' : terrain.join(',')}|${hexside?.join(',') ?? ''}|${paths?.join(',') ?? ''}`;
      let cost = memo.get(key);
      if (cost === undefined) {
        cost = stepCost(lookup, { movementClass, weather, terrain, hexside, paths });
        memo.set(key, cost);
      }
      costs[slot] = cost;
    }
  }
  return costs;
}

/** Unit fields by role (movement, attack, defense…), as game.json declares them. */
export function fieldsWithRole(game: Game, ...roles: UnitFieldFile['role'][]): string[] {
  return (game.info.unitFields ?? []).filter((f) => roles.includes(f.role)).map((f) => f.id);
}

/** A unit's printed value for the first field of the given roles, on the chosen face. */
export function unitValue(
  game: Game,
  unit: Pick<Unit, 'front' | 'reverse'>,
  roles: UnitFieldFile['role'][],
  face: 'front' | 'reverse' = 'front',
): number | undefined {
  for (const field of fieldsWithRole(game, ...roles)) {
    const value = (face === 'front' ? unit.front : unit.reverse)?.[field];
    if (typeof value === 'number') return value;
    if (value !== undefined && !isUnknown(value) && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  }
  return undefined;
}

/** Movement class of a unit type (game.json unitTypes). */
export function movementClassOf(game: Game, type: string | undefined): string | undefined {
  return (game.info.unitTypes ?? []).find((t) => t.id === type)?.movementClass;
}

/**
 * The map as a graph the engine can search fast: hexes numbered by extent position, a flat
 * neighbour table (6 slots per hex, −1 off the map), and per-slot hexside features and paths.
 * Built once per Game and shared by every query.
 */
import {
  AXIAL_DIRECTIONS,
  hexIndexInExtent,
  parseHexId,
  type HexsideKey,
  hexsideHexes,
  axialDirectionBetween,
  HEX_SIDES,
  oppositeSide,
} from '../hex';
import { isUnknown } from '../model/common';
import type { Game } from '../model/game';

export interface HexGraph {
  /** Number of hexes; positions run 0 … size−1 in extent order. */
  readonly size: number;
  readonly ids: readonly string[];
  /** neighbors[i * HEX_SIDES + d] = position of the neighbour in axial direction d, or −1 off the map. */
  readonly neighbors: Int32Array;
  /** Terrain ids of each hex, or null when the map does not say (a declared unknown). */
  readonly terrain: readonly (readonly string[] | null)[];
  /** Hexside features on slot i * HEX_SIDES + d (both hexes of a side carry them). */
  readonly sideFeatures: readonly (readonly string[] | undefined)[];
  /** Path terrain ids (roads, railways) running from hex i to its neighbour d. */
  readonly sidePaths: readonly (readonly string[] | undefined)[];
  /** Position of a printed id, or undefined when it is not a hex of the map. */
  indexOf(id: string): number | undefined;
}

const graphs = new WeakMap<Game, HexGraph>();

export function hexGraph(game: Game): HexGraph {
  let graph = graphs.get(game);
  if (!graph) {
    graph = buildGraph(game);
    graphs.set(game, graph);
  }
  return graph;
}

function buildGraph(game: Game): HexGraph {
  const { numbering, extent } = game.map;
  const size = game.map.hexes.length;
  const ids: string[] = new Array(size);
  const byId = new Map<string, number>();
  const terrain: (readonly string[] | null)[] = new Array(size);
  const neighbors = new Int32Array(size * HEX_SIDES).fill(-1);
  const positionOf = (q: number, r: number) => hexIndexInExtent(numbering, extent, { q, r });
  for (const h of game.map.hexes) {
    const i = positionOf(h.q, h.r);
    ids[i] = h.id;
    byId.set(h.id, i);
    terrain[i] = isUnknown(h.terrain) ? null : h.terrain;
    for (let d = 0; d < HEX_SIDES; d++) {
      const v = AXIAL_DIRECTIONS[d];
      neighbors[i * HEX_SIDES + d] = positionOf(h.q + v.q, h.r + v.r);
    }
  }

  const sideFeatures: (string[] | undefined)[] = new Array(size * HEX_SIDES);
  const addFeature = (slot: number, feature: string) => {
    const list = (sideFeatures[slot] ??= []);
    if (!list.includes(feature)) list.push(feature);
  };
  for (const side of game.map.hexsides) {
    const [h1, h2] = hexsideHexes(side.key as HexsideKey);
    const d = axialDirectionBetween(h1, h2);
    const i1 = positionOf(h1.q, h1.r);
    const i2 = positionOf(h2.q, h2.r);
    if (i1 >= 0) addFeature(i1 * HEX_SIDES + d, side.feature);
    if (i2 >= 0) addFeature(i2 * HEX_SIDES + oppositeSide(d), side.feature);
  }

  const sidePaths: (string[] | undefined)[] = new Array(size * HEX_SIDES);
  for (const path of game.map.paths) {
    let previous = -1;
    let prevHex: { q: number; r: number } | undefined;
    for (const id of path.hexes) {
      const parsed = parseHexId(numbering, id);
      const i = parsed.ok ? positionOf(parsed.hex.q, parsed.hex.r) : -1;
      if (parsed.ok && previous >= 0 && prevHex) {
        const d = axialDirectionBetween(prevHex, parsed.hex);
        if (d >= 0 && i >= 0) {
          for (const slot of [previous * HEX_SIDES + d, i * HEX_SIDES + oppositeSide(d)]) {
            const list = (sidePaths[slot] ??= []);
            if (!list.includes(path.feature)) list.push(path.feature);
          }
        }
      }
      previous = i;
      prevHex = parsed.ok ? parsed.hex : undefined;
    }
  }

  return {
    size,
    ids,
    neighbors,
    terrain,
    sideFeatures,
    sidePaths,
    indexOf: (id) => byId.get(id),
  };
}

/** The direction from hex i to an adjacent hex j, or −1. */
export function directionTo(graph: HexGraph, i: number, j: number): number {
  for (let d = 0; d < HEX_SIDES; d++) if (graph.neighbors[i * HEX_SIDES + d] === j) return d;
  return -1;
}

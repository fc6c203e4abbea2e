/**
 * Small test games written as ASCII maps: one line per printed row, one token per printed column
 * (flat-topped, column-row, odd-up numbering from 01/01), each token a terrain key from `legend`.
 *
 *   . f .      0101 clear, 0201 forest, 0301 clear
 *   . . m      0102 clear, 0202 clear,  0302 mountain
 */
import { formatHexId, hexesOf, parseHexId } from '../../src/hex';
import { MapIndex } from '../../src/data/map-index';
import type { GameFile, PathFile, TableFile, TerrainTypeFile, ZoneFile } from '../../src/model/files';
import type { Game, MapHexside, MapZone, Unit } from '../../src/model/game';

export interface AsciiGameSpec {
  map: string;
  legend: Record<string, string>;
  terrain: TerrainTypeFile[];
  hexsides?: { feature: string; sides: string[] }[];
  paths?: PathFile[];
  zones?: ZoneFile[];
  units?: Partial<Unit>[];
  tables?: TableFile[];
  info?: Partial<GameFile>;
}

export function asciiGame(spec: AsciiGameSpec): Game {
  const lines = spec.map
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const grid = lines.map((l) => l.split(/\s+/));
  const columns = grid[0].length;
  const numbering = { orientation: 'flat', order: 'column-row', digits: 2, stagger: 'odd-up' } as const;
  const extent = { columns: { first: 1, last: columns }, rows: { first: 1, last: grid.length } };
  const index = new MapIndex(numbering, extent);
  const hexes = hexesOf(numbering, extent).map((h) => {
    const id = formatHexId(numbering, h);
    const column = Number(id.slice(0, 2));
    const row = Number(id.slice(2));
    const key = grid[row - 1][column - 1];
    const terrain = spec.legend[key];
    if (!terrain) throw new Error(`no legend entry for "${key}"`);
    return { id, q: h.q, r: h.r, terrain: [terrain] };
  });
  const hexsides: MapHexside[] = [];
  for (const group of spec.hexsides ?? []) {
    for (const text of group.sides) {
      const ref = index.hexside(text);
      if (!ref.ok) throw new Error(ref.message);
      hexsides.push({ key: ref.value.key, a: ref.value.a, b: ref.value.b, feature: group.feature });
    }
  }
  const zones: MapZone[] = (spec.zones ?? []).map((z) => ({
    ...z,
    hexIds: (z.hexes ?? []).flatMap((ref) => {
      const r = index.hexRef(ref);
      if (!r.ok) throw new Error(r.message);
      return r.value;
    }),
  }));
  const units: Unit[] = (spec.units ?? []).map((u, i) => ({
    side: 'blue',
    type: 'infantry',
    flags: [],
    count: 1,
    front: {},
    reverse: {},
    line: i + 2,
    id: `u${i}`,
    ...u,
  }));
  return {
    id: 'ascii',
    info: {
      id: 'ascii',
      title: 'ASCII test game',
      sides: [
        { id: 'blue', name: 'Blue' },
        { id: 'red', name: 'Red' },
      ],
      unitFields: [
        { id: 'attack', name: 'Attack', role: 'attack' },
        { id: 'defense', name: 'Defense', role: 'defense' },
        { id: 'move', name: 'Movement', role: 'movement' },
      ],
      unitTypes: [
        { id: 'infantry', name: 'Infantry', movementClass: 'foot' },
        { id: 'armor', name: 'Armor', movementClass: 'motorized' },
      ],
      ...spec.info,
    },
    map: { numbering, extent, hexSize: 0.6, moduleScale: 150, hexes, hexsides, paths: spec.paths ?? [], places: [], zones, boxes: [] },
    terrain: spec.terrain,
    units,
    counters: { sizes: {}, templates: [] },
    tables: spec.tables ?? [],
    tracks: { turns: [{ turn: 1 }], sequence: [] },
    scenarios: [],
    checks: [],
  };
}

/** The id of a hex given as (column, row). */
export function at(column: number, row: number): string {
  return `${String(column).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

export function isHexId(game: Game, id: string): boolean {
  return parseHexId(game.map.numbering, id).ok;
}

/**
 * map.json + terrain.json → the resolved GameMap: every hex with its terrain, hexside features
 * keyed canonically, paths checked for adjacency, zones expanded to hex ids.
 */
import { areAdjacent, edgeHexes, forEachHexCoords, formatHexId, hexKey, parseHexId, validateExtent, validateNumbering } from '../hex';
import { isUnknown, type Unknown } from '../model/common';
import { type GameFile, type MapFile, type MapStyle, type TerrainFile, type ZoneKind, type ZoneStyle, DEFAULT_GAME_MAP_NAME, DEFAULT_ZONE_CODES } from '../model/files';
import type { GameMap, MapHex, MapHexside, MapZone } from '../model/game';
import type { CheckContext } from './check-context';
import { checkMapButtons } from './check-map-buttons';
import { checkMapSize } from './check-map-size';
import { escapePointer } from './json-source';
import { entriesOf } from './listed-entries';
import { MapIndex } from './map-index';

export const DEFAULT_MODULE_SCALE = 150;

/** What the map's checks share: the context, the file, its hex index and the terrain reference check. */
interface MapChecks {
  ctx: CheckContext;
  map: MapFile;
  index: MapIndex;
  /** Whether `id` names a terrain of the wanted kind; reports it where not. */
  terrainRef(pointer: string, id: string, allowed: Set<string>, kindWanted: string): boolean;
}

function mapChecks(ctx: CheckContext, map: MapFile, index: MapIndex, terrain: TerrainFile): MapChecks {
  const terrainKinds = new Map(terrain.terrain.map((t) => [t.id, t.kind]));
  const terrainRef = (pointer: string, id: string, allowed: Set<string>, kindWanted: string): boolean => {
    if (allowed.has(id)) return true;
    const actual = terrainKinds.get(id);
    if (actual) {
      ctx.error('map', pointer, 'ref/wrong-terrain-kind', `terrain "${id}" is a ${actual} terrain, not a ${kindWanted} terrain`, `use a terrain whose kind is "${kindWanted}" in terrain.json`);
      return false;
    }
    return ctx.ref('map', pointer, 'terrain', id, allowed, 'terrain.json');
  };
  return { ctx, map, index, terrainRef };
}

/** Every hex with its terrain: the default, then map.json's per-hex terrain. */
function resolveHexes(m: MapChecks, terrain: TerrainFile): MapHex[] {
  const hexTerrainIds = new Set(terrain.terrain.filter((t) => t.kind === 'hex' || t.kind === 'feature').map((t) => t.id));
  // Default terrain for every hex, then per-hex terrain.
  let fallback: string[] | Unknown;
  if (isUnknown(m.map.defaultTerrain)) fallback = m.map.defaultTerrain;
  else {
    m.terrainRef('/defaultTerrain', m.map.defaultTerrain, hexTerrainIds, 'hex');
    fallback = [m.map.defaultTerrain];
  }
  const hexes: MapHex[] = new Array(m.index.ids.length);
  forEachHexCoords(m.map.numbering, m.map.extent, (q, r, i) => {
    hexes[i] = { id: m.index.ids[i], q, r, terrain: fallback };
  });
  // One shared list per terrain id for single-terrain hexes, as all default hexes share `fallback`.
  const single = new Map<string, string[]>();
  const terrainOf = m.map.terrain ?? {};
  const ids = m.index.ids;
  // Maps list their hexes in printed order as a rule, so the id after the last one found is tried
  // before the id is parsed.
  let next = 0;
  // The listing the census walk kept (./listed-entries.ts): the same order as for…in, without listing a big map's hexes again.
  const { keys: listedIds, values: specs } = entriesOf(terrainOf);
  for (let e = 0; e < listedIds.length; e++) {
    const id = listedIds[e];
    const spec = specs[e];
    let position = ids[next] === id ? next : m.index.indexOf(id);
    let printed = id;
    if (position === undefined) {
      const ref = m.index.hex(id);
      if (!ref.ok) {
        m.ctx.error('map', terrainPointer(id), ref.code, ref.message, ref.hint, true);
        continue;
      }
      printed = ref.value;
      position = m.index.indexOf(printed)!;
    }
    next = position + 1;
    const cell = hexes[position];
    if (typeof spec === 'string') {
      // The common case on big maps: one terrain id per hex.
      if (!hexTerrainIds.has(spec)) m.terrainRef(terrainPointer(id), spec, hexTerrainIds, 'hex');
      let list = single.get(spec);
      if (!list) single.set(spec, (list = [spec]));
      cell.terrain = list;
    } else {
      const pointer = terrainPointer(id);
      if (Array.isArray(spec)) {
        spec.forEach((t, k) => m.terrainRef(`${pointer}/${k}`, t, hexTerrainIds, 'hex'));
        cell.terrain = spec;
      } else {
        if (isUnknown(spec.terrain)) cell.terrain = spec.terrain;
        else {
          const ids = typeof spec.terrain === 'string' ? [spec.terrain] : spec.terrain;
          ids.forEach((t, k) => m.terrainRef(typeof spec.terrain === 'string' ? `${pointer}/terrain` : `${pointer}/terrain/${k}`, t, hexTerrainIds, 'hex'));
          cell.terrain = ids;
        }
        if (spec.partial) cell.partial = true;
        if (spec.source !== undefined) cell.source = spec.source;
      }
    }
    if (id !== printed) m.ctx.error('map', terrainPointer(id), 'hex/bad-id', `hex id "${id}" is written differently from the map's numbering ("${printed}")`, undefined, true);
  }

  return hexes;
}

/** More sides than any hexside group lists (a side's index packs below it). */
const SIDE_SPAN = 2 ** 24;

/** Hexside features keyed canonically, each hexside once per feature, sorted. */
function resolveHexsides(m: MapChecks, terrain: TerrainFile): MapHexside[] {
  const hexsideIds = new Set(terrain.terrain.filter((t) => t.kind === 'hexside').map((t) => t.id));
  const hexsides: MapHexside[] = [];
  // Per feature, where each hexside was first listed: group g and side s as g * SIDE_SPAN + s (the pointer is spelt only for a report).
  const seenSides = new Map<string, Map<number, number>>();
  (m.map.hexsides ?? []).forEach((group, g) => {
    m.terrainRef(`/hexsides/${g}/feature`, group.feature, hexsideIds, 'hexside');
    let seen = seenSides.get(group.feature);
    if (!seen) seenSides.set(group.feature, (seen = new Map()));
    for (let s = 0; s < group.sides.length; s++) {
      const text = group.sides[s];
      const ref = m.index.hexside(text);
      if (!ref.ok) {
        m.ctx.error('map', `/hexsides/${g}/sides/${s}`, ref.code, ref.message, ref.hint);
        continue;
      }
      const was = seen.get(ref.value.key);
      if (was !== undefined) {
        const first = `/hexsides/${Math.floor(was / SIDE_SPAN)}/sides/${was % SIDE_SPAN}`;
        m.ctx.error('map', `/hexsides/${g}/sides/${s}`, 'ref/duplicate-hexside', `hexside ${text} already has ${group.feature} (at ${first})`, 'list each hexside once per feature');
        continue;
      }
      seen.set(ref.value.key, g * SIDE_SPAN + s);
      const side: MapHexside = { key: ref.value.key, a: ref.value.a, b: ref.value.b, feature: group.feature };
      if (group.name) side.name = group.name;
      if (group.source !== undefined) side.source = group.source;
      hexsides.push(side);
    }
  });
  hexsides.sort((x, y) => x.key - y.key || x.feature.localeCompare(y.feature));

  return hexsides;
}

/** Paths name path terrain and step from hex to adjacent hex. */
function checkPaths(m: MapChecks, terrain: TerrainFile): void {
  const pathIds = new Set(terrain.terrain.filter((t) => t.kind === 'path').map((t) => t.id));
  (m.map.paths ?? []).forEach((path, p) => {
    m.terrainRef(`/paths/${p}/feature`, path.feature, pathIds, 'path');
    let previous: { id: string } | undefined;
    path.hexes.forEach((id, k) => {
      const ref = m.index.hex(id);
      if (!ref.ok) {
        m.ctx.error('map', `/paths/${p}/hexes/${k}`, ref.code, ref.message, ref.hint);
        previous = undefined;
        return;
      }
      if (previous) {
        const a = parseHexId(m.map.numbering, previous.id);
        const b = parseHexId(m.map.numbering, ref.value);
        if (a.ok && b.ok && !areAdjacent(a.hex, b.hex)) {
          m.ctx.error('map', `/paths/${p}/hexes/${k}`, 'map/path-gap', `${path.feature} jumps from ${previous.id} to ${ref.value}, which are not adjacent`, 'list every hex the path passes through, in order');
        }
      }
      previous = { id: ref.value };
    });
  });

}

/** Zones expanded to hex ids (from their edge, hexes and places), in map order. */
function resolveZones(m: MapChecks, sideIds: ReadonlySet<string> | undefined): MapZone[] {
  const placeIds = m.ctx.unique('map', m.map.places, '/places', 'place');
  const placeHexes = new Map<string, string[]>();
  (m.map.places ?? []).forEach((place, p) => {
    const ids: string[] = [];
    if (typeof place.hex === 'string') {
      const ref = m.index.hex(place.hex);
      if (ref.ok) ids.push(ref.value);
      else if (!place.offMap) m.ctx.error('map', `/places/${p}/hex`, ref.code, ref.message, ref.hint);
    }
    (place.hexes ?? []).forEach((id, k) => {
      const ref = m.index.hex(id);
      if (ref.ok) ids.push(ref.value);
      else m.ctx.error('map', `/places/${p}/hexes/${k}`, ref.code, ref.message, ref.hint);
    });
    placeHexes.set(place.id, ids);
  });

  m.ctx.unique('map', m.map.zones, '/zones', 'zone');
  return (m.map.zones ?? []).map((zone, z) => {
    const found = new Set<string>();
    if (zone.side !== undefined) m.ctx.ref('map', `/zones/${z}/side`, 'side', zone.side, sideIds, 'game.json sides');
    if (zone.style) checkZoneStyle(m.ctx, zone.style, zone.kind, `/zones/${z}/style`, `zone "${zone.id}"`);
    if (zone.edge) for (const h of edgeHexes(m.map.numbering, m.map.extent, zone.edge)) found.add(formatHexId(m.map.numbering, h));
    (zone.hexes ?? []).forEach((ref, k) => {
      const r = m.index.hexRef(ref);
      if (r.ok) r.value.forEach((id) => found.add(id));
      else m.ctx.error('map', `/zones/${z}/hexes/${k}`, r.code, r.message, r.hint);
    });
    (zone.places ?? []).forEach((placeId, k) => {
      if (m.ctx.ref('map', `/zones/${z}/places/${k}`, 'place', placeId, placeIds, 'map.json places')) {
        for (const id of placeHexes.get(placeId) ?? []) found.add(id);
      }
    });
    const hexIds = [...found].sort((a, b) => (m.index.indexOf(a) ?? 0) - (m.index.indexOf(b) ?? 0));
    return { ...zone, hexIds };
  });

}

/** A zone style that prints a code it has not got, or has a code it does not print. */
function checkZoneStyle(ctx: CheckContext, style: ZoneStyle, kind: ZoneKind, pointer: string, what: string): void {
  const prints = style.draw === 'code' || style.draw === 'symbol';
  if (style.code !== undefined && !prints)
    ctx.warning('map', `${pointer}/code`, 'map/zone-style-unused', `${what} is drawn as ${style.draw}, which prints no code`, 'use "draw": "code" or "symbol" to print it, or remove code');
  if (style.code === undefined && prints && DEFAULT_ZONE_CODES[kind] === undefined)
    ctx.warning('map', `${pointer}/draw`, 'map/zone-style-no-code', `${what} prints a code but names none; a ${kind} zone has no default code`, 'add "code": the letters the map prints (a setup letter)');
}

function checkMapStyle(ctx: CheckContext, style: MapStyle | undefined): void {
  for (const [kind, zoneStyle] of Object.entries(style?.zones ?? {})) checkZoneStyle(ctx, zoneStyle, kind as ZoneKind, `/style/zones/${kind}`, `every ${kind} zone`);
}

/** Each `backgrounds` key names a map the data has: a misspelt one would build white without a word. */
function checkBackgrounds(ctx: CheckContext, map: MapFile): void {
  if (map.backgrounds === undefined) return;
  const maps = new Set([map.name ?? DEFAULT_GAME_MAP_NAME, ...(map.boards ?? []).map((b) => b.map)]);
  for (const name of Object.keys(map.backgrounds))
    ctx.ref('map', `/backgrounds/${escapePointer(name)}`, 'map', name, maps, 'map.json (its `name`, or a `boards[].map`)');
}

/** Boards: one of each name per map, one per cell of its map's layout, their zones' boxes in map.json boxes. */
function checkBoards(ctx: CheckContext, map: MapFile): void {
  const boxes = new Set((map.boxes ?? []).map((b) => b.id));
  const seen = new Map<string, number>();
  const cells = new Map<string, number>();
  (map.boards ?? []).forEach((board, b) => {
    const key = `${board.map}\u0000${board.name}`;
    const first = seen.get(key);
    if (first !== undefined)
      ctx.error('map', `/boards/${b}/name`, 'map/duplicate-board', `board "${board.name}" of map "${board.map}" is listed twice (also at /boards/${first})`, 'list each board of a map once');
    else seen.set(key, b);
    const [column, row] = [board.column ?? 0, board.row ?? 0];
    const cell = `${board.map}\u0000${column}\u0000${row}`;
    const other = cells.get(cell);
    if (other !== undefined && first === undefined)
      ctx.error('map', `/boards/${b}${board.column !== undefined ? '/column' : board.row !== undefined ? '/row' : '/name'}`, 'map/board-cell-taken', `board "${board.name}" of map "${board.map}" lies in column ${column}, row ${row}, where board "${map.boards![other].name}" lies (/boards/${other}); VASSAL lays out one board per cell`, 'give each board of a map its own `column` and `row` (absent means 0)');
    else if (other === undefined) cells.set(cell, b);
    (board.zones ?? []).forEach((zone, z) => {
      if (!boxes.has(zone.box)) ctx.ref('map', `/boards/${b}/zones/${z}/box`, 'box', zone.box, boxes, 'map.json boxes');
    });
    // VASSAL paints a board's colour only where it has no picture (Board.drawRegion2D), and writes none beside one.
    if (board.color !== undefined && board.image !== undefined)
      ctx.warning('map', `/boards/${b}/color`, 'map/board-color-hidden', `board "${board.name}" has a picture, which VASSAL shows instead of its colour ${board.color}`, 'remove the `color`, or the `image` to show a plain board of that colour');
  });
  checkBoardWindows(ctx, map);
  checkBackgrounds(ctx, map);
}

/** A map is shown in one place: every board of it names the same chart window and tab, or none. */
function checkBoardWindows(ctx: CheckContext, map: MapFile): void {
  const shownIn = new Map<string, number>();
  const place = (board: NonNullable<MapFile['boards']>[number]) =>
    board.window === undefined ? 'a window of its own' : `chart window "${board.window}", tab "${board.tab ?? board.map}"`;
  (map.boards ?? []).forEach((board, b) => {
    const first = shownIn.get(board.map);
    if (first === undefined) {
      shownIn.set(board.map, b);
      return;
    }
    const other = map.boards![first];
    if (place(other) === place(board)) return;
    ctx.error('map', `/boards/${b}/${board.window !== undefined ? 'window' : 'name'}`, 'map/board-window-differs', `board "${board.name}" shows map "${board.map}" in ${place(board)}, board "${other.name}" (/boards/${first}) in ${place(other)}; VASSAL shows a map in one place`, 'give every board of the map the same `window` and `tab`, or none');
  });
}

export function resolveMap(ctx: CheckContext, map: MapFile, terrain: TerrainFile, game: GameFile | undefined): { map?: GameMap; index?: MapIndex } {
  const before = ctx.diagnostics.length;
  for (const d of [...validateNumbering(map.numbering, '/numbering'), ...validateExtent(map.numbering, map.extent, '/extent')]) {
    ctx.error('map', d.pointer ?? '', d.code, d.message, d.hint);
  }
  if (ctx.diagnostics.length > before) return {};
  const index = new MapIndex(map.numbering, map.extent, map.extent.complete !== false);
  // Without a valid game.json there are no sides to check against (its own errors say why).
  const sideIds = game ? new Set((game.sides ?? []).map((s) => s.id)) : undefined;
  const m = mapChecks(ctx, map, index, terrain);
  const hexes = resolveHexes(m, terrain);
  const hexsides = resolveHexsides(m, terrain);
  checkPaths(m, terrain);
  const zones = resolveZones(m, sideIds);
  checkMapStyle(ctx, map.style);
  checkMapSize(ctx, map, map.moduleScale ?? DEFAULT_MODULE_SCALE);
  ctx.unique('map', map.boxes, '/boxes', 'box');
  (map.boxes ?? []).forEach((box, b) => {
    if (box.side !== undefined) ctx.ref('map', `/boxes/${b}/side`, 'side', box.side, sideIds, 'game.json sides');
  });
  checkBoards(ctx, map);
  checkMapButtons(ctx, map, game ? new Set((game.dice ?? []).map((d) => d.id)) : undefined);

  return {
    index,
    map: {
      ...(map.name ? { name: map.name } : {}),
      numbering: map.numbering,
      extent: map.extent,
      hexSize: map.hexSize,
      moduleScale: map.moduleScale ?? DEFAULT_MODULE_SCALE,
      ...(map.image !== undefined ? { image: map.image } : {}),
      hexes,
      hexsides,
      paths: map.paths ?? [],
      places: map.places ?? [],
      zones,
      boxes: map.boxes ?? [],
      ...(map.boards !== undefined ? { boards: map.boards } : {}),
      ...(map.backgrounds !== undefined ? { backgrounds: map.backgrounds } : {}),
      ...(map.buttons !== undefined ? { buttons: map.buttons } : {}),
      ...(map.style !== undefined ? { style: map.style } : {}),
      ...(map.vassal !== undefined ? { vassal: map.vassal } : {}),
      ...(map.unstated !== undefined ? { unstated: map.unstated } : {}),
      ...(map.source !== undefined ? { source: map.source } : {}),
    },
  };
}

/** JSON pointer of a hex's entry in map.json's terrain; built only for a diagnostic. */
function terrainPointer(id: string): string {
  return `/terrain/${escapePointer(id)}`;
}

/** Stable numeric key of a hex id on this map (for sorting and compact arrays). */
export function hexIdKey(map: GameMap, id: string): number | undefined {
  const parsed = parseHexId(map.numbering, id);
  return parsed.ok ? hexKey(parsed.hex) : undefined;
}

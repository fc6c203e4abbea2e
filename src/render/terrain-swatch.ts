/**
 * A terrain as the map draws it, for the terrain effects chart: a map of one hex (a hex terrain or
 * a feature) or two neighbouring hexes (a hexside feature between them, a path joining their
 * centres) drawn by the map's own drawing function at a small hex size, its blank paper margin
 * cropped. Whatever the map's style gives a terrain, the chart shows the same.
 */
import { hexIdsOf, hexesOf, hexsideBetween } from '../hex';
import type { TerrainTypeFile } from '../model/files';
import type { Game, GameMap, MapHex } from '../model/game';
import { MAP_MARGIN_INCHES, mapGeometry } from '../plan/map-geometry';
import { type Drawing, transformItems } from './drawing';
import { mapDrawing } from './map-drawing';

/** Across flats of the swatch's hexes, points. */
export const SWATCH_HEX_PT = 24;
/** Paper kept around the hexes, points: room for the map edge's line. */
const SWATCH_BORDER_PT = 1.5;

/**
 * The one- or two-hex map that shows `terrain`; hexsides, paths and features lie on the game's
 * first hex terrain (its open ground, as on the map).
 */
function swatchMap(map: GameMap, terrain: TerrainTypeFile, ground: TerrainTypeFile | undefined): GameMap {
  const { columns, rows } = map.extent;
  const pair = terrain.kind === 'hexside' || terrain.kind === 'path';
  const extent = { columns: { first: columns.first, last: columns.first + (pair ? 1 : 0) }, rows: { first: rows.first, last: rows.first } };
  const ids = hexIdsOf(map.numbering, extent);
  const hexes = hexesOf(map.numbering, extent);
  const base = ground && ground !== terrain && terrain.kind !== 'hex' ? [ground.id] : [];
  const own = pair ? base : [...base, terrain.id];
  const mapHexes: MapHex[] = hexes.map((h, i) => ({ id: ids[i], q: h.q, r: h.r, terrain: own }));
  const side = pair ? hexsideBetween(hexes[0], hexes[1]) : undefined;
  return {
    ...map,
    extent,
    hexes: mapHexes,
    hexsides: terrain.kind === 'hexside' && side !== undefined ? [{ key: side, a: ids[0], b: ids[1], feature: terrain.id }] : [],
    paths: terrain.kind === 'path' ? [{ feature: terrain.id, hexes: ids }] : [],
    places: [],
    zones: [],
    boxes: [],
  };
}

/** `terrain` drawn as on the map, in points (y down), hexes SWATCH_HEX_PT across flats. */
export function terrainSwatch(game: Game, terrain: TerrainTypeFile): Drawing {
  // Only the parts the map drawing reads, named one by one: `game` may be a guarded view.
  const mini = {
    id: game.id,
    info: game.info,
    terrain: game.terrain,
    map: swatchMap(
      game.map,
      terrain,
      game.terrain.find((t) => t.kind === 'hex'),
    ),
  } as Game;
  const geometry = mapGeometry(mini, SWATCH_HEX_PT / game.map.hexSize);
  const margin = MAP_MARGIN_INCHES * geometry.unitsPerInch - SWATCH_BORDER_PT;
  const items = mapDrawing(mini, geometry, { hexIds: false }).filter(
    // The map's paper would cover the chart's rules and stripes around the swatch.
    (item) => !(item.kind === 'rect' && item.x === 0 && item.y === 0 && item.w === geometry.width && item.h === geometry.height),
  );
  return {
    width: geometry.width - 2 * margin,
    height: geometry.height - 2 * margin,
    items: transformItems(items, -margin, -margin),
  };
}

/**
 * The rules-engine bundle: one self-contained JSON document holding everything the engine (and
 * third parties) need to run a game's rules without its source folder. Compact where games are
 * large: hex terrain and hexside features are integer arrays over the map extent's hex positions
 * (the dense order of `hexIndexInExtent`), with each distinct value written once in a palette.
 */
import type { Game, GameMap, MapHex, MapHexside, MapZone } from '../model/game';

/** Bumped whenever a reader of an older bundle would misread a newer one. */
export const BUNDLE_FORMAT_VERSION = 1;
export const BUNDLE_SCHEMA_ID = 'https://hexforge.dev/schemas/bundle.schema.json';

/** One distinct hex terrain value; `cells[position]` points at it. */
export type BundleHexKind = Pick<MapHex, 'terrain' | 'partial' | 'source'>;

/** One distinct hexside feature (with its group's name and source). */
export type BundleSideKind = Pick<MapHexside, 'feature' | 'name' | 'source'>;

/**
 * The resolved map with its hexes, hexsides and zones packed against the extent; every other field
 * is the resolved map's own.
 */
export interface BundleMap extends Omit<GameMap, 'hexes' | 'hexsides' | 'zones'> {
  /** `cells[i]` = index into `kinds` of the hex at extent position i. */
  hexes: { kinds: BundleHexKind[]; cells: number[] };
  /**
   * Flat triples `[position, direction, kind, …]`: the side of the hex at extent `position` facing
   * axial `direction` (0..5) carries `kinds[kind]`. Listed in the resolved map's order.
   */
  hexsides: { kinds: BundleSideKind[]; sides: number[] };
  /** Each zone as authored plus its expanded hexes as extent positions. */
  zones: { zone: Omit<MapZone, 'hexIds'>; hexes: number[] }[];
}

/** The resolved game with its map packed; every other field is the resolved game's own. */
export interface Bundle extends Omit<Game, 'map'> {
  $schema: typeof BUNDLE_SCHEMA_ID;
  formatVersion: number;
  map: BundleMap;
}

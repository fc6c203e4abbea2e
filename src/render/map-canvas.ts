/** What every layer of the map drawing reads, and the lists it adds to. */
import type { Layout } from '../hex';
import type { TerrainTypeFile } from '../model/files';
import type { Game } from '../model/game';
import type { Item, Paint, TextItem } from './drawing';
import type { FontSet } from './fonts';
import type { Frame } from './map-curves';
import type { TerrainLook } from './map-style';

export interface TerrainEntry {
  t: TerrainTypeFile;
  /** Place in terrain.json. */
  i: number;
  look: TerrainLook;
}

export interface MapCanvas {
  game: Game;
  /** For labels placed by their measured ink (zone codes beside the hex's centre mark). */
  fonts: FontSet;
  layout: Layout;
  /** Hex size across flats, drawing units. */
  f: number;
  /** Drawing units per point. */
  pt: number;
  terrainById: Map<string, TerrainEntry>;
  /** Where the art ends: the hexes' area, out to the bleed (paths leaving the map run to it). */
  frame: Frame;
  items: Item[];
  /** Text drawn last, over everything. */
  labels: Item[];
  /** Each hex's id label and the fill under it, by "q,r" (a zone band under an id recolours it). */
  hexIds: Map<string, { label: TextItem; fill: Paint }>;
}

/** Terrain ids in painting order: style layer, then place in terrain.json. */
export function byLayer(canvas: MapCanvas): (a: string, b: string) => number {
  const { terrainById } = canvas;
  return (a, b) =>
    (terrainById.get(a)?.t.style?.layer ?? 0) - (terrainById.get(b)?.t.style?.layer ?? 0) ||
    (terrainById.get(a)?.i ?? -1) - (terrainById.get(b)?.i ?? -1);
}

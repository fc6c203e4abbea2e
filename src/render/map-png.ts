/**
 * The module map image: the map drawing at moduleScale px per inch, on exactly the geometry that
 * `mapPixelGeometry` gives the VASSAL exporter.
 */
import type { Game } from '../model/game';
import type { FontSet } from './fonts';
import { mapDrawing } from './map-drawing';
import { type MapGeometry, mapPixelGeometry } from '../plan/map-geometry';
import { encodePng, rasterizeDrawing, releaseImage } from './raster';
import { drawingToSvg } from './svg';

export interface MapPng {
  png: Uint8Array;
  geometry: MapGeometry;
}

export interface MapPngOptions {
  /** Hex ids printed in the hexes (default true; VASSAL shows them on mouse-over anyway). */
  hexIds?: boolean;
  progress?: (done: number, total: number, label?: string) => void;
}

/** The SVG of the module map image (no <text>; pixel size = geometry size). */
export function mapSvg(game: Game, fonts: FontSet, options: MapPngOptions = {}): { svg: string; geometry: MapGeometry } {
  const geometry = mapPixelGeometry(game);
  const items = mapDrawing(game, geometry, fonts, { hexIds: options.hexIds, progress: (d, t) => options.progress?.(d, t, 'hexes') });
  const svg = drawingToSvg({ width: geometry.width, height: geometry.height, items }, fonts, {
    pixelWidth: geometry.width,
    pixelHeight: geometry.height,
  });
  return { svg, geometry };
}

/**
 * Renders map.png (directly to pixels: an SVG renderer is far too slow for monster maps).
 * Share it in a build with `ctx.memo(MAP_PNG_MEMO, () => renderMapPng(game, fonts))`.
 */
export async function renderMapPng(game: Game, fonts: FontSet, options: MapPngOptions = {}): Promise<MapPng> {
  const geometry = mapPixelGeometry(game);
  const items = mapDrawing(game, geometry, fonts, { hexIds: options.hexIds, progress: (d, t) => options.progress?.(d, t, 'hexes') });
  const image = await rasterizeDrawing({ width: geometry.width, height: geometry.height, items }, fonts, geometry.width, geometry.height);
  options.progress?.(0, 1, 'encoding PNG');
  const png = await encodePng(image, game.map.moduleScale);
  releaseImage(image);
  options.progress?.(1, 1, 'encoding PNG');
  return { png, geometry };
}

export const MAP_PNG_MEMO = 'map.png';

/**
 * Whether the map drawn from its hexes (map.json without an `image`) makes a module picture
 * Hexforge can draw: hexSize × moduleScale decides its pixels, and a slip there (hexSize 200 for
 * 0.2, a pasted moduleScale) would ask for billions of them, or for hexes under one pixel.
 */
import { layoutAndBoundsForExtent } from '../hex';
import type { MapFile } from '../model/files';
import { MAP_MARGIN_INCHES } from '../plan/map-geometry';
import type { CheckContext } from './check-context';
import { MAX_IMAGE_PIXELS } from './image-header';

export function checkMapSize(ctx: CheckContext, map: MapFile, moduleScale: number): void {
  if (map.image !== undefined) return;
  const hexPixels = map.hexSize * moduleScale;
  const at = map.moduleScale !== undefined ? ' and moduleScale' : '';
  if (hexPixels < 1) {
    ctx.error(
      'map',
      '/hexSize',
      'map/hex-too-small',
      `a hex of ${map.hexSize} in is ${hexPixels.toPrecision(3)} px across in the module picture (${moduleScale} px per inch): too small to draw`,
      `hexSize is the distance across a hex's flats in inches (0.5 to 1 on most printed maps); check hexSize${at}`,
    );
    return;
  }
  const { bounds } = layoutAndBoundsForExtent(map.numbering, map.extent, hexPixels);
  const margin = 2 * MAP_MARGIN_INCHES * moduleScale;
  const width = Math.ceil(bounds.maxX - bounds.minX + margin);
  const height = Math.ceil(bounds.maxY - bounds.minY + margin);
  if (width * height <= MAX_IMAGE_PIXELS) return;
  const inches = (px: number) => (px / moduleScale).toFixed(1);
  ctx.error(
    'map',
    '/hexSize',
    'map/too-large',
    `the map is ${inches(width)} × ${inches(height)} in: its module picture at ${moduleScale} px per inch would be ${width.toLocaleString('en')} × ${height.toLocaleString('en')} px, more than the ${MAX_IMAGE_PIXELS.toLocaleString('en')} px Hexforge draws`,
    `hexSize is the distance across a hex's flats in inches (0.5 to 1 on most printed maps); check hexSize${at} and the extent`,
  );
}

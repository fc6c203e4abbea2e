/**
 * Where the map's hexes sit on the map image and the print map. One function per use, both on the
 * hex module's layout, so the VASSAL grid, the PNG and the PDF agree:
 *
 *   mapPixelGeometry(game)        the module image: moduleScale px per inch, first hex centre on
 *                                 whole pixels (VASSAL stores x0/y0 as integers), integer size
 *   mapGeometry(game, perInch)    any other unit (72 for PDF points), same margins
 */
import { type Layout, type Point, extentBounds, hexCenter, layoutForExtent, offsetToAxial, withOrigin } from '../hex';
import type { Game } from '../model/game';
import { type KeyLayout, mapKeyLayout } from './map-key-layout';

/** Blank paper around the outermost hex corners, in inches. */
export const MAP_MARGIN_INCHES = 0.25;

export interface MapGeometry {
  /** Drawing units per inch (pixels for the PNG, 72 for PDF points). */
  unitsPerInch: number;
  /** Hex layout in drawing units (from src/hex). */
  layout: Layout;
  /** Hex size across flats in drawing units. */
  flatSize: number;
  /** Centre of the first printed hex (first column, first row of the extent). */
  firstHexCenter: Point;
  /** Size of the whole map drawing, margins and key band included. */
  width: number;
  height: number;
  /** Bottom of the hexes' area (the hexes and their margin); the key band lies below it. */
  hexAreaHeight: number;
  /** The key band below the hexes, laid out in inches (scale by unitsPerInch). */
  key?: KeyLayout;
}

/**
 * The geometry of a map printed from its picture (map.json `image`): the picture's size at
 * moduleScale px per inch, the grid laid so the first hex is centred where the picture has it.
 */
function pictureGeometry(game: Game, unitsPerInch: number, wholeUnits: boolean): MapGeometry | undefined {
  const { numbering, extent, hexSize, image, moduleScale } = game.map;
  const picture = image ? game.art?.[image.file] : undefined;
  if (!image || !picture) return undefined;
  const k = unitsPerInch / moduleScale;
  const flatSize = hexSize * unitsPerInch;
  const first = offsetToAxial(numbering, extent.columns.first, extent.rows.first);
  const unplaced = layoutForExtent(numbering, extent, flatSize, { x: 0, y: 0 });
  const at = hexCenter(unplaced, first);
  const want = wholeUnits
    ? { x: Math.round(image.firstHexCenter.x * k), y: Math.round(image.firstHexCenter.y * k) }
    : { x: image.firstHexCenter.x * k, y: image.firstHexCenter.y * k };
  const layout = withOrigin(unplaced, { x: unplaced.originX + want.x - at.x, y: unplaced.originY + want.y - at.y });
  const width = wholeUnits ? Math.round(picture.width * k) : picture.width * k;
  const height = wholeUnits ? Math.round(picture.height * k) : picture.height * k;
  // The picture is the whole map: its own key, title and margins, no key band of ours.
  return { unitsPerInch, layout, flatSize, firstHexCenter: want, width, height, hexAreaHeight: height };
}

function geometry(game: Game, unitsPerInch: number, wholeUnits: boolean, withKey: boolean): MapGeometry {
  const fromPicture = pictureGeometry(game, unitsPerInch, wholeUnits);
  if (fromPicture) return fromPicture;
  const { numbering, extent, hexSize } = game.map;
  const flatSize = hexSize * unitsPerInch;
  const margin = MAP_MARGIN_INCHES * unitsPerInch;
  let layout = layoutForExtent(numbering, extent, flatSize, { x: margin, y: margin });
  const first = offsetToAxial(numbering, extent.columns.first, extent.rows.first);
  let firstHexCenter = hexCenter(layout, first);
  if (wholeUnits) {
    // Shift by less than a pixel so the first centre is integral; the margin absorbs the shift.
    const dx = Math.round(firstHexCenter.x) - firstHexCenter.x;
    const dy = Math.round(firstHexCenter.y) - firstHexCenter.y;
    layout = withOrigin(layout, { x: layout.originX + dx, y: layout.originY + dy });
    firstHexCenter = hexCenter(layout, first);
    firstHexCenter = { x: Math.round(firstHexCenter.x), y: Math.round(firstHexCenter.y) };
  }
  const bounds = extentBounds(layout, numbering, extent);
  const width = bounds.maxX + margin;
  const hexAreaHeight = bounds.maxY + margin;
  const key = withKey ? mapKeyLayout(game, width / unitsPerInch) : undefined;
  const height = hexAreaHeight + (key ? key.height * unitsPerInch : 0);
  return {
    unitsPerInch,
    layout,
    flatSize,
    firstHexCenter,
    width: wholeUnits ? Math.ceil(width - 1e-9) : width,
    height: wholeUnits ? Math.ceil(height - 1e-9) : height,
    hexAreaHeight,
    ...(key ? { key } : {}),
  };
}

/**
 * The module map image's geometry: use these numbers for the VASSAL HexGrid (flatSize, firstHexCenter).
 * The board has no key band: VASSAL's grid is unbounded, so a piece dropped on a band would snap
 * to a hex beyond the map, and an import of the module would read the band as more hexes.
 */
export function mapPixelGeometry(game: Game): MapGeometry {
  return geometry(game, game.map.moduleScale, true, false);
}

/** The map's geometry in any unit (72 per inch for PDF points). */
export function mapGeometry(game: Game, unitsPerInch: number): MapGeometry {
  return geometry(game, unitsPerInch, false, true);
}

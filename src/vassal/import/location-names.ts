/**
 * Whether a board can name a location an at-start stack gives (`useGridLocation`), as VASSAL's
 * SetupStack resolves it: through the board's grid — its zones (by name, or their region grids),
 * its regions — else the stack stays at its x/y pixel (`SetupStack.updatePosition`; a name the
 * grid does not know is a "Bad location name" data warning, a board without a grid ignores the
 * name). A region inside a zone is known only where the zone holds its origin. A numbered hex or
 * square grid knows the names its numbering parses (RegularGridNumbering.getLocation: "C4" is no name of a grid padding rows to two digits). Only
 * boards whose names can all be told are judged: a grid without numbering, or a zone whose location
 * format adds text of its own, can name places this does not tell; a hex or square grid inside a
 * zone named by `$name$` alone names none (its regions are still found).
 */
import { gridNumberingOf, polygonContains, zonePolygon } from '../board-location';
import type { Point } from '../../hex/layout';
import { parseVassalLocation } from '../grid';
import { attribute, type XmlElement } from '../xml-tree';

const B = 'VASSAL.build.module.map.boardPicker.board.';
const ZONE = `${B}mapgrid.Zone`;
const REGION = `${B}Region`;
/** Grids whose every location name is a zone's or a region's name. */
const LISTED_GRIDS = new Set([`${B}ZonedGrid`, `${B}RegionGrid`]);
/** Grids whose location names are those their numbering parses. */
const NUMBERED_GRIDS = new Set([`${B}HexGrid`, `${B}SquareGrid`]);
/** Zone location formats that name a location by the zone's name or its region grid's names only. */
const LISTED_FORMATS = new Set(['$name$', '$gridLocation$']);

/** Why VASSAL places the stack at its pixel rather than at the name; undefined: the name may be known. */
export type UnnamedReason = 'no grid' | 'unknown name' | 'region outside its zone';

/** A Region's origin pixel. */
function regionOrigin(region: XmlElement): Point {
  return { x: Number(attribute(region, 'originx') ?? 0), y: Number(attribute(region, 'originy') ?? 0) };
}

export function locationNameMiss(board: XmlElement, name: string): UnnamedReason | undefined {
  let grids = 0;
  let known = false;
  let unlisted = false;
  let regionOutside = false;
  // `reached`: a grid's names are reachable; a zone whose format leaves out its grid's location
  // (`$name$`) answers to its own name only, its regions aside (SetupStack.updatePosition).
  // `zone`: the polygon of the zone a region lies in, which must hold the region's origin
  // (Zone.getLocation, ZonedGrid.getRegionLocation: a region pointing outside its zone is no location).
  const walk = (el: XmlElement, reached: boolean, zone?: Point[]): void => {
    for (const child of el.children) {
      if (child.name.endsWith('Grid')) {
        grids++;
        const numbering = reached && NUMBERED_GRIDS.has(child.name) ? gridNumberingOf(child) : undefined;
        if (numbering) known ||= parseVassalLocation({ source: numbering }, name).ok;
        else if (reached && !LISTED_GRIDS.has(child.name)) unlisted = true;
      }
      if (child.name === ZONE) {
        const format = attribute(child, 'locationFormat') ?? '$name$';
        if (!LISTED_FORMATS.has(format)) unlisted = true;
        if (attribute(child, 'name') === name) known = true;
        walk(child, reached && format.includes('$gridLocation$'), zonePolygon(attribute(child, 'path') ?? ''));
        continue;
      }
      if (child.name === REGION && attribute(child, 'name') === name) {
        if (!zone || polygonContains(zone, regionOrigin(child))) known = true;
        else regionOutside = true;
      }
      walk(child, reached, zone);
    }
  };
  walk(board, true);
  if (grids === 0) return 'no grid';
  if (known || unlisted) return undefined;
  return regionOutside ? 'region outside its zone' : 'unknown name';
}

/**
 * A module whose second map "Charts" holds the board "Tracks" (500×120) with a grid of its own, and
 * at-start stacks placed there by location name (`useGridLocation`), as VASSAL 3.7's
 * SetupStack.updatePosition resolves them through the board's ZonedGrid:
 *
 * - "Turn 31": zone "Turns" (format "Turn $gridLocation$") hands "31" to its SquareGrid (dx = dy =
 *   60, origin (30, 30); numbering column first, both numeric, offsets 1, no separator): column
 *   3 − 1 = 2, row 1 − 1 = 0, so (2 × 60 + 30, 0 × 60 + 30) = (150, 30) (SquareGridNumbering.getCenterPoint);
 * - "Rail": zone "Rail" (format "$name$", no grid) places it at the mean of its corners
 *   (0,60 500,60 500,120 0,120) = (250, 90) (Zone.getLocation);
 * - "Depot A": no zone's format matches it and the ZonedGrid has no background grid, so VASSAL
 *   falls back to the regions of its zones (ZonedGrid.getRegionLocation): the RegionGrid of zone
 *   "Depots" has "Depot A" at (420, 30); VASSAL names that point by the zone, "Depots".
 *
 * The game map "Main Map" has one hex board "Field" with a stack by pixel.
 */
import { greyPicture } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board`;
const slotText = (name: string, gpid: number) => `+/null/piece;;;;${name}/null;0;0;${gpid};0`;
const slot = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${slotText(name, gpid)}</VASSAL.build.widget.PieceSlot>`;
const named = (name: string, gpid: number, location: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="Tracks" location="${location}" useGridLocation="true" x="0" y="0">${slot(name, gpid)}</VASSAL.build.module.map.SetupStack>`;

const HEX_GRID = `<${G}.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${G}.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${G}.HexGrid>`;
const SQUARES = `<${G}.SquareGrid dx="60.0" dy="60.0" x0="30" y0="30" visible="false"><${G}.mapgrid.SquareGridNumbering first="H" hType="N" vType="N" hOff="1" vOff="1" sep="" hLeading="0" vLeading="0" hDescend="false" vDescend="false" locationFormat="$gridLocation$" visible="false"/></${G}.SquareGrid>`;
const zone = (name: string, format: string, path: string, grid = '') =>
  `<${G}.mapgrid.Zone locationFormat="${format}" name="${name}" path="${path}" useParentGrid="false">${grid}</${G}.mapgrid.Zone>`;
const TRACK_GRID = `<${G}.ZonedGrid>${zone('Turns', 'Turn $gridLocation$', '0,0;300,0;300,60;0,60', SQUARES)}${zone('Rail', '$name$', '0,60;500,60;500,120;0,120')}${zone(
  'Depots',
  '$name$',
  '300,0;500,0;500,60;300,60',
  `<${G}.RegionGrid snapto="true" visible="false"><${G}.Region name="Depot A" originx="420" originy="30"/></${G}.RegionGrid>`,
)}</${G}.ZonedGrid>`;

/** Each stack by location name, and where VASSAL puts it on "Tracks" and what it names there (worked out above). */
export const NAMED_STACKS = [
  { name: 'Train', location: 'Turn 31', at: { x: 150, y: 30 }, named: 'Turn 31' },
  { name: 'Engine', location: 'Rail', at: { x: 250, y: 90 }, named: 'Rail' },
  { name: 'Wagon', location: 'Depot A', at: { x: 420, y: 30 }, named: 'Depots' },
];

export const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Board locations" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Field" image="Field.png">${HEX_GRID}</${B}.Board></VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.SetupStack name="Scout" owningBoard="Field" useGridLocation="false" x="96" y="104">${slot('Scout', 11)}</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Charts" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Tracks" image="Tracks.png">${TRACK_GRID}</${B}.Board></VASSAL.build.module.map.BoardPicker>${NAMED_STACKS.map((s, i) => named(s.name, 21 + i, s.location)).join('')}</VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${['Scout', 'Train', 'Engine', 'Wagon'].map((n, i) => slot(n, 1 + i)).join('')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

/** The module's entries: the buildFile and the two boards' pictures (VASSAL takes a board's size from its picture). */
export const boardLocationEntries = () =>
  new Map<string, Uint8Array>([
    ['buildFile.xml', new TextEncoder().encode(BUILD_FILE)],
    ['images/Field.png', greyPicture(400, 300, 120)],
    ['images/Tracks.png', greyPicture(500, 120, 150)],
  ]);

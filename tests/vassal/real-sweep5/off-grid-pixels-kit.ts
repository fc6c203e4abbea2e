/**
 * Two modules whose at-start stacks stand where VASSAL names no hex of the game's:
 *
 * - "Area": a map without a hex grid whose board holds a ZonedGrid of two zones, each with a
 *   square grid of its own (dx = dy = 50, origin (25, 25), numbered from 1 with "-"): zone "Field"
 *   shows positions by its name alone (`$name$`), zone "Track" as "T" and the square
 *   (`T$gridLocation$`). VASSAL 3.7.26 names (75, 75) and (175, 125) "Field", (375, 75) "T8-2"
 *   (square column (375 − 25) / 50 + 1 = 8, row (75 − 25) / 50 + 1 = 2), and (100, 300), in no
 *   zone, "offboard"; a stack placed by the name "Field" stands at the mean of that zone's corners.
 * - "Descending": a hex grid numbered from the right (hDescend) with a stack at (5, 5), in the
 *   board's margin left of the first column of hexes (x0 = 40, dx = 56: its hex is raw column −1,
 *   whose centre lies off the board), and one at (200, 150).
 */
import { greyPicture } from '../rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board`;
const piece = (name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;${name}.png;${name}/Red\tnull;0;0</VASSAL.build.widget.PieceSlot>`;
const atPixel = (board: string, x: number, y: number, name: string) =>
  `<VASSAL.build.module.map.SetupStack name="" owningBoard="${board}" useGridLocation="false" x="${x}" y="${y}">${piece(name)}</VASSAL.build.module.map.SetupStack>`;
const module = (board: string, stacks: string, names: string[]) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Off grid" version="1" VassalVersion="3.7.0" nextPieceSlotId="30"><VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${names.map(piece).join('')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>${board}</VASSAL.build.module.map.BoardPicker>${stacks}
  </VASSAL.build.module.Map>
</VASSAL.build.GameModule>`;

const SQUARES = `<${G}.SquareGrid dx="50.0" dy="50.0" x0="25" y0="25" visible="false"><${G}.mapgrid.SquareGridNumbering first="H" hType="N" vType="N" hOff="1" vOff="1" sep="-" hLeading="0" vLeading="0" hDescend="false" vDescend="false" locationFormat="$gridLocation$" visible="false"/></${G}.SquareGrid>`;
const zone = (name: string, format: string, path: string) =>
  `<${G}.mapgrid.Zone locationFormat="${format}" name="${name}" path="${path}" useParentGrid="false">${SQUARES}</${G}.mapgrid.Zone>`;
const AREA = `<${B}.Board name="Area" image="Area.png"><${G}.ZonedGrid>${zone('Field', '$name$', '0,0;300,0;300,200;0,200')}${zone('Track', 'T$gridLocation$', '300,0;600,0;600,200;300,200')}</${G}.ZonedGrid></${B}.Board>`;
const DESCENDING = `<${B}.Board name="Field" image="Field.png"><${G}.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false"><${G}.mapgrid.HexGridNumbering first="H" hDescend="true" hLeading="1" hOff="1" hType="N" sep="" stagger="true" vLeading="1" vOff="1" vType="N"/></${G}.HexGrid></${B}.Board>`;

/** Each stack: its piece and board pixel. */
export const AREA_STANDS = [
  { unit: 'A', x: 75, y: 75 },
  { unit: 'B', x: 175, y: 125 },
  { unit: 'C', x: 375, y: 75 },
  { unit: 'D', x: 100, y: 300 },
];
/** G, placed by the location name "Field": VASSAL's Zone.getLocation gives the mean of the zone's corners, (150, 100). */
const NAMED_FIELD = `<VASSAL.build.module.map.SetupStack name="" owningBoard="Area" useGridLocation="true" location="Field" x="0" y="0">${piece('G')}</VASSAL.build.module.map.SetupStack>`;
export const DESCENDING_STANDS = [
  { unit: 'E', x: 5, y: 5 },
  { unit: 'F', x: 200, y: 150 },
];

const encode = (xml: string) => new TextEncoder().encode(xml);

export const areaModuleEntries = () =>
  new Map<string, Uint8Array>([
    [
      'buildFile.xml',
      encode(module(AREA, AREA_STANDS.map((s) => atPixel('Area', s.x, s.y, s.unit)).join('') + NAMED_FIELD, ['A', 'B', 'C', 'D', 'G'])),
    ],
    ['images/Area.png', greyPicture(600, 400, 150)],
  ]);

export const descendingModuleEntries = () =>
  new Map<string, Uint8Array>([
    ['buildFile.xml', encode(module(DESCENDING, DESCENDING_STANDS.map((s) => atPixel('Field', s.x, s.y, s.unit)).join(''), ['E', 'F']))],
    ['images/Field.png', greyPicture(400, 300, 150)],
  ]);

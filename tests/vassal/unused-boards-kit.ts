/**
 * A module with boards no setup uses (./import-unused-boards.test.ts tells the story): the game map's
 * hex board "Field" (a new game's only board) and "Spare", the board "Rail, Port" of a chart window's
 * WidgetMap, and the board "Tracks" of a map of its own, each with a picture of a known size.
 */
import { greyPicture, sideSlot } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';

const HEX_GRID = `<${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>`;
const board = (name: string, image: string, grid = '') => `<${B}.Board name="${name}" image="${image}">${grid}</${B}.Board>`;
const picker = (boards: string, setup = '') =>
  `<VASSAL.build.module.map.BoardPicker>${setup}${boards}</VASSAL.build.module.map.BoardPicker>`;

const SETUP = `<setup>Main MapBoardPicker\tField\t0\t0</setup>`;
const STACK = `<VASSAL.build.module.map.SetupStack name="Red 1" owningBoard="Field" useGridLocation="false" x="100" y="104">${sideSlot('Red 1', 11, 'Red')}</VASSAL.build.module.map.SetupStack>`;
export const PALETTE = `<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>`;

export const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Spare boards" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">${picker(board('Field', 'Field.png', HEX_GRID) + board('Spare', 'Spare.png'), SETUP)}${STACK}</VASSAL.build.module.Map>
  <VASSAL.build.module.ChartWindow name="Charts window"><VASSAL.build.widget.TabWidget><VASSAL.build.widget.MapWidget entryName="Rail">
    <VASSAL.build.widget.WidgetMap mapName="Rail, Port" edgeWidth="0" edgeHeight="0">${picker(board('Rail, Port', 'Rail.png'))}</VASSAL.build.widget.WidgetMap>
  </VASSAL.build.widget.MapWidget></VASSAL.build.widget.TabWidget></VASSAL.build.module.ChartWindow>
  <VASSAL.build.module.Map mapName="Charts" edgeWidth="0" edgeHeight="0">${picker(board('Tracks', 'Tracks.png'))}</VASSAL.build.module.Map>
  ${PALETTE}
</VASSAL.build.GameModule>`;

/** Each picture's size in pixels (VASSAL takes a board's size from its picture). */
export const PICTURE_SIZES: Record<string, { width: number; height: number }> = {
  'Field.png': { width: 400, height: 300 },
  'Spare.png': { width: 200, height: 100 },
  'Rail.png': { width: 250, height: 150 },
  'Tracks.png': { width: 500, height: 120 },
};

/** The pictures, each of one grey of its own. */
export const PICTURES: Record<string, Uint8Array> = Object.fromEntries(
  Object.entries(PICTURE_SIZES).map(([name, { width, height }], i) => [name, greyPicture(width, height, 90 + 30 * i)]),
);

/** The unused map's board "Tracks" with a grid of its own: a ZonedGrid of two zones, one with a numbered square grid. */
const ZONED = `<VASSAL.build.module.map.boardPicker.board.ZonedGrid><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="Turn $gridLocation$" name="Turns" path="0,0;300,0;300,60;0,60" useParentGrid="false"><VASSAL.build.module.map.boardPicker.board.SquareGrid dx="60.0" dy="60.0" x0="30" y0="30" visible="false"><VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering first="H" hType="N" vType="N" hOff="1" vOff="1" sep="" hLeading="0" vLeading="0" hDescend="false" vDescend="false" locationFormat="$gridLocation$" visible="false"/></VASSAL.build.module.map.boardPicker.board.SquareGrid></VASSAL.build.module.map.boardPicker.board.mapgrid.Zone><VASSAL.build.module.map.boardPicker.board.mapgrid.Zone locationFormat="$name$" name="Rail" path="0,60;500,60;500,120;0,120" useParentGrid="false"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid>`;
export const WITH_TRACK_GRID = BUILD_FILE.replace(
  '<VASSAL.build.module.map.boardPicker.Board name="Tracks" image="Tracks.png"></VASSAL.build.module.map.boardPicker.Board>',
  `<VASSAL.build.module.map.boardPicker.Board name="Tracks" image="Tracks.png">${ZONED}</VASSAL.build.module.map.boardPicker.Board>`,
);

/**
 * A module whose boards VASSAL paints in colours (Board `color`, shown where a board has no
 * picture): the game map's hex board "Field" with neither picture nor size, in green; the map
 * "Dead" of one grey board of a stated size (as the jzedwards template's DeadPile); the map "Glass"
 * of a translucent board, colour and alpha; the map "Hex" of a board coloured by a "0x" number; the
 * map "Bad" of a colour VASSAL cannot read; and the map "Tracks" of a board with a picture and a
 * colour, which VASSAL does not paint.
 */
import { greyPicture, sideSlot } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';

const HEX_GRID = `<${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true" visible="false"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>`;
const board = (attributes: string, grid = '') => `<${B}.Board ${attributes} reversible="false">${grid}</${B}.Board>`;
const map = (name: string, boards: string, stacks = '') =>
  `<VASSAL.build.module.Map mapName="${name}" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${boards}</VASSAL.build.module.map.BoardPicker>${stacks}</VASSAL.build.module.Map>`;

const STACK = `<VASSAL.build.module.map.SetupStack name="Red 1" owningBoard="Field" useGridLocation="false" x="96" y="104">${sideSlot('Red 1', 11, 'Red')}</VASSAL.build.module.map.SetupStack>`;
const PALETTE = `<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>`;

/** Each board's `color` as the buildFile writes it. */
export const COLOR_TEXTS = {
  Field: '0,128,0',
  Dead: '204,204,204',
  Glass: '10,20,30,128',
  Hex: '0x336699',
  Bad: 'grey',
  Tracks: '255,0,0',
};

export const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Board colours" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  ${map('Main Map', board(`color="${COLOR_TEXTS.Field}" name="Field"`, HEX_GRID), STACK)}
  ${map('Dead', board(`color="${COLOR_TEXTS.Dead}" height="300" name="Dead" width="400"`))}
  ${map('Glass', board(`color="${COLOR_TEXTS.Glass}" height="100" name="Glass" width="200"`))}
  ${map('Hex', board(`color="${COLOR_TEXTS.Hex}" height="100" name="Hex" width="200"`))}
  ${map('Bad', board(`color="${COLOR_TEXTS.Bad}" height="100" name="Bad" width="200"`))}
  ${map('Tracks', board(`color="${COLOR_TEXTS.Tracks}" image="Tracks.png" name="Tracks"`))}
  ${PALETTE}
</VASSAL.build.GameModule>`;

/** The one picture, of a board that also states a colour. */
export const PICTURES: Record<string, Uint8Array> = { 'Tracks.png': greyPicture(300, 80, 120) };

/** The module's entries. */
export const moduleEntries = (buildFile = BUILD_FILE) =>
  new Map<string, Uint8Array>([
    ['buildFile.xml', new TextEncoder().encode(buildFile)],
    ...Object.entries(PICTURES).map(([name, data]): [string, Uint8Array] => [`images/${name}`, data]),
  ]);

/**
 * A module of three windows: the game map "Main Map" (hex board "Field"), the player hand "Red
 * Hand" (PlayerHand, side Red) and the private map "Blue Board" (PrivateMap, side Blue, shown to
 * all), each with at-start stacks at board pixels. No piece states its side by a property or a
 * word: each has a Restricted Access trait naming the one side that may move it
 * (`restrict;Red;false;true;`, Restricted.mySetType: the side list, by player, movement, description).
 */
import { greyPicture } from '../rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const G = `${B}.board`;

/** Each piece: its side (its Restricted Access trait's), window, board and board pixel. */
export const PIECES = [
  { name: 'Guard', side: 'Red', map: 'Main Map', board: 'Field', x: 152, y: 104 },
  { name: 'Card A', side: 'Red', map: 'Red Hand', board: 'RedHand', x: 50, y: 50 },
  { name: 'Card B', side: 'Red', map: 'Red Hand', board: 'RedHand', x: 150, y: 50 },
  { name: 'Spy', side: 'Blue', map: 'Blue Board', board: 'BlueBoard', x: 80, y: 60 },
];

const slot = (name: string, side: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/restrict;${side};false;true;\tpiece;;;${name}.png;${name}/\tnull;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;
const stacksOn = (map: string) =>
  PIECES.filter((p) => p.map === map)
    .map(
      (p) =>
        `<VASSAL.build.module.map.SetupStack name="" owningBoard="${p.board}" useGridLocation="false" x="${p.x}" y="${p.y}">${slot(p.name, p.side, 11 + PIECES.indexOf(p))}</VASSAL.build.module.map.SetupStack>`,
    )
    .join('');
const HEX = `<${G}.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false"><${G}.mapgrid.HexGridNumbering first="H" hLeading="1" hOff="1" hType="N" sep="" stagger="true" vLeading="1" vOff="1" vType="N"/></${G}.HexGrid>`;
const picker = (board: string, grid = '') =>
  `<VASSAL.build.module.map.BoardPicker><${B}.Board name="${board}" image="${board}.png">${grid}</${B}.Board></VASSAL.build.module.map.BoardPicker>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Private windows" version="1" VassalVersion="3.7.0" nextPieceSlotId="30"><VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${PIECES.map((p, i) => slot(p.name, p.side, i + 1)).join('')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">${picker('Field', HEX)}${stacksOn('Main Map')}</VASSAL.build.module.Map>
  <VASSAL.build.module.PlayerHand mapName="Red Hand" side="Red" visible="false" edgeWidth="0" edgeHeight="0">${picker('RedHand')}${stacksOn('Red Hand')}</VASSAL.build.module.PlayerHand>
  <VASSAL.build.module.PrivateMap mapName="Blue Board" side="Blue" visible="true" edgeWidth="0" edgeHeight="0">${picker('BlueBoard')}${stacksOn('Blue Board')}</VASSAL.build.module.PrivateMap>
</VASSAL.build.GameModule>`;

export const privateWindowEntries = () =>
  new Map<string, Uint8Array>([
    ['buildFile.xml', new TextEncoder().encode(BUILD_FILE)],
    ['images/Field.png', greyPicture(400, 300, 150)],
    ['images/RedHand.png', greyPicture(300, 120, 200)],
    ['images/BlueBoard.png', greyPicture(200, 150, 100)],
  ]);

/** A module of one unpadded numeric hex grid of sixteen columns, with at-start stacks named past column 9 (see ./unpadded-wide-grid.test.ts). */
import { greyPicture } from '../rebuild-kit';
import { oneMapBuildFile } from '../synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const UNPADDED_BOARD = `<${B}.Board name="Wide" width="900" height="500"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false"><${B}.board.mapgrid.HexGridNumbering first="H" hLeading="0" hOff="1" hType="N" sep="" stagger="false" vLeading="0" vOff="1" vType="N"/></${B}.board.HexGrid></${B}.Board>`;
const piece = (name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;${name}.png;${name}/Red\tnull;0;0</VASSAL.build.widget.PieceSlot>`;
const named = (location: string, name: string) =>
  `<VASSAL.build.module.map.SetupStack location="${location}" name="" owningBoard="Wide" useGridLocation="true">${piece(name)}</VASSAL.build.module.map.SetupStack>`;
const atPixel = (x: number, y: number, name: string) =>
  `<VASSAL.build.module.map.SetupStack name="" owningBoard="Wide" useGridLocation="false" x="${x}" y="${y}">${piece(name)}</VASSAL.build.module.map.SetupStack>`;

export const UNPADDED_BUILD_FILE = oneMapBuildFile({
  name: 'Unpadded',
  sides: ['Red'],
  palette: ['A', 'B', 'C', 'D', 'P'].map(piece).join(''),
  board: UNPADDED_BOARD,
  stacks: named('11', 'A') + named('125', 'B') + named('1210', 'C') + named('157', 'D') + atPixel(600, 300, 'P'),
});

/** The module with the board's picture (900 × 500) instead of a stated size: VASSAL takes the size from it. */
export const unpaddedWithPicture = () =>
  new Map<string, Uint8Array>([
    [
      'buildFile.xml',
      new TextEncoder().encode(
        UNPADDED_BUILD_FILE.replace('<VASSAL.build.module.PlayerRoster>', '<VASSAL.build.module.BasicCommandEncoder/>$&').replace(
          'name="Wide" width="900" height="500"',
          'name="Wide" image="Wide.png"',
        ),
      ),
    ],
    ['images/Wide.png', greyPicture(900, 500, 140)],
  ]);

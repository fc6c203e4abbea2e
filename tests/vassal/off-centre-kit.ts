/**
 * A module whose stacks stand off their hex's centre: a hex board with a picture (so that a built
 * module keeps its grid; hexes 56 × 64 px from (40, 40), numbered from 0101, reference §4.2), "Red 1" at (50, 45) in hex 0101 (centre (40, 40)), "Blue 1"
 * at the centre of 0102, (40, 104); as at-start stacks or in a saved game (no map edge: map pixels
 * are board pixels).
 */
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { oneMapBuildFile } from './synthetic-module';
import { greyPicture, sideSlot, sideSlotText } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const HEX_BOARD = `<${B}.Board name="Hexes" image="hexes.png" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board>`;

export const STANDS = [
  { unit: 'Red 1', side: 'Red', gpid: 1, x: 50, y: 45 },
  { unit: 'Blue 1', side: 'Blue', gpid: 2, x: 40, y: 104 },
];

const stack = (s: (typeof STANDS)[number], i: number) =>
  `<VASSAL.build.module.map.SetupStack name="Stack ${i}" owningBoard="Hexes" useGridLocation="false" x="${s.x}" y="${s.y}">${sideSlot(s.unit, 10 + i, s.side)}</VASSAL.build.module.map.SetupStack>`;

export async function offCentreEntries(atStart: boolean): Promise<Map<string, Uint8Array>> {
  const xml = oneMapBuildFile({
    name: 'Off centre',
    sides: ['Red', 'Blue'],
    palette: STANDS.map((s) => sideSlot(s.unit, s.gpid, s.side)).join(''),
    board: HEX_BOARD,
    stacks: atStart ? STANDS.map(stack).join('') : '',
  }).replace(
    '</VASSAL.build.GameModule>',
    `${atStart ? '' : '<VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>'}</VASSAL.build.GameModule>`,
  );
  const buildFile = xml.replace(
    '<VASSAL.build.module.PlayerRoster>',
    '<VASSAL.build.module.BasicCommandEncoder/><VASSAL.build.module.PlayerRoster>',
  );
  const entries = new Map([
    ['buildFile.xml', new TextEncoder().encode(buildFile)],
    ['images/hexes.png', greyPicture(400, 300, 200)],
  ]);
  if (!atStart) {
    const pieces = STANDS.map(
      (s, i) =>
        `+/${1000 + i}/${sideSlotText(s.unit, s.gpid, s.side).slice('+/null/'.length).replace('null;0;0;', `Main Map;${s.x};${s.y};`)}`,
    );
    const commands = ['begin_save', '', ...pieces, 'SETUP_STACK\t', 'end_save'];
    const identity = { name: 'Off centre', version: '1', description: '', dateSaved: 0 };
    entries.set('opening.vsav', await savedGameArchive(commands.join(COMMAND_SEPARATOR), identity, 'Opening', 0));
  }
  return entries;
}

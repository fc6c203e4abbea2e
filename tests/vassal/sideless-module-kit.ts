/**
 * A module shaped like sports and board-game modules whose pieces state no side anywhere: the
 * roster names players ("Player 1", "Player 2"), not the teams; the palette lists teams by name;
 * each team member states its factors in Markers of a prototype ("Move", "Strength", "Speed",
 * "Skill"), and the ball and the tokens state none. No Restricted Access, no side property, no
 * side-named window, list or folder.
 */
import { buildBasicPiece, buildMarker, buildUsePrototype } from '../../src/vassal/traits/index';
import { SMALL_HEX_BOARD, oneMapBuildFile, setupStack } from './synthetic-module';
import { piece, prototype } from './side-module-kit';

const memberOf = (name: string, gpid: number, stats: readonly [string, string][]) =>
  piece([buildMarker(stats), buildUsePrototype('Player Piece'), buildBasicPiece({ name, gpid })]);
const memberSlot = (name: string, gpid: number, stats: readonly [string, string][]) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}">${memberOf(name, gpid, stats)}</VASSAL.build.widget.PieceSlot>`;
const plainSlot = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}">${piece([buildBasicPiece({ name, gpid })])}</VASSAL.build.widget.PieceSlot>`;

const stats = (move: string, strength: string, speed: string, skill: string): [string, string][] => [
  ['Move', move],
  ['Strength', strength],
  ['Speed', speed],
  ['Skill', skill],
];

/** Team members: name, gpid, stats. */
export const MEMBERS = [
  { name: 'Judwan Striker', gpid: 1, stats: stats('7', '5', '3', '3') },
  { name: 'Judwan Keeper', gpid: 2, stats: stats('5', '4', '4', '5') },
  { name: 'Forge Guard', gpid: 3, stats: stats('4', '3', '4', '5') },
];

const list = (name: string, slots: string) =>
  `<VASSAL.build.widget.ListWidget entryName="${name}">${slots}</VASSAL.build.widget.ListWidget>`;

export function sidelessBuildFile(): string {
  const palette =
    list('Judwan', memberSlot(MEMBERS[0].name, 1, MEMBERS[0].stats) + memberSlot(MEMBERS[1].name, 2, MEMBERS[1].stats)) +
    list('Forge Fathers', memberSlot(MEMBERS[2].name, 3, MEMBERS[2].stats)) +
    list('Tokens', plainSlot('Ball', 4) + plainSlot('Dice Token', 5));
  const xml = oneMapBuildFile({
    name: 'Pitch',
    sides: ['Player 1', 'Player 2'],
    palette,
    board: SMALL_HEX_BOARD,
    stacks: setupStack(96, memberSlot(MEMBERS[0].name, 1, MEMBERS[0].stats)) + setupStack(208, plainSlot('Ball', 4)),
  });
  return xml.replace(
    '<VASSAL.build.module.PieceWindow',
    `<VASSAL.build.module.PrototypesContainer>${prototype('Player Piece', [])}</VASSAL.build.module.PrototypesContainer>\n  <VASSAL.build.module.PieceWindow`,
  );
}

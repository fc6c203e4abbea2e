/**
 * Pre-defined setups as saved games (.vsav), written exactly as reference §5.2 specifies:
 *
 *   begin_save ␛ <pieces, each stack's or deck's pieces before it> ␛ <map>BoardPicker… ␛
 *   SETUP_STACK<TAB> ␛ [TURNTurnTracker0<TAB><state> ␛] end_save
 *
 * - The command list is flat and ESC-separated (VASSAL's decoder accepts flat lists).
 * - `SETUP_STACK<TAB>` is the new-game indicator's restore command: without it VASSAL would run
 *   any at-start stacks again on load and duplicate pieces. It is always written, so a module
 *   author who later adds at-start stacks does not break the setups.
 * - Pieces come with their prototypes expanded (`expandPrototypes`, as VASSAL's own saves hold
 *   them) and carry the palette slot's gpid in the BasicPiece state so the Game Refresher can
 *   match them.
 * - The payload is plain text: VASSAL 3.6+ reads plain and `!VCSK` saves alike, and plain text
 *   keeps the setups reviewable.
 */
import { encodeSequence } from '../sequence-encoder';
import { encodePiece, type PieceDefinition } from '../piece';
import { basicPieceState } from '../traits/index';
import { type ModuleIdentity, moduleDataXml, saveDataXml } from './metadata';
import { zipParts } from './zip';

export const COMMAND_SEPARATOR = '\u001b';
export const SETUP_STACK_RESTORE = 'SETUP_STACK\t';

export interface SavedStack {
  mapId: string;
  /** Map pixels: the map's edge (0 here), the board's origin on the map, the board pixel. */
  x: number;
  y: number;
  pieces: PieceDefinition[];
  /** The stack is a deck (counters/Deck.java): its type and whether its cards lie face down. */
  deck?: { type: string; faceDown: boolean };
}

export interface SavedGame {
  stacks: SavedStack[];
  /** Each map's BoardPicker command: its boards in their cells (board-layout.ts `setBoardsCommand`). */
  boards: string[];
  /** The turn tracker's restore command (turn-state.ts), when the module has a tracker. */
  turn?: string;
}

/** Puts a palette definition on a map: its BasicPiece state gets the map, position and gpid. */
export function placePiece(piece: PieceDefinition, id: string, mapId: string, x: number, y: number): PieceDefinition {
  return withBasicState(piece, id, mapId, x, y, basicPieceState.decode(piece.traits[piece.traits.length - 1].state).gpid ?? '');
}

/** A palette definition under another gpid, off any map: the piece of another PieceSlot (an at-start stack's). */
export function slotWithGpid(piece: PieceDefinition, gpid: number): PieceDefinition {
  return withBasicState(piece, piece.id, 'null', 0, 0, String(gpid));
}

function withBasicState(piece: PieceDefinition, id: string, mapId: string, x: number, y: number, gpid: string): PieceDefinition {
  const traits = [...piece.traits];
  const basic = traits[traits.length - 1];
  traits[traits.length - 1] = {
    type: basic.type,
    state: basicPieceState.encode({ mapId, x: String(x), y: String(y), gpid, propertyCount: '0' }),
  };
  return { id, traits };
}

/** The `savedGame` command string. Piece ids are 1000, 1001 … in order, stacks numbered after their pieces. */
export function savedGameCommands(game: SavedGame): string {
  const commands: string[] = ['begin_save', ''];
  let nextId = 1000;
  for (const stack of game.stacks) {
    const ids: string[] = [];
    for (const piece of stack.pieces) {
      const id = String(nextId++);
      ids.push(id);
      commands.push(encodePiece(placePiece(piece, id, stack.mapId, stack.x, stack.y)));
    }
    commands.push(stack.deck ? deckCommand(String(nextId++), stack, stack.deck, ids) : stackCommand(String(nextId++), stack, ids));
  }
  commands.push(...game.boards);
  commands.push(SETUP_STACK_RESTORE);
  if (game.turn !== undefined) commands.push(game.turn);
  commands.push('end_save');
  return commands.join(COMMAND_SEPARATOR);
}

/** A stack's AddPiece: `+/id/stack/map;x;y;ids…;@@layer`. */
function stackCommand(id: string, stack: SavedStack, ids: readonly string[]): string {
  const state = encodeSequence([stack.mapId, String(stack.x), String(stack.y), ...ids, '@@-1'], ';')!;
  return `+/${encodeSequence([id, 'stack', state], '/')}`;
}

/** A deck's AddPiece: `+/id/deck;<type>/map;x;y;faceDown[;id,id…]` (Deck.getState: no ids when it is empty). */
function deckCommand(id: string, stack: SavedStack, deck: NonNullable<SavedStack['deck']>, ids: readonly string[]): string {
  const cards = encodeSequence(ids, ',');
  const state = encodeSequence(
    [stack.mapId, String(stack.x), String(stack.y), String(deck.faceDown), ...(cards === null ? [] : [cards])],
    ';',
  )!;
  return `+/${encodeSequence([id, deck.type, state], '/')}`;
}

/** The .vsav archive: savedGame (from the stacks, or the command string already made), savedata, and a copy of the module's moduledata. */
export async function savedGameArchive(
  game: SavedGame | string,
  module: ModuleIdentity,
  comment: string,
  epochSeconds: number,
): Promise<Uint8Array> {
  return savedGameZip(game, module, comment, epochSeconds);
}

/** savedGameArchive, made at once: the module writer packs each save as soon as it is checked. */
export function savedGameZip(game: SavedGame | string, module: ModuleIdentity, comment: string, epochSeconds: number): Uint8Array {
  const entries = [
    { path: 'savedGame', data: typeof game === 'string' ? game : savedGameCommands(game) },
    { path: 'savedata', data: saveDataXml(module, comment) },
    { path: 'moduledata', data: moduleDataXml(module) },
  ];
  return Buffer.concat(zipParts(entries, epochSeconds));
}

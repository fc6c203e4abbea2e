/**
 * Whether pieces of one counter are interchangeable: turning any one of them over gives the same
 * game. They are when their traits are the same, type and state, apart from what VASSAL gives each
 * piece to tell it from its copies and no player sees: the BasicPiece state's gpid (which links a
 * piece to its palette slot for the Game Refresher) and its persistent `UniqueID` (3.7, format
 * reference §3.4). A saved piece's id is no trait, so it is left out already. Pure.
 */
import { BASIC_PIECE_ID, basicPieceProperties, decodeBasicPieceState } from '../traits/basic-piece';
import type { Trait } from '../traits/index';

const UNIQUE_ID = 'UniqueID';

/** The traits with the BasicPiece's identity left out, as one text: equal texts, interchangeable pieces. */
export function likenessOf(traits: readonly Trait[]): string {
  return JSON.stringify(traits.map((t) => (t.type.startsWith(BASIC_PIECE_ID) ? [t.type, withoutIdentity(t.state)] : [t.type, t.state])));
}

/** The state's map and position, and its persistent properties but `UniqueID`. */
function withoutIdentity(state: string): string {
  const fields = decodeBasicPieceState(state);
  const properties = basicPieceProperties(fields);
  const rest = (fields.extra ?? []).slice(2 * properties.length);
  return JSON.stringify([fields.mapId, fields.x, fields.y, properties.filter(([key]) => key !== UNIQUE_ID), rest]);
}

/** Whether every piece of the list is like every other (`likenessOf`). */
export function interchangeable(pieces: ReadonlyArray<{ traits: readonly Trait[] }>): boolean {
  const first = pieces[0] === undefined ? '' : likenessOf(pieces[0].traits);
  return pieces.every((p) => likenessOf(p.traits) === first);
}

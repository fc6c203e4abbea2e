/**
 * BasicPiece `piece;`: the innermost element of every piece (format reference §3.4).
 * Type: cloneKey, deleteKey (legacy single characters, normally empty), imageName, name.
 * State: mapId ("null" off-map), x, y, gpid, number of persistent properties, then key/value pairs.
 */
import { fieldCodec, plainFieldCodec, type FieldValues, type Trait } from './trait';

export const BASIC_PIECE_ID = 'piece;';

export const basicPieceType = fieldCodec(BASIC_PIECE_ID, ['cloneKey', 'deleteKey', 'imageName', 'name'] as const);
export type BasicPieceType = FieldValues<(typeof basicPieceType.names)[number]>;

/** The key/value pairs after `propertyCount` are kept in `extra`; see `basicPieceProperties`. */
export const basicPieceState = plainFieldCodec(['mapId', 'x', 'y', 'gpid', 'propertyCount'] as const);
export type BasicPieceState = FieldValues<(typeof basicPieceState.names)[number]>;

/** Persistent properties (3.7 writes `UniqueID`) as key/value pairs. */
export function basicPieceProperties(state: BasicPieceState): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const tokens = state.extra ?? [];
  const count = Number.parseInt(state.propertyCount ?? '0', 10) || 0;
  for (let i = 0; i < count && 2 * i < tokens.length; i++) pairs.push([tokens[2 * i], tokens[2 * i + 1] ?? '']);
  return pairs;
}

export interface BasicPieceOptions {
  /** Piece name shown to players. */
  name: string;
  /** Image relative to the module's `images/` folder; empty for an image-less piece. */
  image?: string;
  /** The palette slot's gpid; VASSAL fills it in from the slot, so it may be left empty. */
  gpid?: string | number;
}

/** The BasicPiece of a palette slot or prototype, as the 3.7 editor writes it. */
export function buildBasicPiece(options: BasicPieceOptions): Trait {
  return {
    type: basicPieceType.encode({ cloneKey: '', deleteKey: '', imageName: options.image ?? '', name: options.name }),
    state: basicPieceState.encode({ mapId: 'null', x: '0', y: '0', gpid: String(options.gpid ?? ''), propertyCount: '0' }),
  };
}

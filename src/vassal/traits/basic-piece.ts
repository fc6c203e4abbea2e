/**
 * BasicPiece `piece;`: the innermost element of every piece (format reference §3.4).
 * Type: cloneKey, deleteKey (legacy single characters, normally empty), imageName, name.
 * State: mapId ("null" off-map), x, y, gpid, number of persistent properties, then key/value pairs.
 */
import { SequenceDecoder } from '../sequence-encoder';
import { fieldCodec, plainFieldCodec, type FieldValues, type Trait } from './trait';

export const BASIC_PIECE_ID = 'piece;';

export const basicPieceType = fieldCodec(BASIC_PIECE_ID, ['cloneKey', 'deleteKey', 'imageName', 'name'] as const);
export type BasicPieceType = FieldValues<(typeof basicPieceType.names)[number]>;

/** The key/value pairs after `propertyCount` are kept in `extra`; see `basicPieceProperties`. */
export const basicPieceState = plainFieldCodec(['mapId', 'x', 'y', 'gpid', 'propertyCount'] as const);
export type BasicPieceState = FieldValues<(typeof basicPieceState.names)[number]>;

/**
 * `basicPieceType.decode`, spelled out for the usual four fields (every piece of a module ends in
 * a BasicPiece, so this runs once per definition); anything else takes the general path.
 */
export function decodeBasicPieceType(type: string): BasicPieceType {
  if (!type.startsWith(BASIC_PIECE_ID)) return basicPieceType.decode(type);
  const decoder = new SequenceDecoder(type, ';', BASIC_PIECE_ID.length);
  const cloneKey = decoder.nextToken(undefined);
  const deleteKey = decoder.nextToken(undefined);
  const imageName = decoder.nextToken(undefined);
  const name = decoder.nextToken(undefined);
  if (name === undefined || decoder.hasMoreTokens()) return basicPieceType.decode(type);
  return { cloneKey, deleteKey, imageName, name };
}

/**
 * `basicPieceState.decode`, spelled out likewise: the five fields as far as the state has them
 * (older modules stop after the position), then the properties as `extra`.
 */
export function decodeBasicPieceState(state: string): BasicPieceState {
  const decoder = new SequenceDecoder(state, ';');
  const mapId = decoder.nextToken();
  if (!decoder.hasMoreTokens()) return { mapId };
  const x = decoder.nextToken();
  if (!decoder.hasMoreTokens()) return { mapId, x };
  const y = decoder.nextToken();
  if (!decoder.hasMoreTokens()) return { mapId, x, y };
  const gpid = decoder.nextToken();
  if (!decoder.hasMoreTokens()) return { mapId, x, y, gpid };
  const propertyCount = decoder.nextToken();
  if (!decoder.hasMoreTokens()) return { mapId, x, y, gpid, propertyCount };
  return { mapId, x, y, gpid, propertyCount, extra: decoder.remainingTokens() };
}

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

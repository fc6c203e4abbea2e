/**
 * Named-field views of the traits Hexforge emits and commonly meets. `decodeTrait` never loses
 * anything: `encodeTrait(decodeTrait(t))` gives `t` back, and a trait this code does not know
 * stays `{ kind: 'unknown' }` with its strings verbatim.
 */
import {
  BASIC_PIECE_ID,
  basicPieceState,
  basicPieceType,
  decodeBasicPieceState,
  decodeBasicPieceType,
  type BasicPieceState,
  type BasicPieceType,
} from './basic-piece';
import { BASIC_NAME_ID, basicNameType, type BasicNameType } from './basic-name';
import { CLONE_ID, cloneType, type CloneType } from './clone';
import { DELETE_ID, deleteType, type DeleteType } from './delete';
import { IMMOBILIZED_ID, immobilizedType, type ImmobilizedType } from './immobilized';
import { LABELER_ID, labelerType, type LabelerType } from './labeler';
import { LAYER_ID, OLD_LAYER_ID, layerImages, layerType, oldLayerLevels, type LayerType } from './layer';
import { MARKER_ID, decodeMarker, encodeMarker, type MarkerFields } from './marker';
import { MASK_ID, maskImages, maskType, type MaskType } from './mask';
import { MOVEMENT_MARKABLE_ID, movementMarkableType, type MovementMarkableType } from './movement-markable';
import { REPORT_STATE_ID, reportStateType, type ReportStateType } from './report-state';
import { traitId, type Trait } from './trait';
import { USE_PROTOTYPE_ID, decodeUsePrototypeType, usePrototypeType, type UsePrototypeType } from './use-prototype';

export type DecodedTrait =
  | { kind: 'basicPiece'; type: BasicPieceType; state: BasicPieceState }
  | { kind: 'basicName'; type: BasicNameType; state: string }
  | { kind: 'layer'; type: LayerType; state: string }
  | { kind: 'marker'; fields: MarkerFields }
  | { kind: 'usePrototype'; type: UsePrototypeType; state: string }
  | { kind: 'reportState'; type: ReportStateType; state: string }
  | { kind: 'delete'; type: DeleteType; state: string }
  | { kind: 'clone'; type: CloneType; state: string }
  | { kind: 'immobilized'; type: ImmobilizedType; state: string }
  | { kind: 'movementMarkable'; type: MovementMarkableType; state: string }
  | { kind: 'labeler'; type: LabelerType; state: string }
  | { kind: 'mask'; type: MaskType; state: string }
  | { kind: 'unknown'; id: string; trait: Trait };

export type TraitKind = DecodedTrait['kind'];

export function decodeTrait(trait: Trait): DecodedTrait {
  const { type, state } = trait;
  switch (traitId(type)) {
    case BASIC_PIECE_ID:
      return { kind: 'basicPiece', type: decodeBasicPieceType(type), state: decodeBasicPieceState(state) };
    case BASIC_NAME_ID:
      return { kind: 'basicName', type: basicNameType.decode(type), state };
    case LAYER_ID:
      return { kind: 'layer', type: layerType.decode(type), state };
    case MARKER_ID:
      return { kind: 'marker', fields: decodeMarker(trait) };
    case USE_PROTOTYPE_ID:
      return { kind: 'usePrototype', type: decodeUsePrototypeType(type), state };
    case REPORT_STATE_ID:
      return { kind: 'reportState', type: reportStateType.decode(type), state };
    case DELETE_ID:
      return { kind: 'delete', type: deleteType.decode(type), state };
    case CLONE_ID:
      return { kind: 'clone', type: cloneType.decode(type), state };
    case IMMOBILIZED_ID:
      return { kind: 'immobilized', type: immobilizedType.decode(type), state };
    case MOVEMENT_MARKABLE_ID:
      return { kind: 'movementMarkable', type: movementMarkableType.decode(type), state };
    case LABELER_ID:
      return { kind: 'labeler', type: labelerType.decode(type), state };
    case MASK_ID:
      return { kind: 'mask', type: maskType.decode(type), state };
    default:
      return { kind: 'unknown', id: traitId(type), trait };
  }
}

export function encodeTrait(decoded: DecodedTrait): Trait {
  switch (decoded.kind) {
    case 'basicPiece':
      return { type: basicPieceType.encode(decoded.type), state: basicPieceState.encode(decoded.state) };
    case 'basicName':
      return { type: basicNameType.encode(decoded.type), state: decoded.state };
    case 'layer':
      return { type: layerType.encode(decoded.type), state: decoded.state };
    case 'marker':
      return encodeMarker(decoded.fields);
    case 'usePrototype':
      return { type: usePrototypeType.encode(decoded.type), state: decoded.state };
    case 'reportState':
      return { type: reportStateType.encode(decoded.type), state: decoded.state };
    case 'delete':
      return { type: deleteType.encode(decoded.type), state: decoded.state };
    case 'clone':
      return { type: cloneType.encode(decoded.type), state: decoded.state };
    case 'immobilized':
      return { type: immobilizedType.encode(decoded.type), state: decoded.state };
    case 'movementMarkable':
      return { type: movementMarkableType.encode(decoded.type), state: decoded.state };
    case 'labeler':
      return { type: labelerType.encode(decoded.type), state: decoded.state };
    case 'mask':
      return { type: maskType.encode(decoded.type), state: decoded.state };
    case 'unknown':
      return decoded.trait;
  }
}

/**
 * Image names a trait draws, relative to the module's `images/` folder. Only traits decoded here
 * are inspected; images inside unknown traits (e.g. nested definitions of `placemark;`) are not.
 */
export function traitImages(trait: Trait): string[] {
  const decoded = decodeTrait(trait);
  switch (decoded.kind) {
    case 'basicPiece':
      return decoded.type.imageName ? [decoded.type.imageName] : [];
    case 'layer':
      return layerImages(decoded.type);
    case 'movementMarkable':
      return decoded.type.movedImage ? [decoded.type.movedImage] : [];
    case 'mask':
      return maskImages(decoded.type);
    case 'unknown':
      return decoded.id === OLD_LAYER_ID ? oldLayerLevels(trait.type).images : [];
    default:
      return [];
  }
}

export { traitId, type Trait } from './trait';
export * from './basic-piece';
export * from './basic-name';
export * from './clone';
export * from './delete';
export * from './immobilized';
export * from './labeler';
export * from './layer';
export * from './marker';
export * from './mask';
export * from './movement-markable';
export * from './report-state';
export * from './property-sheet';
export * from './use-prototype';

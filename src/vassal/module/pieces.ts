/**
 * Piece definitions for units, markers and chits, and the prototypes they share, built only from
 * the trait builders in ../traits and encoded by ../piece (never by hand).
 *
 * A unit counter, outermost trait first:
 *   Layer "Step"  (back face, Ctrl+F; only when the counter has a back to show)
 *   Marker        (every value printed on the counter and the unit's identity)
 *   prototype "Side: <side>", prototype "Type: <type>", prototype "Unit"
 *   BasicPiece    (name, front face, gpid)
 * Whether a piece flips is the component plan's (`hasBack`); its back is named after the data's
 * `back`; values are formatted by the plan's one formatter, so a value the rulebook does not
 * give is written "?", the same mark the printed counter shows.
 */
import type { ChitFile, MarkerFile } from '../../model/files';
import type { Game, Unit } from '../../model/game';
import { type UnitCounter, setupText, valueText } from '../../plan';
import type { PieceDefinition } from '../piece';
import { FLIP_LEVEL, PIECE_KINDS, SHARED_PROPERTIES as P, UNIT_PROPERTIES as U, backProperty, fieldNameProperty } from '../properties';
import {
  type Trait,
  buildBasicPiece,
  buildClone,
  buildDelete,
  buildLayer,
  buildMarker,
  buildReportState,
  buildUsePrototype,
} from '../traits/index';
import type { FaceImages } from './art';
import {
  CHIT_PROTOTYPE,
  CLONE_KEY,
  DELETE_KEY,
  FLIP_KEY,
  FLIP_LAYER,
  MARKER_PROTOTYPE,
  UNIT_PROTOTYPE,
  formationName,
  sideName,
  sidePrototype,
  typeName,
  typePrototype,
  unitPieceName,
} from './names';

/**
 * The unit's own Marker properties. Side and type properties come from the side and type
 * prototypes. A value field appears under its field id (front) and `<id>_Back` (back face).
 */
export function unitProperties(game: Game, unit: Unit): Array<[string, string]> {
  const props: Array<[string, string]> = [
    [U.unitId, unit.id],
    [U.nationality, unit.nationality ?? ''],
    [U.size, valueText(unit.size)],
    [U.formation, unit.formation ? formationName(game, unit.formation) : ''],
    [U.formationId, unit.formation ?? ''],
    [U.designation, valueText(unit.designation)],
    [U.steps, valueText(unit.steps)],
    [U.entry, valueText(unit.entry)],
    [U.setupCode, setupText(unit)?.text ?? ''],
    [U.flags, unit.flags.join(' ')],
  ];
  for (const field of game.info.unitFields ?? []) {
    if (field.id in unit.front) props.push([field.id, valueText(unit.front[field.id])]);
    if (field.id in unit.reverse) props.push([backProperty(field.id), valueText(unit.reverse[field.id])]);
  }
  // Properties with no value are left out: VASSAL reads an undefined property as "" anyway.
  return props.filter(([, value]) => value !== '');
}

function flipLayer(faces: FaceImages, reducedSuffix: string, initiallyFlipped: boolean): Trait[] {
  if (!faces.back) return [];
  return [
    buildLayer({
      name: FLIP_LAYER,
      images: [faces.back.path],
      levelNames: [reducedSuffix],
      activateCommand: 'Flip',
      activateKeyStroke: FLIP_KEY,
      description: 'Flip to the back of the counter',
      loop: true,
      initialValue: initiallyFlipped ? 1 : -1,
    }),
  ];
}

/**
 * The flip layer's level name: it says what the back is, as the data states it (an import reads it
 * back). A back the data does not describe, such as the module's own back picture, adds nothing to
 * the piece's name.
 */
function unitBackLevel(unit: Unit): string {
  return unit.back === 'reduced' ? FLIP_LEVEL.reduced : unit.back === 'other' ? FLIP_LEVEL.back : '';
}

export interface PieceOptions {
  gpid: number;
  /** Start on the back face (setups placing reduced units). */
  flipped?: boolean;
}

/** The counter of one unit: it flips when the plan gives it a back (the art then holds its image). */
export function unitPiece(game: Game, counter: UnitCounter, faces: FaceImages, options: PieceOptions): PieceDefinition {
  const { unit } = counter;
  return {
    id: 'null',
    traits: [
      ...flipLayer(faces, unitBackLevel(unit), options.flipped ?? false),
      buildMarker(unitProperties(game, unit)),
      buildUsePrototype(sidePrototype(game, unit.side)),
      buildUsePrototype(typePrototype(game, unit.type)),
      buildUsePrototype(UNIT_PROTOTYPE),
      buildBasicPiece({ name: unitPieceName(game, unit), image: faces.front.path, gpid: options.gpid }),
    ],
  };
}

export function markerPiece(game: Game, marker: MarkerFile, faces: FaceImages, options: PieceOptions): PieceDefinition {
  const props: Array<[string, string]> = [[P.markerId, marker.id]];
  if (marker.side) props.push([P.side, sideName(game, marker.side)], [P.sideId, marker.side]);
  if (marker.track) props.push([P.track, marker.track]);
  return {
    id: 'null',
    traits: [
      ...flipLayer(faces, FLIP_LEVEL.back, options.flipped ?? false),
      buildMarker(props),
      buildUsePrototype(MARKER_PROTOTYPE),
      buildBasicPiece({ name: marker.name, image: faces.front.path, gpid: options.gpid }),
    ],
  };
}

export function chitPiece(game: Game, chit: ChitFile, faces: FaceImages, options: PieceOptions): PieceDefinition {
  const props: Array<[string, string]> = [[P.chitId, chit.id]];
  if (chit.number !== undefined) props.push([P.number, String(chit.number)]);
  if (chit.side) props.push([P.side, sideName(game, chit.side)], [P.sideId, chit.side]);
  if (chit.pool) props.push([P.pool, chit.pool]);
  if (chit.effect !== undefined) props.push([P.effect, valueText(chit.effect)]);
  return {
    id: 'null',
    traits: [
      ...flipLayer(faces, FLIP_LEVEL.back, options.flipped ?? false),
      buildMarker(props),
      buildUsePrototype(CHIT_PROTOTYPE),
      buildBasicPiece({ name: chit.name, image: faces.front.path, gpid: options.gpid }),
    ],
  };
}

export interface Prototype {
  name: string;
  description: string;
  piece: PieceDefinition;
}

function prototype(name: string, description: string, traits: Trait[]): Prototype {
  // A prototype's BasicPiece carries no image or name (reference §3.5).
  return { name, description, piece: { id: 'null', traits: [...traits, buildBasicPiece({ name: '' })] } };
}

const MOVE_REPORT = buildReportState({ keys: [FLIP_KEY], reportFormat: '$location$: $newPieceName$ flipped', description: 'Report flips' });

/**
 * Shared prototypes: one for every unit, marker and chit, one per side and one per unit type that
 * the game's units use. Sorted by name within each group, groups in a fixed order.
 */
export function prototypes(game: Game): Prototype[] {
  const out: Prototype[] = [
    prototype(UNIT_PROTOTYPE, 'Every unit counter', [
      MOVE_REPORT,
      buildDelete({ key: DELETE_KEY }),
      buildMarker([
        [P.kind, PIECE_KINDS.unit],
        ...(game.info.unitFields ?? []).map((f): [string, string] => [fieldNameProperty(f.id), f.name]),
      ]),
    ]),
    prototype(MARKER_PROTOTYPE, 'Markers', [
      buildClone({ key: CLONE_KEY }),
      buildDelete({ key: DELETE_KEY }),
      buildMarker([[P.kind, PIECE_KINDS.marker]]),
    ]),
    prototype(CHIT_PROTOTYPE, 'Chits', [buildDelete({ key: DELETE_KEY }), buildMarker([[P.kind, PIECE_KINDS.chit]])]),
  ];
  const usedSides = new Set(game.units.map((u) => u.side));
  for (const side of game.info.sides) {
    if (!usedSides.has(side.id)) continue;
    out.push(
      prototype(sidePrototype(game, side.id), `Units of ${side.name}`, [
        buildMarker([
          [P.side, side.name],
          [P.sideId, side.id],
        ]),
      ]),
    );
  }
  const usedTypes = [...new Set(game.units.map((u) => u.type))].sort();
  for (const typeId of usedTypes) {
    const type = game.info.unitTypes?.find((t) => t.id === typeId);
    const props: Array<[string, string]> = [
      [P.type, typeName(game, typeId)],
      [P.typeId, typeId],
    ];
    if (type?.movementClass) props.push([P.movementClass, type.movementClass]);
    if (type?.category) props.push([P.category, type.category]);
    out.push(prototype(typePrototype(game, typeId), `Units of type ${type?.name ?? typeId}`, [buildMarker(props)]));
  }
  return out;
}

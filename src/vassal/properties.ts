/**
 * The names of the properties Hexforge gives its pieces (Marker traits), defined once: the module
 * writer (module/pieces.ts) sets them and the importer (import/units.ts) reads them back.
 */

/** A unit's own identity properties, in the order the piece lists them (value fields follow). */
export const UNIT_PROPERTIES = {
  unitId: 'UnitId',
  nationality: 'Nationality',
  size: 'Size',
  formation: 'Formation',
  formationId: 'FormationId',
  designation: 'Designation',
  steps: 'Steps',
  entry: 'Entry',
  setupCode: 'SetupCode',
  flags: 'Flags',
} as const;

/** Every identity property name, in piece order: a Hexforge unit's other properties are its values. */
export const UNIT_IDENTITY: readonly string[] = Object.values(UNIT_PROPERTIES);

/** A value field's back-face property is `<field>_Back`. */
export const BACK_SUFFIX = '_Back';

export function backProperty(field: string): string {
  return `${field}${BACK_SUFFIX}`;
}

/** The Unit prototype names each value field: `<field>_Name` is its name as game.json gives it. */
export const FIELD_NAME_SUFFIX = '_Name';

export function fieldNameProperty(field: string): string {
  return `${field}${FIELD_NAME_SUFFIX}`;
}

/** Properties set by the shared prototypes and on markers and chits. */
export const SHARED_PROPERTIES = {
  kind: 'Kind',
  side: 'Side',
  sideId: 'SideId',
  type: 'Type',
  typeId: 'TypeId',
  movementClass: 'MovementClass',
  category: 'Category',
  markerId: 'MarkerId',
  chitId: 'ChitId',
  track: 'Track',
  number: 'Number',
  pool: 'Pool',
  effect: 'Effect',
} as const;

/** Values of the `Kind` property, one per prototype. */
export const PIECE_KINDS = { unit: 'Unit', marker: 'Marker', chit: 'Chit' } as const;

/** Level names of the flip layer: what VASSAL appends to a flipped piece's name. */
export const FLIP_LEVEL = { reduced: '+ (reduced)', back: '+ (back)' } as const;

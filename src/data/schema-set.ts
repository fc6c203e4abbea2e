/** The JSON Schemas of schemas/ a game folder is checked against, by file kind. No ajv here: just the data. */
import checksSchema from '../../schemas/checks.schema.json';
import commonSchema from '../../schemas/common.schema.json';
import countersSchema from '../../schemas/counters.schema.json';
import gameSchema from '../../schemas/game.schema.json';
import mapSchema from '../../schemas/map.schema.json';
import scenariosSchema from '../../schemas/scenarios.schema.json';
import systemRulesSchema from '../../schemas/system-rules.schema.json';
import tablesSchema from '../../schemas/tables.schema.json';
import terrainSchema from '../../schemas/terrain.schema.json';
import tracksSchema from '../../schemas/tracks.schema.json';
import unitsSchema from '../../schemas/units.schema.json';

export const FILE_KINDS = ['game', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios', 'checks'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const SCHEMAS: Record<FileKind, { $id: string }> = {
  game: gameSchema,
  map: mapSchema,
  terrain: terrainSchema,
  units: unitsSchema,
  counters: countersSchema,
  tables: tablesSchema,
  tracks: tracksSchema,
  scenarios: scenariosSchema,
  checks: checksSchema,
};

/** Schemas other files refer to (common definitions, game.json's system rule blocks) come first. */
export const ALL_SCHEMAS: { $id: string }[] = [commonSchema, systemRulesSchema, ...Object.values(SCHEMAS)];

/** All units.csv rows in one schema: one validator run instead of one per row. */
export const UNIT_ROWS_SCHEMA = { $id: 'hexforge:units-rows', type: 'array', items: { $ref: unitsSchema.$id } };

/**
 * Objects of thousands of entries (map.json's terrain: one per hex) whose values the lean (verdict)
 * compilation checks one by one from the listing the census walk keeps (./listed-entries.ts),
 * rather than listing the object once more: its lean file schema keeps the property's type and
 * leaves `additionalProperties` to a validator of its own, exported as `name`. The verbose
 * compilation, which explains a failure, keeps the schema whole.
 */
export const LISTED_VALUE_CHECKS: readonly { kind: FileKind; property: string; name: string }[] = [
  { kind: 'map', property: 'terrain', name: 'mapTerrainValue' },
];

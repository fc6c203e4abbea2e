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

/**
 * The lean verdict on units.csv rows, column by column. Validating each row against units.schema.json
 * decides again, for every key of every row, which of its checks apply (the key compared with each
 * property, tested against each pattern property twice): some 30 regular expression tests a row,
 * 6,000 rows on a big game. Every row's keys are columns of the header, so which checks apply to a
 * column is decided once from it, and each cell then runs only its column's (UNIT_CELL_CHECKS, each
 * compiled from the schema itself). The verdict is the schema's; a failing file is explained by the
 * verbose validator as before.
 */
import type { ValidateFunction } from 'ajv/dist/2020';
import { compiledValidators } from './compiled-validators';
import { UNIT_CELL_CHECKS } from './lean-schemas';
import { SCHEMAS } from './schema-set';
import { TOP_LEVEL_CALL } from './validator-call-paths';

interface UnitsSchema {
  type?: unknown;
  required?: string[];
  properties?: Record<string, unknown>;
  patternProperties?: Record<string, unknown>;
  additionalProperties?: unknown;
}

/** The keywords this verdict reads at the top of units.schema.json, with those that say nothing about validity. */
const KEYWORDS_READ = new Set(['$schema', '$id', 'title', 'description', '$comment', '$defs', 'type', 'required', 'properties', 'patternProperties', 'additionalProperties']);

const units = SCHEMAS.units as UnitsSchema;

/**
 * Whether the schema is one this verdict reads completely: an object with properties, pattern
 * properties and a boolean for the rest, none of its names an inherited member of every object
 * (a property read of such a name finds a value in every row).
 */
const READABLE =
  Object.keys(units).every((keyword) => KEYWORDS_READ.has(keyword)) &&
  units.type === 'object' &&
  (units.additionalProperties === undefined || typeof units.additionalProperties === 'boolean') &&
  ![...Object.keys(units.properties ?? {}), ...(units.required ?? [])].some((name) => name in Object.prototype);

/** What a column's cells are checked against: the cell checks that apply, or none at all allowed. */
interface ColumnChecks {
  column: string;
  /** Whether the column may have no value at all (no property or pattern names it, and the rest are not allowed). */
  forbidden: boolean;
  /** A name every object inherits (`constructor`): its value is the row's only when the row has it as its own. */
  own: boolean;
  checks: ValidateFunction[];
}


/**
 * Whether every row passes units.schema.json, each row's keys being columns of `header` (as
 * units-csv.ts builds them); undefined when the schema takes a form this verdict does not read.
 */
export function unitRowsPass(rows: readonly object[], header: readonly string[]): boolean | undefined {
  if (!READABLE) return undefined;
  const validators = compiledValidators(false).unitCells;
  const patterns = UNIT_CELL_CHECKS.filter((check) => check.kind === 'pattern').map((check) => ({ pattern: new RegExp(check.key, 'u'), validate: validators[check.name] }));
  const properties = units.properties ?? {};
  const columns: ColumnChecks[] = [];
  for (const column of new Set(header)) {
    const named = Object.hasOwn(properties, column);
    const checks = [...(named ? [validators[`unitProperty:${column}`]] : []), ...patterns.filter((p) => p.pattern.test(column)).map((p) => p.validate)];
    if (checks.includes(undefined as never)) return undefined;
    columns.push({ column, forbidden: checks.length === 0 && units.additionalProperties === false, own: column in Object.prototype, checks });
  }
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return false;
  }
  for (const key of units.required ?? []) for (let r = 0; r < rows.length; r++) if ((rows[r] as Record<string, unknown>)[key] === undefined) return false;
  // Column by column: one key read over and over, each check over every cell of its column.
  for (const { column, forbidden, own, checks } of columns) {
    if (forbidden) {
      for (let r = 0; r < rows.length; r++) if (Object.hasOwn(rows[r], column)) return false;
      continue;
    }
    if (checks.length === 0) continue;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as Record<string, unknown>;
      const value = row[column];
      if (value === undefined || (own && !Object.hasOwn(row, column))) continue;
      for (let c = 0; c < checks.length; c++) if (!checks[c](value, TOP_LEVEL_CALL)) return false;
    }
  }
  return true;
}

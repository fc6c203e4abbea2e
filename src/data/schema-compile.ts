/**
 * Compiles the schemas of schema-set.ts with ajv (2020-12, strict). The built CLI runs this once at
 * build time (scripts/build-dist.ts writes the validators as standalone code); from source it runs
 * on first use.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import bundleSchema from '../../schemas/bundle.schema.json';
import { LISTED_VALUE_IDS, leanSchemas, UNIT_CELL_CHECK_IDS } from './lean-schemas';
import { ALL_SCHEMAS, FILE_KINDS, SCHEMAS, UNIT_ROWS_SCHEMA, type FileKind } from './schema-set';
import { readsCallContext, withSharedCallContext } from './validator-call-paths';
import { appendErrorsInPlace } from './validator-errors-append';

export { LISTED_VALUE_IDS, UNIT_CELL_CHECK_IDS } from './lean-schemas';

export function createAjv(verbose = false, standalone = false, passContext = false): Ajv2020 {
  // allowUnionTypes: `"type": ["integer", "string"]` is the clearest way to say "page 12 or page xii".
  // allowMatchingProperties: units rows name fixed columns that also match the value-column pattern.
  return new Ajv2020({
    strict: true,
    allErrors: true,
    verbose,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    passContext,
    // Each referenced definition compiles to one function, not a copy at every use: 5× less code to load.
    inlineRefs: false,
    // A failing reference's errors are appended, not copied with all gathered before (quadratic).
    code: { process: appendErrorsInPlace, ...(standalone ? { source: true } : {}) },
  });
}

export interface Compiled {
  files: Record<FileKind, ValidateFunction>;
  rows: ValidateFunction;
  /** The lean compilation's validators of LISTED_VALUE_CHECKS, by name (none in the verbose one). */
  listedValues: Record<string, ValidateFunction>;
  /** The lean compilation's validators of UNIT_CELL_CHECKS (lean-schemas.ts), by name (none in the verbose one). */
  unitCells: Record<string, ValidateFunction>;
}

/** Whether any schema uses unevaluatedProperties/unevaluatedItems (none does today). */
const USES_UNEVALUATED = JSON.stringify(ALL_SCHEMAS).includes('"unevaluated');

/** Definitions of at most this many keywords are inlined into the lean validators. */
const INLINE_REF_KEYWORDS = 4;

/** Export name → schema $id of every validator validation uses. */
export const VALIDATOR_IDS: Record<FileKind | 'rows', string> = {
  ...(Object.fromEntries(FILE_KINDS.map((kind) => [kind, SCHEMAS[kind].$id])) as Record<FileKind, string>),
  rows: UNIT_ROWS_SCHEMA.$id,
};

/** An ajv instance holding every schema, configured as the lean (verdict) or verbose (explaining) compilation. */
export function schemaAjv(verbose: boolean, standalone = false): Ajv2020 {
  const ajv = createAjv(verbose, standalone);
  // Ajv2020 always tracks evaluated properties for unevaluated*, so every anyOf runs all its
  // branches and builds error objects for the failing ones (3× the cost on units rows). No schema
  // uses unevaluated*, so the lean compilation turns the tracking off: same verdict, less work.
  // The verbose compilation keeps it, so explanations (and diagnostics) stay exactly as they were.
  if (!verbose && !USES_UNEVALUATED) ajv.opts.unevaluated = false;
  // A call per reference costs an instance path and an argument object each time: 20,000 map hexes
  // each calling the id check did more work than the check itself. The lean compilation inlines
  // small definitions (an id is a type and a pattern); the verbose one keeps them out of line, so
  // its error paths, and the diagnostics made from them, do not change.
  if (!verbose) ajv.opts.inlineRefs = INLINE_REF_KEYWORDS;
  // Its errors are never read (a failing file is explained by the verbose compilation): nested
  // calls share one context, with no instance path spelt (validator-call-paths.ts).
  if (!verbose) ajv.opts.code.process = leanCode;
  for (const schema of verbose ? ALL_SCHEMAS : leanSchemas()) ajv.addSchema(schema);
  ajv.addSchema(UNIT_ROWS_SCHEMA);
  return ajv;
}

/** Ids of the schemas of schemas/ (ajv compiles the JSON Schema meta-schemas too, which keep their code). */
const OWN_SCHEMA = /^(?:https:\/\/hexforge\.dev\/|hexforge:)/;

function leanCode(code: string, schema?: { baseId?: string }): string {
  if (!OWN_SCHEMA.test(schema?.baseId ?? '')) return appendErrorsInPlace(code);
  const shared = withSharedCallContext(appendErrorsInPlace(code));
  if (readsCallContext(shared)) throw new Error('lean validator code builds or reads a call context: update validator-call-paths.ts');
  return shared;
}

export function compileValidators(verbose: boolean): Compiled {
  const ajv = schemaAjv(verbose);
  const files = Object.fromEntries(FILE_KINDS.map((kind) => [kind, ajv.getSchema(SCHEMAS[kind].$id)!])) as Record<FileKind, ValidateFunction>;
  const lean = (ids: Record<string, string>) => (verbose ? {} : Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, ajv.getSchema(id)!])));
  return { files, rows: ajv.getSchema(UNIT_ROWS_SCHEMA.$id)!, listedValues: lean(LISTED_VALUE_IDS), unitCells: lean(UNIT_CELL_CHECK_IDS) };
}

/** The bundle schema's validator (verdict and plain errors; bundles are checked by verify and engine). */
export function bundleAjv(standalone = false): Ajv2020 {
  const ajv = createAjv(false, standalone);
  for (const schema of ALL_SCHEMAS) ajv.addSchema(schema);
  ajv.addSchema(bundleSchema);
  return ajv;
}

export const BUNDLE_SCHEMA_ID = bundleSchema.$id;

export function compileBundleValidator(): ValidateFunction {
  return bundleAjv().getSchema(BUNDLE_SCHEMA_ID)!;
}

/**
 * The validators of schema-compile.ts and check-query-compile.ts, compiled on first use. The built
 * CLI (dist/) replaces this module with one that loads the same validators compiled at build time
 * as ajv standalone code (scripts/build-dist.ts), so a start never compiles schemas and valid data
 * never loads ajv.
 */
import type { ValidateFunction } from 'ajv/dist/2020';
import { checkQueryAjv } from './check-query-compile';
import { compileBundleValidator, compileValidators, type Compiled } from './schema-compile';

const cache: { lean?: Compiled; verbose?: Compiled; bundle?: ValidateFunction } = {};

export function compiledValidators(verbose: boolean): Compiled {
  return (cache[verbose ? 'verbose' : 'lean'] ??= compileValidators(verbose));
}

export function compiledBundleValidator(): ValidateFunction {
  return (cache.bundle ??= compileBundleValidator());
}

let checkAjv: ReturnType<typeof checkQueryAjv> | undefined;

/** The validator of one query's input or expect schema, registered under `id` (checkQuerySchemaId). */
export function compiledCheckQueryValidator(id: string, schema: object): ValidateFunction {
  checkAjv ??= checkQueryAjv();
  return checkAjv.getSchema(id) ?? (checkAjv.addSchema(schema, id), checkAjv.getSchema(id)!);
}

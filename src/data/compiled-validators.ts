/**
 * The validators of schema-compile.ts, compiled on first use. The built CLI (dist/) replaces this
 * module with the same validators compiled at build time as ajv standalone code
 * (scripts/build-dist.ts), so a start never compiles schemas and valid data never loads ajv.
 */
import { compileValidators, type Compiled } from './schema-compile';

const cache: { lean?: Compiled; verbose?: Compiled } = {};

export function compiledValidators(verbose: boolean): Compiled {
  return (cache[verbose ? 'verbose' : 'lean'] ??= compileValidators(verbose));
}

/**
 * What running a check-query validator needs without ajv itself: the $id each query schema is
 * compiled under and the shape of the references it collects. Kept apart from
 * check-query-compile.ts so that validating data with the precompiled validators never loads ajv.
 */

export interface FoundRef {
  kind: string;
  value: string;
  pointer: string;
}

/** What a check-query validator is called with (`validate.call(context, value)`). */
export interface RefCollector {
  refs: FoundRef[];
}

/** The $id a query's input or expect schema is compiled under. */
export function checkQuerySchemaId(query: string, part: 'input' | 'expect'): string {
  return `hexforge:query:${query}:${part}`;
}

/**
 * The ajv instance for checks.json inputs against the engine's query declarations. `x-ref` marks
 * strings that name something of the game: validation collects them into `this.refs` (ajv's
 * passContext), for the cross-check against the game's ids. It generates code rather than calling
 * a function, so the validators can be compiled ahead of time (scripts/build-dist.ts).
 */
import type Ajv2020 from 'ajv/dist/2020';
import { _, Name } from 'ajv/dist/2020';
import { strConcat } from 'ajv/dist/compile/codegen';
import { createAjv } from './schema-compile';

export { checkQuerySchemaId } from './check-query-ids';

const INSTANCE_PATH = new Name('instancePath');

export function checkQueryAjv(standalone = false): Ajv2020 {
  const ajv = createAjv(true, standalone, true);
  // `x-removed`: {key: hint} for input keys a query no longer takes (an annotation: the hint replaces "allowed here").
  ajv.addKeyword({ keyword: 'x-removed', schemaType: 'object' });
  ajv.addKeyword({
    keyword: 'x-ref',
    type: 'string',
    schemaType: 'string',
    code(cxt) {
      // `instancePath` is the generated validator's parameter holding the path of the value it checks.
      const pointer = strConcat(INSTANCE_PATH, cxt.it.errorPath);
      cxt.gen.if(_`this && this.refs`, () => cxt.gen.code(_`this.refs.push({kind: ${cxt.schema}, value: ${cxt.data}, pointer: ${pointer}})`));
    },
  });
  return ajv;
}

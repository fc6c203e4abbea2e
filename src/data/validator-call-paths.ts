/**
 * The lean compilation (schema-compile.ts) only decides valid or not: its errors are never read,
 * the verbose compilation explains. ajv's generated code still makes an argument object for each
 * nested call, and spells the callee's instance path in it (`instancePath+"/" + i0`,
 * `instancePath+"/" + key0.replace(…).replace(…)`): an object and a string per array item, object
 * entry or referenced definition validated, 6,000 units.csv rows and every scenario entry of a big
 * game. In lean code every nested call is handed one shared context instead. Its callee then reads
 * instancePath "" (used only in the errors nobody reads), rootData defaulting to its own data and
 * no parentData: lean code reads neither (no $data, no defaults or coercion; checked by
 * readsCallContext), and dynamicAnchors only ever held by $dynamicAnchor, which no schema uses.
 */
import type { ValidateFunction } from 'ajv/dist/2020';

/** The shared context's name in lean code, and its declaration. */
const SHARED_CONTEXT = 'leanCallContext';
const SHARED_CONTEXT_DECLARATION = `const ${SHARED_CONTEXT} = {instancePath:"",dynamicAnchors:{}};`;

/** One part of a generated path: a string literal, an item index, or an object key escaped for a pointer. */
const PATH_PART = String.raw`(?:"(?:[^"\\]|\\.)*"|i\d+|key\d+\.replace\(\/~\/g, "~0"\)\.replace\(\/\\\/\/g, "~1"\))`;
/** A string literal or a generated name (data0, i0, key0). */
const OPERAND = String.raw`(?:"(?:[^"\\]|\\.)*"|[\w$]+)`;
const CALL_CONTEXT = new RegExp(
  String.raw`\{instancePath(?::instancePath\+${PATH_PART}(?: ?\+ ?${PATH_PART})*)?,parentData(?::${OPERAND})?,parentDataProperty(?::${OPERAND})?,rootData,dynamicAnchors\}`,
  'g',
);
/** How every generated validator takes its context (the one place lean code may name these). */
const CONTEXT_PARAMETERS = '{instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}';

/** Lean code of one compiled schema (`…return function validateN(…){…}`, as ajv's code.process gets it) with shared call contexts. */
export function withSharedCallContext(code: string): string {
  return `${SHARED_CONTEXT_DECLARATION}${code.replace(CALL_CONTEXT, SHARED_CONTEXT)}`;
}

/** A standalone lean module (`"use strict";…`) with shared call contexts. */
export function moduleWithSharedCallContext(code: string): string {
  const strict = '"use strict";';
  if (!code.startsWith(strict)) throw new Error('ajv standalone code no longer starts with "use strict": update moduleWithSharedCallContext');
  return `${strict}${withSharedCallContext(code.slice(strict.length))}`;
}

/**
 * Whether code still builds a call context or reads one beyond passing it on: ajv changed how it
 * writes calls, or a schema took up a keyword that reads parentData, rootData or dynamicAnchors.
 */
export function readsCallContext(code: string): boolean {
  return /\b(?:parentData|parentDataProperty|rootData|dynamicAnchors)\b/.test(code.split(CONTEXT_PARAMETERS).join('').replace(SHARED_CONTEXT_DECLARATION, ''));
}

/**
 * The data context of a validator called on a value of its own (as ajv calls a top-level one), made
 * once: called without it, ajv's generated code allocates a default object and an anchors object per
 * call, some 1 MB of garbage over a 20,000-hex terrain. Only $dynamicAnchor writes to the anchors,
 * and no schema uses it (a test checks), so one shared object serves every call.
 */
export const TOP_LEVEL_CALL = { instancePath: '', dynamicAnchors: {} } as unknown as Parameters<ValidateFunction>[1];

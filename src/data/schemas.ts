/**
 * Game files against the JSON Schemas of schemas/: a lean compilation decides valid or not, a
 * verbose one (only when a file is invalid) explains, and its errors are turned into diagnostics: one per problem, at the offending value, with a did-you-mean for typos.
 */
import type { ErrorObject } from 'ajv/dist/2020';
import { compiledValidators } from './compiled-validators';
import { closestName } from './did-you-mean';
import { entriesOf } from './listed-entries';
import { LISTED_VALUE_CHECKS } from './schema-set';
import { unitRowsPass } from './unit-rows-verdict';
import { TOP_LEVEL_CALL } from './validator-call-paths';

export { ALL_SCHEMAS, FILE_KINDS, type FileKind } from './schema-set';
import type { FileKind } from './schema-set';

export function validateAgainstSchema(kind: FileKind, value: unknown): SchemaProblem[] {
  if (compiledValidators(false).files[kind](value) && listedValuesPass(kind, value)) return [];
  const explain = compiledValidators(true).files[kind];
  explain(value);
  return condense(explain.errors ?? [], value);
}

/** The values of the kind's LISTED_VALUE_CHECKS properties, which its lean file validator leaves out; `value` passed that validator. */
function listedValuesPass(kind: FileKind, value: unknown): boolean {
  for (const check of LISTED_VALUE_CHECKS) {
    if (check.kind !== kind) continue;
    // Its file validator passed: the property is absent or an object.
    const object = (value as Record<string, Record<string, unknown> | undefined>)[check.property];
    if (object === undefined) continue;
    const validate = compiledValidators(false).listedValues[check.name];
    for (const entry of entriesOf(object).values) if (!validate(entry, TOP_LEVEL_CALL)) return false;
  }
  return true;
}


/**
 * Validates every units.csv row; pointers start `/<row>`. With the header whose columns are the
 * rows' keys, the verdict is reached column by column (unit-rows-verdict.ts).
 */
export function validateUnitRows(rows: object[], header?: readonly string[]): SchemaProblem[] {
  const pass = header ? unitRowsPass(rows, header) : undefined;
  if (pass ?? compiledValidators(false).rows(rows)) return [];
  const explain = compiledValidators(true).rows;
  explain(rows);
  return condense(explain.errors ?? [], rows);
}

export interface SchemaProblem {
  /** JSON pointer of the value at fault. */
  pointer: string;
  /** Point at the property name rather than its value (unknown properties). */
  atKey: boolean;
  code: string;
  message: string;
  hint?: string;
  /** The property a `required` or unknown-property problem is about. */
  property?: string;
  /** For an unknown property: the allowed name it most likely misspells. */
  suggestion?: string;
}

/**
 * ajv reports every failed branch of a oneOf; users need the one real problem at each place.
 * Keep the deepest errors, merge "must be X" alternatives at one path, and drop oneOf summaries
 * where a more specific error exists at or below the same path.
 */
export function condense(errors: ErrorObject[], root: unknown): SchemaProblem[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const path = e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties'
      ? `${e.instancePath}/${escape(String((e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ?? (e.params as { unevaluatedProperty?: string }).unevaluatedProperty))}`
      : e.instancePath;
    const list = byPath.get(path) ?? [];
    list.push(e);
    byPath.set(path, list);
  }
  // The paths some other path lies under, from each path's ancestors: one pass, where comparing
  // every pair took minutes on a file with 300,000 failing values.
  const parents = new Set<string>();
  for (const path of byPath.keys()) {
    for (let slash = path.lastIndexOf('/'); slash >= 0; slash = path.lastIndexOf('/', slash - 1)) {
      const parent = path.slice(0, slash);
      if (parents.has(parent)) break;
      parents.add(parent);
      if (slash === 0) break;
    }
  }
  const problems: SchemaProblem[] = [];
  for (const [path, list] of byPath) {
    const deeper = parents.has(path);
    const specific = list.filter((e) => !['oneOf', 'anyOf', 'if', 'allOf'].includes(e.keyword));
    if (specific.length === 0) {
      if (deeper) continue;
      problems.push({ pointer: path, atKey: false, code: 'schema/no-match', message: `value does not match any allowed form` });
      continue;
    }
    const unknownProp = specific.find((e) => e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties');
    if (unknownProp) {
      problems.push(unknownProperty(unknownProp, path));
      continue;
    }
    // An object that failed its own branch's inner checks explains itself better than "must be number".
    if (deeper && specific.every((e) => e.keyword === 'type' || e.keyword === 'const' || e.keyword === 'enum')) continue;
    const types = specific.filter((e) => e.keyword === 'type').map((e) => String((e.params as { type: string }).type));
    if (types.length === specific.length) {
      const actual = describe(valueAt(root, path));
      problems.push({ pointer: path, atKey: false, code: 'schema/type', message: `expected ${unique(types).join(' or ')}, found ${actual}` });
      continue;
    }
    const first = specific.find((e) => e.keyword !== 'type') ?? specific[0];
    problems.push(fromError(first, path, root));
  }
  // "titel" is both unknown and the reason "title" is missing: report the typo once.
  const misspelt = new Set(
    problems.filter((p) => p.suggestion !== undefined).map((p) => `${p.pointer.slice(0, p.pointer.lastIndexOf('/'))}\u0000${p.suggestion}`),
  );
  return problems.filter((p) => !(p.code === 'schema/missing-property' && misspelt.has(`${p.pointer}\u0000${p.property}`)));
}

function unknownProperty(e: ErrorObject, path: string): SchemaProblem {
  const name = String((e.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty ?? (e.params as { unevaluatedProperty?: string }).unevaluatedProperty);
  const allowed = Object.keys((e.parentSchema as { properties?: Record<string, unknown> })?.properties ?? {});
  const guess = closestName(name, allowed);
  return {
    pointer: path,
    atKey: true,
    code: 'schema/unknown-property',
    message: `unknown property "${name}"`,
    hint: guess ? `did you mean "${guess}"?` : allowed.length > 0 ? `allowed here: ${allowed.join(', ')}` : 'remove it',
    property: name,
    ...(guess ? { suggestion: guess } : {}),
  };
}

function fromError(e: ErrorObject, path: string, root: unknown): SchemaProblem {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: path, atKey: false, code: 'schema/missing-property', message: `missing required property "${String(p.missingProperty)}"`, hint: `add "${String(p.missingProperty)}"`, property: String(p.missingProperty) };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const actual = valueAt(root, path);
      const guess = typeof actual === 'string' ? closestName(actual, allowed) : undefined;
      return {
        pointer: path,
        atKey: false,
        code: 'schema/enum',
        message: `${JSON.stringify(actual)} is not one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`,
        hint: guess ? `did you mean "${guess}"?` : undefined,
      };
    }
    case 'const':
      return { pointer: path, atKey: false, code: 'schema/const', message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'pattern':
      return {
        pointer: path,
        atKey: false,
        code: 'schema/pattern',
        message: `${JSON.stringify(valueAt(root, path))} is not a valid ${describePattern(String(p.pattern))}`,
        hint: `it must match ${String(p.pattern)}`,
      };
    case 'minItems':
    case 'maxItems':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
      return { pointer: path, atKey: false, code: `schema/${e.keyword}`, message: `${describe(valueAt(root, path))} ${e.message ?? 'is out of range'}` };
    default:
      return { pointer: path, atKey: false, code: `schema/${e.keyword}`, message: e.message ?? `fails ${e.keyword}` };
  }
}

function describePattern(pattern: string): string {
  if (pattern === '^[a-z0-9][a-z0-9_.-]*$') return 'id (lower-case letters, digits, "-", "_", ".")';
  if (pattern === '^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$') return 'colour (#rrggbb, or #rrggbbaa with its opacity)';
  if (pattern.startsWith('^#[0-9a-fA-F]{6}')) return 'colour (#rrggbb)';
  return 'value';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  if (pointer === '') return node;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

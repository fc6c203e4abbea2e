/**
 * The schemas as the lean (verdict) compilation holds them: the same constraints as schemas/, laid
 * out so that the compiled checks do less work on big games. The verbose compilation, which
 * explains a failure, holds schemas/ as they are, so diagnostics never depend on this.
 */
import { ALL_SCHEMAS, FILE_KINDS, LISTED_VALUE_CHECKS, SCHEMAS, type FileKind } from './schema-set';

type SchemaNode = Record<string, unknown>;

/** The $id the lean compilation gives the values of a LISTED_VALUE_CHECKS property (beside its file's, so relative $refs resolve alike). */
function listedValueId(kind: FileKind, property: string): string {
  return new URL(`${kind}-${property}-value.schema.json`, SCHEMAS[kind].$id).href;
}

/** Export name → schema $id of the lean compilation's validators of LISTED_VALUE_CHECKS. */
export const LISTED_VALUE_IDS: Record<string, string> = Object.fromEntries(
  LISTED_VALUE_CHECKS.map(({ kind, property, name }) => [name, listedValueId(kind, property)]),
);

/**
 * The checks of one units.csv cell: units.schema.json's schema of a property (`property`, by name)
 * or of a pattern property (`pattern`, by its place in patternProperties), as a validator of its
 * own exported as `name`, so that a row is checked cell by cell (unit-rows-verdict.ts).
 */
export interface UnitCellCheck {
  kind: 'property' | 'pattern';
  key: string;
  name: string;
}

const unitsSchema = SCHEMAS.units as { properties?: Record<string, SchemaNode>; patternProperties?: Record<string, SchemaNode> };

export const UNIT_CELL_CHECKS: readonly UnitCellCheck[] = [
  ...Object.keys(unitsSchema.properties ?? {}).map((key): UnitCellCheck => ({ kind: 'property', key, name: `unitProperty:${key}` })),
  ...Object.keys(unitsSchema.patternProperties ?? {}).map((key, i): UnitCellCheck => ({ kind: 'pattern', key, name: `unitPattern:${i}` })),
];

/** The $id the lean compilation gives a UNIT_CELL_CHECKS schema (beside units.schema.json, so relative $refs resolve alike). */
function unitCellCheckId(index: number): string {
  return new URL(`units-cell-${index}.schema.json`, SCHEMAS.units.$id).href;
}

/** Export name → schema $id of the lean compilation's validators of UNIT_CELL_CHECKS. */
export const UNIT_CELL_CHECK_IDS: Record<string, string> = Object.fromEntries(UNIT_CELL_CHECKS.map((check, i) => [check.name, unitCellCheckId(i)]));

/**
 * Every schema, each file's with its small local definitions written in place and each
 * LISTED_VALUE_CHECKS property's `additionalProperties` moved out into a schema of its own; then
 * the schemas of UNIT_CELL_CHECKS.
 */
export function leanSchemas(): object[] {
  const files = new Map<object, SchemaNode>(FILE_KINDS.map((kind) => [SCHEMAS[kind], inlineLocalDefinitions(SCHEMAS[kind] as SchemaNode)]));
  const values: object[] = [];
  for (const { kind, property } of LISTED_VALUE_CHECKS) {
    const file = files.get(SCHEMAS[kind])!;
    const holder = (file.properties as Record<string, SchemaNode> | undefined)?.[property];
    if (!holder || holder.additionalProperties === undefined) throw new Error(`${kind} schema has no additionalProperties at ${property}`);
    const valueSchema = holder.additionalProperties as SchemaNode;
    // A reference inside the file's own schema would not resolve from the value schema's $id.
    if (JSON.stringify(valueSchema).includes('"$ref":"#')) throw new Error(`${kind} schema's ${property} values refer into their own file`);
    delete holder.additionalProperties;
    values.push({ ...valueSchema, $id: listedValueId(kind, property) });
  }
  const units = files.get(SCHEMAS.units)! as { properties?: Record<string, SchemaNode>; patternProperties?: Record<string, SchemaNode> };
  const cells = UNIT_CELL_CHECKS.map((check, i) => {
    const schema = (check.kind === 'property' ? units.properties : units.patternProperties)![check.key];
    if (JSON.stringify(schema).includes('"$ref":"#')) throw new Error(`units schema's ${check.kind} ${check.key} refers into its own file`);
    return { ...schema, $id: unitCellCheckId(i) };
  });
  return [...ALL_SCHEMAS.map((schema) => files.get(schema) ?? schema), ...values, ...cells];
}

/** Definitions of at most this many keywords (a reference counting as one) are written in place. */
const INLINED_DEFINITION_KEYWORDS = 8;

/** Keywords that say nothing about validity: a reference with no other beside it can take its definition's place. */
const ANNOTATIONS = new Set(['$ref', 'description', 'title', '$comment', 'examples', 'default']);

/**
 * A copy of a file's schema where each reference to a small definition of the same file
 * (`#/$defs/textOrUnknown`) is the definition itself. ajv inlines no definition that holds a
 * reference (these hold one to `unknown`), and a call costs an instance path and an argument
 * object: on 6,000 units.csv rows, a few megabytes of garbage. The definitions stay, for other
 * files' references; a definition is written in place one level deep, so recursion stays a reference.
 */
/** Keywords whose value is data, not a schema: nothing in it is rewritten. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'examples', 'default']);

function inlineLocalDefinitions(schema: SchemaNode): SchemaNode {
  const definitions = (schema.$defs ?? {}) as Record<string, SchemaNode>;
  const small = new Set(Object.keys(definitions).filter((name) => keywordCount(definitions[name]) <= INLINED_DEFINITION_KEYWORDS));
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const object = node as SchemaNode;
    const ref = object.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/') && small.has(ref.slice(8)) && Object.keys(object).every((k) => ANNOTATIONS.has(k))) {
      const { $ref: _ref, ...annotations } = object;
      return { ...structuredClone(definitions[ref.slice(8)]), ...annotations };
    }
    return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : rewrite(value)]));
  };
  return rewrite(schema) as SchemaNode;
}

function keywordCount(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + keywordCount(item), 0);
  if (node === null || typeof node !== 'object') return 0;
  return Object.entries(node).reduce((n, [key, value]) => n + 1 + (key === '$ref' ? 0 : keywordCount(value)), 0);
}

/**
 * A query's input from the command line: --input '<json>' and flags named after the input's keys
 * in kebab case (--defender-hex 0507 → defenderHex), each value read by the key's declared type
 * (numbers, comma-separated lists, JSON for objects), plus each query's own aliases (--terrain,
 * --class). And the other way: a declaration as lines of help.
 */
import { closestName } from '../data/did-you-mean';
import { QueryInputError } from '../engine/checks/input';
import type { JsonSchema, QueryDefinition } from '../engine/checks/query';

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
export const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The JSON types a schema admits (through anyOf/oneOf), and its array items. */
function shapes(schema: JsonSchema | undefined): { types: Set<string>; items?: JsonSchema } {
  const types = new Set<string>();
  let items: JsonSchema | undefined;
  const visit = (s: JsonSchema | undefined) => {
    if (!s) return;
    const t = s.type;
    if (typeof t === 'string') types.add(t);
    if (Array.isArray(t)) for (const x of t) types.add(String(x));
    if (Array.isArray(s.enum)) types.add('string');
    if (s.items) items ??= s.items as JsonSchema;
    for (const k of ['anyOf', 'oneOf'] as const) for (const b of (s[k] as JsonSchema[] | undefined) ?? []) visit(b);
  };
  visit(schema);
  return { types, ...(items ? { items } : {}) };
}

export function coerce(text: string, schema: JsonSchema | undefined, flag: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw new QueryInputError(`--${flag} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const numeric = /^-?\d+(\.\d+)?$/.test(trimmed);
  // A query that declares no inputs: numbers and booleans are read as such, the rest as text.
  if (schema === undefined) return numeric ? Number(trimmed) : trimmed === 'true' || trimmed === 'false' ? trimmed === 'true' : text;
  const { types, items } = shapes(schema);
  if (types.has('array') && (trimmed.includes(',') || !(types.has('string') || types.has('number') || types.has('integer'))))
    return trimmed.split(',').map((s, i) => {
      // "a,,b" or "" is a slip, not a shorter list.
      if (s.trim() === '') throw new QueryInputError(`--${flag}: item ${i + 1} of "${text}" is empty (a list is comma-separated values)`);
      return coerce(s.trim(), items, flag);
    });
  if ((types.has('number') || types.has('integer')) && numeric) return Number(trimmed);
  if (types.has('boolean') && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  if (types.has('string') || types.size === 0) return text;
  if (types.has('number') || types.has('integer')) throw new QueryInputError(`--${flag} takes a number, not "${text}"`);
  throw new QueryInputError(`--${flag} takes ${[...types].join(' or ')}, not "${text}"`);
}

/** Flags of the classic questions that keep their names. */
const CLASSIC_FLAGS: Record<string, Record<string, string>> = {
  supply: { 'max-length': 'maxLength' },
};

export function inputFromArgs(
  query: string,
  definition: QueryDefinition | undefined,
  inputJson: string | undefined,
  args: string[],
): Record<string, unknown> {
  let input: Record<string, unknown> = {};
  if (inputJson !== undefined) {
    try {
      input = JSON.parse(inputJson) as Record<string, unknown>;
    } catch (error) {
      throw new QueryInputError(`--input is not valid JSON: ${(error as Error).message}`);
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new QueryInputError('--input must be a JSON object');
  }
  const properties = (definition?.input.properties as Record<string, JsonSchema> | undefined) ?? {};
  const patterns = Object.entries((definition?.input.patternProperties as Record<string, JsonSchema> | undefined) ?? {});
  // A key named after something of the game (t3.victory's <side>UnitIn) matches a pattern instead.
  const schemaOf = (key: string) =>
    Object.hasOwn(properties, key) ? properties[key] : patterns.find(([pattern]) => new RegExp(pattern).test(key))?.[1];
  const aliases = { ...(definition?.flags ?? {}), ...(CLASSIC_FLAGS[query] ?? {}) };
  for (let k = 0; k < args.length; k++) {
    const arg = args[k];
    if (!arg.startsWith('--')) throw new QueryInputError(`unexpected argument "${arg}" (flags are --<key> <value>)`);
    const flag = arg.slice(2);
    const key = aliases[flag] ?? camel(flag);
    const next = args[k + 1];
    const hasValue = next !== undefined && !next.startsWith('--');
    if (definition && schemaOf(key) === undefined) {
      const guess = closestName(flag, Object.keys(properties).map(kebab).concat(Object.keys(aliases)));
      throw new QueryInputError(
        `${query} has no input --${flag}${guess ? `; did you mean --${guess}?` : ''} (hexforge engine list <game> shows its inputs)`,
      );
    }
    // An own key even when named like a built-in (--__proto__ would otherwise set the prototype).
    Object.defineProperty(input, key, {
      value: hasValue ? coerce(next, schemaOf(key), flag) : true,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (hasValue) k++;
  }
  if (query === 'reach' && input.unit === undefined && input.movementClass === undefined)
    throw new QueryInputError('reach needs --unit <id> or --class <movement class> with --ma');
  return input;
}

function typeText(schema: JsonSchema): string {
  const { types, items } = shapes(schema);
  if (Array.isArray(schema.enum)) return (schema.enum as string[]).join('|');
  const ref = typeof schema['x-ref'] === 'string' ? (schema['x-ref'] as string) : undefined;
  if (ref) return ref;
  if (types.has('array') && items) return `${typeText(items)},…`;
  const refs = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined)?.map((b) => b['x-ref']).filter(Boolean);
  if (refs?.length) return `${refs.join('|')}${types.has('object') ? '|{…}' : ''}`;
  return [...types].join('|') || 'value';
}

/** One line per input key: flag, type, whether required, what it is. */
export function describeInput(definition: QueryDefinition): string[] {
  const properties = (definition.input.properties as Record<string, JsonSchema> | undefined) ?? {};
  // A query that also takes `cases` (spi-kursk.*) requires its keys only without them (the schema's `else`).
  const { required: keys = (definition.input.else as JsonSchema | undefined)?.required } = definition.input;
  const required = new Set((keys as string[] | undefined) ?? []);
  const aliasOf = Object.fromEntries(Object.entries(definition.flags ?? {}).map(([flag, key]) => [key, flag]));
  const patterns = (definition.input.patternProperties as Record<string, JsonSchema> | undefined) ?? {};
  return [
    ...Object.entries(properties).map(([key, schema]) => {
      const flag = aliasOf[key] ? `--${aliasOf[key]} / --${kebab(key)}` : `--${kebab(key)}`;
      return `${flag} <${typeText(schema)}>${required.has(key) ? ' (required)' : ''}  ${String(schema.description ?? '')}`;
    }),
    // Keys named after something of the game (a side): the key's shape, as its description gives it.
    ...Object.entries(patterns).map(
      ([pattern, schema]) => `--(key matching ${pattern}) <${typeText(schema)}>  ${String(schema.description ?? '')}`,
    ),
  ];
}

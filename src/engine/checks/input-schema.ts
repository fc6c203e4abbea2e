/**
 * Building blocks for the input schemas queries declare (query.ts `defineQuery`): small JSON
 * Schema fragments with a description each. A string that names something of the game carries
 * `x-ref` with what it names; `hexforge validate` checks that it exists (with a did-you-mean).
 */
import type { JsonSchema, QueryDefinition } from './query';

export type { JsonSchema };

/** What a system's inputs.ts declares of each query: everything of its definition but the handler. */
export type InputDeclaration = Omit<QueryDefinition, 'run'>;

/** What an `x-ref` string names, and where validate looks it up. */
export const REF_KINDS = [
  'hex',
  'hexside',
  'unit',
  'terrain',
  'terrain-or-hexside',
  'table',
  'tableModifier',
  'scenario',
  'side',
  'nationality',
  'weather',
  'movementClass',
  'unitType',
  'unitSize',
  'unitFlag',
  'formation',
  'zone',
  'phase',
  'movementMode',
  'strengthRule',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

export function object(properties: Record<string, JsonSchema>, required: string[] = [], description?: string): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    ...(required.length ? { required } : {}),
    ...(description ? { description } : {}),
  };
}

/** An input object that also takes keys named after a side (`<side>Vp`, `sovietUnitIn`), which no fixed list can give. */
export function withSideKeys(input: JsonSchema, patterns: Record<string, JsonSchema>): JsonSchema {
  return { ...input, patternProperties: patterns };
}

export const str = (description: string): JsonSchema => ({ type: 'string', description });
export const num = (description: string): JsonSchema => ({ type: 'number', description });
export const int = (description: string): JsonSchema => ({ type: 'integer', description });
/** A count, a number of steps or halvings: a whole number, never below zero. */
export const count = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });
/** A strength, an allowance, a multiplier: a number, never below zero. */
export const amount = (description: string): JsonSchema => ({ type: 'number', minimum: 0, description });
export const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
export const oneOf = (description: string, ...values: string[]): JsonSchema => ({ enum: values, description });
export const list = (items: JsonSchema, description: string): JsonSchema => ({ type: 'array', items, description });
export const ref = (kind: RefKind, description: string): JsonSchema => ({ type: 'string', 'x-ref': kind, description });
/** Any JSON object (a free-form answer or a nested description a system reads itself). */
export const anyObject = (description: string): JsonSchema => ({ type: 'object', description });
export const anyValue = (description: string): JsonSchema => ({ description });

/** One value or a list of them (the engine reads a single string as a one-element list). */
export function oneOrMany(item: JsonSchema, description: string): JsonSchema {
  return { anyOf: [item, { type: 'array', items: item }], description };
}

/** A number, or a list of numbers that are added up (the strengths of several units). */
export const total = (description: string): JsonSchema => ({
  anyOf: [
    { type: 'number', minimum: 0 },
    { type: 'array', items: { type: 'number', minimum: 0 } },
  ],
  description,
});

const values = { type: 'object', additionalProperties: { type: ['number', 'string'] } };

/** A unit written in the check itself, for rulebook examples that describe a counter without naming it. */
export const inlineUnit: JsonSchema = object(
  {
    id: str('a label for the reasoning'),
    side: ref('side', 'side'),
    nationality: ref('nationality', 'nationality'),
    type: ref('unitType', 'unit type'),
    size: ref('unitSize', 'unit size'),
    formation: ref('formation', 'formation'),
    designation: str('designation'),
    name: str('name'),
    steps: count('steps'),
    back: oneOf('what the back shows', 'reduced', 'blank', 'same', 'other'),
    next: ref('unit', 'the counter that replaces it on a step loss'),
    flags: list(ref('unitFlag', 'flag'), 'flags (game.json unitFlags)'),
    front: { ...values, description: 'printed values by unit field' },
    reverse: { ...values, description: 'values on the back by unit field' },
    count: count('how many such units'),
    movementClass: ref('movementClass', 'movement class'),
    ma: amount('movement allowance'),
  },
  [],
  'a unit described inline',
);

/** A unit of units.csv by id, or described inline. */
export function unitRef(description: string): JsonSchema {
  return { anyOf: [ref('unit', 'unit id from units.csv'), inlineUnit], description };
}

/** A unit by id, or described inline with the state a query reads of it besides (`oos`, `reduced`). */
export function unitRefWith(state: Record<string, JsonSchema>, description?: string): JsonSchema {
  const inline = { ...inlineUnit, properties: { ...propertiesOf(inlineUnit), ...state } };
  return { anyOf: [ref('unit', 'unit id from units.csv'), inline], ...(description ? { description } : {}) };
}

/** The words most systems' queries share: the side, the scenario and the game turn a question is about. */
export const side = ref('side', 'the side');
export const scenario = ref('scenario', 'the scenario');
export const turn = int('the game turn');
/** Hexes, or terrain ids (the defender's terrain instead of the map's): by the map's and terrain.json's ids. */
export const hexes = (description: string): JsonSchema => list(ref('hex', 'hex'), description);
export const terrains = (description: string): JsonSchema => list(ref('terrain', 'terrain id'), description);
export const defenderTerrain = terrains("the defender's terrain");

/** The names of the properties an object schema declares (for flags and did-you-mean). */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
}

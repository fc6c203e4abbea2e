/**
 * UsePrototype `prototype;` (format reference §3.4): inserts a PrototypeDefinition's traits.
 * Type: `prototype;<name>` with optional legacy `;k=v,k2=v2` parameters. State: always "".
 */
import { fieldCodec, type FieldValues, type Trait } from './trait';

export const USE_PROTOTYPE_ID = 'prototype;';

export const usePrototypeType = fieldCodec(USE_PROTOTYPE_ID, ['prototypeName', 'parameters'] as const);
export type UsePrototypeType = FieldValues<(typeof usePrototypeType.names)[number]>;

export function buildUsePrototype(prototypeName: string): Trait {
  return { type: usePrototypeType.encode({ prototypeName }), state: '' };
}

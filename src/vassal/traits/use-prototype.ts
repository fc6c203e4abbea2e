/**
 * UsePrototype `prototype;` (format reference §3.4): inserts a PrototypeDefinition's traits.
 * Type: `prototype;<name>` with optional legacy `;k=v,k2=v2` parameters. State: always "".
 */
import { SequenceDecoder } from '../sequence-encoder';
import { fieldCodec, type FieldValues, type Trait } from './trait';

export const USE_PROTOTYPE_ID = 'prototype;';

export const usePrototypeType = fieldCodec(USE_PROTOTYPE_ID, ['prototypeName', 'parameters'] as const);
export type UsePrototypeType = FieldValues<(typeof usePrototypeType.names)[number]>;

export function buildUsePrototype(prototypeName: string): Trait {
  return { type: usePrototypeType.encode({ prototypeName }), state: '' };
}

/**
 * `usePrototypeType.decode`, spelled out for a name without parameters (nearly every UsePrototype
 * of a module, and most pieces have one); anything else takes the general path.
 */
export function decodeUsePrototypeType(type: string): UsePrototypeType {
  if (!type.startsWith(USE_PROTOTYPE_ID)) return usePrototypeType.decode(type);
  const decoder = new SequenceDecoder(type, ';', USE_PROTOTYPE_ID.length);
  const prototypeName = decoder.nextToken();
  return decoder.hasMoreTokens() ? usePrototypeType.decode(type) : { prototypeName };
}

/**
 * Where a rename is written when the pieces take their name from a prototype: card modules often
 * give each card a prototype of its own holding its Basic Name (the deck's slot says only
 * `prototype;<card>`). VASSAL expands a prototype into every piece using it, saved games' pieces
 * included, so changing that prototype's name renames exactly those pieces when no other piece takes
 * its name from it. Pure.
 */
import { pieceFacts, type PrototypeIndex } from '../import/properties';
import type { DefinitionRecord } from '../reader/module';

/** Palette and setup definitions by the prototype their name comes from (those named by their own traits left out). */
export type SlotsByNameOrigin = Map<string, DefinitionRecord[]>;

export function slotsByNameOrigin(definitions: readonly DefinitionRecord[], prototypes: PrototypeIndex): SlotsByNameOrigin {
  const index: SlotsByNameOrigin = new Map();
  for (const def of definitions) {
    if (def.kind !== 'slot') continue;
    const origin = pieceFacts(def, prototypes).nameOrigin;
    if (origin === undefined || origin === '') continue;
    const list = index.get(origin) ?? [];
    list.push(def);
    index.set(origin, list);
  }
  return index;
}

/**
 * The prototype whose Basic Name trait names `targets` (the pieces of one kind), when it names no other
 * piece of the module; undefined otherwise (the pieces name themselves, take their names from
 * several prototypes, or share theirs with pieces of another kind).
 */
export function namingPrototype(
  targets: readonly DefinitionRecord[],
  byOrigin: SlotsByNameOrigin,
  prototypes: PrototypeIndex,
): DefinitionRecord | undefined {
  const [first] = targets;
  if (first === undefined) return undefined;
  const facts = pieceFacts(first, prototypes);
  // A Basic Name trait only: a property answering BasicName (a Marker's) may be read by expressions too.
  if (facts.nameCarrier !== undefined) return undefined;
  const origin = facts.nameOrigin;
  const named = origin ? byOrigin.get(origin) : undefined;
  if (origin === undefined || named === undefined) return undefined;
  const mine = new Set(targets);
  if (named.length !== targets.length || !named.every((def) => mine.has(def))) return undefined;
  return prototypes.get(origin);
}

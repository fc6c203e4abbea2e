/**
 * A counter's Mask that a prototype gives: the Mask trait in the PrototypeDefinition that a
 * piece's UsePrototype trait names (directly, or through the prototypes that one names). Such a
 * trait is every using piece's Mask at once, so a mask edit in counters.json is carried into it
 * only when the data changes every counter using that prototype alike (the same new Mask, or none):
 * the prototype's trait is then changed, or removed, once.
 *
 * When only some of them change, the edit is refused, naming the others. The ways out change the
 * module's structure, and choosing between them is the author's: a Mask of the changed counters'
 * own, outside the prototype's, leaves each such piece two Masks (two menu commands, two states,
 * the prototype's still hiding it from beneath); a copy of the prototype with the new Mask for
 * them is a prototype the author did not make, which later edits of the original no longer
 * reach. Pure.
 */
import type { PrototypeIndex } from '../import/properties';
import { carriedMask } from '../import/masks';
import type { DefinitionRecord } from '../reader/module';
import { MASK_ID, USE_PROTOTYPE_ID, decodeUsePrototypeType, type Trait } from '../traits/index';
import { pathOf } from './component-path';

/** The first Mask trait of a piece's expanded traits, and the prototype whose definition holds it (none: the piece's own). */
export function maskHolder(
  traits: readonly Trait[],
  prototypes: PrototypeIndex,
  seen = new Set<string>(),
): { prototype?: string; trait: Trait } | undefined {
  for (const t of traits) {
    if (t.type.startsWith(MASK_ID)) return { trait: t };
    if (!t.type.startsWith(USE_PROTOTYPE_ID)) continue;
    const name = decodeUsePrototypeType(t.type).prototypeName ?? '';
    const definition = prototypes.get(name);
    // carriedMask walks the prototypes as the import read the Mask: it says whether this one gives it.
    if (!definition || seen.has(name) || !carriedMask([t], prototypes, new Set(seen))) continue;
    seen.add(name);
    const inner = maskHolder(definition.piece.traits, prototypes, seen);
    if (inner) return inner.prototype !== undefined ? inner : { prototype: name, trait: inner.trait };
  }
  return undefined;
}

/** Whether a piece's traits use prototype `name`, directly or through the prototypes they name. */
function usesPrototype(traits: readonly Trait[], name: string, prototypes: PrototypeIndex, seen: Set<string>): boolean {
  for (const t of traits) {
    if (!t.type.startsWith(USE_PROTOTYPE_ID)) continue;
    const used = decodeUsePrototypeType(t.type).prototypeName ?? '';
    if (used === name) return true;
    const definition = prototypes.get(used);
    if (!definition || seen.has(used)) continue;
    seen.add(used);
    if (usesPrototype(definition.piece.traits, name, prototypes, seen)) return true;
  }
  return false;
}

/** A counter whose Mask, given by a prototype, the data changes. */
export interface PrototypeMaskWish {
  subject: string;
  matchKey: string;
  /** The prototype holding the Mask trait, and that trait. */
  prototype: string;
  trait: Trait;
  /** The Mask the data wants, as a key that is equal for equal Masks ("none" for no Mask). */
  wantedKey: string;
}

/** The counters of one prototype whose Mask they all change alike. */
export interface PrototypeMaskGroup {
  prototype: string;
  definition: DefinitionRecord;
  trait: Trait;
  wishes: PrototypeMaskWish[];
}

/**
 * The wishes grouped by the prototype holding the Mask; a group is kept where every palette and
 * at-start piece using that prototype is of a counter of the group, all wanting the same Mask,
 * else refused naming the counters that share the prototype and are not changed alike.
 */
export function prototypeMaskGroups(
  wishes: readonly PrototypeMaskWish[],
  /** The palette and at-start pieces by their match key. */
  slotsByKey: ReadonlyMap<string, readonly DefinitionRecord[]>,
  prototypes: PrototypeIndex,
  /** A counter kind's subject ("unit scout") by its match key. */
  subjectOf: (matchKey: string) => string | undefined,
): { groups: PrototypeMaskGroup[]; problems: { message: string; hint?: string }[] } {
  const byPrototype = new Map<string, PrototypeMaskWish[]>();
  for (const w of wishes) byPrototype.set(w.prototype, [...(byPrototype.get(w.prototype) ?? []), w]);
  const groups: PrototypeMaskGroup[] = [];
  const problems: { message: string; hint?: string }[] = [];
  for (const [prototype, list] of byPrototype) {
    const definition = prototypes.get(prototype)!;
    const wanted = list[0].wantedKey;
    const alike = new Set(list.filter((w) => w.wantedKey === wanted).map((w) => w.matchKey));
    const others = new Set<string>();
    for (const [key, defs] of slotsByKey)
      for (const def of defs)
        if (!alike.has(key) && usesPrototype(def.piece.traits, prototype, prototypes, new Set()))
          others.add(subjectOf(key) ?? `the piece ${pathOf(def)}`);
    if (others.size === 0) {
      groups.push({ prototype, definition, trait: list[0].trait, wishes: list });
      continue;
    }
    const named = [...others];
    const changed = list.filter((w) => w.wantedKey === wanted).map((w) => w.subject);
    problems.push({
      message: `the mask of ${changed.join(', ')} comes from prototype "${prototype}", which ${named.slice(0, 5).join(', ')}${named.length > 5 ? ` and ${named.length - 5} more` : ''} use too, and counters.json does not change theirs alike; changing the prototype's Mask would change theirs`,
      hint: `list every counter using prototype "${prototype}" under the same mask in counters.json (its Mask then changes once, in the prototype), or give the changed counters a prototype of their own in VASSAL's editor and import again`,
    });
  }
  return { groups, problems };
}

/**
 * A module's own vocabulary, read from its palette before any unit is: which property (Marker,
 * Dynamic Property or Text Label, whatever its name) states each piece's side — the one whose
 * values most often are the PlayerRoster's sides — and which states its formation — a property
 * named like a formation ("Formation", "Division", "Corps" …) whose values vary across pieces
 * and are not numbers. Nothing is read from ids or from names that merely contain a side.
 */
import { PROPERTY_VALUE_GROUP, type ValueSource } from './sources';
import type { PieceFacts } from './properties';

export interface ModuleVocabulary {
  /** The property whose values name the roster's sides. */
  sideProperty?: string;
  /**
   * Its other values name sides too (a nation of a roster side: "Prussia" beside "France" when the
   * roster says "Coalition"): at least a quarter of the pieces that state it name a roster side.
   */
  sidePropertyNamesEverySide?: boolean;
  /** The property whose values name formations. */
  formationProperty?: string;
}

const FORMATION_NAME = /\b(formation|division|corps|army group|brigade|regiment|command|group)\b/i;

export function moduleVocabulary(pieces: readonly PieceFacts[], rosterSides: readonly string[]): ModuleVocabulary {
  const sides = new Set(rosterSides.map((s) => s.toLowerCase()));
  const sideHits = new Map<string, number>();
  const stated = new Map<string, number>();
  const formationValues = new Map<string, Set<string>>();
  for (const facts of pieces) {
    // Most pieces of most modules have no properties: no iterator for them.
    if (facts.properties.size === 0) continue;
    for (const [name, value] of facts.properties) {
      const v = value.trim();
      if (v === '' || v.includes('$')) continue;
      stated.set(name, (stated.get(name) ?? 0) + 1);
      if (sides.has(v.toLowerCase())) sideHits.set(name, (sideHits.get(name) ?? 0) + 1);
      if (FORMATION_NAME.test(name) && !/^[\d\s.?/-]+$/.test(v) && !PROPERTY_VALUE_GROUP.test(v)) {
        const values = formationValues.get(name) ?? new Set<string>();
        values.add(v);
        formationValues.set(name, values);
      }
    }
  }
  const best = (counts: Iterable<[string, number]>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const sideProperty = best(sideHits);
  return {
    sideProperty,
    ...(sideProperty !== undefined && sideHits.get(sideProperty)! * 4 >= stated.get(sideProperty)!
      ? { sidePropertyNamesEverySide: true }
      : {}),
    formationProperty: best([...formationValues].filter(([, values]) => values.size >= 2).map(([name, values]) => [name, values.size])),
  };
}

/** Where a piece holds a property, as a value source. */
export function propertySource(facts: PieceFacts, name: string): ValueSource {
  const prototype = facts.origin.get(name) || undefined;
  return { carrier: facts.carriers.get(name) ?? 'mark', property: name, ...(prototype !== undefined ? { prototype } : {}) };
}

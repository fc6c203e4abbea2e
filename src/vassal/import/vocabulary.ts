/**
 * A module's own vocabulary, read from its palette before any unit is: which property (Marker,
 * Dynamic Property or Text Label, whatever its name) states each piece's side — the one whose
 * values most often are the PlayerRoster's sides — and which states its formation — a property
 * named like a formation ("Formation", "Division", "Corps" …) whose values vary across pieces
 * and are not numbers — and which state factors: properties named like a factor ("Attack",
 * "Movement Allowance", "CF" …) whose every stated value is a number ("4", "(3)", "[2]") and
 * that hold at least two values across the pieces. Nothing is read from ids or from names that
 * merely contain a side or a number.
 */
import { NAME_VALUE_GROUP, PROPERTY_VALUE_GROUP, type ValueSource } from './sources';
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
  /** The formations that property states, in the order the palette first states them. */
  formations?: string[];
  /** Properties whose values are a factor of each piece, in the order the palette first states them. */
  factorProperties?: string[];
  /**
   * The pieces' names are unit designations, not factors: some name's hyphenated group holds a
   * number of three digits or more ("37_2-129", "11-1-187": battalion, regiment).
   */
  namesAreDesignations?: boolean;
}

/** A regiment's or division's number in a name ("129"), which no printed factor is. */
const DESIGNATION_NUMBER = /\d{3,}/;

/** Whether a name's "A-D-M" group holds a designation number (see namesAreDesignations). */
function namesDesignation(name: string): boolean {
  const group = name.includes('$') ? undefined : NAME_VALUE_GROUP.exec(name)?.[1];
  return group !== undefined && DESIGNATION_NUMBER.test(group);
}

/** Words naming a factor, and words that may stand with them ("Attack Factor", "Movement Allowance"). */
const FACTOR_WORDS = new Set(
  'attack att atk defense defence def movement move mov mp ma mf combat strength str firepower fp fire range morale cohesion quality tq efficiency initiative assault cf af df speed skill st ag av agility armour armor'.split(
    ' ',
  ),
);
const FACTOR_QUALIFIERS = new Set(['factor', 'factors', 'value', 'allowance', 'points', 'rating']);

/** A property named like a factor: factor words, maybe with qualifiers, and nothing else. */
export function namesFactor(name: string): boolean {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w !== '');
  return words.some((w) => FACTOR_WORDS.has(w)) && words.every((w) => FACTOR_WORDS.has(w) || FACTOR_QUALIFIERS.has(w));
}

/** One factor as printed: a number, or one in parentheses or brackets. */
export const FACTOR_VALUE = /^(?:\d+|\(\d+\)|\[\d+\])$/;

const FORMATION_NAME = /\b(formation|division|corps|army group|brigade|regiment|command|group)\b/i;

export function moduleVocabulary(pieces: readonly PieceFacts[], rosterSides: readonly string[]): ModuleVocabulary {
  const sides = new Set(rosterSides.map((s) => s.toLowerCase()));
  const sideHits = new Map<string, number>();
  const stated = new Map<string, number>();
  const formationValues = new Map<string, Set<string>>();
  const factorValues = new Map<string, Set<string> | null>();
  // What a property's name says is asked once per name, not once per piece stating it.
  const named = new Map<string, { formation: boolean; factor: boolean }>();
  for (const facts of pieces) {
    // Most pieces of most modules have no properties: no iterator for them.
    if (facts.properties.size === 0) continue;
    for (const [name, value] of facts.properties) {
      const v = value.trim();
      // A Text Label's text the import cannot read (BeanShell, unknown $name$), or showing another property whole, states nothing.
      if (v === '' || v.includes('$') || facts.unreadLabels?.has(name) || facts.echoLabels?.has(name)) continue;
      stated.set(name, (stated.get(name) ?? 0) + 1);
      if (sides.has(v.toLowerCase())) sideHits.set(name, (sideHits.get(name) ?? 0) + 1);
      let says = named.get(name);
      if (says === undefined) {
        says = { formation: FORMATION_NAME.test(name), factor: namesFactor(name) };
        named.set(name, says);
      }
      if (says.formation && !/^[\d\s.?/-]+$/.test(v) && !PROPERTY_VALUE_GROUP.test(v)) {
        const values = formationValues.get(name) ?? new Set<string>();
        values.add(v);
        formationValues.set(name, values);
      }
      if (says.factor) noteFactor(factorValues, name, v);
    }
  }
  const best = (counts: Iterable<[string, number]>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const sideProperty = best(sideHits);
  return {
    sideProperty,
    ...(sideProperty !== undefined && sideHits.get(sideProperty)! * 4 >= stated.get(sideProperty)!
      ? { sidePropertyNamesEverySide: true }
      : {}),
    ...formationsOf(formationValues, best),
    ...factorProperties(factorValues),
    ...(pieces.some((facts) => namesDesignation(facts.name)) ? { namesAreDesignations: true } : {}),
  };
}

/** The formation property (values of at least two formations, the most) and the formations it states. */
function formationsOf(
  formationValues: ReadonlyMap<string, ReadonlySet<string>>,
  best: (counts: Iterable<[string, number]>) => string | undefined,
): Pick<ModuleVocabulary, 'formationProperty' | 'formations'> {
  const formationProperty = best(
    [...formationValues].filter(([, values]) => values.size >= 2).map(([name, values]) => [name, values.size]),
  );
  return formationProperty === undefined ? {} : { formationProperty, formations: [...formationValues.get(formationProperty)!] };
}

/** A stated value of a factor-named property; a value that is no number rules the property out (null). */
function noteFactor(factorValues: Map<string, Set<string> | null>, name: string, value: string): void {
  const values = factorValues.get(name);
  if (values === null) return;
  if (!FACTOR_VALUE.test(value)) factorValues.set(name, null);
  else if (values === undefined) factorValues.set(name, new Set([value]));
  else values.add(value);
}

function factorProperties(factorValues: ReadonlyMap<string, Set<string> | null>): Pick<ModuleVocabulary, 'factorProperties'> {
  const names = [...factorValues].filter(([, values]) => values !== null && values.size >= 2).map(([name]) => name);
  return names.length > 0 ? { factorProperties: names } : {};
}

/** Where a piece holds a property, as a value source. */
export function propertySource(facts: PieceFacts, name: string): ValueSource {
  const prototype = facts.origin.get(name) || undefined;
  return { carrier: facts.carriers.get(name) ?? 'mark', property: name, ...(prototype !== undefined ? { prototype } : {}) };
}

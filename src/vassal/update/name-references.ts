/**
 * Expressions that find pieces by a name: a Global Key Command's or a Trigger Action's filter
 * (`{BasicName=="HQ Tiger"}`, or the old form `BasicName=HQ Tiger`), a module component's
 * property filter. VASSAL evaluates them against the piece's name as it stands in play, so a
 * renamed piece is no longer found by an expression that still says the old name. An update
 * changes only what carries the value: such expressions are kept, and listed for the author.
 * Pure.
 */
import { escapeRegExp } from '../grid';
import type { DefinitionRecord } from '../reader/module';
import { decodeSequence } from '../sequence-encoder';
import { traitId } from '../traits/trait';
import type { XmlElement } from '../xml-tree';
import { pathBelowRoot, pathOf } from './component-path';

/** Traits that state the piece's own name (the carrier itself), not an expression about others. */
const NAME_TRAITS = new Set(['piece;', 'basicName;']);
/** Attributes that name the component itself. */
const OWN_NAME_ATTRIBUTES = new Set(['name', 'entryName', 'mapName', 'configureName']);

/** A test for `name` as an expression's operand: a quoted literal, or the right side of an old-style comparison. */
export function namedInExpression(name: string): (text: string) => boolean {
  const n = escapeRegExp(name);
  const pattern = new RegExp(`"${n}"|(?:==|!=|=~|!~|=)\\s*${n}\\s*(?:$|&&|\\|\\||\\}|\\))`);
  return (text) => text.includes(name) && pattern.test(text);
}

/** An expression naming a piece: where it is (component path, and the trait or attribute), and the element holding it. */
export interface NamingPlace {
  place: string;
  element: XmlElement;
}

/**
 * The places that name `name` in an expression: traits of piece definitions (palette, at-start
 * and prototype) other than the name's own, and component attributes outside definitions, by
 * component path.
 */
export function expressionsNaming(root: XmlElement, definitions: readonly DefinitionRecord[], name: string): NamingPlace[] {
  if (name === '') return [];
  const names = namedInExpression(name);
  const places: NamingPlace[] = [];
  for (const def of definitions) {
    const traits = def.piece.traits
      .filter((t) => !NAME_TRAITS.has(traitId(t.type)) && t.type.includes(name) && decodeSequence(t.type, ';').some(names))
      .map((t) => traitId(t.type));
    if (traits.length > 0) places.push({ place: `${pathOf(def)} (${[...new Set(traits)].join(', ')})`, element: def.element });
  }
  // The chain from the root down to the element visited; a path is spelled only for a match.
  const chain: XmlElement[] = [root];
  const visit = (el: XmlElement) => {
    for (const child of el.children) {
      chain.push(child);
      for (const [key, value] of child.attributes)
        if (!OWN_NAME_ATTRIBUTES.has(key) && names(value))
          places.push({ place: `${pathBelowRoot(chain)} attribute ${key}`, element: child });
      visit(child);
      chain.pop();
    }
  };
  visit(root);
  return places;
}

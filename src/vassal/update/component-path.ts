/**
 * How update names a component of the buildFile in what it reports: `Map[Main Map]/SetupStack#1/PieceSlot[Control]#2`.
 * Each step is the class name's last part and the component's own name; a step among siblings
 * of the same label (the slots of one stack holding one piece thrice, unnamed stacks of one map) is
 * told apart by its 1-based position among them, so that no two places read alike. Pure.
 */
import type { DefinitionRecord } from '../reader/module';
import { attribute, type XmlElement } from '../xml-tree';

export function componentLabel(el: XmlElement): string {
  const label = attribute(el, 'entryName') || attribute(el, 'name') || attribute(el, 'mapName');
  return `${el.name.slice(el.name.lastIndexOf('.') + 1)}${label ? `[${label}]` : ''}`;
}

/** `el`'s label, numbered among `parent`'s children of the same label when it has any. */
export function labelAmongSiblings(el: XmlElement, parent: XmlElement): string {
  const label = componentLabel(el);
  let position = 0;
  let count = 0;
  for (const sibling of parent.children) {
    if (sibling.name !== el.name || componentLabel(sibling) !== label) continue;
    count++;
    if (sibling === el) position = count;
  }
  return count > 1 ? `${label}#${position}` : label;
}

/** The path of `chain`'s last element below its first (the root, which is left out). */
export function pathBelowRoot(chain: readonly XmlElement[]): string {
  const steps: string[] = [];
  for (let i = 1; i < chain.length; i++) steps.push(labelAmongSiblings(chain[i], chain[i - 1]));
  return steps.join('/');
}

/** A piece definition's component path. */
export function pathOf(def: DefinitionRecord): string {
  return pathBelowRoot([...def.ancestors, def.element]);
}

/** Elements of a tree with one of the given names, in document order (iterative: no generator per level). */
import type { XmlElement } from '../xml-tree';

export function elementsNamed(root: XmlElement, ...names: string[]): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    // A list of one or two names: compared directly, cheaper than a set lookup per element.
    if (names.includes(el.name)) out.push(el);
    const children = el.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/** Elements of a tree with one of the given names, in document order (iterative: no generator per level). */
import type { XmlElement } from '../xml-tree';

export function elementsNamed(root: XmlElement, ...names: string[]): XmlElement[] {
  const wanted = new Set(names);
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (wanted.has(el.name)) out.push(el);
    for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
  }
  return out;
}

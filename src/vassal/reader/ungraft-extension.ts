/**
 * The base module's tree back from the tree of the module with an extension grafted in
 * (./extension.ts applyExtension undone). An imported folder keeps the module as VASSAL runs it
 * with the extension loaded, and the extension's own buildFile: taking the extension's components
 * out again gives the base, onto which the extension is grafted anew, so that its components in
 * the module are the very elements of its own tree (what writing the extension alone edits).
 * Pure: trees in, the tree changed in place.
 */
import { attribute, treeDifference, type XmlElement } from '../xml-tree';
import { EXTENSION_ELEMENT, resolveTarget } from './extension';

/** Same name, attributes in the same order, text and children. */
export function sameElement(a: XmlElement, b: XmlElement): boolean {
  return treeDifference(a, b, '') === undefined;
}

/**
 * Removes from `merged` each component `extension` grafted into it, the last first: each was
 * appended to its target when grafted, so once the later ones are out it is its target's last
 * child. Gives the target of the first component not found so (the tree is then partly undone).
 */
export function ungraftExtension(merged: XmlElement, extension: XmlElement): { missing?: string } {
  const wrappers = extension.children.filter((w) => w.name === EXTENSION_ELEMENT && w.children.length > 0);
  for (const wrapper of [...wrappers].reverse()) {
    const target = attribute(wrapper, 'target') ?? '';
    const found = resolveTarget(merged, target);
    const last = 'failedAt' in found ? undefined : found.children.at(-1);
    if ('failedAt' in found || !last || !sameElement(last, wrapper.children[0])) return { missing: target };
    found.children.pop();
  }
  return {};
}

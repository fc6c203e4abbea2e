/**
 * The elements of a parsed XML tree (xml-scanner.ts): where each start tag ends in its document
 * rides along, for diagnostics about the element.
 */
import type { XmlElement } from '../xml-tree';

/**
 * The children of every parsed element without any (most of a buildFile's: its pieces): one frozen
 * list, replaced by the element's own at its first child (`adoptChild`). Code that adds to a
 * parsed tree goes through `adoptChild` too; a push onto this list throws.
 */
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

/**
 * The attributes of every parsed element without any: one frozen list, as for the children. No
 * reader adds an attribute to a parsed element; one that did would throw here, not share it.
 */
export const NO_ATTRIBUTES: [string, string][] = Object.freeze([]) as unknown as [string, string][];

/** Appends `child` to `parent`'s children, giving a parsed leaf its own list first. */
export function adoptChild(parent: XmlElement, child: XmlElement): void {
  if (parent.children === NO_CHILDREN) parent.children = [child];
  else parent.children.push(child);
}

/**
 * A parsed element: where its start tag ends in its document rides along in private fields, out
 * of sight of comparisons, copies and serialisation (a WeakMap beside the tree cost the parse as
 * much again in garbage collection).
 */
export class ParsedElement implements XmlElement {
  /**
   * Made with the element, though its text comes only when it closes: a property added later lives
   * in a list of its own beside the element (one more object for each of a buildFile's pieces).
   */
  text?: string = undefined;
  children: XmlElement[] = NO_CHILDREN;
  readonly #line: number;
  readonly #column: number;

  constructor(
    public name: string,
    public attributes: [string, string][],
    line: number,
    column: number,
  ) {
    this.#line = line;
    this.#column = column;
  }

  static positionOf(element: XmlElement): ElementPosition | undefined {
    if (!(element instanceof ParsedElement)) return undefined;
    const at = { line: element.#line, column: element.#column };
    return element instanceof FiledElement ? { file: element.file, ...at } : at;
  }
}

/**
 * An element of a document other than the module's buildFile that ends up in its tree (an
 * extension's components, grafted into the base module's): it names its own file, so that a
 * diagnostic about it points into the extension, not at the same line of the base module.
 */
export class FiledElement extends ParsedElement {
  constructor(
    name: string,
    attributes: [string, string][],
    line: number,
    column: number,
    readonly file: string,
  ) {
    super(name, attributes, line, column);
  }
}

/** Where a parsed element's start tag ends; `file` only for an element that names its own (FiledElement). */
export interface ElementPosition {
  file?: string;
  line: number;
  column: number;
}

/**
 * Line and column of a parsed element's start tag, for diagnostics about it (none for built
 * trees), with the file for an element of another document grafted into the tree: spread after
 * a diagnostic's own `file`, it names the extension for what an extension added.
 */
export function positionOf(element: XmlElement): ElementPosition | undefined {
  return ParsedElement.positionOf(element);
}

/**
 * The one copy of a name, internalised: a buildFile repeats a few dozen names tens of thousands
 * of times, and every reader compares them with constants (`el.name === PIECE_SLOT`,
 * `attribute(el, 'entryName')`), which for internalised strings is a pointer comparison instead
 * of a character-by-character one, and the copies are not kept alive.
 */
export function sharedName(names: Map<string, string>, name: string): string {
  let shared = names.get(name);
  if (shared === undefined) {
    // A property key is internalised; reading it back gives the internalised string.
    shared = Object.keys({ [name]: 0 })[0];
    names.set(name, shared);
  }
  return shared;
}

/** Closes a parsed element: its text, when it has some besides the white space that lays out its children. */
export function closeElement(element: XmlElement, text: string): void {
  if (text.length > 0 && (element.children.length === 0 || text.trim() !== '')) element.text = text;
}

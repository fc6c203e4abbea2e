/**
 * The in-memory form of a buildFile (and any VASSAL XML): elements with ordered attributes and
 * children. The module writer builds it, the reader parses into it, the round trip compares it.
 */
export interface XmlElement {
  /** Element name, e.g. "VASSAL.build.module.Map". */
  name: string;
  /** Attributes in document order (order matters for byte-stable output, not for equivalence). */
  attributes: [string, string][];
  children: XmlElement[];
  /** Text content (PieceSlot and PrototypeDefinition hold piece definitions here), unescaped. */
  text?: string;
}

export function element(
  name: string,
  attributes: Record<string, string | number | boolean> | [string, string][] = [],
  children: XmlElement[] = [],
  text?: string,
): XmlElement {
  const attrs = Array.isArray(attributes) ? attributes : Object.entries(attributes).map(([k, v]) => [k, String(v)] as [string, string]);
  return { name, attributes: attrs, children, ...(text !== undefined ? { text } : {}) };
}

export function attribute(el: XmlElement, name: string): string | undefined {
  // A plain loop: this runs for nearly every element of a buildFile, often several times.
  const attributes = el.attributes;
  for (let i = 0; i < attributes.length; i++) if (attributes[i][0] === name) return attributes[i][1];
  return undefined;
}

/** Depth-first walk, parents before children. */
export function* walkElements(root: XmlElement): Generator<XmlElement> {
  yield root;
  for (const child of root.children) yield* walkElements(child);
}

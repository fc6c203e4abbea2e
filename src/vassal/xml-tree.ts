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

/**
 * The first difference of tree `a` from tree `b`, the one it should equal (name, attributes in
 * order, text, children), said at its path below `path`; undefined when they are the same.
 */
export function treeDifference(a: XmlElement, b: XmlElement, path: string): string | undefined {
  if (a.name !== b.name) return `${path}: element ${b.name} read back as ${a.name}`;
  if (a.attributes.length !== b.attributes.length) return `${path}/${a.name}: attribute count differs`;
  for (let i = 0; i < a.attributes.length; i++) {
    const [k, v] = a.attributes[i];
    const [k2, v2] = b.attributes[i];
    if (k !== k2 || v !== v2)
      return `${path}/${a.name}@${k2}: ${JSON.stringify(v2).slice(0, 60)} read back as ${JSON.stringify(v).slice(0, 60)}`;
  }
  if ((a.text ?? '') !== (b.text ?? '')) return `${path}/${a.name}: text does not read back as written`;
  if (a.children.length !== b.children.length) return `${path}/${a.name}: child count differs`;
  for (let i = 0; i < a.children.length; i++) {
    const d = treeDifference(a.children[i], b.children[i], `${path}/${a.name}`);
    if (d) return d;
  }
  return undefined;
}

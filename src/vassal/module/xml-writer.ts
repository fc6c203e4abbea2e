/**
 * XmlElement tree → XML text, the way VASSAL's own writer lays a buildFile out: the standard
 * declaration, four-space indentation, attributes in the order the tree holds them, text content
 * inline. Deterministic, and safe for what VASSAL reads back (reference §2.1):
 *   - attribute values escape TAB, LF and CR as character references (XML normalises literal
 *     ones to spaces);
 *   - text is escaped, never wrapped in CDATA (VASSAL ignores CDATA sections).
 */
import type { XmlElement } from '../xml-tree';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

export function escapeText(value: string): string {
  return value.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]);
}

function write(el: XmlElement, depth: number, out: string[]): void {
  const indent = '    '.repeat(depth);
  let open = `${indent}<${el.name}`;
  for (const [name, value] of el.attributes) open += ` ${name}="${escapeAttribute(value)}"`;
  if (el.children.length === 0) {
    out.push(el.text === undefined || el.text === '' ? `${open}/>` : `${open}>${escapeText(el.text)}</${el.name}>`);
    return;
  }
  out.push(`${open}>${el.text ? escapeText(el.text) : ''}`);
  for (const child of el.children) write(child, depth + 1, out);
  out.push(`${indent}</${el.name}>`);
}

/** The whole document: declaration, root element, trailing newline. */
export function serializeXml(root: XmlElement): string {
  const lines: string[] = [XML_DECLARATION];
  write(root, 0, lines);
  return `${lines.join('\n')}\n`;
}

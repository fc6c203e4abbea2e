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

const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/;
const ATTRIBUTE_SPECIALS = /[&<>"\t\n\r]/g;
const TEXT_SPECIAL = /[&<>\r]/;
const TEXT_SPECIALS = /[&<>\r]/g;

// Most values need no escaping: one test, and the value itself is returned without a copy.
export function escapeAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIALS, (c) => ATTRIBUTE_ESCAPES[c]) : value;
}

export function escapeText(value: string): string {
  return TEXT_SPECIAL.test(value) ? value.replace(TEXT_SPECIALS, (c) => TEXT_ESCAPES[c]) : value;
}

/** Appends one chunk per tag line to `out`; the caller joins them once. */
function write(el: XmlElement, indent: string, out: string[]): void {
  let open = indent + '<' + el.name;
  const attributes = el.attributes;
  for (let i = 0; i < attributes.length; i++) open += ' ' + attributes[i][0] + '="' + escapeAttribute(attributes[i][1]) + '"';
  if (el.children.length === 0) {
    out.push(el.text === undefined || el.text === '' ? open + '/>\n' : open + '>' + escapeText(el.text) + '</' + el.name + '>\n');
    return;
  }
  out.push(open + '>' + (el.text ? escapeText(el.text) : '') + '\n');
  const childIndent = indent + '    ';
  for (const child of el.children) write(child, childIndent, out);
  out.push(indent + '</' + el.name + '>\n');
}

/** The whole document: declaration, root element, trailing newline. */
export function serializeXml(root: XmlElement): string {
  const out: string[] = [XML_DECLARATION + '\n'];
  write(root, '', out);
  return out.join('');
}

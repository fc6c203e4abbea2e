/**
 * Minimal edits of an XML document's own text: where each element's open tag and text sit in
 * the original string, so an update replaces just the changed characters of a piece definition
 * or an attribute and leaves every other byte as the author's editor wrote it.
 *
 * Elements are numbered in document order of their open tags, which is the pre-order of the
 * parsed tree (../xml-tree.ts walkElements). Only well-formed text reaches here (the reader
 * parsed it already, with its limits).
 */
import { SaxesParser } from 'saxes';

export interface ElementSpan {
  /** Index of `<` of the open tag, and just after its `>`. */
  tagStart: number;
  tagEnd: number;
  /** Where the text of a leaf element ends (the `<` of its close tag); tagEnd for an empty element. */
  textEnd: number;
}

/** Spans of the elements whose document-order index is in `wanted`. */
export function elementSpans(xml: string, wanted: ReadonlySet<number>): Map<number, ElementSpan> {
  const spans = new Map<number, ElementSpan>();
  const parser = new SaxesParser({ position: true });
  const open: Array<{ index: number; tagEnd: number }> = [];
  let count = 0;
  parser.on('opentag', (tag) => {
    const index = count++;
    const tagEnd = parser.position;
    if (tag.isSelfClosing) {
      if (wanted.has(index)) spans.set(index, { tagStart: xml.lastIndexOf('<', tagEnd - 1), tagEnd, textEnd: tagEnd });
      return;
    }
    open.push({ index, tagEnd });
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    const top = open.pop()!;
    if (!wanted.has(top.index)) return;
    spans.set(top.index, {
      tagStart: xml.lastIndexOf('<', top.tagEnd - 1),
      tagEnd: top.tagEnd,
      textEnd: xml.lastIndexOf('<', parser.position - 1),
    });
  });
  parser.write(xml).close();
  return spans;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Raw XML character data → its text, with `offsets[i]` the raw index where text character i
 * starts (`offsets[text.length]` is the raw length). CR LF and lone CR read as LF, as XML says.
 */
export function unescapeWithOffsets(raw: string): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    if (c === '&') {
      const end = raw.indexOf(';', i);
      const name = raw.slice(i + 1, end);
      let value = ENTITIES[name];
      if (value === undefined && name.startsWith('#'))
        value = String.fromCodePoint(name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10));
      for (let k = 0; k < (value ?? '').length; k++) offsets.push(i);
      text += value ?? '';
      i = end + 1;
    } else if (c === '\r') {
      offsets.push(i);
      text += '\n';
      i += raw[i + 1] === '\n' ? 2 : 1;
    } else {
      offsets.push(i);
      text += c;
      i++;
    }
  }
  offsets.push(raw.length);
  return { text, offsets };
}

export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

export function escapeXmlAttribute(text: string, quote: string): string {
  return escapeXmlText(text)
    .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;');
}

/** One replacement of raw characters [start, end). */
export interface RawEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The edit that turns the text of raw character data `raw` (starting at `base` in the document)
 * from `before` into `after`: only the characters between their common prefix and suffix change.
 * Undefined when `raw` does not read as `before` (the caller's picture of the document is wrong).
 */
export function textEdit(raw: string, base: number, before: string, after: string): RawEdit | undefined {
  const { text, offsets } = unescapeWithOffsets(raw);
  if (text !== before) return undefined;
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  return {
    start: base + offsets[prefix],
    end: base + offsets[before.length - suffix],
    text: escapeXmlText(after.slice(prefix, after.length - suffix)),
  };
}

/** The edit that sets attribute `name` of the open tag at `span` to `value`; undefined when the tag lacks it. */
export function attributeEdit(xml: string, span: ElementSpan, name: string, value: string): RawEdit | undefined {
  const tag = xml.slice(span.tagStart, span.tagEnd);
  const match = new RegExp(`\\s${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*(["'])`).exec(tag);
  if (!match) return undefined;
  const quote = match[1];
  const start = span.tagStart + match.index + match[0].length;
  const end = xml.indexOf(quote, start);
  return { start, end, text: escapeXmlAttribute(value, quote) };
}

/** Applies non-overlapping edits. */
export function applyEdits(xml: string, edits: readonly RawEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) throw new Error('overlapping XML edits');
    out += xml.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + xml.slice(at);
}

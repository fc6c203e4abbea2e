/**
 * Structure-aware mutations of a VASSAL module: the buildFile's XML (attributes, elements,
 * nesting, DOCTYPE), the piece definitions inside it (their separators and escapes), the saved
 * games, and the zip container itself (entries, names, bytes). Edits are plain objects, replayed
 * in order on the base module's entries and then on the zipped bytes.
 */
import yazl from 'yazl';
import { Rng } from './rng';

export type ModuleEdit =
  | { op: 'xml-attr'; entry: string; tag: number; name: string; value: string; mustReject?: string; tagSuffix?: string }
  | { op: 'xml-delete'; entry: string; tag: number }
  | { op: 'xml-duplicate'; entry: string; tag: number; times: number }
  | { op: 'xml-insert'; entry: string; at: number; text: string; mustReject?: string }
  | { op: 'piece-text'; entry: string; tag: number; at: number; text: string; cut: number }
  | {
      op: 'entry-add';
      name: string;
      content: 'random' | 'escape-text' | 'random-save' | 'nested-save' | 'empty';
      size: number;
      stored: boolean;
    }
  | { op: 'entry-delete'; name: string }
  | { op: 'entry-truncate'; name: string; length: number }
  | { op: 'zip-flip'; at: number; xor: number }
  | { op: 'zip-truncate'; length: number }
  | { op: 'bad-utf8-name'; mustReject?: string };

export interface ModuleBase {
  entries: Map<string, Uint8Array>;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const BUILDFILE = 'buildFile.xml';
const PIECE_TAGS = /PieceSlot|PrototypeDefinition/;

export function moduleMustReject(edits: readonly ModuleEdit[]): string | undefined {
  for (const e of edits) if ('mustReject' in e && e.mustReject) return e.mustReject;
  return undefined;
}

interface Tag {
  start: number;
  end: number;
  name: string;
  selfClosing: boolean;
}

function tags(xml: string): Tag[] {
  const out: Tag[] = [];
  const re = /<([A-Za-z][\w.]*)((?:\s+[\w.:-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml))
    out.push({ start: m.index, end: m.index + m[0].length, name: m[1], selfClosing: m[3] === '/' });
  return out;
}

/** End offset of the element a start tag opens (its closing tag), by counting same-name tags. */
function elementEnd(xml: string, tag: Tag): number {
  if (tag.selfClosing) return tag.end;
  const close = `</${tag.name}>`;
  let depth = 1;
  let at = tag.end;
  const open = new RegExp(`<${tag.name.replace(/\./g, '\\.')}[\\s/>]|</${tag.name.replace(/\./g, '\\.')}>`, 'g');
  open.lastIndex = at;
  for (let m = open.exec(xml); m; m = open.exec(xml)) {
    if (m[0].startsWith('</')) depth -= 1;
    else if (!xml.slice(m.index, xml.indexOf('>', m.index) + 1).endsWith('/>')) depth += 1;
    at = m.index + m[0].length;
    if (depth === 0) return at;
  }
  return xml.indexOf(close, tag.end) >= 0 ? xml.indexOf(close, tag.end) + close.length : xml.length;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function applyXml(xml: string, e: ModuleEdit): string {
  const list = tags(xml);
  if (e.op === 'xml-insert') return xml.slice(0, Math.min(e.at, xml.length)) + e.text + xml.slice(Math.min(e.at, xml.length));
  if (list.length === 0 || !('tag' in e)) return xml;
  // An oracle edit names its element by kind, so earlier edits that shift the tags do not move it.
  const among = e.op === 'xml-attr' && e.tagSuffix ? list.filter((t) => t.name.endsWith(e.tagSuffix!)) : list;
  if (among.length === 0) return xml;
  const tag = among[e.tag % among.length];
  if (e.op === 'xml-attr') {
    const text = xml.slice(tag.start, tag.end);
    const attr = new RegExp(`(\\s${e.name.replace(/\./g, '\\.')}\\s*=\\s*")[^"]*(")`);
    const replaced = attr.test(text)
      ? text.replace(attr, `$1${escapeAttr(e.value)}$2`)
      : text.replace(/\s*(\/?)>$/, ` ${e.name}="${escapeAttr(e.value)}"$1>`);
    return xml.slice(0, tag.start) + replaced + xml.slice(tag.end);
  }
  const end = elementEnd(xml, tag);
  if (e.op === 'xml-delete') return tag.start === 0 ? xml : xml.slice(0, tag.start) + xml.slice(end);
  if (e.op === 'xml-duplicate')
    return tag.start === 0 ? xml : xml.slice(0, end) + xml.slice(tag.start, end).repeat(e.times) + xml.slice(end);
  if (e.op === 'piece-text') {
    const pieces = list.filter((t) => PIECE_TAGS.test(t.name) && !t.selfClosing);
    if (pieces.length === 0) return xml;
    const piece = pieces[e.tag % pieces.length];
    const close = xml.indexOf('<', piece.end);
    const body = xml.slice(piece.end, close);
    const at = e.at % Math.max(1, body.length);
    const mutated = body.slice(0, at) + e.text + body.slice(Math.min(body.length, at + e.cut));
    return xml.slice(0, piece.end) + mutated + xml.slice(close);
  }
  return xml;
}

function randomBytes(rng: Rng, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = rng.int(256);
  return out;
}

async function zipEntries(entries: Array<{ name: string; data: Uint8Array; stored?: boolean }>): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.data), e.name, { compress: !e.stored, mtime: new Date(0) });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The mutated module's bytes. */
export async function applyModuleEdits(base: ModuleBase, edits: readonly ModuleEdit[], seed: number): Promise<Uint8Array> {
  const rng = new Rng(seed);
  const entries: Array<{ name: string; data: Uint8Array; stored?: boolean }> = [...base.entries].map(([name, data]) => ({ name, data }));
  const find = (name: string) => entries.find((x) => x.name === name);
  let badName = false;
  for (const e of edits) {
    if (e.op.startsWith('xml-') || e.op === 'piece-text') {
      const entry = find((e as { entry: string }).entry);
      if (entry) entry.data = encoder.encode(applyXml(decoder.decode(entry.data), e));
    } else if (e.op === 'entry-add') {
      const data =
        e.content === 'random' || e.content === 'random-save'
          ? randomBytes(rng, e.size)
          : e.content === 'escape-text'
            ? encoder.encode(`<?xml version="1.0"?>\n<\u001b]0;pwned\u0007\u001b[2J`)
            : e.content === 'nested-save'
              ? await zipEntries([{ name: 'savedGame', data: randomBytes(rng, e.size) }])
              : new Uint8Array();
      entries.push({ name: e.name, data, stored: e.stored });
    } else if (e.op === 'entry-delete') {
      const i = entries.findIndex((x) => x.name === e.name);
      if (i >= 0) entries.splice(i, 1);
    } else if (e.op === 'entry-truncate') {
      const entry = find(e.name);
      if (entry) entry.data = entry.data.subarray(0, e.length);
    } else if (e.op === 'bad-utf8-name') badName = true;
  }
  const placeholder = 'images/zzzzzzzz.png';
  if (badName) entries.push({ name: placeholder, data: new Uint8Array([1, 2, 3]) });
  let bytes = await zipEntries(entries);
  if (badName) bytes = patchName(bytes, placeholder, 'images/zz\xff\xfezzzz.png');
  for (const e of edits) {
    if (e.op === 'zip-flip' && bytes.length > 0) {
      bytes = new Uint8Array(bytes);
      bytes[e.at % bytes.length] ^= e.xor;
    } else if (e.op === 'zip-truncate') bytes = bytes.subarray(0, e.length % Math.max(1, bytes.length));
  }
  return bytes;
}

function patchName(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const out = Buffer.from(bytes);
  const needle = Buffer.from(from, 'latin1');
  for (let at = out.indexOf(needle); at >= 0; at = out.indexOf(needle, at + 1)) Buffer.from(to, 'latin1').copy(out, at);
  return new Uint8Array(out);
}

const HOSTILE_VALUES = [
  'NaN',
  '-1',
  '0',
  '1e308',
  '1e-300',
  '-1e308',
  '',
  'true',
  'x'.repeat(2000),
  '\u001b]0;pwned\u0007',
  '&',
  '0.01',
  '2147483648',
  '99999999',
];
const GRID_SPACING = ['dx', 'dy'];

function gridEdit(rng: Rng, xml: string): ModuleEdit | undefined {
  const grids = tags(xml).filter((t) => t.name.endsWith('.HexGrid')).length;
  if (grids === 0) return undefined;
  const bad = rng.pick(['NaN', '0', '-5', '1e-300', '1e308', 'Infinity']);
  return {
    op: 'xml-attr',
    entry: BUILDFILE,
    tag: rng.int(grids),
    tagSuffix: '.HexGrid',
    name: rng.pick(GRID_SPACING),
    value: bad,
    mustReject: `hex grid spacing ${bad}`,
  };
}

export function mutateModule(rng: Rng, base: ModuleBase): ModuleEdit[] {
  const xml = decoder.decode(base.entries.get(BUILDFILE) ?? new Uint8Array());
  const count = tags(xml).length;
  const names = [...base.entries.keys()];
  const make = (): ModuleEdit | undefined => {
    switch (rng.int(16)) {
      case 0:
        return gridEdit(rng, xml);
      case 1:
      case 2: {
        const list = tags(xml);
        const tag = rng.int(Math.max(1, count));
        const attrs = [...xml.slice(list[tag]?.start ?? 0, list[tag]?.end ?? 0).matchAll(/\s([\w.:-]+)\s*=/g)].map((m) => m[1]);
        return {
          op: 'xml-attr',
          entry: BUILDFILE,
          tag,
          name: attrs.length > 0 && rng.chance(0.8) ? rng.pick(attrs) : rng.pick(['width', 'height', 'x', 'y', 'name', 'dx']),
          value: rng.pick(HOSTILE_VALUES),
        };
      }
      case 3:
        return { op: 'xml-delete', entry: BUILDFILE, tag: rng.int(Math.max(1, count)) };
      case 4:
        return { op: 'xml-duplicate', entry: BUILDFILE, tag: rng.int(Math.max(1, count)), times: 1 + rng.int(3) };
      case 5:
        return {
          op: 'xml-insert',
          entry: BUILDFILE,
          at: rng.int(xml.length),
          text: rng.pick([
            '<a>'.repeat(400),
            '<!DOCTYPE x [<!ENTITY a "aaaa">]>',
            '&#0;',
            '\u001b[2J',
            '<',
            ']]>',
            '<![CDATA[x]]>',
            '\u0000',
            '&lol;',
          ]),
        };
      case 6:
      case 7:
      case 8:
        return {
          op: 'piece-text',
          entry: BUILDFILE,
          tag: rng.int(1000),
          at: rng.int(4000),
          text: rng.pick([
            '',
            ';',
            '\t',
            '\\',
            '\\\\',
            '\\;',
            '+/null/',
            'prototype;',
            'piece;;;;',
            '\u001b]0;x\u0007',
            '\t\t\t',
            'mark;NaN',
            'label;-1e308',
          ]),
          cut: rng.int(40),
        };
      case 9:
        return {
          op: 'entry-add',
          name: rng.pick(['saves/x.vsav', 'images/a.png', 'extra.txt', 'a', 'a/b', 'buildFile.xml', 'moduledata']),
          content: rng.pick(['random', 'escape-text', 'random-save', 'nested-save', 'empty'] as const),
          size: rng.pick([0, 1, 100, 5000]),
          stored: rng.chance(0.5),
        };
      case 10:
        return { op: 'entry-delete', name: rng.pick(names) };
      case 11:
        return { op: 'entry-truncate', name: rng.pick(names), length: rng.int(2000) };
      case 12:
      case 13:
        return { op: 'zip-flip', at: rng.int(1 << 30), xor: 1 << rng.int(8) };
      case 14:
        return { op: 'zip-truncate', length: rng.int(1 << 30) };
      default:
        return { op: 'bad-utf8-name', mustReject: 'entry name that is not UTF-8' };
    }
  };
  const edits: ModuleEdit[] = [];
  const wanted = 1 + rng.int(2);
  for (let i = 0; i < 10 && edits.length < wanted; i++) {
    const e = make();
    if (e) edits.push(e);
  }
  return edits;
}

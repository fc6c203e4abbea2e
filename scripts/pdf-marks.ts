/**
 * A small PDF content-stream reader for measuring printed output independently of our layout code:
 * every text run with its text (through the font's ToUnicode map), its effective size on the page
 * (Tf size times the text and graphics matrices) and its position, and every filled rectangle with
 * its page box. Handles q/Q, cm, BT/ET, Tf, Tm, Td, TD, T*, TL, Tj, TJ, ', ", re and Form XObjects
 * (Do), which is what pdf-lib writes. Coordinates are PDF points, y up.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRawStream, PDFRef, type PDFPage } from 'pdf-lib';

export interface TextRun {
  page: number;
  text: string;
  /** Effective type size in points (vertical scale of the text rendering matrix). */
  size: number;
  x: number;
  y: number;
}

export interface FilledRect {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

type Token = number | string | { name: string } | { bytes: number[] } | Token[] | { op: string };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  const stack: Token[][] = [out];
  let i = 0;
  const push = (t: Token) => stack[stack.length - 1].push(t);
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '%') {
      while (i < src.length && src[i] !== '\n' && src[i] !== '\r') i++;
    } else if (c === '[') {
      const a: Token[] = [];
      push(a);
      stack.push(a);
      i++;
    } else if (c === ']') {
      stack.pop();
      i++;
    } else if (c === '<' && src[i + 1] === '<') {
      // Inline dictionaries (marked content): skip to the matching >>.
      let depth = 0;
      do {
        if (src.startsWith('<<', i)) {
          depth++;
          i += 2;
        } else if (src.startsWith('>>', i)) {
          depth--;
          i += 2;
        } else i++;
      } while (depth > 0 && i < src.length);
    } else if (c === '<') {
      const end = src.indexOf('>', i);
      const hex = src.slice(i + 1, end).replace(/\s/g, '');
      const bytes: number[] = [];
      for (let k = 0; k < hex.length; k += 2) bytes.push(parseInt(hex.slice(k, k + 2).padEnd(2, '0'), 16));
      push({ bytes });
      i = end + 1;
    } else if (c === '(') {
      const bytes: number[] = [];
      let depth = 1;
      i++;
      while (i < src.length && depth > 0) {
        const ch = src[i];
        if (ch === '\\') {
          const nx = src[i + 1];
          const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
          if (nx in esc) {
            bytes.push(esc[nx]);
            i += 2;
          } else if (/[0-7]/.test(nx)) {
            const m = src.slice(i + 1, i + 4).match(/^[0-7]{1,3}/)![0];
            bytes.push(parseInt(m, 8));
            i += 1 + m.length;
          } else i += 2;
        } else {
          if (ch === '(') depth++;
          if (ch === ')') depth--;
          if (depth > 0) bytes.push(ch.charCodeAt(0));
          i++;
        }
      }
      push({ bytes });
    } else if (c === '/') {
      let j = i + 1;
      while (j < src.length && !/[\s/[\]<>()%]/.test(src[j])) j++;
      push({ name: src.slice(i + 1, j) });
      i = j;
    } else {
      let j = i;
      while (j < src.length && !/[\s/[\]<>()%]/.test(src[j])) j++;
      const word = src.slice(i, j);
      const n = Number(word);
      push(word !== '' && Number.isFinite(n) ? n : { op: word });
      i = Math.max(j, i + 1);
    }
  }
  return out;
}

function streamText(doc: PDFDocument, obj: PDFObject | undefined): string {
  const stream = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (stream instanceof PDFArray)
    return stream
      .asArray()
      .map((o) => streamText(doc, o))
      .join('\n');
  if (!(stream instanceof PDFRawStream)) return '';
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents);
  return Buffer.from(bytes).toString('latin1');
}

/** code → unicode text from a ToUnicode CMap (bfchar and bfrange). */
function toUnicodeMap(src: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (h: string) => {
    let s = '';
    for (let k = 0; k < h.length; k += 4) s += String.fromCharCode(parseInt(h.slice(k, k + 4), 16));
    return s;
  };
  for (const block of src.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1], 16), hexText(m[2]));
  for (const block of src.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const [lo, hi, dst] = [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
      for (let code = lo; code <= hi; code++) map.set(code, String.fromCharCode(dst + code - lo));
    }
  return map;
}

interface FontInfo {
  twoByte: boolean;
  unicode: Map<number, string>;
}

function dictOf(doc: PDFDocument, obj: PDFObject | undefined): PDFDict | undefined {
  const o = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (o instanceof PDFDict) return o;
  if (o instanceof PDFRawStream) return o.dict;
  return undefined;
}

function fontInfo(doc: PDFDocument, font: PDFDict | undefined): FontInfo {
  const twoByte = font?.get(PDFName.of('Subtype')) === PDFName.of('Type0');
  const tu = font?.get(PDFName.of('ToUnicode'));
  return { twoByte, unicode: tu ? toUnicodeMap(streamText(doc, tu)) : new Map() };
}

function decode(font: FontInfo | undefined, bytes: number[]): string {
  if (!font) return String.fromCharCode(...bytes);
  let s = '';
  if (font.twoByte) for (let k = 0; k + 1 < bytes.length; k += 2) s += font.unicode.get((bytes[k] << 8) | bytes[k + 1]) ?? '\ufffd';
  else for (const b of bytes) s += font.unicode.get(b) ?? String.fromCharCode(b);
  return s;
}

interface State {
  ctm: Matrix;
}

function num(t: Token | undefined): number {
  return typeof t === 'number' ? t : 0;
}

function runContent(
  doc: PDFDocument,
  src: string,
  resources: PDFDict | undefined,
  start: Matrix,
  pageIndex: number,
  out: { runs: TextRun[]; rects: FilledRect[] },
): void {
  const fonts = new Map<string, FontInfo>();
  const fontDict = dictOf(doc, resources?.get(PDFName.of('Font')));
  const xobjects = dictOf(doc, resources?.get(PDFName.of('XObject')));
  let state: State = { ctm: start };
  const saved: State[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let fontSize = 0;
  let leading = 0;
  let font: FontInfo | undefined;
  let pendingRects: { x: number; y: number; w: number; h: number }[] = [];
  // The current path's points (m/l only); a closed axis-aligned quadrilateral is a rectangle.
  let pathPoints: [number, number][] = [];
  let pathCurved = false;
  const pathRect = () => {
    const pts =
      pathPoints.length === 5 && pathPoints[4][0] === pathPoints[0][0] && pathPoints[4][1] === pathPoints[0][1]
        ? pathPoints.slice(0, 4)
        : pathPoints;
    if (pathCurved || pts.length !== 4) return;
    const aligned = pts.every((p, k) => {
      const q = pts[(k + 1) % 4];
      return Math.abs(p[0] - q[0]) < 1e-6 || Math.abs(p[1] - q[1]) < 1e-6;
    });
    if (!aligned) return;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    pendingRects.push({
      x: Math.min(...xs),
      y: Math.min(...ys),
      w: Math.max(...xs) - Math.min(...xs),
      h: Math.max(...ys) - Math.min(...ys),
    });
  };
  const operands: Token[] = [];
  const show = (bytes: number[]) => {
    const trm = multiply(multiply([fontSize, 0, 0, fontSize, 0, 0], tm), state.ctm);
    const [x, y] = apply(multiply(tm, state.ctm), 0, 0);
    out.runs.push({ page: pageIndex, text: decode(font, bytes), size: Math.hypot(trm[2], trm[3]), x, y });
  };
  for (const t of tokenize(src)) {
    if (typeof t !== 'object' || Array.isArray(t) || !('op' in t)) {
      operands.push(t);
      continue;
    }
    const a = operands.splice(0);
    switch (t.op) {
      case 'q':
        saved.push({ ...state });
        break;
      case 'Q':
        state = saved.pop() ?? state;
        break;
      case 'cm':
        state = { ctm: multiply(a.map(num) as Matrix, state.ctm) };
        break;
      case 'BT':
        tm = tlm = IDENTITY;
        break;
      case 'Tf': {
        const name = (a[0] as { name: string }).name;
        if (!fonts.has(name)) fonts.set(name, fontInfo(doc, dictOf(doc, fontDict?.get(PDFName.of(name)))));
        font = fonts.get(name);
        fontSize = num(a[1]);
        break;
      }
      case 'TL':
        leading = num(a[0]);
        break;
      case 'Tm':
        tm = tlm = a.map(num) as Matrix;
        break;
      case 'Td':
      case 'TD':
        if (t.op === 'TD') leading = -num(a[1]);
        tm = tlm = multiply([1, 0, 0, 1, num(a[0]), num(a[1])], tlm);
        break;
      case 'T*':
        tm = tlm = multiply([1, 0, 0, 1, 0, -leading], tlm);
        break;
      case "'":
      case '"':
        tm = tlm = multiply([1, 0, 0, 1, 0, -leading], tlm);
        show((a[a.length - 1] as { bytes: number[] }).bytes);
        break;
      case 'Tj':
        show((a[0] as { bytes: number[] }).bytes);
        break;
      case 'TJ':
        show((a[0] as Token[]).flatMap((e) => (typeof e === 'object' && 'bytes' in e ? e.bytes : [])));
        break;
      case 'm':
        pathRect();
        pathPoints = [[num(a[0]), num(a[1])]];
        pathCurved = false;
        break;
      case 'l':
        pathPoints.push([num(a[0]), num(a[1])]);
        break;
      case 'c':
      case 'v':
      case 'y':
        pathCurved = true;
        break;
      case 're':
        pendingRects.push({ x: num(a[0]), y: num(a[1]), w: num(a[2]), h: num(a[3]) });
        break;
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'B*':
        pathRect();
        for (const r of pendingRects) {
          const [x1, y1] = apply(state.ctm, r.x, r.y);
          const [x2, y2] = apply(state.ctm, r.x + r.w, r.y + r.h);
          out.rects.push({ page: pageIndex, x: Math.min(x1, x2), y: Math.min(y1, y2), w: Math.abs(x2 - x1), h: Math.abs(y2 - y1) });
        }
        pendingRects = [];
        pathPoints = [];
        break;
      case 'S':
      case 's':
      case 'n':
      case 'b':
      case 'b*':
        pendingRects = [];
        pathPoints = [];
        break;
      case 'Do': {
        const name = (a[0] as { name: string }).name;
        const ref = xobjects?.get(PDFName.of(name));
        const xo = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
        if (xo instanceof PDFRawStream && xo.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) {
          const m = xo.dict.get(PDFName.of('Matrix'));
          const matrix = m instanceof PDFArray ? (m.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) as Matrix) : IDENTITY;
          runContent(
            doc,
            streamText(doc, xo),
            dictOf(doc, xo.dict.get(PDFName.of('Resources'))),
            multiply(matrix, state.ctm),
            pageIndex,
            out,
          );
        }
        break;
      }
    }
  }
}

/** Every text run and filled rectangle of every page. */
export function pdfMarks(doc: PDFDocument): { runs: TextRun[]; rects: FilledRect[] } {
  const out = { runs: [] as TextRun[], rects: [] as FilledRect[] };
  doc.getPages().forEach((page: PDFPage, index) => {
    const node = page.node;
    runContent(doc, streamText(doc, node.get(PDFName.of('Contents'))), node.Resources(), IDENTITY, index, out);
  });
  return out;
}

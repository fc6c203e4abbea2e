/**
 * Counter faces as drawings (points, y down, 0..size), from the component plan's faces
 * (src/plan/faces.ts decides what each face shows; this file only draws it):
 *
 * - unknown values print as a loud "?" (GAP colour), never as a blank;
 * - text keeps the face's safe inset (the game's `sheet.safeInsetPt`) inside the cut edges;
 * - text that does not fit its slot is shrunk (info), or cut in the middle or left off (warning),
 *   never printed over other text;
 * - a symbol name outside the symbol set draws a frame with "?" and says so.
 *
 * counters.pdf prints these drawings and the VASSAL module rasterises the same ones.
 */
import type { Diagnostic } from '../diagnostics';
import {
  type FaceBox,
  type FaceElement,
  type FacePlan,
  type FaceSide,
  type FaceText,
  type ImageFace,
  type LabelFace,
  type SlotFace,
} from '../plan';
import { type Drawing, type Item, type Paint, type TextItem, BLACK, GAP, WHITE, circlePath, contrastingText } from './drawing';
import { type FontSet, textWidth } from './fonts';
import { normaliseSymbolName, symbolFrame, symbolItems } from './nato-symbols';
import {
  LAST_RESORT_COUNTER_PT,
  LINE_LEADING,
  MIN_COUNTER_PT,
  centredBaseline,
  fitLines,
  fitText,
  hyphenatedLines,
  middleCut,
  unitInkBox,
} from './text-fit';

export type { FaceSide };

export interface CounterFace {
  /** Stable key: `unit/<id>/front`, `marker/<id>/back`, `chit/<id>/front`. */
  key: string;
  kind: 'unit' | 'marker' | 'chit';
  id: string;
  side: FaceSide;
  /** Counter edge in inches. */
  inches: number;
  drawing: Drawing;
}

/** The face of a counter whose data gives it no colour (unit, marker or chit alike): its edges show on white paper. */
const NEUTRAL: Paint = { rgb: '#e4e4e4', cmyk: [0, 0, 0, 10] };
const NO_ZOC: Paint = { rgb: '#ffd400', cmyk: [0, 15, 100, 0] };
const SYMBOL_NAMES = [
  'infantry',
  'armor',
  'mechanized',
  'motorized',
  'cavalry',
  'artillery',
  'anti-tank',
  'anti-aircraft',
  'engineer',
  'airborne',
  'mountain',
  'headquarters',
  'supply',
];

interface FaceContext {
  fonts: FontSet;
  size: number;
  /** How far text keeps its ink inside the cut edges, points. */
  inset: number;
  diagnostics: Diagnostic[];
  /** The data's abbreviations, longest phrase first: the second way to fit a text. */
  abbreviations: readonly Abbreviation[];
}

type Box = { x: number; y: number; w: number; h: number };

/** A phrase a text may be shortened to its abbreviation by (game.json `abbreviations`). */
export interface Abbreviation {
  phrase: string;
  abbreviation: string;
}

/**
 * The data's abbreviations as phrases to replace: the meaning up to its first parenthesis or comma
 * ("Panzer-Division (tank division)" → "Panzer-Division"), longest first.
 */
export function abbreviationsOf(list: readonly { abbreviation: string; meaning: string }[] | undefined): Abbreviation[] {
  return (list ?? [])
    .map((a) => ({ phrase: a.meaning.split(/\s*[(,]/)[0].trim(), abbreviation: a.abbreviation }))
    .filter((a) => a.phrase.length > a.abbreviation.length)
    .sort((a, b) => b.phrase.length - a.phrase.length || a.phrase.localeCompare(b.phrase));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with every whole-word phrase the data abbreviates replaced by its abbreviation. */
export function abbreviate(text: string, abbreviations: readonly Abbreviation[]): string {
  let out = text;
  for (const a of abbreviations)
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(a.phrase)}(?![\\p{L}\\p{N}])`, 'giu'), a.abbreviation);
  return out;
}

/** How a text sits in its slot: one line, or lines centred on the slot's middle. */
function placeLines(
  ctx: FaceContext,
  box: Box,
  lines: string[],
  size: number,
  font: 'regular' | 'bold',
  align: 'left' | 'center' | 'right',
  fill: Paint,
): Item[] {
  const x = align === 'left' ? box.x : align === 'center' ? box.x + box.w / 2 : box.x + box.w;
  const block = size * (1 + (lines.length - 1) * LINE_LEADING);
  // Lines are centred on the slot, kept inside the counter.
  const top = Math.min(Math.max(box.y + box.h / 2 - block / 2, 0), ctx.size - block);
  const items = lines.map((text, i) => ({
    kind: 'text' as const,
    x,
    y: centredBaseline(ctx.fonts, font, size, top + i * size * LINE_LEADING, size),
    text,
    size,
    font,
    fill,
    align,
  }));
  return insideSafeArea(ctx, items);
}

/** The lines moved the least that puts their ink inside the safe area (centred on an axis they are too long for). */
function insideSafeArea(ctx: FaceContext, items: TextItem[]): TextItem[] {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const t of items) {
    const ink = unitInkBox(ctx.fonts, t.font, t.text);
    if (!ink) continue;
    const start = t.x - (t.align === 'center' ? ink.advance / 2 : t.align === 'right' ? ink.advance : 0) * t.size;
    [x0, x1] = [Math.min(x0, start + ink.x0 * t.size), Math.max(x1, start + ink.x1 * t.size)];
    [y0, y1] = [Math.min(y0, t.y + ink.y0 * t.size), Math.max(y1, t.y + ink.y1 * t.size)];
  }
  if (x0 > x1) return items;
  const [low, high] = [ctx.inset, ctx.size - ctx.inset];
  const shift = (a: number, b: number) => (b - a > high - low ? (low + high - a - b) / 2 : a < low ? low - a : b > high ? high - b : 0);
  const [dx, dy] = [shift(x0, x1), shift(y0, y1)];
  return dx === 0 && dy === 0 ? items : items.map((t) => ({ ...t, x: t.x + dx, y: t.y + dy }));
}

/**
 * A text in a slot box (points): shrunk to the floor size, then wrapped in the slot, then given the
 * free width beside the slot (`room`), then shortened by the data's abbreviations, then (a word too
 * wide for the slot) broken with a hyphen at the floor size, then set on one line down to
 * LAST_RESORT_COUNTER_PT; a text that fits none of these is cut in the middle at the floor size (or
 * left off when not a letter fits) and reported at `where`. It never spills onto another slot, and
 * its ink keeps to the safe area (src/plan/safe-area.ts).
 */
export function slotText(
  ctx: FaceContext,
  box: Box,
  text: string,
  options: { size: number; bold?: boolean; align?: 'left' | 'center' | 'right'; fill: Paint; sizeFromData?: boolean; room?: Box },
  where: { id: string; field: string; line?: number; pointer: string },
): Item[] {
  if (text === '') return [];
  const font = options.bold ? 'bold' : 'regular';
  const align = options.align ?? 'center';
  const room = options.room ?? box;
  // Nothing under the floor size: a slot too low for it lets the text stand a little taller.
  const floor = MIN_COUNTER_PT;
  options = { ...options, size: Math.max(options.size, floor) };
  const attempt = (t: string): Item[] | undefined => {
    for (const b of room.w > box.w + 0.01 ? [box, room] : [box]) {
      const one = fitText(ctx.fonts, font, t, options.size, b.w, floor);
      if (one.fits) return placeLines(ctx, b, [t], one.size, font, align, options.fill);
      const many = fitLines(ctx.fonts, font, t, options.size, b, floor);
      if (many.fits && many.lines.length > 1) return placeLines(ctx, b, many.lines, many.size, font, 'center', options.fill);
    }
    return undefined;
  };
  const placed = attempt(text);
  const short = placed ? text : abbreviate(text, ctx.abbreviations);
  const fitted = placed ?? (short !== text ? attempt(short) : undefined);
  const at = { pointer: where.pointer, ...(where.line ? { line: where.line } : {}) };
  if (fitted) {
    const size = fitted[0].kind === 'text' ? fitted[0].size : options.size;
    if (short !== text)
      ctx.diagnostics.push({
        code: 'counters/text-abbreviated',
        severity: 'info',
        message: `"${text}" (${where.field}) is printed as "${short}" on ${where.id}, shortened by game.json abbreviations to fit`,
        ...at,
      });
    else if (size < options.size && options.sizeFromData)
      // Only a size the data asked for is worth a note; our own defaults may shrink freely.
      ctx.diagnostics.push({
        code: 'counters/text-shrunk',
        severity: 'info',
        message: `"${text}" (${where.field}) is too wide for its slot on ${where.id} at ${options.size} pt; printed at ${size} pt`,
        hint: 'widen the slot or lower its fontSize in counters.json',
        ...at,
      });
    return fitted;
  }
  // A word wider than the slot: broken with a hyphen at the floor size, when the whole text fits so.
  const hyphenated = hyphenatedLines(ctx.fonts, font, short, floor, room);
  if (hyphenated && hyphenated.length > 1) {
    ctx.diagnostics.push({
      code: 'counters/text-hyphenated',
      severity: 'info',
      message: `"${short}" (${where.field}) has a word too wide for its slot on ${where.id} at ${floor} pt; printed on lines ${hyphenated.map((l) => `"${l}"`).join(' ')}`,
      hint: 'widen the slot in counters.json, add an abbreviation to game.json abbreviations, or use a larger counter size',
      ...at,
    });
    return placeLines(ctx, room, hyphenated, floor, font, 'center', options.fill);
  }
  const small = underFloorLine(ctx, [box, room], short, { font, align, fill: options.fill }, where);
  if (small) return small;
  // Nothing fits: text never prints over its neighbours. At the floor size, in the widest room the
  // slot has (one line at least), the text is cut in the middle to what fits, or left off; and said so.
  const space = { w: room.w, h: Math.max(room.h, floor) };
  const cut = middleCut(ctx.fonts, font, short, floor, space, where.field === 'id' ? 'tail' : 'ends');
  ctx.diagnostics.push({
    code: 'counters/text-overflow',
    severity: 'warning',
    message: `"${short}" (${where.field}) does not fit its slot on ${where.id} at ${floor} pt, wrapped or abbreviated; ${
      cut ? `printed cut to "${cut.lines.join(' ')}"` : 'left off the face'
    }`,
    hint: 'widen the slot in counters.json, add an abbreviation to game.json abbreviations, or use a larger counter size',
    ...at,
  });
  if (!cut) return [];
  const fitsSlot = cut.lines.every((l) => textWidth(ctx.fonts, font, l, floor) <= box.w);
  return placeLines(ctx, fitsSlot ? box : room, cut.lines, floor, font, fitsSlot ? align : 'center', options.fill);
}

/** One line a little under the floor size, in the first of `boxes` it fits, rather than a cut text; said so. */
function underFloorLine(
  ctx: FaceContext,
  boxes: readonly Box[],
  text: string,
  style: { font: 'regular' | 'bold'; align: 'left' | 'center' | 'right'; fill: Paint },
  where: { id: string; field: string; line?: number; pointer: string },
): Item[] | undefined {
  for (const b of boxes) {
    const small = fitText(ctx.fonts, style.font, text, MIN_COUNTER_PT, b.w, LAST_RESORT_COUNTER_PT);
    if (!small.fits) continue;
    ctx.diagnostics.push({
      code: 'counters/text-small',
      severity: 'info',
      message: `"${text}" (${where.field}) fits its slot on ${where.id} only under ${MIN_COUNTER_PT} pt; printed at ${small.size} pt rather than cut`,
      hint: 'widen the slot in counters.json, add an abbreviation to game.json abbreviations, or use a larger counter size',
      pointer: where.pointer,
      ...(where.line ? { line: where.line } : {}),
    });
    return placeLines(ctx, b, [text], small.size, style.font, style.align, style.fill);
  }
  return undefined;
}

/**
 * The free width beside a slot on its face: from the slot outwards to the nearest other element
 * at the same height, or the counter's safe area (`inset` points in from a `size` edge). Texts too
 * wide for their slot may use it.
 */
export function freeRoom(box: Box, others: readonly Box[], size: number, inset: number): Box {
  let left = inset;
  let right = size - inset;
  const centre = box.x + box.w / 2;
  for (const o of others) {
    if (o === box || o.y >= box.y + box.h - 0.01 || o.y + o.h <= box.y + 0.01) continue;
    if (o.x + o.w <= centre) left = Math.max(left, o.x + o.w);
    else if (o.x >= centre) right = Math.min(right, o.x);
  }
  left = Math.min(left, box.x);
  right = Math.max(right, box.x + box.w);
  return { x: left, y: box.y, w: right - left, h: box.h };
}

function defaultFontSize(text: FaceText, box: FaceBox, size: number): number {
  // Capitals fill about 70% of the slot height when no size is given.
  return text.fontSize ?? box.h * size * 0.95;
}

/**
 * A type label (already the first letters of the type's name) at the most letters, down to two,
 * that fit the frame on one line at the floor size: "MOTO" prints "MOT" in a 1/2" counter's frame
 * rather than the cut "M…O". A label not even two letters of which fit is left to slotText to cut.
 */
function shortestLabel(ctx: FaceContext, label: string, size: number, width: number): string {
  const letters = [...label];
  for (let n = letters.length; n >= 2; n--) {
    const text = letters.slice(0, n).join('');
    if (fitText(ctx.fonts, 'bold', text, size, width).fits) return text;
  }
  return label;
}

function drawSymbol(
  ctx: FaceContext,
  face: SlotFace,
  e: Extract<FaceElement, { kind: 'symbol' }>,
  box: FaceBox,
  fill: Paint,
  lineWidth: number,
): Item[] {
  const where = { id: face.subject.name, field: e.field, line: face.subject.line, pointer: e.pointer };
  const drawn = e.symbol ? symbolItems(e.symbol, box, fill, lineWidth) : undefined;
  if (drawn) return drawn;
  const frame = symbolFrame(box);
  const items: Item[] = [{ kind: 'rect', ...frame, stroke: fill, lineWidth }];
  if (e.symbol) {
    ctx.diagnostics.push({
      code: 'counters/unknown-symbol',
      severity: 'warning',
      message: `unit type "${e.typeId}" asks for symbol "${e.symbol}", which is not in the symbol set; ${face.id} shows "?"`,
      hint: `use one of: ${SYMBOL_NAMES.join(', ')} (normalised "${normaliseSymbolName(e.symbol)}")`,
      pointer: `game.json/unitTypes/${e.typeId}/symbol`,
    });
    items.push(...slotText(ctx, frame, '?', { size: frame.h * 0.8, bold: true, fill: GAP }, where));
  } else {
    // No symbol named: the type's name, abbreviated, inside the frame.
    const box = { x: frame.x + lineWidth, y: frame.y, w: frame.w - 2 * lineWidth, h: frame.h };
    const size = frame.h * 0.55;
    items.push(...slotText(ctx, box, shortestLabel(ctx, e.label, size, box.w), { size, bold: true, fill }, where));
  }
  return items;
}

/** The part of a box between the safe area's left and right edges (a box outside it keeps no width). */
function withinSafeWidth(ctx: FaceContext, box: Box): Box {
  const left = Math.max(box.x, ctx.inset);
  return { ...box, x: left, w: Math.max(0, Math.min(box.x + box.w, ctx.size - ctx.inset) - left) };
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

function elementBox(e: FaceElement, S: number): Box {
  return { x: e.box.x * S, y: e.box.y * S, w: e.box.w * S, h: e.box.h * S };
}

function drawElement(ctx: FaceContext, face: SlotFace, e: FaceElement, ink: Paint, lineWidth: number, others: Box[]): Item[] {
  const S = ctx.size;
  const box = elementBox(e, S);
  switch (e.kind) {
    case 'symbol':
      return drawSymbol(ctx, face, e, box, e.color ?? ink, lineWidth);
    case 'formation-box':
      return [{ kind: 'rect', ...box, fill: e.fill, stroke: e.color ?? ink, lineWidth: lineWidth * 0.6 }];
    case 'band': {
      const items: Item[] = [{ kind: 'rect', ...box, fill: e.fill ?? NO_ZOC }];
      if (e.text) {
        const where = { id: face.subject.name, field: e.text.field, line: face.subject.line, pointer: e.text.pointer };
        // The band may run to the cut edges; its text keeps to the safe area.
        const textBox = withinSafeWidth(ctx, box);
        const options = {
          size: defaultFontSize(e.text, e.box, S),
          bold: e.text.bold,
          fill: e.text.unknown ? GAP : BLACK,
          align: e.text.align,
        };
        items.push(...slotText(ctx, textBox, e.text.text, options, where));
      }
      return items;
    }
    case 'dot':
      return [{ kind: 'path', d: circlePath(box.x + box.w / 2, box.y + box.h / 2, Math.min(box.w, box.h) / 2), fill: e.color ?? ink }];
    case 'text': {
      const where = { id: face.subject.name, field: e.field, line: face.subject.line, pointer: e.pointer };
      const options = {
        size: defaultFontSize(e, e.box, S),
        bold: e.bold ?? e.role === 'size',
        align: e.align,
        fill: e.unknown ? GAP : (e.color ?? ink),
        sizeFromData: e.fontSize !== undefined,
        room: withinSafeWidth(ctx, freeRoom(box, others, S, ctx.inset)),
      };
      // A slot reaching past the safe area fits its text to the part inside it.
      return slotText(ctx, withinSafeWidth(ctx, box), e.text, options, where);
    }
  }
}

function slotFaceItems(ctx: FaceContext, face: SlotFace): Item[] {
  const S = ctx.size;
  const background = face.background ?? NEUTRAL;
  const ink = face.ink ?? contrastingText(background);
  const lineWidth = Math.max(0.35, S * 0.018);
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: S, h: S, fill: background }];
  // Boxes of the elements that print something: a text too wide for its slot may use the width
  // between them. A text already drawn holds only the width its lines take in its slot's rows.
  const prints = face.elements.filter((e) => e.kind !== 'band' && (e.kind !== 'text' || e.text !== ''));
  const occupied = new Map(prints.map((e) => [e, elementBox(e, S)]));
  face.elements.forEach((e) => {
    const own = elementBox(e, S);
    const others = [...occupied.values()].filter((b) => !sameBox(b, own));
    const drawn = drawElement(ctx, face, e, ink, lineWidth, others);
    if (e.kind === 'text' && occupied.has(e)) occupied.set(e, linesExtent(ctx, drawn, own));
    items.push(...drawn);
  });
  return items;
}

/** The width a text's drawn lines take (their advances and half a word space each side), over the height of its slot. */
function linesExtent(ctx: FaceContext, drawn: readonly Item[], slot: Box): Box {
  const spans = drawn.flatMap((t) => {
    if (t.kind !== 'text') return [];
    const w = textWidth(ctx.fonts, t.font, t.text, t.size);
    const space = textWidth(ctx.fonts, t.font, ' ', t.size) / 2;
    const x = t.x - (t.align === 'center' ? w / 2 : t.align === 'right' ? w : 0);
    return [{ x0: x - space, x1: x + w + space }];
  });
  if (spans.length === 0) return { ...slot, w: 0 };
  const x0 = Math.min(...spans.map((r) => r.x0));
  return { x: x0, y: slot.y, w: Math.max(...spans.map((r) => r.x1)) - x0, h: slot.h };
}

function labelFaceItems(ctx: FaceContext, face: LabelFace): Item[] {
  const S = ctx.size;
  const background = face.background ?? NEUTRAL;
  const fill = face.ink ?? contrastingText(background);
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: S, h: S, fill: background }];
  const where = { id: face.subject.name, pointer: face.pointer };
  // A margin for the look of it, never under the safe inset: text fitted to the box stays inside it.
  const inset = Math.max(S * 0.06, ctx.inset);
  // The main text takes the face (short texts stay one large line; long ones wrap), the subtext below.
  const top = Math.max(face.countUnknown ? S * 0.22 : S * 0.08, ctx.inset);
  const sub = face.subtext !== undefined ? subtextItems(ctx, face.subtext, { x: inset, y: top, w: S - 2 * inset }, fill, where) : undefined;
  const mainBox = { x: inset, y: top, w: S - 2 * inset, h: (sub ? sub.top - S * 0.02 : Math.min(S * 0.92, S - ctx.inset)) - top };
  items.push(...slotText(ctx, mainBox, face.text, { size: S * 0.3, bold: true, fill }, { ...where, field: 'text' }));
  if (sub) items.push(...sub.items);
  if (face.countUnknown) {
    // The number of copies is a gap: say so on the counter itself.
    const countBox = { x: S * 0.75, y: S * 0.04, w: S * 0.2, h: S * 0.18 };
    items.push(...slotText(ctx, countBox, '?', { size: S * 0.18, bold: true, fill: GAP }, { ...where, field: 'count' }));
  }
  return items;
}

/** Least height of a label's main text beside a subtext that needs more than its lower third, in counter edges. */
const LABEL_MAIN_MIN = 0.25;

/**
 * A label's subtext in the lower third of the face; one too long for it there takes as many lines
 * at the floor size as it needs upwards (the main text keeping a quarter of the face), rather than
 * being cut. `top` is where the subtext's box begins.
 */
function subtextItems(
  ctx: FaceContext,
  subtext: string,
  main: { x: number; y: number; w: number },
  fill: Paint,
  where: { id: string; pointer: string },
): { top: number; items: Item[] } {
  const S = ctx.size;
  const bottom = Math.min(S * 0.94, S - ctx.inset);
  const lower = { x: main.x, y: S * 0.64, w: main.w, h: bottom - S * 0.64 };
  const place = (box: Box, diagnostics: Diagnostic[]) =>
    slotText({ ...ctx, diagnostics }, box, subtext, { size: S * 0.16, fill }, { ...where, field: 'subtext' });
  const met: Diagnostic[] = [];
  const items = place(lower, met);
  const cut = met.some((d) => d.code === 'counters/text-overflow');
  const tallest = { ...lower, y: main.y + S * LABEL_MAIN_MIN, h: bottom - main.y - S * LABEL_MAIN_MIN };
  const lines = cut ? fitLines(ctx.fonts, 'regular', subtext, MIN_COUNTER_PT, tallest, MIN_COUNTER_PT) : undefined;
  if (!lines?.fits) {
    ctx.diagnostics.push(...met);
    return { top: lower.y, items };
  }
  const h = MIN_COUNTER_PT * (1 + (lines.lines.length - 1) * LINE_LEADING) + 0.01;
  const taller = { ...lower, y: bottom - h, h };
  return { top: taller.y, items: place(taller, ctx.diagnostics) };
}

/**
 * The art over the side's colour. Art close to square fills the face (scans are rarely exactly
 * square and their edges are the cut lines); other art is fitted whole and centred.
 */
function imageFaceItems(S: number, face: ImageFace): Item[] {
  const background: Item = { kind: 'rect', x: 0, y: 0, w: S, h: S, fill: face.background ?? WHITE };
  const { width, height } = face.art;
  const aspect = width / height;
  if (aspect > 0.9 && aspect < 1 / 0.9) return [background, { kind: 'image', x: 0, y: 0, w: S, h: S, art: face.art }];
  const w = aspect >= 1 ? S : S * aspect;
  const h = aspect >= 1 ? S / aspect : S;
  return [background, { kind: 'image', x: (S - w) / 2, y: (S - h) / 2, w, h, art: face.art }];
}

/** The drawing of one planned face; fitting problems go to `diagnostics`. */
export function drawCounterFace(
  face: FacePlan,
  fonts: FontSet,
  diagnostics: Diagnostic[],
  abbreviations: readonly Abbreviation[] = [],
): CounterFace {
  const S = face.inches * 72;
  const ctx: FaceContext = { fonts, size: S, inset: face.safeInsetPt, diagnostics, abbreviations };
  const items =
    face.layout === 'slots' ? slotFaceItems(ctx, face) : face.layout === 'label' ? labelFaceItems(ctx, face) : imageFaceItems(S, face);
  return { key: face.key, kind: face.kind, id: face.id, side: face.side, inches: face.inches, drawing: { width: S, height: S, items } };
}

/** Diagnostics once each (the same face problem is met on every copy and on both faces). */
export function dedupeDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.pointer}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

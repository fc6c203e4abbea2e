/**
 * Counter faces as drawings (points, y down, 0..size), from the component plan's faces
 * (src/plan/faces.ts decides what each face shows; this file only draws it):
 *
 * - unknown values print as a loud "?" (GAP colour), never as a blank;
 * - text that does not fit its slot is shrunk (info) or cut (warning): a diagnostic, never overflow;
 * - a symbol name outside the symbol set draws a frame with "?" and says so.
 *
 * counters.pdf prints these drawings and the VASSAL module rasterises the same ones.
 */
import type { Diagnostic } from '../diagnostics';
import type { FaceBox, FaceElement, FacePlan, FaceSide, FaceText, LabelFace, SlotFace } from '../plan';
import { type Drawing, type Item, type Paint, BLACK, GAP, WHITE, circlePath, contrastingText } from './drawing';
import type { FontSet } from './fonts';
import { normaliseSymbolName, symbolFrame, symbolItems } from './nato-symbols';
import { centredBaseline, fitText } from './text-fit';

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
  diagnostics: Diagnostic[];
}

/** A text run in a slot box (points), fitted; problems reported against `where`. */
export function slotText(
  ctx: FaceContext,
  box: { x: number; y: number; w: number; h: number },
  text: string,
  options: { size: number; bold?: boolean; align?: 'left' | 'center' | 'right'; fill: Paint; sizeFromData?: boolean },
  where: { id: string; field: string; line?: number; pointer: string },
): Item | undefined {
  if (text === '') return undefined;
  const font = options.bold ? 'bold' : 'regular';
  const fitted = fitText(ctx.fonts, font, text, options.size, box.w);
  if (fitted.truncated) {
    ctx.diagnostics.push({
      code: 'counters/text-overflow',
      severity: 'warning',
      message: `"${text}" (${where.field}) does not fit its slot on ${where.id}, even at ${fitted.size} pt; printed as "${fitted.text}"`,
      hint: 'widen the slot in counters.json, use a shorter text, or a larger counter size',
      pointer: where.pointer,
      ...(where.line ? { line: where.line } : {}),
    });
  } else if (fitted.shrunk && options.sizeFromData) {
    // Only a size the data asked for is worth a note; our own defaults may shrink freely.
    ctx.diagnostics.push({
      code: 'counters/text-shrunk',
      severity: 'info',
      message: `"${text}" (${where.field}) is too wide for its slot on ${where.id} at ${options.size} pt; printed at ${fitted.size} pt`,
      hint: 'widen the slot or lower its fontSize in counters.json',
      pointer: where.pointer,
      ...(where.line ? { line: where.line } : {}),
    });
  }
  if (fitted.text === '') return undefined;
  const align = options.align ?? 'center';
  const x = align === 'left' ? box.x : align === 'center' ? box.x + box.w / 2 : box.x + box.w;
  return {
    kind: 'text',
    x,
    y: centredBaseline(ctx.fonts, font, fitted.size, box.y, box.h),
    text: fitted.text,
    size: fitted.size,
    font,
    fill: options.fill,
    align,
  };
}

function defaultFontSize(text: FaceText, box: FaceBox, size: number): number {
  // Capitals fill about 70% of the slot height when no size is given.
  return text.fontSize ?? box.h * size * 0.95;
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
    const t = slotText(ctx, frame, '?', { size: frame.h * 0.8, bold: true, fill: GAP }, where);
    if (t) items.push(t);
  } else {
    // No symbol named: the type's name, abbreviated, inside the frame.
    const box = { x: frame.x + lineWidth, y: frame.y, w: frame.w - 2 * lineWidth, h: frame.h };
    const t = slotText(ctx, box, e.label, { size: frame.h * 0.55, bold: true, fill }, where);
    if (t) items.push(t);
  }
  return items;
}

function drawElement(ctx: FaceContext, face: SlotFace, e: FaceElement, ink: Paint, lineWidth: number): Item[] {
  const S = ctx.size;
  const box = { x: e.box.x * S, y: e.box.y * S, w: e.box.w * S, h: e.box.h * S };
  switch (e.kind) {
    case 'symbol':
      return drawSymbol(ctx, face, e, box, e.color ?? ink, lineWidth);
    case 'formation-box':
      return [{ kind: 'rect', ...box, fill: e.fill, stroke: e.color ?? ink, lineWidth: lineWidth * 0.6 }];
    case 'band': {
      const items: Item[] = [{ kind: 'rect', ...box, fill: e.fill ?? NO_ZOC }];
      if (e.text) {
        const where = { id: face.subject.name, field: e.text.field, line: face.subject.line, pointer: e.text.pointer };
        const options = {
          size: defaultFontSize(e.text, e.box, S),
          bold: e.text.bold,
          fill: e.text.unknown ? GAP : BLACK,
          align: e.text.align,
        };
        const t = slotText(ctx, box, e.text.text, options, where);
        if (t) items.push(t);
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
      };
      const t = slotText(ctx, box, e.text, options, where);
      return t ? [t] : [];
    }
  }
}

function slotFaceItems(ctx: FaceContext, face: SlotFace): Item[] {
  const S = ctx.size;
  const background = face.background ?? NEUTRAL;
  const ink = face.ink ?? contrastingText(background);
  const lineWidth = Math.max(0.35, S * 0.018);
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: S, h: S, fill: background }];
  for (const e of face.elements) items.push(...drawElement(ctx, face, e, ink, lineWidth));
  return items;
}

function labelFaceItems(ctx: FaceContext, face: LabelFace): Item[] {
  const S = ctx.size;
  const background = face.background ?? WHITE;
  const fill = face.ink ?? contrastingText(background);
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: S, h: S, fill: background }];
  const where = { id: face.subject.name, pointer: face.pointer };
  const inset = S * 0.08;
  const hasSub = face.subtext !== undefined;
  const mainBox = { x: inset, y: hasSub ? S * 0.18 : S * 0.3, w: S - 2 * inset, h: S * 0.4 };
  const t = slotText(ctx, mainBox, face.text, { size: S * 0.3, bold: true, fill }, { ...where, field: 'text' });
  if (t) items.push(t);
  if (hasSub) {
    const subBox = { x: inset, y: S * 0.62, w: S - 2 * inset, h: S * 0.2 };
    const s = slotText(ctx, subBox, face.subtext!, { size: S * 0.16, fill }, { ...where, field: 'subtext' });
    if (s) items.push(s);
  }
  if (face.countUnknown) {
    // The number of copies is a gap: say so on the counter itself.
    const countBox = { x: S * 0.75, y: S * 0.04, w: S * 0.2, h: S * 0.18 };
    const q = slotText(ctx, countBox, '?', { size: S * 0.18, bold: true, fill: GAP }, { ...where, field: 'count' });
    if (q) items.push(q);
  }
  return items;
}

/** The drawing of one planned face; fitting problems go to `diagnostics`. */
export function drawCounterFace(face: FacePlan, fonts: FontSet, diagnostics: Diagnostic[]): CounterFace {
  const S = face.inches * 72;
  const ctx: FaceContext = { fonts, size: S, diagnostics };
  const items = face.layout === 'slots' ? slotFaceItems(ctx, face) : labelFaceItems(ctx, face);
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

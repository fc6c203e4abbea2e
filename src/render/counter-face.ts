/**
 * Counter faces as drawings (points, y down, 0..size): unit fronts and backs from the game's face
 * templates (counters.json slots bound to unit fields), markers and chits from their face texts.
 *
 * - unknown values print as a loud "?" (GAP colour), never as a blank;
 * - units that cannot attack show their attack factor in brackets;
 * - backs use the template's back slots (default: the front's) bound to `back.<field>` values;
 *   a field without a back value shows its front value (it does not change when reduced);
 * - text that does not fit its slot is shrunk (info) or cut (warning): a diagnostic, never overflow.
 */
import type { Diagnostic } from '../diagnostics';
import { type Maybe, isUnknown } from '../model/common';
import type { ChitFile, FaceFile, MarkerFile, SlotFile, TemplateFile, UnitValue } from '../model/files';
import type { Game, Unit } from '../model/game';
import { type Drawing, type Item, type Paint, BLACK, GAP, WHITE, circlePath, contrastingText, paint } from './drawing';
import type { FontSet } from './fonts';
import { normaliseSymbolName, symbolFrame, symbolItems } from './nato-symbols';
import { centredBaseline, fitText } from './text-fit';

export type FaceSide = 'front' | 'back';

/** Counter edge when the game gives no sizes, in inches (the common 1/2" counter). */
export const DEFAULT_COUNTER_INCHES = 0.5;

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

export function counterInches(game: Game, sizeId: string | undefined): number {
  const sizes = game.counters.sizes;
  if (sizeId !== undefined && sizes[sizeId] !== undefined) return sizes[sizeId];
  const first = game.counters.templates[0];
  if (first && sizes[first.size] !== undefined) return sizes[first.size];
  const any = Object.keys(sizes).sort()[0];
  return any !== undefined ? sizes[any] : DEFAULT_COUNTER_INCHES;
}

/** The template of a unit: its own, else "default", else the first, else one built from the game. */
export function templateFor(game: Game, unit: Unit): TemplateFile {
  const templates = game.counters.templates;
  return (
    (unit.template ? templates.find((t) => t.id === unit.template) : undefined) ??
    templates.find((t) => t.id === 'default') ??
    templates[0] ??
    defaultTemplate(game)
  );
}

const VALUE_ROLES = ['attack', 'defense', 'combat', 'tactical', 'range', 'movement'];

/** Classic layout: size mark, symbol, designation, setup/entry in the corners, factors along the bottom. */
export function defaultTemplate(game: Game): TemplateFile {
  const fields = (game.info.unitFields ?? []).filter((f) => f.role === undefined || VALUE_ROLES.includes(f.role));
  const noZoc = (game.info.unitFlags ?? []).find((f) => f.effect === 'no-zoc');
  const n = Math.max(1, fields.length);
  const slotW = 0.96 / n;
  const front: SlotFile[] = [
    { kind: 'size', field: 'size', x: 0.35, y: 0.03, w: 0.3, h: 0.13 },
    { kind: 'text', field: 'entry', format: 'T{}', x: 0.03, y: 0.03, w: 0.31, h: 0.12, align: 'left' },
    { kind: 'text', field: 'setup', x: 0.66, y: 0.03, w: 0.31, h: 0.12, align: 'right' },
    { kind: 'symbol', field: 'type', x: 0.2, y: 0.17, w: 0.6, h: 0.34 },
    { kind: 'formation-box', field: 'formation', x: 0.83, y: 0.2, w: 0.13, h: 0.13 },
    { kind: 'text', field: 'designation', x: 0.03, y: 0.52, w: 0.94, h: 0.13 },
    ...fields.map((f, i): SlotFile => ({ kind: 'text', field: f.id, x: 0.02 + i * slotW, y: 0.66, w: slotW, h: 0.26, bold: true })),
  ];
  if (noZoc) front.push({ kind: 'band', when: noZoc.id, x: 0, y: 0.93, w: 1, h: 0.07 });
  return { id: 'default', size: '', front };
}

interface FaceContext {
  game: Game;
  fonts: FontSet;
  size: number;
  diagnostics: Diagnostic[];
}

function colorsOf(game: Game, unit: Unit): { background: Paint; text: Paint } {
  const side = game.info.sides.find((s) => s.id === unit.side);
  const nationality = side?.nationalities?.find((n) => n.id === unit.nationality) ?? side?.nationalities?.[0];
  const bg = nationality?.background;
  const background = bg !== undefined && !isUnknown(bg) ? paint(bg) : side?.color ? paint(side.color) : NEUTRAL;
  const tx = nationality?.text;
  const text = tx !== undefined && !isUnknown(tx) ? paint(tx) : contrastingText(background);
  return { background, text };
}

function flagsWithEffect(game: Game, unit: Unit, effect: string): boolean {
  const flags = game.info.unitFlags ?? [];
  return unit.flags.some((id) => flags.find((f) => f.id === id)?.effect === effect);
}

interface SlotValue {
  text: string;
  unknown: boolean;
}

function maybeText(v: Maybe<string | number> | UnitValue | undefined): SlotValue | undefined {
  if (v === undefined || v === '') return undefined;
  if (isUnknown(v)) return { text: '?', unknown: true };
  return { text: String(v), unknown: false };
}

function slotValue(game: Game, unit: Unit, field: string, side: FaceSide): SlotValue | undefined {
  const info = game.info;
  if ((info.unitFields ?? []).some((f) => f.id === field)) {
    return maybeText(side === 'back' && unit.reverse[field] !== undefined ? unit.reverse[field] : unit.front[field]);
  }
  switch (field) {
    case 'designation':
      return maybeText(unit.designation);
    case 'name':
      return maybeText(unit.name);
    case 'setup':
      return unit.setupHex !== undefined ? { text: unit.setupHex, unknown: false } : maybeText(unit.setup);
    case 'entry':
      return maybeText(unit.entry);
    case 'formation':
      return unit.formation
        ? { text: info.formations?.find((f) => f.id === unit.formation)?.name ?? unit.formation, unknown: false }
        : undefined;
    case 'type':
      return { text: info.unitTypes?.find((t) => t.id === unit.type)?.name ?? unit.type, unknown: false };
    case 'size': {
      if (unit.size === undefined) return undefined;
      if (isUnknown(unit.size)) return { text: '?', unknown: true };
      const s = info.unitSizes?.find((z) => z.id === unit.size);
      return { text: s?.mark ?? s?.name ?? unit.size, unknown: false };
    }
    case 'nationality':
      return unit.nationality
        ? {
            text: info.sides.flatMap((s) => s.nationalities ?? []).find((n) => n.id === unit.nationality)?.name ?? unit.nationality,
            unknown: false,
          }
        : undefined;
    case 'side':
      return { text: info.sides.find((s) => s.id === unit.side)?.name ?? unit.side, unknown: false };
    case 'steps':
      return maybeText(unit.steps);
    default:
      return undefined;
  }
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

function defaultFontSize(slot: SlotFile, size: number): number {
  // Capitals fill about 70% of the slot height when no size is given.
  return slot.fontSize ?? slot.h * size * 0.95;
}

function unitSlots(template: TemplateFile, side: FaceSide): SlotFile[] {
  return side === 'back' && template.back ? template.back : template.front;
}

/** One face of a unit counter. */
export function unitFace(game: Game, unit: Unit, side: FaceSide, fonts: FontSet, diagnostics: Diagnostic[]): CounterFace {
  const template = templateFor(game, unit);
  const inches = counterInches(game, template.size || undefined);
  const S = inches * 72;
  const ctx: FaceContext = { game, fonts, size: S, diagnostics };
  const { background, text } = colorsOf(game, unit);
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: S, h: S, fill: background }];
  const blankBack = side === 'back' && (unit.back === 'blank' || (unit.back === undefined && Object.keys(unit.reverse).length === 0));
  const valueSide: FaceSide = side === 'back' && unit.back !== 'same' ? 'back' : 'front';
  const cannotAttack = flagsWithEffect(game, unit, 'cannot-attack');
  const attackFields = new Set((game.info.unitFields ?? []).filter((f) => f.role === 'attack' || f.role === 'combat').map((f) => f.id));
  const lineWidth = Math.max(0.35, S * 0.018);
  if (!blankBack) {
    for (const slot of unitSlots(template, side)) {
      if (slot.when !== undefined && !unit.flags.includes(slot.when)) continue;
      const box = { x: slot.x * S, y: slot.y * S, w: slot.w * S, h: slot.h * S };
      const fill = slot.color ? paint(slot.color) : text;
      const field =
        slot.field ?? (slot.kind === 'symbol' ? 'type' : slot.kind === 'size' ? 'size' : slot.kind === 'formation-box' ? 'formation' : '');
      const where = { id: `unit "${unit.id}"`, field, line: unit.line, pointer: `units.csv/${unit.id}/${field}` };
      switch (slot.kind) {
        case 'symbol': {
          const type = game.info.unitTypes?.find((t) => t.id === unit.type);
          const name = type?.symbol;
          const drawn = name ? symbolItems(name, box, fill, lineWidth) : undefined;
          if (drawn) {
            items.push(...drawn);
            break;
          }
          const frame = symbolFrame(box);
          items.push({ kind: 'rect', ...frame, stroke: fill, lineWidth });
          if (name) {
            diagnostics.push({
              code: 'counters/unknown-symbol',
              severity: 'warning',
              message: `unit type "${unit.type}" asks for symbol "${name}", which is not in the symbol set; ${unit.id} shows "?"`,
              hint: `use one of: ${['infantry', 'armor', 'mechanized', 'motorized', 'cavalry', 'artillery', 'anti-tank', 'anti-aircraft', 'engineer', 'airborne', 'mountain', 'headquarters', 'supply'].join(', ')} (normalised "${normaliseSymbolName(name)}")`,
              pointer: `game.json/unitTypes/${unit.type}/symbol`,
            });
            const t = slotText(ctx, frame, '?', { size: frame.h * 0.8, bold: true, fill: GAP }, where);
            if (t) items.push(t);
          } else {
            // No symbol named: the type's name, abbreviated, inside the frame.
            const label = (type?.name ?? unit.type).slice(0, 4).toUpperCase();
            const t = slotText(
              ctx,
              { x: frame.x + lineWidth, y: frame.y, w: frame.w - 2 * lineWidth, h: frame.h },
              label,
              { size: frame.h * 0.55, bold: true, fill },
              where,
            );
            if (t) items.push(t);
          }
          break;
        }
        case 'formation-box': {
          const formation = game.info.formations?.find((f) => f.id === unit.formation);
          if (formation?.color)
            items.push({ kind: 'rect', ...box, fill: paint(formation.color), stroke: fill, lineWidth: lineWidth * 0.6 });
          break;
        }
        case 'band': {
          items.push({ kind: 'rect', ...box, fill: slot.color ? paint(slot.color) : NO_ZOC });
          if (slot.field) {
            const v = slotValue(game, unit, slot.field, valueSide);
            if (v) {
              const t = slotText(
                ctx,
                box,
                (slot.format ?? '{}').replace('{}', v.text),
                { size: defaultFontSize(slot, S), bold: slot.bold, fill: v.unknown ? GAP : BLACK, align: slot.align },
                where,
              );
              if (t) items.push(t);
            }
          }
          break;
        }
        case 'dot':
          items.push({
            kind: 'path',
            d: circlePath(box.x + box.w / 2, box.y + box.h / 2, Math.min(box.w, box.h) / 2),
            fill: slot.color ? paint(slot.color) : fill,
          });
          break;
        case 'size':
        case 'text': {
          const v = slotValue(game, unit, field, valueSide);
          if (!v) break;
          let content = (slot.format ?? '{}').replace('{}', v.text);
          if (cannotAttack && attackFields.has(field)) content = `[${content}]`;
          const t = slotText(
            ctx,
            box,
            content,
            {
              size: defaultFontSize(slot, S),
              bold: slot.bold ?? slot.kind === 'size',
              align: slot.align,
              fill: v.unknown ? GAP : fill,
              sizeFromData: slot.fontSize !== undefined,
            },
            where,
          );
          if (t) items.push(t);
          break;
        }
      }
    }
    if (slotsHaveNoBand(template, side) && flagsWithEffect(game, unit, 'no-zoc')) {
      // Templates without a band slot still show the rule: a thin band along the bottom edge.
      items.push({ kind: 'rect', x: 0, y: S * 0.94, w: S, h: S * 0.06, fill: NO_ZOC });
    }
  }
  return { key: `unit/${unit.id}/${side}`, kind: 'unit', id: unit.id, side, inches, drawing: { width: S, height: S, items } };
}

function slotsHaveNoBand(template: TemplateFile, side: FaceSide): boolean {
  return !unitSlots(template, side).some((s) => s.kind === 'band');
}

function simpleFace(
  ctx: FaceContext,
  face: FaceFile | undefined,
  fallbackText: string,
  fallbackBackground: Paint,
  where: { id: string; pointer: string },
  countUnknown: boolean,
): Item[] {
  const S = ctx.size;
  const background = face?.background ? paint(face.background) : fallbackBackground;
  const fill = face?.color ? paint(face.color) : contrastingText(background);
  const items: Item[] = [{ kind: 'rect', x: 0, y: 0, w: S, h: S, fill: background }];
  const main = face?.text ?? fallbackText;
  const inset = S * 0.08;
  const hasSub = face?.subtext !== undefined && face.subtext !== '';
  const t = slotText(
    ctx,
    { x: inset, y: hasSub ? S * 0.18 : S * 0.3, w: S - 2 * inset, h: S * 0.4 },
    main,
    { size: S * 0.3, bold: true, fill },
    { ...where, field: 'text' },
  );
  if (t) items.push(t);
  if (hasSub) {
    const s = slotText(
      ctx,
      { x: inset, y: S * 0.62, w: S - 2 * inset, h: S * 0.2 },
      face!.subtext!,
      { size: S * 0.16, fill },
      { ...where, field: 'subtext' },
    );
    if (s) items.push(s);
  }
  if (countUnknown) {
    // The number of copies is a gap: say so on the counter itself.
    const q = slotText(
      ctx,
      { x: S * 0.75, y: S * 0.04, w: S * 0.2, h: S * 0.18 },
      '?',
      { size: S * 0.18, bold: true, fill: GAP },
      { ...where, field: 'count' },
    );
    if (q) items.push(q);
  }
  return items;
}

function sideBackground(game: Game, side: string | undefined): Paint {
  const s = game.info.sides.find((x) => x.id === side);
  return s?.color ? paint(s.color) : WHITE;
}

export function markerFace(game: Game, marker: MarkerFile, side: FaceSide, fonts: FontSet, diagnostics: Diagnostic[]): CounterFace {
  const inches = counterInches(game, marker.size);
  const ctx: FaceContext = { game, fonts, size: inches * 72, diagnostics };
  const face = side === 'front' ? marker.front : (marker.back ?? marker.front);
  const items = simpleFace(
    ctx,
    face,
    marker.name,
    sideBackground(game, marker.side),
    { id: `marker "${marker.id}"`, pointer: `counters.json/markers/${marker.id}` },
    isUnknown(marker.count),
  );
  return {
    key: `marker/${marker.id}/${side}`,
    kind: 'marker',
    id: marker.id,
    side,
    inches,
    drawing: { width: ctx.size, height: ctx.size, items },
  };
}

export function chitFace(game: Game, chit: ChitFile, side: FaceSide, fonts: FontSet, diagnostics: Diagnostic[]): CounterFace {
  const inches = counterInches(game, undefined);
  const ctx: FaceContext = { game, fonts, size: inches * 72, diagnostics };
  const face = side === 'front' ? chit.front : chit.back;
  const fallback = side === 'front' ? (chit.number !== undefined ? String(chit.number) : chit.name) : (chit.pool ?? '');
  const items = simpleFace(
    ctx,
    face ?? (side === 'front' && chit.number !== undefined ? { text: String(chit.number), subtext: chit.name } : undefined),
    fallback,
    sideBackground(game, chit.side),
    { id: `chit "${chit.id}"`, pointer: `counters.json/chits/${chit.id}` },
    isUnknown(chit.count),
  );
  return { key: `chit/${chit.id}/${side}`, kind: 'chit', id: chit.id, side, inches, drawing: { width: ctx.size, height: ctx.size, items } };
}

/** How many copies the data asks for (a gap prints one copy, marked "?"). */
export function copies(count: Maybe<number> | undefined, fallback = 1): number {
  if (count === undefined || isUnknown(count)) return fallback;
  return Math.max(0, Math.floor(count));
}

export interface FaceSet {
  unit: { unit: Unit; front: CounterFace; back: CounterFace }[];
  marker: { marker: MarkerFile; front: CounterFace; back: CounterFace }[];
  chit: { chit: ChitFile; front: CounterFace; back: CounterFace }[];
  diagnostics: Diagnostic[];
}

/** Every face of the game, front and back: what counters.pdf prints and the VASSAL module shows. */
export function allFaces(game: Game, fonts: FontSet, progress?: (done: number, total: number) => void): FaceSet {
  const diagnostics: Diagnostic[] = [];
  const total = game.units.length + (game.counters.markers?.length ?? 0) + (game.counters.chits?.length ?? 0);
  let done = 0;
  const tick = () => {
    done++;
    if (progress && (done % 100 === 0 || done === total)) progress(done, total);
  };
  const unit = game.units.map((u) => {
    const r = { unit: u, front: unitFace(game, u, 'front', fonts, diagnostics), back: unitFace(game, u, 'back', fonts, diagnostics) };
    tick();
    return r;
  });
  const marker = (game.counters.markers ?? []).map((m) => {
    const r = { marker: m, front: markerFace(game, m, 'front', fonts, diagnostics), back: markerFace(game, m, 'back', fonts, diagnostics) };
    tick();
    return r;
  });
  const chit = (game.counters.chits ?? []).map((c) => {
    const r = { chit: c, front: chitFace(game, c, 'front', fonts, diagnostics), back: chitFace(game, c, 'back', fonts, diagnostics) };
    tick();
    return r;
  });
  return { unit, marker, chit, diagnostics: dedupe(diagnostics) };
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.code}|${d.pointer}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What each counter face shows, decided once for every output: which slots are drawn, each one's
 * text already formatted (value, format, brackets for units that cannot attack, "?" for a declared
 * unknown), the symbol it names, its colours. Positions are fractions of the counter edge; fitting
 * text to fonts and drawing it is src/render/counter-face.ts's job.
 *
 * A unit's back uses the template's back slots (default: the front's) bound to `back.<field>`
 * values; a field without a back value shows its front value (it does not change when reduced),
 * except on an "other" back that states no value at all: nothing is known of its numbers, so each
 * value the front carries prints "?" there rather than claiming the front's.
 */
import type { Diagnostic } from '../diagnostics';
import { type ColorSpec, UNKNOWN_CELL, colorSpec, isUnknown } from '../model/common';
import type { ChitFile, FaceFile, MarkerFile, SlotFile } from '../model/files';
import type { ArtImage, Game, Unit } from '../model/game';
import { type FormattedValue, formatValue, setupText } from './format';
import { safeInsetPt } from './safe-area';
import type { UnitLayout } from './templates';

export type FaceSide = 'front' | 'back';
export type CounterKind = 'unit' | 'marker' | 'chit';

/** A box on the face, in fractions of the counter edge (x, y of the top-left corner). */
export interface FaceBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where a face's problems are reported: the counter, its data line and a pointer. */
export interface FaceSubject {
  /** `unit "a-1"`, `marker "turn"`, `chit "c3"`. */
  name: string;
  line?: number;
}

export interface FaceText {
  text: string;
  unknown: boolean;
  /** The unit field it shows (designation, attack…), for diagnostics. */
  field: string;
  /** JSON pointer-like location reported with fitting problems. */
  pointer: string;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Type size the data asks for, points at print size. */
  fontSize?: number;
}

export type FaceElement =
  | ({ kind: 'text'; box: FaceBox; role: 'text' | 'size'; color?: ColorSpec } & FaceText)
  | { kind: 'symbol'; box: FaceBox; color?: ColorSpec; typeId: string; symbol?: string; label: string; field: string; pointer: string }
  | { kind: 'formation-box'; box: FaceBox; fill: ColorSpec; color?: ColorSpec }
  | { kind: 'band'; box: FaceBox; fill?: ColorSpec; text?: FaceText }
  | { kind: 'dot'; box: FaceBox; color?: ColorSpec };

interface FaceBase {
  /** Stable identity: `unit/<id>/front`, `marker/<id>/back`, `chit/<id>/front`. */
  key: string;
  kind: CounterKind;
  id: string;
  side: FaceSide;
  /** Counter edge in inches. */
  inches: number;
  /** How far the face's text keeps its ink inside the cut edges, points (the game's print setting). */
  safeInsetPt: number;
  /** Face colour; undefined: the drawing's neutral default. */
  background?: ColorSpec;
  /** Colour of text and symbols; undefined: whichever contrasts with the background. */
  ink?: ColorSpec;
  subject: FaceSubject;
}

/** A face's identity, size and safe inset: what every kind of face starts from. */
function faceIdentity(game: Game, kind: CounterKind, id: string, side: FaceSide, inches: number, line?: number) {
  const subject: FaceSubject = { name: `${kind} "${id}"`, ...(line !== undefined ? { line } : {}) };
  return { key: `${kind}/${id}/${side}`, kind, id, side, inches, safeInsetPt: safeInsetPt(game.counters), subject };
}

/** A picture the game loaded (cli/load-art.ts), by the path the data names. */
function loadedArt(game: Game, file: string | undefined): ArtImage | undefined {
  return file !== undefined ? game.art?.[file] : undefined;
}

/** A unit face: template slots, in drawing order. No element: a blank face. */
export interface SlotFace extends FaceBase {
  layout: 'slots';
  elements: FaceElement[];
}

/** A marker or chit face: one main text, an optional subtext, and "?" when the count is unknown. */
export interface LabelFace extends FaceBase {
  layout: 'label';
  text: string;
  subtext?: string;
  countUnknown: boolean;
  pointer: string;
}

/** A face printed from the game's own art (units.csv `image`/`backImage`) instead of a template. */
export interface ImageFace extends FaceBase {
  layout: 'image';
  art: ArtImage;
}

export type FacePlan = SlotFace | LabelFace | ImageFace;

/** What a face shows, without its identity or where its problems are reported: equal for faces that print alike. */
export function faceContent(face: FacePlan): string {
  const { key: _key, side: _side, subject: _subject, ...content } = face;
  return JSON.stringify(content, (k, v) => (k === 'pointer' || k === 'field' || v instanceof Uint8Array ? undefined : v));
}

/** A face that shows nothing but its background. */
export function isBlankFace(face: FacePlan): boolean {
  if (face.layout === 'image') return false;
  return face.layout === 'slots' ? face.elements.length === 0 : face.text === '' && !face.subtext && !face.countUnknown;
}

// ---------------------------------------------------------------------------------------------
// Unit faces

const VALUE_SLOT_KINDS: Record<string, string> = { symbol: 'type', size: 'size', 'formation-box': 'formation' };

/**
 * Face colours of the sides that state none, in side order (the 9th side takes the 1st again): light
 * tints far apart in hue, so each side's counters read apart and black text stays legible on them.
 * Only the print uses them; the data keeps saying no colour is stated.
 */
export const DEFAULT_SIDE_COLOURS: readonly string[] = [
  '#8db4e2', // blue
  '#e8907a', // red
  '#9ccc8a', // green
  '#f5dc6e', // yellow
  '#b79fd9', // violet
  '#f29e4c', // orange
  '#7fcfc4', // teal
  '#e6a8c8', // pink
];

/**
 * Face greys of the sides whose colour the data records as unknown (a rulebook that names a colour
 * but gives no value), in the order of those sides: black ink only and no hue, so none can pass for
 * the rulebook's colour, yet each side's counters read apart (the 4th such side takes the 1st again).
 * The first is the light grey face of counters that belong to no side.
 */
export const UNKNOWN_COLOUR_GREYS: readonly ColorSpec[] = [
  { rgb: '#e4e4e4', cmyk: [0, 0, 0, 10], name: '10% grey' },
  { rgb: '#a6a6a6', cmyk: [0, 0, 0, 35], name: '35% grey' },
  { rgb: '#c7c7c7', cmyk: [0, 0, 0, 22], name: '22% grey' },
];

type Side = Game['info']['sides'][number];

/** Whether a side's nationalities record their colour as unknown. */
function recordsUnknownColour(side: Side): boolean {
  return side.nationalities?.some((n) => n.background !== undefined && isUnknown(n.background)) ?? false;
}

/** The grey of a side that records its colour as unknown (its place among such sides). */
function unknownColourGrey(game: Game, sideId: string | undefined): ColorSpec {
  const index = game.info.sides.filter(recordsUnknownColour).findIndex((s) => s.id === sideId);
  return UNKNOWN_COLOUR_GREYS[Math.max(index, 0) % UNKNOWN_COLOUR_GREYS.length];
}

/** A face colour and whether it is the print's default rather than the data's. */
interface FaceColour {
  colour?: ColorSpec;
  /** The side the default belongs to; undefined: the data states the colour (or no side is known). */
  defaultOf?: Side;
}

function sideFaceColour(game: Game, sideId: string | undefined): FaceColour {
  const index = game.info.sides.findIndex((s) => s.id === sideId);
  if (index < 0) return {};
  const side = game.info.sides[index];
  if (side.color) return { colour: colorSpec(side.color) };
  if (recordsUnknownColour(side)) return { colour: unknownColourGrey(game, sideId), defaultOf: side };
  return { colour: colorSpec(DEFAULT_SIDE_COLOURS[index % DEFAULT_SIDE_COLOURS.length]), defaultOf: side };
}

/**
 * A side's face colour: the one game.json states, else its place's in DEFAULT_SIDE_COLOURS. A side
 * whose nationalities record their colour as unknown gets a grey of UNKNOWN_COLOUR_GREYS instead:
 * an unknown colour is never replaced by a hue that could pass for the rulebook's.
 */
export function sideColour(game: Game, sideId: string | undefined): ColorSpec | undefined {
  return sideFaceColour(game, sideId).colour;
}

/**
 * The colour behind a face's own art: only one the data states. Art carries its colours; a default
 * would frame it in a colour of the print's own (through the art's transparent margins), so the
 * paper shows there instead.
 */
function statedColour({ colour, defaultOf }: FaceColour): ColorSpec | undefined {
  return defaultOf ? undefined : colour;
}

function unitFaceColour(game: Game, unit: Unit): FaceColour {
  const side = game.info.sides.find((s) => s.id === unit.side);
  const nationality = side?.nationalities?.find((n) => n.id === unit.nationality) ?? side?.nationalities?.[0];
  const bg = nationality?.background;
  if (bg === undefined) return sideFaceColour(game, unit.side);
  if (isUnknown(bg)) return { colour: unknownColourGrey(game, unit.side), defaultOf: side };
  return { colour: colorSpec(bg) };
}

function unitColours(game: Game, unit: Unit): { background?: ColorSpec; ink?: ColorSpec } {
  const side = game.info.sides.find((s) => s.id === unit.side);
  const nationality = side?.nationalities?.find((n) => n.id === unit.nationality) ?? side?.nationalities?.[0];
  const tx = nationality?.text;
  return { background: unitFaceColour(game, unit).colour, ink: tx !== undefined && !isUnknown(tx) ? colorSpec(tx) : undefined };
}

/**
 * One warning per side whose counters print on a default face colour (the print's only: the data
 * still states none), so a publisher knows to state the colour before the sheet goes to print.
 */
export function defaultColourDiagnostics(game: Game): Diagnostic[] {
  const defaults = new Map<Side, ColorSpec>();
  const note = ({ colour, defaultOf }: FaceColour) => {
    if (defaultOf && colour && !defaults.has(defaultOf)) defaults.set(defaultOf, colour);
  };
  for (const unit of game.units) if (!unit.image) note(unitFaceColour(game, unit));
  for (const counter of [...(game.counters.markers ?? []), ...(game.counters.chits ?? [])])
    if (counter.side !== undefined) note(sideFaceColour(game, counter.side));
  return game.info.sides
    .filter((side) => defaults.has(side))
    .map((side) => {
      const colour = defaults.get(side)!;
      const why = recordsUnknownColour(side) ? "records its counters' colour as unknown" : 'states no colour';
      return {
        code: 'counters/default-colour',
        severity: 'warning' as const,
        message: `side "${side.id}" ${why}; its counters print on the default ${colour.name ? `${colour.name} (${colour.rgb})` : colour.rgb}, not a colour of the game`,
        hint: "state the colour in game.json (the side's color, or its nationalities' background) before printing",
        pointer: `game.json/sides/${side.id}`,
      };
    });
}

function hasFlagEffect(game: Game, unit: Unit, effect: string): boolean {
  const flags = game.info.unitFlags ?? [];
  return unit.flags.some((id) => flags.find((f) => f.id === id)?.effect === effect);
}

/** A unit field's value on the back (see the top of this file for the rule). */
function backValue(unit: Unit, field: string): FormattedValue | undefined {
  if (unit.reverse[field] !== undefined) return formatValue(unit.reverse[field]);
  const front = formatValue(unit.front[field]);
  const backUnstated = unit.back === 'other' && Object.keys(unit.reverse).length === 0;
  return front !== undefined && backUnstated ? formatValue(UNKNOWN_CELL) : front;
}

/** The value a slot bound to `field` shows on a face (undefined: nothing to print). */
export function slotValue(game: Game, unit: Unit, field: string, side: FaceSide): FormattedValue | undefined {
  const info = game.info;
  if ((info.unitFields ?? []).some((f) => f.id === field)) return side === 'back' ? backValue(unit, field) : formatValue(unit.front[field]);
  switch (field) {
    case 'id':
      return { text: unit.id, unknown: false };
    case 'designation':
      return formatValue(unit.designation);
    case 'name':
      return formatValue(unit.name);
    case 'setup':
      return setupText(unit);
    case 'entry':
      return formatValue(unit.entry);
    case 'formation':
      return unit.formation
        ? { text: info.formations?.find((f) => f.id === unit.formation)?.name ?? unit.formation, unknown: false }
        : undefined;
    case 'type':
      return { text: info.unitTypes?.find((t) => t.id === unit.type)?.name ?? unit.type, unknown: false };
    case 'size': {
      if (unit.size === undefined) return undefined;
      if (isUnknown(unit.size)) return formatValue(unit.size);
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
      return formatValue(unit.steps);
    default:
      return undefined;
  }
}

/** Whether a unit's back shows values: "blank" and a back with nothing stated show nothing. */
export function unitBackShowsValues(unit: { back?: Unit['back']; reverse: Readonly<Record<string, unknown>> }): boolean {
  return !(unit.back === 'blank' || (unit.back === undefined && Object.keys(unit.reverse).length === 0));
}

interface UnitFaceContext {
  game: Game;
  unit: Unit;
  valueSide: FaceSide;
  cannotAttack: boolean;
  attackFields: Set<string>;
}

/** A slot's text with the slot's type settings. */
function slotText(slot: SlotFile, text: string, v: FormattedValue, field: string, pointer: string): FaceText {
  return { text, unknown: v.unknown, field, pointer, bold: slot.bold, align: slot.align, fontSize: slot.fontSize };
}

function slotElement(ctx: UnitFaceContext, slot: SlotFile): FaceElement | undefined {
  const { game, unit } = ctx;
  const box: FaceBox = { x: slot.x, y: slot.y, w: slot.w, h: slot.h };
  const color = slot.color ? colorSpec(slot.color) : undefined;
  const field = slot.field ?? VALUE_SLOT_KINDS[slot.kind] ?? '';
  const pointer = `units.csv/${unit.id}/${field}`;
  switch (slot.kind) {
    case 'symbol': {
      const type = game.info.unitTypes?.find((t) => t.id === unit.type);
      const label = (type?.name ?? unit.type).slice(0, 4).toUpperCase();
      return { kind: 'symbol', box, color, typeId: unit.type, symbol: type?.symbol, label, field, pointer };
    }
    case 'formation-box': {
      const formation = game.info.formations?.find((f) => f.id === unit.formation);
      return formation?.color ? { kind: 'formation-box', box, fill: colorSpec(formation.color), color } : undefined;
    }
    case 'band': {
      const v = slot.field ? slotValue(game, unit, slot.field, ctx.valueSide) : undefined;
      return {
        kind: 'band',
        box,
        fill: color,
        text: v ? slotText(slot, (slot.format ?? '{}').replace('{}', v.text), v, field, pointer) : undefined,
      };
    }
    case 'dot':
      return { kind: 'dot', box, color };
    case 'size':
    case 'text': {
      const v = slotValue(game, unit, field, ctx.valueSide);
      if (!v) return undefined;
      let text = (slot.format ?? '{}').replace('{}', v.text);
      if (ctx.cannotAttack && ctx.attackFields.has(field)) text = `[${text}]`;
      return { kind: 'text', box, role: slot.kind, color, ...slotText(slot, text, v, field, pointer) };
    }
  }
}

/** The no-ZOC rule shown on templates without a band slot: a thin band along the bottom edge. */
const NO_ZOC_EDGE: FaceBox = { x: 0, y: 0.94, w: 1, h: 0.06 };

/** One face of a unit counter: its own art where the data names an image, else its template. */
export function unitFacePlan(game: Game, unit: Unit, layout: UnitLayout, side: FaceSide): SlotFace | ImageFace {
  const base = { ...faceIdentity(game, 'unit', unit.id, side, layout.inches, unit.line), ...unitColours(game, unit) };
  const art = loadedArt(game, side === 'front' ? unit.image : unit.backImage);
  if (art) return { ...base, background: statedColour(unitFaceColour(game, unit)), layout: 'image', art };
  const slots = side === 'back' ? layout.back : layout.front;
  const elements: FaceElement[] = [];
  if (side === 'front' || unitBackShowsValues(unit)) {
    const ctx: UnitFaceContext = {
      game,
      unit,
      valueSide: side === 'back' && unit.back !== 'same' ? 'back' : 'front',
      cannotAttack: hasFlagEffect(game, unit, 'cannot-attack'),
      attackFields: new Set((game.info.unitFields ?? []).filter((f) => f.role === 'attack' || f.role === 'combat').map((f) => f.id)),
    };
    for (const slot of slots) {
      if (slot.when !== undefined && !unit.flags.includes(slot.when)) continue;
      const element = slotElement(ctx, slot);
      if (element) elements.push(element);
    }
    if (!slots.some((s) => s.kind === 'band') && hasFlagEffect(game, unit, 'no-zoc')) elements.push({ kind: 'band', box: NO_ZOC_EDGE });
  }
  return { ...base, layout: 'slots', elements };
}

// ---------------------------------------------------------------------------------------------
// Marker and chit faces

function labelFace(
  base: Omit<FaceBase, 'background' | 'ink'>,
  face: FaceFile | undefined,
  fallbackText: string,
  fallbackBackground: ColorSpec | undefined,
  pointer: string,
  countUnknown: boolean,
): LabelFace {
  const subtext = face?.subtext !== undefined && face.subtext !== '' ? face.subtext : undefined;
  return {
    ...base,
    background: face?.background ? colorSpec(face.background) : fallbackBackground,
    ink: face?.color ? colorSpec(face.color) : undefined,
    layout: 'label',
    text: face?.text ?? fallbackText,
    ...(subtext !== undefined ? { subtext } : {}),
    countUnknown,
    pointer,
  };
}

/**
 * One face of a marker: its picture where the data names one, else a label of its name. Its back
 * picture is `backImage`, else the front picture again unless the data states a `back` label.
 */
export function markerFacePlan(game: Game, marker: MarkerFile, inches: number, side: FaceSide): LabelFace | ImageFace {
  const base = faceIdentity(game, 'marker', marker.id, side, inches);
  const art = loadedArt(game, side === 'front' ? marker.image : (marker.backImage ?? (marker.back ? undefined : marker.image)));
  if (art) return { ...base, background: statedColour(sideFaceColour(game, marker.side)), layout: 'image', art };
  return labelFace(
    base,
    side === 'front' ? marker.front : (marker.back ?? marker.front),
    marker.name,
    sideColour(game, marker.side),
    `counters.json/markers/${marker.id}`,
    isUnknown(marker.count),
  );
}

export function chitFacePlan(game: Game, chit: ChitFile, inches: number, side: FaceSide): LabelFace {
  const numbered = chit.number !== undefined ? { text: String(chit.number), subtext: chit.name } : undefined;
  const face = side === 'front' ? (chit.front ?? numbered) : chit.back;
  const fallback = side === 'front' ? (chit.number !== undefined ? String(chit.number) : chit.name) : (chit.pool ?? '');
  return labelFace(
    faceIdentity(game, 'chit', chit.id, side, inches),
    face,
    fallback,
    sideColour(game, chit.side),
    `counters.json/chits/${chit.id}`,
    isUnknown(chit.count),
  );
}

/**
 * Which face layout a unit counter uses: one rule for every output.
 *
 *   - the template the unit names, else the one called "default", else the first;
 *   - THE fallback layout when the game has no template, or the chosen template's layout is not
 *     known: no slots laid out (`front: []`), or declared unknown in counters.json `unstated`
 *     (`/templates/<i>/front`). The fallback shows the size mark, the type symbol, the
 *     designation, setup code or entry turn, the formation colour, every value the unit states on
 *     either face ("?" where the value is unknown) and the unit's id; so no counter is ever blank
 *     and no two units look alike (unless an id too long for the face at 5 pt is cut: reported).
 */
import type { SlotFile, TemplateFile } from '../model/files';
import type { Game, Unit } from '../model/game';
import { setupText } from './format';
import { safeInsetFraction, safeInsetPt } from './safe-area';

/** Counter edge when the game gives no sizes, in inches (the common 1/2" counter). */
export const DEFAULT_COUNTER_INCHES = 0.5;

export interface UnitLayout {
  /** The template the rule chose (undefined when the game has none). */
  chosen?: TemplateFile;
  /** True when the face is THE fallback layout rather than the chosen template's. */
  fallback: boolean;
  /** Slots of each face. */
  front: SlotFile[];
  back: SlotFile[];
  /** Counter edge, inches. */
  inches: number;
}

/** The unit's template, else "default", else the first. */
export function chosenTemplate(game: Game, unit: Pick<Unit, 'template'>): TemplateFile | undefined {
  const templates = game.counters.templates;
  return (
    (unit.template ? templates.find((t) => t.id === unit.template) : undefined) ?? templates.find((t) => t.id === 'default') ?? templates[0]
  );
}

/** Counter edge in inches of a counter size id: the size, else the first template's, else any, else 1/2". */
export function counterInches(game: Game, sizeId: string | undefined): number {
  const sizes = game.counters.sizes;
  if (sizeId !== undefined && sizes[sizeId] !== undefined) return sizes[sizeId];
  const first = game.counters.templates[0];
  if (first && sizes[first.size] !== undefined) return sizes[first.size];
  const any = Object.keys(sizes).sort()[0];
  return any !== undefined ? sizes[any] : DEFAULT_COUNTER_INCHES;
}

/** True when counters.json does not know where this face's slots go. */
export function layoutUnknown(game: Game, template: TemplateFile, face: 'front' | 'back'): boolean {
  const index = game.counters.templates.indexOf(template);
  const declared = game.counters.unstated?.[`/templates/${index}/${face}`] !== undefined;
  return face === 'front' ? declared || template.front.length === 0 : declared;
}

export function unitLayout(game: Game, unit: Unit): UnitLayout {
  const chosen = chosenTemplate(game, unit);
  const inches = counterInches(game, chosen?.size || undefined);
  if (!chosen || layoutUnknown(game, chosen, 'front')) {
    return {
      chosen,
      fallback: true,
      front: fallbackSlots(game, unit, 'front', inches),
      back: fallbackSlots(game, unit, 'back', inches),
      inches,
    };
  }
  const back = layoutUnknown(game, chosen, 'back') ? fallbackSlots(game, unit, 'back', inches) : (chosen.back ?? chosen.front);
  return { chosen, fallback: false, front: chosen.front, back, inches };
}

/** The value fields a unit states on either face, in game.json order. */
function statedFields(game: Game, unit: Unit): string[] {
  return (game.info.unitFields ?? []).map((f) => f.id).filter((id) => unit.front[id] !== undefined || unit.reverse[id] !== undefined);
}

/** Fill of the identity band on a fallback back: the back reads differently from the front at a glance. */
export const FALLBACK_BACK_BAND = '#c8c8c8';

/** Height of the fallback's top row (entry turn, size mark, setup code), in counter edges: clear of the symbol below. */
const ROW_H = 0.09;
/** Height of the fallback's id line. */
const ID_H = 0.11;

/**
 * Whether a unit's setup prints as a column of codes beside the symbol: a setup of several codes
 * (one per scenario, "5/1:H 7/4:H 8/1:H") is wider than a corner of the top row even at 5 pt.
 */
function stackedSetup(unit: Unit): boolean {
  const text = setupText(unit)?.text ?? '';
  return text.trim().split(/\s+/).length > 1;
}

/**
 * THE fallback layout, laid out inside the safe area (src/plan/safe-area.ts): size mark on top,
 * entry turn and setup code in the upper corners, the type symbol with the formation colour beside
 * it, the designation, the unit's values, then the unit's id (on the back in a grey band; over the
 * values' row too when the unit states none) and the no-ZOC band along the bottom edge. A setup of several codes takes a column on the right instead,
 * one code a line, with the symbol, size mark and designation moved left of it. The id line makes
 * every unit's face its own even where the rulebook gives neither designation nor values.
 */
export function fallbackSlots(game: Game, unit: Unit, side: 'front' | 'back', inches: number): SlotFile[] {
  const fields = statedFields(game, unit);
  const noZoc = (game.info.unitFlags ?? []).find((f) => f.effect === 'no-zoc');
  const m = safeInsetFraction(safeInsetPt(game.counters), inches);
  const inner = 1 - 2 * m;
  const slotW = inner / Math.max(1, fields.length);
  // A unit without values lets its id take their row too: a long id wraps after its hyphens there.
  const idTop = fields.length > 0 ? 0.82 : 0.59;
  const idH = 0.82 + ID_H - idTop;
  const identity: SlotFile =
    side === 'front'
      ? { kind: 'text', field: 'id', x: m, y: idTop, w: inner, h: idH }
      : { kind: 'band', field: 'id', color: FALLBACK_BACK_BAND, x: 0, y: idTop, w: 1, h: idH };
  const values = fields.map((f, i): SlotFile => ({ kind: 'text', field: f, x: m + i * slotW, y: 0.59, w: slotW, h: 0.22, bold: true }));
  const tail: SlotFile[] = [...values, identity];
  if (noZoc) tail.push({ kind: 'band', when: noZoc.id, x: 0, y: 0.94, w: 1, h: 0.06 });
  if (stackedSetup(unit)) {
    // "5/1:16", the widest code of a 1/2" counter's column, is 14.5 pt at 5 pt.
    const column = 0.53;
    return [
      { kind: 'text', field: 'setup', x: column, y: m, w: 1 - m - column, h: 0.58 - m },
      { kind: 'size', field: 'size', x: 0.14, y: m, w: column - 0.15, h: ROW_H + 0.01 },
      { kind: 'text', field: 'entry', format: 'T{}', x: m, y: m, w: 0.14 - m, h: ROW_H, align: 'left' },
      { kind: 'formation-box', field: 'formation', x: m, y: 0.18, w: 0.07, h: 0.12 },
      { kind: 'symbol', field: 'type', x: 0.14, y: 0.17, w: column - 0.17, h: 0.28 },
      { kind: 'text', field: 'designation', x: m, y: 0.46, w: column - 0.01 - m, h: 0.12 },
      ...tail,
    ];
  }
  return [
    { kind: 'size', field: 'size', x: 0.35, y: m, w: 0.3, h: ROW_H + 0.01 },
    { kind: 'text', field: 'entry', format: 'T{}', x: m, y: m, w: 0.34 - m, h: ROW_H, align: 'left' },
    { kind: 'text', field: 'setup', x: 0.66, y: m, w: 0.34 - m, h: ROW_H, align: 'right' },
    { kind: 'symbol', field: 'type', x: 0.2, y: 0.17, w: 0.6, h: 0.28 },
    { kind: 'formation-box', field: 'formation', x: 0.83, y: 0.18, w: 0.13, h: 0.12 },
    { kind: 'text', field: 'designation', x: m, y: 0.46, w: inner, h: 0.12 },
    ...tail,
  ];
}

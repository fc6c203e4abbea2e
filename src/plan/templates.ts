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
    return { chosen, fallback: true, front: fallbackSlots(game, unit, 'front'), back: fallbackSlots(game, unit, 'back'), inches };
  }
  const back = layoutUnknown(game, chosen, 'back') ? fallbackSlots(game, unit, 'back') : (chosen.back ?? chosen.front);
  return { chosen, fallback: false, front: chosen.front, back, inches };
}

/** The value fields a unit states on either face, in game.json order. */
function statedFields(game: Game, unit: Unit): string[] {
  return (game.info.unitFields ?? []).map((f) => f.id).filter((id) => unit.front[id] !== undefined || unit.reverse[id] !== undefined);
}

/** Fill of the identity band on a fallback back: the back reads differently from the front at a glance. */
export const FALLBACK_BACK_BAND = '#c8c8c8';

/**
 * THE fallback layout: size mark on top, entry turn and setup code in the upper corners, the type
 * symbol with the formation colour beside it, the designation, the unit's values, then the unit's
 * id (on the back in a grey band) and the no-ZOC band along the bottom edge. The id line makes
 * every unit's face its own even where the rulebook gives neither designation nor values.
 */
export function fallbackSlots(game: Game, unit: Unit, side: 'front' | 'back' = 'front'): SlotFile[] {
  const fields = statedFields(game, unit);
  const noZoc = (game.info.unitFlags ?? []).find((f) => f.effect === 'no-zoc');
  const n = Math.max(1, fields.length);
  const slotW = 0.96 / n;
  const identity: SlotFile =
    side === 'front'
      ? { kind: 'text', field: 'id', x: 0.02, y: 0.82, w: 0.96, h: 0.11 }
      : { kind: 'band', field: 'id', color: FALLBACK_BACK_BAND, x: 0, y: 0.82, w: 1, h: 0.11 };
  const front: SlotFile[] = [
    { kind: 'size', field: 'size', x: 0.35, y: 0.02, w: 0.3, h: 0.12 },
    { kind: 'text', field: 'entry', format: 'T{}', x: 0.03, y: 0.02, w: 0.31, h: 0.11, align: 'left' },
    { kind: 'text', field: 'setup', x: 0.66, y: 0.02, w: 0.31, h: 0.11, align: 'right' },
    { kind: 'symbol', field: 'type', x: 0.2, y: 0.15, w: 0.6, h: 0.3 },
    { kind: 'formation-box', field: 'formation', x: 0.83, y: 0.18, w: 0.13, h: 0.12 },
    { kind: 'text', field: 'designation', x: 0.03, y: 0.46, w: 0.94, h: 0.12 },
    ...fields.map((f, i): SlotFile => ({ kind: 'text', field: f, x: 0.02 + i * slotW, y: 0.59, w: slotW, h: 0.22, bold: true })),
    identity,
  ];
  if (noZoc) front.push({ kind: 'band', when: noZoc.id, x: 0, y: 0.94, w: 1, h: 0.06 });
  return front;
}

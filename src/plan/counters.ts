/**
 * Every counter of the game as the outputs show it: units (in units.csv order), then markers,
 * then chits, each with its size, how many copies are printed, its two faces and whether it has a
 * back of its own. counters.pdf prints `front` and `back`; the VASSAL piece flips exactly when
 * `hasBack` is true; the errata diff and the checks read the same records.
 *
 * The back rule: a counter has a back of its own when its printed back shows something and is not
 * its front printed again. So a unit whose `back` cell is empty but which states `back.*` values
 * has a back (the values are printed, and validate warns about the empty cell); a "blank" back, a
 * marker without a back face (the sheet repeats its front there), a unit whose back prints exactly
 * its front (a "same" back, or back values its template's slots do not show), or a chit with
 * neither a back face nor a pool, has none. A declared "reduced" or "other" back is one even where
 * it prints what the front does (values the data does not give print "?" on both): the physical
 * counter's back differs, and flipping the piece records the lost step or the other state.
 */
import type { Diagnostic } from '../diagnostics';
import { type Maybe, isUnknown } from '../model/common';
import type { ChitFile, MarkerFile } from '../model/files';
import type { Game, Unit } from '../model/game';
import {
  type CounterKind,
  type FacePlan,
  chitFacePlan,
  faceContent,
  isBlankFace,
  markerFacePlan,
  unitBackShowsValues,
  unitFacePlan,
} from './faces';
import { counterInches, unitLayout } from './templates';

interface CounterBase {
  /** Stable identity: `unit/<id>`, `marker/<id>`, `chit/<id>`. */
  key: string;
  kind: CounterKind;
  id: string;
  /** Counter edge, inches. */
  inches: number;
  /** Copies printed on the sheets. */
  copies: number;
  front: FacePlan;
  /** What the sheet prints on the back (a blank face, or the front again, when there is no back). */
  back: FacePlan;
  /** The back is a face of its own: printed, and what the module flips to. */
  hasBack: boolean;
}

export interface UnitCounter extends CounterBase {
  kind: 'unit';
  unit: Unit;
  /** Template chosen by the rule (undefined when the game has none). */
  template?: string;
  /** The face is THE fallback layout (template missing or its layout unknown). */
  fallback: boolean;
}

export interface MarkerCounter extends CounterBase {
  kind: 'marker';
  marker: MarkerFile;
  countUnknown: boolean;
}

export interface ChitCounter extends CounterBase {
  kind: 'chit';
  chit: ChitFile;
  countUnknown: boolean;
}

export type PlannedCounter = UnitCounter | MarkerCounter | ChitCounter;

/** True when a unit's data states back values its `back` cell does not account for. */
export function unitBackUndeclared(unit: { back?: Unit['back']; reverse: Readonly<Record<string, unknown>> }): boolean {
  return unit.back === undefined && unitBackShowsValues(unit);
}

/** The back rule (see the top of this file): a declared back is one even where it prints what the front does. */
function ownBack(front: FacePlan, back: FacePlan, declared = false): boolean {
  return !isBlankFace(back) && (declared || faceContent(back) !== faceContent(front));
}

/** How many copies a count asks for (a gap prints one copy, marked "?"). */
export function copies(count: Maybe<number> | undefined, fallback = 1): number {
  if (count === undefined || isUnknown(count)) return fallback;
  return Math.max(0, Math.floor(count));
}

function hasNoCounterFlag(game: Game, unit: Unit): boolean {
  const flags = game.info.unitFlags ?? [];
  return unit.flags.some((id) => flags.find((f) => f.id === id)?.effect === 'no-counter');
}

export function unitCounter(game: Game, unit: Unit): UnitCounter {
  const layout = unitLayout(game, unit);
  const front = unitFacePlan(game, unit, layout, 'front');
  const back = unitFacePlan(game, unit, layout, 'back');
  return {
    key: `unit/${unit.id}`,
    kind: 'unit',
    id: unit.id,
    inches: layout.inches,
    // A unit of the order of battle only (flag effect no-counter) is never printed.
    copies: hasNoCounterFlag(game, unit) ? 0 : Math.max(0, unit.count),
    front,
    back,
    hasBack: ownBack(front, back, unit.back === 'reduced' || unit.back === 'other'),
    unit,
    ...(layout.chosen ? { template: layout.chosen.id } : {}),
    fallback: layout.fallback,
  };
}

export function markerCounter(game: Game, marker: MarkerFile): MarkerCounter {
  const inches = counterInches(game, marker.size);
  const front = markerFacePlan(game, marker, inches, 'front');
  const back = markerFacePlan(game, marker, inches, 'back');
  return {
    key: `marker/${marker.id}`,
    kind: 'marker',
    id: marker.id,
    inches,
    copies: copies(marker.count),
    front,
    back,
    hasBack: ownBack(front, back),
    marker,
    countUnknown: marker.count !== undefined && typeof marker.count !== 'number',
  };
}

export function chitCounter(game: Game, chit: ChitFile): ChitCounter {
  const inches = counterInches(game, undefined);
  const front = chitFacePlan(game, chit, inches, 'front');
  const back = chitFacePlan(game, chit, inches, 'back');
  return {
    key: `chit/${chit.id}`,
    kind: 'chit',
    id: chit.id,
    inches,
    copies: copies(chit.count),
    front,
    back,
    hasBack: ownBack(front, back),
    chit,
    countUnknown: chit.count !== undefined && typeof chit.count !== 'number',
  };
}

export function unknownCountDiagnostic(counter: MarkerCounter | ChitCounter): Diagnostic {
  return {
    code: 'counters/unknown-count',
    severity: 'warning',
    message: `the number of ${counter.kind} "${counter.id}" counters is unknown; one copy is printed, marked "?"`,
    hint: 'state the count in counters.json when the rulebook gives it',
    pointer: `counters.json/${counter.kind}s/${counter.id}/count`,
  };
}

/** How visibly a plan's counters carry the data's gaps: what the completeness report states about them. */
export interface CounterGaps {
  /** Counters planned (units, markers, chits; each once, whatever its copies). */
  counters: number;
  /** Unit counters drawn with THE fallback layout (no template, or its layout not stated). */
  fallback: number;
  /** Faces that print "?" for a value or count the data does not give. */
  facesWithGaps: number;
}

export function counterGaps(counters: readonly PlannedCounter[]): CounterGaps {
  const showsGap = (face: FacePlan) =>
    face.layout === 'image'
      ? false
      : face.layout === 'label'
        ? face.countUnknown
        : face.elements.some((e) => (e.kind === 'text' && e.unknown) || (e.kind === 'band' && e.text?.unknown === true));
  let fallback = 0;
  let facesWithGaps = 0;
  for (const c of counters) {
    if (c.kind === 'unit' && c.fallback) fallback++;
    if (showsGap(c.front)) facesWithGaps++;
    if (c.hasBack && showsGap(c.back)) facesWithGaps++;
  }
  return { counters: counters.length, fallback, facesWithGaps };
}

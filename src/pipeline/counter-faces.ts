/**
 * Every counter face of the plan drawn once per build: counters.pdf prints the drawings and the
 * VASSAL module encodes the same drawings as images, so the second output takes them from the
 * build's memo instead of laying out every face's text again.
 */
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { FacePlan, PlannedCounter } from '../plan';
import { type CounterFace, abbreviationsOf, dedupeDiagnostics, drawCounterFace } from '../render/counter-face';
import type { FontSet } from '../render/fonts';
import type { GeneratorContext } from './generator';

/** Both faces of each planned counter by its key, and the problems drawing them met (each once). */
export interface DrawnCounterFaces {
  drawn: ReadonlyMap<string, { front: CounterFace; back: CounterFace }>;
  diagnostics: Diagnostic[];
}

type Progress = (done: number, total: number, label?: string) => void;

/** Both faces of every counter drawn once (copies share the drawing); problems reported once each. */
export function drawCounterFaces(game: Game, counters: readonly PlannedCounter[], fonts: FontSet, progress?: Progress): DrawnCounterFaces {
  const drawn = new Map<string, { front: CounterFace; back: CounterFace }>();
  const diagnostics: Diagnostic[] = [];
  const abbreviations = abbreviationsOf(game.info.abbreviations);
  counters.forEach((c, i) => {
    const draw = (face: FacePlan) => drawCounterFace(face, fonts, diagnostics, abbreviations);
    drawn.set(c.key, { front: draw(c.front), back: draw(c.back) });
    if ((i + 1) % 100 === 0 || i + 1 === counters.length) progress?.(i + 1, counters.length, 'faces');
  });
  return { drawn, diagnostics: dedupeDiagnostics(diagnostics) };
}

const COUNTER_FACES_MEMO = 'counter faces';

/** The plan's faces, drawn by whichever output of this build asks first. */
export function buildCounterFaces(ctx: GeneratorContext): Promise<DrawnCounterFaces> {
  return ctx.memo(COUNTER_FACES_MEMO, async () =>
    drawCounterFaces(ctx.game, ctx.plan.counters, ctx.fonts, (done, total, label) => ctx.progress(done, total, label)),
  );
}

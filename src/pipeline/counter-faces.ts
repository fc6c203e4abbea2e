/**
 * Every counter face of the plan drawn once per build: counters.pdf prints the drawings and the
 * VASSAL module encodes the same drawings as images, so the second output takes them from the
 * build's memo instead of laying out every face's text again. Between builds a unit's two face
 * drawings are kept by what their plans are worked out from (the unit and the game's parts they
 * read), a marker's or chit's by what the face shows, so a rebuild after one unit changed lays out
 * that unit's faces only, and finds the others without writing out and hashing every face's plan.
 */
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { FacePlan, PlannedCounter, UnitCounter } from '../plan';
import { type Abbreviation, type CounterFace, abbreviationsOf, dedupeDiagnostics, drawCounterFace } from '../render/counter-face';
import {
  type Drawing,
  drawingDigest,
  drawingFromJson,
  drawingJson,
  drawingShowsPicture,
  drawingTextRuns,
  type TextRun,
} from '../render/drawing';
import type { FontSet } from '../render/fonts';
import type { GeneratorContext, ImageCache } from './generator';
import { partsDigest } from './inputs-digest';
import { UNIT_COUNTER_READS } from './reads';

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

/**
 * What a face's drawing keeps between builds, as lines: the problems drawing it met (JSON, in
 * order), its drawingDigest, its text runs (JSON), then its drawing as drawingJson wrote it (JSON
 * text holds no raw newline). Read back, the drawing's text, digest and text runs are these: a kept
 * face is neither written out as JSON nor hashed again, and its items are parsed only if read. A
 * unit's two faces are kept together, front then back.
 */
const NEWLINE = 0x0a;
const LINES_PER_FACE = 4;

function storedFaceLines(drawing: Drawing, diagnostics: readonly Diagnostic[]): string[] {
  return [JSON.stringify(diagnostics), drawingDigest(drawing), JSON.stringify(drawingTextRuns(drawing)), drawingJson(drawing)];
}

type KeptFace = { drawing: Drawing; diagnostics: Diagnostic[] };

/** The faces stored back to back, read back; each drawing's JSON, the bulk of it, is decoded only if the drawing is read. */
function readStoredFaces(stored: Uint8Array, count: number): KeptFace[] {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const line = (from: number, to: number) => bytes.toString('utf8', from, to);
  const faces: KeptFace[] = [];
  let start = 0;
  for (let face = 0; face < count; face++) {
    const ends: number[] = [];
    for (let i = 0; i < LINES_PER_FACE; i++) {
      const end = bytes.indexOf(NEWLINE, i === 0 ? start : ends[i - 1] + 1);
      ends.push(end < 0 ? bytes.length : end);
    }
    const texts = JSON.parse(line(ends[1] + 1, ends[2])) as TextRun[];
    const drawingFrom = ends[2] + 1;
    const drawingTo = ends[3];
    const drawing = drawingFromJson(() => line(drawingFrom, drawingTo), line(ends[0] + 1, ends[1]), texts);
    faces.push({ diagnostics: JSON.parse(line(start, ends[0])) as Diagnostic[], drawing });
    start = ends[3] + 1;
  }
  return faces;
}

/**
 * One face drawn, or kept from `store` by what it shows: the face's whole plan (texts, boxes,
 * colours, where its problems are reported) and the abbreviations are all a drawing reads besides
 * the fonts, which belong to the code the store is scoped to. A face of the game's own art holds
 * the picture's bytes and costs nothing to draw: it is always drawn.
 */
async function drawFaceKept(
  face: FacePlan,
  fonts: FontSet,
  abbreviations: { list: readonly Abbreviation[]; key: string },
  diagnostics: Diagnostic[],
  store: ImageCache,
): Promise<CounterFace> {
  if (face.layout === 'image') return drawCounterFace(face, fonts, diagnostics, abbreviations.list);
  const key = `counter face drawing\n${abbreviations.key}\n${JSON.stringify(face)}`;
  const stored = await store.get(key);
  if (stored) return keptFace(face, readStoredFaces(stored, 1)[0], diagnostics);
  const met: Diagnostic[] = [];
  const drawn = drawCounterFace(face, fonts, met, abbreviations.list);
  diagnostics.push(...met);
  // A picture's bytes do not survive JSON: such a drawing is drawn again each time.
  if (drawingShowsPicture(drawn.drawing)) return drawn;
  await store.put(key, Buffer.from(storedFaceLines(drawn.drawing, met).join('\n')));
  return drawn;
}

/** A face as kept: its plan's identity with the kept drawing; the problems drawing it met are reported again. */
function keptFace(face: FacePlan, kept: KeptFace, diagnostics: Diagnostic[]): CounterFace {
  diagnostics.push(...kept.diagnostics);
  return { key: face.key, kind: face.kind, id: face.id, side: face.side, inches: face.inches, drawing: kept.drawing };
}

/**
 * A unit's two faces, drawn or kept from `store` together by what their plans are worked out from:
 * the unit's own record and the game's parts UNIT_COUNTER_READS names (the plan works a unit's
 * counter out on a view of those alone), under `unitScope`, their digest. Keyed so, a kept unit's
 * faces are found without writing out and hashing their plans. A face of the game's own art goes
 * through drawFaceKept.
 */
async function drawUnitFacesKept(
  counter: UnitCounter,
  fonts: FontSet,
  abbreviations: { list: readonly Abbreviation[]; key: string },
  unitScope: string,
  diagnostics: Diagnostic[],
  store: ImageCache,
): Promise<{ front: CounterFace; back: CounterFace }> {
  const { front, back } = counter;
  if (front.layout === 'image' || back.layout === 'image') {
    const draw = (face: FacePlan) => drawFaceKept(face, fonts, abbreviations, diagnostics, store);
    return { front: await draw(front), back: await draw(back) };
  }
  const key = `unit counter face drawings\n${abbreviations.key}\n${unitScope}\n${JSON.stringify(counter.unit)}`;
  const stored = await store.get(key);
  if (stored) {
    const [keptFront, keptBack] = readStoredFaces(stored, 2);
    return { front: keptFace(front, keptFront, diagnostics), back: keptFace(back, keptBack, diagnostics) };
  }
  const met = { front: [] as Diagnostic[], back: [] as Diagnostic[] };
  const drawn = {
    front: drawCounterFace(front, fonts, met.front, abbreviations.list),
    back: drawCounterFace(back, fonts, met.back, abbreviations.list),
  };
  diagnostics.push(...met.front, ...met.back);
  // A picture's bytes do not survive JSON: such a drawing is drawn again each time.
  if (drawingShowsPicture(drawn.front.drawing) || drawingShowsPicture(drawn.back.drawing)) return drawn;
  const lines = [...storedFaceLines(drawn.front.drawing, met.front), ...storedFaceLines(drawn.back.drawing, met.back)];
  await store.put(key, Buffer.from(lines.join('\n')));
  return drawn;
}

/** As drawCounterFaces, each face kept from `store` while what it shows is unchanged (only a changed face is drawn). */
export async function drawCounterFacesKept(
  game: Game,
  counters: readonly PlannedCounter[],
  fonts: FontSet,
  store: ImageCache,
  progress?: Progress,
): Promise<DrawnCounterFaces> {
  const drawn = new Map<string, { front: CounterFace; back: CounterFace }>();
  const diagnostics: Diagnostic[] = [];
  const list = abbreviationsOf(game.info.abbreviations);
  const abbreviations = { list, key: JSON.stringify(list) };
  const unitScope = partsDigest(game, UNIT_COUNTER_READS.game);
  for (const [i, c] of counters.entries()) {
    const draw = (face: FacePlan) => drawFaceKept(face, fonts, abbreviations, diagnostics, store);
    if (c.kind === 'unit') drawn.set(c.key, await drawUnitFacesKept(c, fonts, abbreviations, unitScope, diagnostics, store));
    else drawn.set(c.key, { front: await draw(c.front), back: await draw(c.back) });
    if ((i + 1) % 100 === 0 || i + 1 === counters.length) progress?.(i + 1, counters.length, 'faces');
  }
  return { drawn, diagnostics: dedupeDiagnostics(diagnostics) };
}

const COUNTER_FACES_MEMO = 'counter faces';

/**
 * Lets the build's drawn faces go once the module has encoded them: the module is the last output
 * of a build, and the drawings of every face (tens of megabytes for ten thousand counters) would
 * otherwise live to the end of the build.
 */
export function forgetCounterFaces(ctx: GeneratorContext): void {
  ctx.forgetMemo?.(COUNTER_FACES_MEMO);
}

/** The plan's faces, drawn by whichever output of this build asks first (kept between builds where the build keeps images). */
export function buildCounterFaces(ctx: GeneratorContext): Promise<DrawnCounterFaces> {
  return ctx.memo(COUNTER_FACES_MEMO, async () => {
    const progress = (done: number, total: number, label?: string) => ctx.progress(done, total, label);
    const { images } = ctx;
    return images
      ? drawCounterFacesKept(ctx.game, ctx.plan.counters, ctx.fonts, images, progress)
      : drawCounterFaces(ctx.game, ctx.plan.counters, ctx.fonts, progress);
  });
}

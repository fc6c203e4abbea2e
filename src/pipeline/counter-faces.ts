/**
 * Every counter face of the plan drawn once per build: counters.pdf prints the drawings and the
 * VASSAL module encodes the same drawings as images, so the second output takes them from the
 * build's memo instead of laying out every face's text again. Between builds each face's drawing
 * is kept by what the face shows, so a rebuild after one unit changed lays out that unit's faces only.
 */
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import type { FacePlan, PlannedCounter } from '../plan';
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
 * face is neither written out as JSON nor hashed again, and its items are parsed only if read.
 */
const NEWLINE = 0x0a;

function storedFace(drawing: Drawing, diagnostics: readonly Diagnostic[]): Buffer {
  const lines = [JSON.stringify(diagnostics), drawingDigest(drawing), JSON.stringify(drawingTextRuns(drawing)), drawingJson(drawing)];
  return Buffer.from(lines.join('\n'));
}

/** A stored face read back; the drawing's JSON, the bulk of it, is decoded only if the drawing is read. */
function readStoredFace(stored: Uint8Array): { drawing: Drawing; diagnostics: Diagnostic[] } {
  const bytes = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const ends = [bytes.indexOf(NEWLINE)];
  for (let i = 1; i < 3; i++) ends.push(bytes.indexOf(NEWLINE, ends[i - 1] + 1));
  const line = (from: number, to?: number) => bytes.toString('utf8', from, to);
  const texts = JSON.parse(line(ends[1] + 1, ends[2])) as TextRun[];
  const drawing = drawingFromJson(() => line(ends[2] + 1), line(ends[0] + 1, ends[1]), texts);
  return { diagnostics: JSON.parse(line(0, ends[0])) as Diagnostic[], drawing };
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
  if (stored) {
    const kept = readStoredFace(stored);
    diagnostics.push(...kept.diagnostics);
    return { key: face.key, kind: face.kind, id: face.id, side: face.side, inches: face.inches, drawing: kept.drawing };
  }
  const met: Diagnostic[] = [];
  const drawn = drawCounterFace(face, fonts, met, abbreviations.list);
  diagnostics.push(...met);
  // A picture's bytes do not survive JSON: such a drawing is drawn again each time.
  if (drawingShowsPicture(drawn.drawing)) return drawn;
  await store.put(key, storedFace(drawn.drawing, met));
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
  for (const [i, c] of counters.entries()) {
    const draw = (face: FacePlan) => drawFaceKept(face, fonts, abbreviations, diagnostics, store);
    drawn.set(c.key, { front: await draw(c.front), back: await draw(c.back) });
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

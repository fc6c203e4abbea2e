/**
 * The module's pictures, drawn from the component plan with the shared renderers: every counter
 * face as counters.pdf prints it (src/render/counter-face) at the module scale, and the build's
 * aid-card pieces (src/render/aid-pieces, the ones aids.pdf prints) as chart images.
 *
 * A counter gets a back image exactly when the plan says it has a back of its own (`hasBack`):
 * the piece then flips to it, as the sheet prints it.
 */
import type { GeneratorContext, ImageCache } from '../../pipeline/generator';
import type { PlannedCounter } from '../../plan';
import { AID_PIECES_MEMO, type AidPiece, aidPieces } from '../../render/aid-pieces';
import { aidPieceImage, cachedImage, keptAidImages } from '../../pipeline/image-cache';
import type { CounterFace } from '../../render/counter-face';
import { drawingDigest } from '../../render/drawing';
import { buildCounterFaces, forgetCounterFaces } from '../../pipeline/counter-faces';
import type { FontSet } from '../../render/fonts';
import { facePng } from '../../render/face-png';
import { MIN_POOLED, inParallel, pngDrawer } from '../../render/raster-pool';
import type { CounterArt, CounterFacePngs, FacePngs } from './collect-art';

const GROUP = { unit: 'units', marker: 'markers', chit: 'chits' } as const;

/** Turns a drawn counter face into the module's image bytes. */
export type FaceEncoder = (face: CounterFace, pixelsPerInch: number, fonts: FontSet) => Promise<Uint8Array>;

/** `encode` through the build's image cache: only faces whose drawing changed are encoded again (counted in `tally`). */
function cachedEncoder(encode: FaceEncoder, images: ImageCache | undefined, tally: { drawn: number; images: number }): FaceEncoder {
  return (face, pixelsPerInch, fonts) => {
    tally.images++;
    return cachedImage(images, `counter face ${face.inches} in at ${pixelsPerInch} px/in\n${drawingDigest(face.drawing)}`, () => {
      tally.drawn++;
      return encode(face, pixelsPerInch, fonts);
    });
  };
}

/**
 * The module's art from the plan, each of its `faces` encoded by `encoderFor(faces)` (PNG; tests
 * may read the drawing back).
 */
export function planArtWith(encoderFor: (faces: number) => FaceEncoder): CounterArt {
  return {
    async counterFaces(ctx: GeneratorContext) {
      const { game, fonts } = ctx;
      const counters: readonly PlannedCounter[] = ctx.plan.counters;
      const drawn = await buildCounterFaces(ctx);
      const scale = game.map.moduleScale;
      const tally = { drawn: 0, images: 0 };
      const encode = cachedEncoder(encoderFor(counters.reduce((n, c) => n + (c.hasBack ? 2 : 1), 0)), ctx.images, tally);
      const jobs = counters.map((counter) => {
        const { front, back } = drawn.drawn.get(counter.key)!;
        return async (): Promise<FacePngs> =>
          counter.hasBack
            ? { front: await encode(front, scale, fonts), back: await encode(back, scale, fonts) }
            : { front: await encode(front, scale, fonts) };
      });
      const rendered = await inParallel(jobs, 8, (done) => {
        if (done % 50 === 0 || done === jobs.length) ctx.progress(done, jobs.length, 'counter images');
      });
      forgetCounterFaces(ctx);
      const faces = { units: new Map<string, FacePngs>(), markers: new Map<string, FacePngs>(), chits: new Map<string, FacePngs>() };
      counters.forEach((counter, i) => faces[GROUP[counter.kind]].set(counter.id, rendered[i]));
      // The sheets report fitting problems; the module only stops on errors.
      return { faces: faces as CounterFacePngs, diagnostics: drawn.diagnostics.filter((d) => d.severity === 'error'), drawn: tally };
    },

    async aidCards(ctx: GeneratorContext) {
      const { fonts } = ctx;
      const scale = ctx.game.map.moduleScale;
      return keptAidImages(ctx, scale, async (game) => {
        const pieces = await ctx.memo<AidPiece[]>(AID_PIECES_MEMO, async () => aidPieces(game, ctx.paper.paper, fonts));
        const draw = pngDrawer(pieces.length, MIN_POOLED.cards);
        return inParallel(
          pieces.map((piece) => async () => ({
            id: piece.name,
            name: piece.title,
            ...(piece.table !== undefined ? { table: piece.table } : {}),
            png: await aidPieceImage(ctx.images, piece, scale, fonts, draw),
          })),
          4,
        );
      });
    },
  };
}

/** Faces drawn on the raster pool's worker threads when it is on and there are enough of them. */
export const planArt: CounterArt = planArtWith((faces) => {
  const draw = pngDrawer(faces, MIN_POOLED.faces);
  return (face, pixelsPerInch, fonts) => facePng(face, pixelsPerInch, fonts, draw);
});

/**
 * `hexforge build <game> --only vassal` → `<game>.vmod`. The map image is shared with the `map`
 * generator through ctx.memo (same bytes in map.png and the module); counter faces and aid cards
 * are drawn from the component plan (plan-art.ts).
 */
import type { Generator, GeneratorContext, ImageCache } from '../../pipeline/generator';
import { cachedImage, moduleMapPng } from '../../pipeline/image-cache';
import { sha256 } from '../../pipeline/inputs-digest';
import { drawingToPng } from '../../render/png';
import { type ArtSources, type ChartPng, type CounterArt, type CounterFacePngs, collectArt } from './collect-art';
import type { CheckedPiece, CheckedPieces } from './checks';
import { holdingDrawing } from './holding';
import { keptSaveImages } from './kept-save-images';
import { planArt } from './plan-art';
import { writeVmod } from './vmod';

export function artSources(ctx: GeneratorContext, faces: CounterFacePngs, cards: ChartPng[]): ArtSources {
  return {
    async map() {
      const map = await moduleMapPng(ctx);
      return { png: map.png, geometry: map.geometry };
    },
    async counterFaces() {
      return faces;
    },
    async aidCards() {
      return cards;
    },
    async holdingPng(layout) {
      const drawing = holdingDrawing(layout, ctx.fonts);
      const pixelsPerInch = ctx.game.map.moduleScale;
      // Kept between builds by its drawing, like the counter faces: most builds change no box.
      const key = `holding board at ${pixelsPerInch} px/in\n${JSON.stringify(drawing)}`;
      return cachedImage(ctx.images, key, () =>
        drawingToPng(drawing, ctx.fonts, { pixelWidth: drawing.width, pixelHeight: drawing.height, pixelsPerInch }),
      );
    },
  };
}

/**
 * Piece checks kept in the build's piece store, by definition text, and whole saves' checks by their
 * command text (scoped to the running code like every entry); the saves' image lists share their
 * common part (kept-save-images.ts).
 */
export function keptPieceChecks(images: ImageCache | undefined): CheckedPieces | undefined {
  if (!images) return undefined;
  const stored = async <T>(key: string) => {
    const bytes = await images.get(key);
    return bytes ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as T) : undefined;
  };
  const key = (text: string) => `checked module piece\n${text}`;
  // A save's commands are megabytes: its key holds their digest, made once for a get that misses
  // and the put that follows it (held no longer, so the commands are not kept alive).
  let missed: { commands: string; key: string } | undefined;
  const saves = keptSaveImages(images);
  const saveKey = (commands: string) => (missed?.commands === commands ? missed.key : `checked module save\n${sha256(commands)}`);
  return {
    get: (text) => stored<CheckedPiece>(key(text)),
    put: (text, piece) => images.put(key(text), Buffer.from(JSON.stringify(piece))),
    async getSave(commands) {
      const saveKeyed = saveKey(commands);
      const kept = await saves.get(saveKeyed);
      missed = kept ? undefined : { commands, key: saveKeyed };
      return kept;
    },
    async putSave(commands, saveImages) {
      const saveKeyed = saveKey(commands);
      missed = undefined;
      await saves.put(saveKeyed, saveImages);
    },
  };
}

export function vassalGeneratorUsing(art: CounterArt): Generator {
  return {
    id: 'vassal',
    description: 'VASSAL module (<game>.vmod) with map, counters, setups, turn track, dice and charts',
    reads: { game: ['info', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios'], settings: [], plan: true },
    async run(ctx) {
      const faces = await art.counterFaces(ctx);
      if (!faces.faces) return { artifacts: [], diagnostics: faces.diagnostics };
      const collected = await collectArt(ctx.game, artSources(ctx, faces.faces, await art.aidCards(ctx)));
      ctx.progress(1, 2, 'module');
      const checkedPieces = keptPieceChecks(ctx.pieces);
      const result = await writeVmod(ctx.game, collected, { epoch: ctx.options.epoch, plan: ctx.plan, checkedPieces });
      ctx.progress(2, 2, 'module');
      const diagnostics = [...faces.diagnostics, ...result.diagnostics];
      return {
        artifacts: result.parts ? [{ path: `${ctx.game.id}.vmod`, data: result.parts }] : [],
        diagnostics,
        ...(faces.drawn ? { drawn: `${faces.drawn.drawn} of ${faces.drawn.images} face images drawn` } : {}),
      };
    },
  };
}

export const vassalGenerator = vassalGeneratorUsing(planArt);

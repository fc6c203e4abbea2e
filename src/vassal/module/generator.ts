/**
 * `hexforge build <game> --only vassal` → `<game>.vmod`. The map image is shared with the `map`
 * generator through ctx.memo (same bytes in map.png and the module); counter faces and aid cards
 * are drawn from the component plan (plan-art.ts).
 */
import type { Generator, GeneratorContext } from '../../pipeline/generator';
import { moduleMapPng } from '../../pipeline/image-cache';
import { drawingToPng } from '../../render/png';
import { type ArtSources, type ChartPng, type CounterArt, type CounterFacePngs, collectArt } from './collect-art';
import { holdingDrawing } from './holding';
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
      return drawingToPng(drawing, ctx.fonts, {
        pixelWidth: drawing.width,
        pixelHeight: drawing.height,
        pixelsPerInch: ctx.game.map.moduleScale,
      });
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
      const result = await writeVmod(ctx.game, collected, { epoch: ctx.options.epoch, plan: ctx.plan });
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

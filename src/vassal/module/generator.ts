/**
 * `hexforge build <game> --only vassal` → `<game>.vmod`. The map image is shared with the `map`
 * generator through ctx.memo (same bytes in map.png and the module); counter faces and aid cards
 * come from the print renderers (print-art.ts).
 */
import type { Generator, GeneratorContext } from '../../pipeline/generator';
import type { Diagnostic } from '../../diagnostics';
import { loadFonts } from '../../assets/fonts';
import { MAP_PNG_MEMO, type MapPng, renderMapPng } from '../../render/map-png';
import { drawingToPng } from '../../render/png';
import { type ArtSources, type CounterFacePngs, collectArt } from './collect-art';
import { printArt } from './print-art';
import { writeVmod } from './vmod';

/** Where counter faces and aid cards come from (print-art.ts; tests pass stand-ins). */
export interface PrintArt {
  counterFaces(ctx: GeneratorContext): Promise<{ faces?: CounterFacePngs; diagnostics: Diagnostic[] }>;
  aidCards(ctx: GeneratorContext): Promise<Array<{ id: string; name: string; png: Uint8Array }>>;
}

export function artSources(ctx: GeneratorContext, faces: CounterFacePngs, cards: Awaited<ReturnType<PrintArt['aidCards']>>): ArtSources {
  return {
    async map() {
      const map = await ctx.memo<MapPng>(MAP_PNG_MEMO, () =>
        renderMapPng(ctx.game, loadFonts(), { progress: (d, t, label) => ctx.progress(d, t, `map.png ${label ?? ''}`.trim()) }),
      );
      const g = map.geometry;
      return { png: map.png, width: g.width, height: g.height, flatSize: g.flatSize, firstHexCenter: g.firstHexCenter };
    },
    async counterFaces() {
      return faces;
    },
    async aidCards() {
      return cards;
    },
    async drawingToPng(drawing) {
      return drawingToPng(drawing, loadFonts(), { pixelWidth: drawing.width, pixelHeight: drawing.height });
    },
  };
}

export function vassalGeneratorUsing(print: PrintArt): Generator {
  return {
    id: 'vassal',
    description: 'VASSAL module (<game>.vmod) with map, counters, setups, turn track, dice and charts',
    async run(ctx) {
      const faces = await print.counterFaces(ctx);
      if (!faces.faces) return { artifacts: [], diagnostics: faces.diagnostics };
      const art = await collectArt(ctx.game, artSources(ctx, faces.faces, await print.aidCards(ctx)));
      ctx.progress(1, 2, 'module');
      const result = await writeVmod(ctx.game, art, { epoch: ctx.options.epoch });
      ctx.progress(2, 2, 'module');
      const diagnostics = [...faces.diagnostics, ...result.diagnostics];
      return { artifacts: result.vmod ? [{ path: `${ctx.game.id}.vmod`, data: result.vmod }] : [], diagnostics };
    },
  };
}

export const vassalGenerator = vassalGeneratorUsing(printArt);

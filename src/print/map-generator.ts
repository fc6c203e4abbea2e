/** `map`: map.pdf (vector; `--set tile=true` for Letter/A4 tiles) and map.png at the module scale. */
import type { Generator } from '../pipeline/generator';
import { loadFonts } from '../assets/fonts';
import { MAP_PNG_MEMO, type MapPng, renderMapPng } from '../render/map-png';
import { renderMapPdf } from './map-pdf';
import { settingBoolean, settingString } from './paper';

export const mapGenerator: Generator = {
  id: 'map',
  description: 'map.pdf (vector, optionally tiled) and map.png at the module scale',
  async run(ctx) {
    const { game, options } = ctx;
    const settings = options.settings;
    const paper = settingString(settings, 'paper') === 'a4' ? 'a4' : 'letter';
    const pdf = await renderMapPdf(game, {
      epoch: options.epoch,
      tile: settingBoolean(settings, 'tile') ?? false,
      paper,
      cmyk: settingBoolean(settings, 'cmyk') ?? false,
      progress: (d, t, label) => ctx.progress(d, t, `map.pdf ${label ?? ''}`.trim()),
    });
    const map = await ctx.memo<MapPng>(MAP_PNG_MEMO, () =>
      renderMapPng(game, loadFonts(), { progress: (d, t, label) => ctx.progress(d, t, `map.png ${label ?? ''}`.trim()) }),
    );
    return {
      artifacts: [
        { path: 'map.pdf', data: pdf },
        { path: 'map.png', data: map.png },
      ],
      diagnostics: [],
    };
  },
};

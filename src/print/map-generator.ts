/** `map`: map.pdf (vector; `--set tile=true` for Letter/A4 tiles) and map.png at the module scale. */
import type { Diagnostic } from '../diagnostics';
import type { Generator } from '../pipeline/generator';
import { MM, settingBoolean } from '../plan/paper';
import { moduleMapPng } from '../pipeline/image-cache';
import { renderMapPdf } from './map-pdf';

export const mapGenerator: Generator = {
  id: 'map',
  description: 'map.pdf (vector, optionally tiled) and map.png at the module scale',
  reads: { game: ['info', 'map', 'terrain', 'art'], settings: ['tile'], paper: true },
  files: ['map.pdf', 'map.png'],
  async run(ctx) {
    const { game, options, paper, fonts } = ctx;
    const diagnostics: Diagnostic[] = [];
    const pdf = await renderMapPdf(game, fonts, {
      epoch: options.epoch,
      tile: settingBoolean(options.settings, 'tile') ?? false,
      paper: paper.paper,
      cmyk: paper.cmyk,
      bleed: paper.bleedMm * MM,
      progress: (d, t, label) => ctx.progress(d, t, `map.pdf ${label ?? ''}`.trim()),
      report: (found) => diagnostics.push(...found),
    });
    const map = await moduleMapPng(ctx);
    return {
      artifacts: [
        { path: 'map.pdf', data: pdf },
        { path: 'map.png', data: map.png },
      ],
      diagnostics,
    };
  },
};

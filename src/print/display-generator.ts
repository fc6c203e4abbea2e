/** `display`: display.pdf, the turn record track, general records tracks and holding boxes at counter size. */
import type { Generator } from '../pipeline/generator';
import { MM, displaySheet } from '../plan';
import { displayNoteFits, renderDisplayPdf } from './display-pdf';

export const displayGenerator: Generator = {
  id: 'display',
  description: 'display.pdf: turn record track, records tracks and holding boxes sized for the counters',
  reads: { game: ['info', 'map', 'tracks', 'counters'], settings: [], paper: true },
  files: ['display.pdf'],
  async run(ctx) {
    const { game, paper, fonts } = ctx;
    const bleed = paper.bleedMm * MM;
    const sheet = displaySheet(game, paper.paper, bleed, displayNoteFits(fonts));
    const result = await renderDisplayPdf(game, sheet, fonts, { epoch: ctx.options.epoch, cmyk: paper.cmyk, bleed });
    ctx.progress(sheet.pages.length, sheet.pages.length, 'pages');
    return { artifacts: [{ path: 'display.pdf', data: result.pdf }], diagnostics: result.diagnostics };
  },
};

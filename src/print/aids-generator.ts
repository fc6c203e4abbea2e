/** `aids`: aids.pdf (every player aid table) and aids/<card>.png at the module scale. */
import type { Generator } from '../pipeline/generator';
import { UNIT_NAMES } from '../pipeline/reads';
import { AID_PIECES_MEMO, type AidPiece, aidPieces } from '../render/aid-pieces';
import { aidPieceImage } from '../pipeline/image-cache';
import { renderAidsPdf } from './aids-pdf';

export const aidsGenerator: Generator = {
  id: 'aids',
  description: 'aids.pdf: CRT, TEC, tables, turn track, schedules, chit chart, sequence of play; aids/<card>.png',
  reads: { game: ['info', 'map', 'terrain', UNIT_NAMES, 'tables', 'tracks', 'scenarios'], settings: [], paper: true },
  async run(ctx) {
    const { game, options, paper, fonts } = ctx;
    const pieces = await ctx.memo<AidPiece[]>(AID_PIECES_MEMO, async () => aidPieces(game, paper.paper, fonts));
    const pdf = await renderAidsPdf(
      game,
      pieces,
      {
        epoch: options.epoch,
        paper: paper.paper,
        cmyk: paper.cmyk,
        progress: (d, t, l) => ctx.progress(d, t, `aids.pdf ${l ?? ''}`.trim()),
      },
      fonts,
    );
    const artifacts: { path: string; data: Uint8Array }[] = [{ path: 'aids.pdf', data: pdf }];
    for (let i = 0; i < pieces.length; i++) {
      artifacts.push({ path: `aids/${pieces[i].name}.png`, data: await aidPieceImage(ctx.images, pieces[i], game.map.moduleScale, fonts) });
      ctx.progress(i + 1, pieces.length, 'aid card images');
    }
    return { artifacts, diagnostics: [] };
  },
};

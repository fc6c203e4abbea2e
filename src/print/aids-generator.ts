/** `aids`: aids.pdf (every player aid table) and aids/<card>.png at the module scale. */
import type { Generator } from '../pipeline/generator';
import { loadFonts } from '../assets/fonts';
import { aidPiecePng, aidPieces, renderAidsPdf } from './aids-pdf';
import { settingBoolean, settingString } from './paper';

export const aidsGenerator: Generator = {
  id: 'aids',
  description: 'aids.pdf: CRT, TEC, tables, turn track, schedules, chit chart, sequence of play; aids/<card>.png',
  async run(ctx) {
    const { game, options } = ctx;
    const paper = (settingString(options.settings, 'paper') ?? game.counters.sheet?.paper) === 'a4' ? 'a4' : 'letter';
    const fonts = loadFonts();
    const pieces = aidPieces(game, paper, fonts);
    const pdf = await renderAidsPdf(
      game,
      pieces,
      {
        epoch: options.epoch,
        paper,
        cmyk: settingBoolean(options.settings, 'cmyk') ?? false,
        progress: (d, t, l) => ctx.progress(d, t, `aids.pdf ${l ?? ''}`.trim()),
      },
      fonts,
    );
    const artifacts: { path: string; data: Uint8Array }[] = [{ path: 'aids.pdf', data: pdf }];
    for (let i = 0; i < pieces.length; i++) {
      artifacts.push({ path: `aids/${pieces[i].name}.png`, data: await aidPiecePng(pieces[i], game.map.moduleScale, fonts) });
      ctx.progress(i + 1, pieces.length, 'aid card images');
    }
    return { artifacts, diagnostics: [] };
  },
};

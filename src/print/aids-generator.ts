/**
 * `aids`: aids.pdf (every player aid table) and aids/<card>.png at the module scale;
 * `--set citations=true` prints the rulebook citations too (for proofreading against the rules).
 */
import type { Diagnostic } from '../diagnostics';
import type { Generator } from '../pipeline/generator';
import { AID_CARD_READS } from '../pipeline/reads';
import { type Settings, settingString, SWITCH_OFF, SWITCH_ON } from '../plan/paper';
import { type AidPiece, aidPieces, aidPiecesMemo } from '../render/aid-pieces';
import { aidPieceImage } from '../pipeline/image-cache';
import { MIN_POOLED, inParallel, pngDrawer } from '../render/raster-pool';
import { renderAidsPdf } from './aids-pdf';

/** Aid cards are large images: a few at a time keep both cores busy without holding them all. */
const AID_CARDS_IN_FLIGHT = 4;

export const aidsGenerator: Generator = {
  id: 'aids',
  description: 'aids.pdf: CRT, TEC, tables, turn track, schedules, chit chart, sequence of play; aids/<card>.png',
  reads: AID_CARD_READS,
  files: ['aids.pdf', 'aids/*.png'],
  // Each piece of a card is aids/<name>.png (the card id, then "-2", "-3" for a card longer than a page).
  cardFile: (_game, card) => `aids/${card}.png`,
  async run(ctx) {
    const { game, options, paper, fonts } = ctx;
    const citations = citationsSetting(options.settings);
    const aidOptions = { citations: citations.value };
    const pieces = await ctx.memo<AidPiece[]>(aidPiecesMemo(aidOptions), async () => aidPieces(game, paper.paper, fonts, aidOptions));
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
    const draw = pngDrawer(pieces.length, MIN_POOLED.cards);
    const pngs = await inParallel(
      pieces.map((piece) => () => aidPieceImage(ctx.images, piece, game.map.moduleScale, fonts, draw)),
      AID_CARDS_IN_FLIGHT,
      (done) => ctx.progress(done, pieces.length, 'aid card images'),
    );
    pieces.forEach((piece, i) => artifacts.push({ path: `aids/${piece.name}.png`, data: pngs[i] }));
    return { artifacts, diagnostics: [...citations.diagnostics, ...pieces.flatMap((p) => p.diagnostics)] };
  },
};

/** `--set citations=true|false` (or any other switch word: yes/no, on/off, 1/0; default false); anything else is refused. */
export function citationsSetting(settings: Settings): { value: boolean; diagnostics: Diagnostic[] } {
  const raw = settingString(settings, 'citations');
  const word = raw?.toLowerCase();
  if (word === undefined || SWITCH_OFF.includes(word)) return { value: false, diagnostics: [] };
  if (SWITCH_ON.includes(word)) return { value: true, diagnostics: [] };
  return {
    value: false,
    diagnostics: [
      {
        code: 'print/bad-setting',
        severity: 'error',
        message: `--set citations=${raw} is not one of true, false`,
        hint: 'use --set citations=true to print the rulebook citations on the aid cards',
      },
    ],
  };
}

/**
 * The aid cards as the outputs show them: each card of ./aid-cards laid out for the page width of
 * the build's paper, a card taller than a page continuing in further pieces ("-2", "-3"). aids.pdf
 * stacks these pieces onto pages; the same pieces become aids/<name>.png and the module's charts.
 * Lay them out once per build: `ctx.memo(AID_PIECES_MEMO, …)`.
 */
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import { INCH, PAPER, type PaperId } from '../plan/paper';
import { type AidOptions, PLAYER_AIDS, aidCards } from './aid-cards';
import { layoutAidCard } from './aid-layout';
import { type Drawing, WHITE, transformItems } from './drawing';
import type { FontSet } from './fonts';
import { drawingToPng, pixels } from './png';
import type { PngDrawer } from './raster-pool';

export const AID_MARGIN = 0.5 * INCH;
/** Blank border around each card image, points. */
const IMAGE_PADDING = 9;

export const AID_PIECES_MEMO = 'aid-pieces';

/** The memo key of the pieces under `options` (the module's charts use the player aids). */
export function aidPiecesMemo(options: AidOptions): string {
  return options.citations ? `${AID_PIECES_MEMO}+citations` : AID_PIECES_MEMO;
}

export interface AidPiece {
  /** aids/<name>.png without extension: card id, "-2", "-3" for continuations. */
  name: string;
  cardId: string;
  /** The table the card prints (the first piece of the card only). */
  table?: string;
  /** The card's title, with "(2)", "(3)" for continuations: what the module's charts window lists. */
  title: string;
  drawing: Drawing;
  /** Texts of the card that did not fit (on its first piece only). */
  diagnostics: Diagnostic[];
}

export function aidPieces(game: Game, paper: PaperId, fonts: FontSet, options: AidOptions = PLAYER_AIDS): AidPiece[] {
  const { width, height } = PAPER[paper];
  const out: AidPiece[] = [];
  for (const card of aidCards(game, options)) {
    const laid = layoutAidCard(card, fonts, width - 2 * AID_MARGIN, height - 2 * AID_MARGIN);
    laid.drawings.forEach((drawing, i) => {
      out.push({
        name: i === 0 ? card.id : `${card.id}-${i + 1}`,
        cardId: card.id,
        ...(i === 0 && card.table !== undefined ? { table: card.table } : {}),
        title: i === 0 ? card.title : `${card.title} (${i + 1})`,
        drawing,
        diagnostics: i === 0 ? laid.diagnostics : [],
      });
    });
  }
  return out;
}

/** One aid card image at `pixelsPerInch` (the module scale for VASSAL's charts window), drawn by `draw`. */
export async function aidPiecePng(
  piece: AidPiece,
  pixelsPerInch: number,
  fonts: FontSet,
  draw: PngDrawer = drawingToPng,
): Promise<Uint8Array> {
  const w = piece.drawing.width + 2 * IMAGE_PADDING;
  const h = piece.drawing.height + 2 * IMAGE_PADDING;
  const drawing: Drawing = { width: w, height: h, items: transformItems(piece.drawing.items, IMAGE_PADDING, IMAGE_PADDING) };
  return draw(drawing, fonts, {
    pixelWidth: pixels(w / 72, pixelsPerInch),
    pixelHeight: pixels(h / 72, pixelsPerInch),
    pixelsPerInch,
    background: WHITE,
  });
}

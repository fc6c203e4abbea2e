/**
 * aids.pdf: the build's aid-card pieces (src/render/aid-pieces.ts) stacked onto Letter/A4 pages.
 */
import type { Game } from '../model/game';
import { PAPER, type PaperId } from '../plan/paper';
import { AID_MARGIN, type AidPiece } from '../render/aid-pieces';
import type { FontSet } from '../render/fonts';
import { createPdf, savePdf } from './pdf-doc';
import { drawItems } from './pdf-draw';

const CARD_GAP = 16;

export interface AidsPdfOptions {
  epoch: number;
  paper: PaperId;
  cmyk: boolean;
  progress?: (done: number, total: number, label?: string) => void;
}

export async function renderAidsPdf(game: Game, pieces: AidPiece[], options: AidsPdfOptions, fonts: FontSet): Promise<Uint8Array> {
  const { doc, pdfFonts } = await createPdf(fonts, { title: `${game.info.title}: player aids`, epoch: options.epoch, cmyk: options.cmyk });
  const { width, height } = PAPER[options.paper];
  let page = undefined as ReturnType<typeof doc.addPage> | undefined;
  let y = 0;
  pieces.forEach((piece, n) => {
    if (!page || y + piece.drawing.height > height - AID_MARGIN) {
      page = doc.addPage([width, height]);
      page.setTrimBox(0, 0, width, height);
      page.setBleedBox(0, 0, width, height);
      y = AID_MARGIN;
    }
    drawItems(page, piece.drawing.items, { x: AID_MARGIN, y: height - y }, pdfFonts, { cmyk: options.cmyk });
    y += piece.drawing.height + CARD_GAP;
    options.progress?.(n + 1, pieces.length, 'cards');
  });
  if (!page) {
    page = doc.addPage([width, height]);
    drawItems(
      page,
      [
        {
          kind: 'text',
          x: 0,
          y: 12,
          text: `${game.info.title}: no player aid tables in the data`,
          size: 10,
          font: 'regular',
          fill: { rgb: '#000000' },
          align: 'left',
        },
      ],
      { x: AID_MARGIN, y: height - AID_MARGIN },
      pdfFonts,
      { cmyk: options.cmyk },
    );
  }
  return savePdf(doc);
}

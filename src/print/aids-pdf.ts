/**
 * aids.pdf and the aid card images: the cards of src/render/aid-cards laid out at print size,
 * stacked onto Letter/A4 pages; the same drawings become aids/<card>.png for the VASSAL module.
 */
import type { Game } from '../model/game';
import { aidCards } from '../render/aid-cards';
import { layoutAidCard } from '../render/aid-layout';
import { type Drawing, WHITE, transformItems } from '../render/drawing';
import type { FontSet } from '../render/fonts';
import { loadFonts } from '../assets/fonts';
import { drawingToPng, pixels } from '../render/png';
import { createPdf, INCH, savePdf } from './pdf-doc';
import { drawItems } from './pdf-draw';
import { PAPER, type PaperId } from './paper';

export const AID_MARGIN = 0.5 * INCH;
const CARD_GAP = 16;
/** Blank border around each card image, points. */
const IMAGE_PADDING = 9;

export interface AidPiece {
  /** aids/<id>.png name without extension: card id, "-2", "-3" for continuations. */
  name: string;
  cardId: string;
  drawing: Drawing;
}

export function aidPieces(game: Game, paper: PaperId, fonts: FontSet = loadFonts()): AidPiece[] {
  const { width, height } = PAPER[paper];
  const out: AidPiece[] = [];
  for (const card of aidCards(game)) {
    layoutAidCard(card, fonts, width - 2 * AID_MARGIN, height - 2 * AID_MARGIN).forEach((drawing, i) => {
      out.push({ name: i === 0 ? card.id : `${card.id}-${i + 1}`, cardId: card.id, drawing });
    });
  }
  return out;
}

export interface AidsPdfOptions {
  epoch: number;
  paper: PaperId;
  cmyk: boolean;
  progress?: (done: number, total: number, label?: string) => void;
}

export async function renderAidsPdf(
  game: Game,
  pieces: AidPiece[],
  options: AidsPdfOptions,
  fonts: FontSet = loadFonts(),
): Promise<Uint8Array> {
  const { doc, pdfFonts } = await createPdf(fonts, { title: `${game.info.title}: player aids`, epoch: options.epoch });
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

/** One aid card image at `pixelsPerInch` (the module scale for VASSAL's charts window). */
export async function aidPiecePng(piece: AidPiece, pixelsPerInch: number, fonts: FontSet = loadFonts()): Promise<Uint8Array> {
  const w = piece.drawing.width + 2 * IMAGE_PADDING;
  const h = piece.drawing.height + 2 * IMAGE_PADDING;
  const drawing: Drawing = { width: w, height: h, items: transformItems(piece.drawing.items, IMAGE_PADDING, IMAGE_PADDING) };
  return drawingToPng(drawing, fonts, {
    pixelWidth: pixels(w / 72, pixelsPerInch),
    pixelHeight: pixels(h / 72, pixelsPerInch),
    background: WHITE,
  });
}

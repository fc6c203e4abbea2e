/**
 * display.pdf: the display sheet (src/plan/display-sheet.ts) drawn page by page: a tinted sheet
 * with its bleed and crop marks, section headings, and each track space or holding box as a white
 * framed area with its label strip on top. Labels are fitted by the shared line fitter and never
 * cut; a turn's events print in its space only where they fit at 6 pt (the turn record card in
 * aids.pdf lists them all).
 */
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import { type DisplayPage, type DisplaySheet, type DisplaySpace, NOTE_STRIP, type NoteFits, frameCropMarks } from '../plan';
import { BLACK, type Item, type Paint, WHITE, paint } from '../render/drawing';
import { type FontSet, descent, textWidth } from '../render/fonts';
import { centredBaseline, fitLines, LINE_LEADING, MIN_AID_PT } from '../render/text-fit';
import { REGISTRATION, setBoxes } from './counters-pdf';
import { createPdf, savePdf } from './pdf-doc';
import { drawItems, type PdfPaintOptions } from './pdf-draw';

export interface DisplayPdfOptions {
  epoch: number;
  cmyk: boolean;
  /** Art past the cut line, points. */
  bleed: number;
}

const SHEET: Paint = { rgb: '#efe9d8', cmyk: [4, 6, 16, 0] };
const INK: Paint = { rgb: '#222222', cmyk: [0, 0, 0, 90] };
const DETAIL: Paint = { rgb: '#555555', cmyk: [0, 0, 0, 70] };
const FRAME = 0.75;
const PAD = 2;
const LABEL_PT = 8;
const BOX_LABEL_PT = 9;
const DETAIL_PT = 6.5;
/** A side's box wears the side's colour (game.json sides) as a band along its top. */
const SIDE_BAND = 4;

function text(
  x: number,
  y: number,
  s: string,
  size: number,
  font: 'regular' | 'bold',
  fill: Paint,
  align: 'left' | 'center' = 'center',
): Item {
  return { kind: 'text', x, y, text: s, size, font, fill, align };
}

/** Lines fitted into a strip, centred across it and down it (or from its top); undefined when they do not fit at 6 pt. */
function lines(
  fonts: FontSet,
  font: 'regular' | 'bold',
  s: string,
  size: number,
  box: { x: number; top: number; w: number; h: number },
  fill: Paint,
  fromTop = false,
): Item[] | undefined {
  const fitted = fitLines(fonts, font, s, size, { w: box.w, h: box.h }, MIN_AID_PT);
  if (!fitted.fits) return undefined;
  const height = fitted.size * (1 + (fitted.lines.length - 1) * LINE_LEADING);
  const first = centredBaseline(fonts, font, fitted.size, box.top, fromTop ? fitted.size : box.h - height + fitted.size);
  return fitted.lines.map((line, i) => text(box.x + box.w / 2, first + i * fitted.size * LINE_LEADING, line, fitted.size, font, fill));
}

function tooLong(space: DisplaySpace, what: string, hint: string): Diagnostic {
  return {
    code: 'display/text-does-not-fit',
    severity: 'warning',
    message: `the display sheet cannot print ${what} "${space.label}" in its ${space.kind} space at ${MIN_AID_PT} pt or more`,
    hint,
    pointer: space.source,
  };
}

/** A turn's events in the note strip at the foot of its space; undefined when they do not fit at 6 pt. */
function noteLines(fonts: FontSet, note: string, area: { x: number; top: number; w: number }): Item[] | undefined {
  return lines(fonts, 'regular', note, DETAIL_PT, { ...area, h: NOTE_STRIP - PAD }, INK);
}

/** Whether a turn's events fit the note strip of a space `width` wide (the layout asks before placing them). */
export function displayNoteFits(fonts: FontSet): NoteFits {
  return (note, width) => noteLines(fonts, note, { x: 0, top: 0, w: width - 2 * PAD }) !== undefined;
}

/** The label on top of a space, whole: fitted, else at the floor size with a diagnostic. */
function labelItems(
  space: DisplaySpace,
  fonts: FontSet,
  area: { x: number; top: number; w: number; h: number },
  diagnostics: Diagnostic[],
): Item[] {
  const size = space.kind === 'box' ? BOX_LABEL_PT : LABEL_PT;
  const fitted = lines(fonts, 'bold', space.label, size, area, INK);
  if (fitted) return fitted;
  diagnostics.push(tooLong(space, 'the label', 'shorten the name (it is also the box label in the VASSAL module)'));
  const floor = fitLines(fonts, 'bold', space.label, size, area, MIN_AID_PT);
  return floor.lines.map((l, i) => text(area.x + area.w / 2, area.top + floor.size * (1 + i * LINE_LEADING), l, floor.size, 'bold', INK));
}

/**
 * One space: frame, label strip, and for turns a date and a short note; boxes show their side's
 * colour band and their description at the foot.
 */
function spaceItems(space: DisplaySpace, fonts: FontSet, diagnostics: Diagnostic[], sideColour?: Paint): Item[] {
  const { rect, labelStrip } = space;
  const items: Item[] = [{ kind: 'rect', ...rect, fill: WHITE, stroke: INK, lineWidth: FRAME }];
  const inner = { x: rect.x + PAD, w: rect.w - 2 * PAD };
  if (space.kind === 'turn') {
    // A label too long for its line takes the whole strip in a turn without a date; one printed past
    // its line at the floor size pushes the date down (or off, with a warning), never under it.
    const lineArea = { ...inner, top: rect.y + PAD, h: LABEL_PT + 2 * PAD };
    const labelHeight = space.detail || lines(fonts, 'bold', space.label, LABEL_PT, lineArea, INK) ? lineArea.h : labelStrip - 2 * PAD;
    const label = labelItems(space, fonts, { ...lineArea, h: labelHeight }, diagnostics);
    items.push(...label);
    if (space.detail) {
      const labelBottom = Math.max(
        rect.y + PAD + labelHeight,
        ...label.map((t) => (t.kind === 'text' ? t.y + t.size * descent(fonts, 'bold') : 0)),
      );
      const area = { ...inner, top: labelBottom, h: rect.y + labelStrip - PAD - labelBottom };
      const date = lines(fonts, 'regular', space.detail, DETAIL_PT, area, DETAIL, true);
      if (date) items.push(...date);
      else diagnostics.push(tooLong(space, 'the date of', 'shorten the date in tracks.json'));
    }
    if (space.note) items.push(...noteLines(fonts, space.note, { ...inner, top: rect.y + rect.h - NOTE_STRIP })!);
    return items;
  }
  const band = sideColour ? SIDE_BAND : 0;
  if (sideColour) items.push({ kind: 'rect', x: rect.x, y: rect.y, w: rect.w, h: band, fill: sideColour });
  items.push(...labelItems(space, fonts, { ...inner, top: rect.y + band + PAD, h: labelStrip - band - 2 * PAD }, diagnostics));
  if (space.kind === 'box' && space.detail && space.detail !== space.label) {
    const h = DETAIL_PT * (1 + 2 * LINE_LEADING) + PAD;
    const foot = lines(fonts, 'regular', space.detail, DETAIL_PT, { ...inner, top: rect.y + rect.h - h - PAD, h }, DETAIL);
    if (foot) items.push(...foot);
    else
      diagnostics.push({
        ...tooLong(space, 'the description of', 'a shorter description prints at the foot of the box'),
        severity: 'info',
      });
  }
  return items;
}

function pageItems(game: Game, page: DisplayPage, bleed: number, fonts: FontSet, diagnostics: Diagnostic[]): Item[] {
  const colours = new Map(game.info.sides.filter((side) => side.color).map((side) => [side.id, paint(side.color!)]));
  const items: Item[] = [{ kind: 'rect', ...page.bleedBox, fill: SHEET }];
  for (const h of page.headings) items.push(text(h.x, h.y, h.text, h.size, 'bold', BLACK, 'left'));
  for (const space of page.spaces) items.push(...spaceItems(space, fonts, diagnostics, space.side ? colours.get(space.side) : undefined));
  for (const m of frameCropMarks(page.trim, bleed)) {
    items.push({ kind: 'path', d: `M${m.x1} ${m.y1} L${m.x2} ${m.y2}`, stroke: REGISTRATION, lineWidth: 0.25 });
  }
  return items;
}

export async function renderDisplayPdf(
  game: Game,
  sheet: DisplaySheet,
  fonts: FontSet,
  options: DisplayPdfOptions,
): Promise<{ pdf: Uint8Array; diagnostics: Diagnostic[] }> {
  const { doc, pdfFonts } = await createPdf(fonts, {
    title: `${game.info.title}: display sheet`,
    subject: 'Turn record track, general records tracks and holding boxes',
    epoch: options.epoch,
    cmyk: options.cmyk,
  });
  const paint: PdfPaintOptions = { cmyk: options.cmyk, measure: (font, s, size) => textWidth(fonts, font, s, size) };
  const diagnostics: Diagnostic[] = [];
  const { width, height } = sheet.paper;
  for (const page of sheet.pages) {
    const pdfPage = doc.addPage([width, height]);
    drawItems(pdfPage, pageItems(game, page, options.bleed, fonts, diagnostics), { x: 0, y: height }, pdfFonts, paint);
    setBoxes(pdfPage, page.trim, page.bleedBox);
  }
  return { pdf: await savePdf(doc), diagnostics };
}

/**
 * counters.pdf: unit counters, then markers, then chits, each on their own sheets (one sheet per
 * counter size), every front page followed by its back page; then a duplex registration test page.
 */
/**
 * counters.pdf: the component plan's counter sheets (src/plan/sheets.ts) drawn page by page: unit
 * sheets, then marker sheets, then chit sheets, every front page followed by its back page; then
 * a duplex registration test page. Where each copy goes and what each face shows is the plan's;
 * this file draws it.
 */
import { type PDFOperator, type PDFPage, cleanText, lineSplit } from 'pdf-lib';
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import {
  type CounterPlan,
  type CounterSheet,
  type Rect,
  type SheetGrid,
  type SheetSpec,
  MARK_GAP,
  PRINTABLE_MARGIN,
  SHEET_MARGIN,
  captionBaseline,
  cropMarks,
  filledSlotBleed,
  mirroredBleed,
} from '../plan';
import type { CounterFace } from '../render/counter-face';
import {
  type FontId,
  type ImageItem,
  type Item,
  type Paint,
  type TextRun,
  BLACK,
  WHITE,
  drawingDigest,
  drawingShowsPicture,
  drawingTextRuns,
} from '../render/drawing';
import { type FontSet, textWidth } from '../render/fonts';
import { MM, createPdf, numberGlyphsInFontOrder, type PdfFonts, savePdf } from './pdf-doc';
import { lowResolutionArt } from './art-resolution';
import { faceArtUses } from '../data/art-uses';
import { addArtResources, artOperators, embedArt, fullFaceArt } from './art-pdf';
import { drawItems, itemOperators, type PdfPaintOptions } from './pdf-draw';
import { addOverprintStates } from './overprint';
import type { ImageCache } from '../pipeline/generator';
import { SHEET_FONT_KEYS, type SheetContent, operatorBytes, setContent, sheetContentWith } from './sheet-content';
import { cachedImage } from '../pipeline/image-cache';
import { sha256 } from '../pipeline/inputs-digest';
import { type DrawnCounterFaces, drawCounterFaces } from '../pipeline/counter-faces';
import { minOf } from '../extremes';

export interface CountersPdfOptions {
  epoch: number;
  progress?: (done: number, total: number, label?: string) => void;
  /**
   * Sheet pages kept between builds by what they show (a sheet whose faces are unchanged is not
   * drawn again), and the fonts' subset programs by the glyphs they hold.
   */
  sheets?: ImageCache;
  /** The plan's faces drawn already (a build draws them once for every output that shows them). */
  faces?: DrawnCounterFaces;
}

type Bleed = { left: number; right: number; top: number; bottom: number };

export interface PlacedPiece {
  key: string;
  /** Trim of the counter on its page, points, y down from the top. */
  rect: Rect;
  /** How far the face's background runs past each cut line. */
  bleed: Bleed;
  /** The face drawn there (its drawing at print size). */
  face: CounterFace;
}

export interface SheetPage {
  kind: 'front' | 'back' | 'registration-front' | 'registration-back';
  group: 'units' | 'markers' | 'chits' | 'counters' | 'registration';
  /** 0-based page index in the PDF. */
  page: number;
  pieces: PlacedPiece[];
  /** Crop marks and the caption, drawn over the pieces (page points, y down). */
  marks: Item[];
  grid?: SheetGrid;
  spec?: SheetSpec;
}

export const REGISTRATION: Paint = { rgb: '#000000', cmyk: [100, 100, 100, 100] };

/** The operators of one face in its slot on a page `H` points high. */
function faceOperators(piece: PlacedPiece, H: number, fonts: PdfFonts, paint: PdfPaintOptions): PDFOperator[] {
  const { rect, bleed, face } = piece;
  const first = face.drawing.items[0];
  const background = first && first.kind === 'rect' && first.fill ? first.fill : WHITE;
  // Bleed: the face's background runs past the cut line, so a drifting cut shows colour, not paper.
  const bleedItem: Item = {
    kind: 'rect',
    x: -bleed.left,
    y: -bleed.top,
    w: rect.w + bleed.left + bleed.right,
    h: rect.h + bleed.top + bleed.bottom,
    fill: background,
  };
  const origin = { x: rect.x, y: H - rect.y };
  const art = fullFaceArt(face.drawing.items, rect.w);
  if (!art) return itemOperators([bleedItem, ...face.drawing.items], origin, fonts, SHEET_FONT_KEYS, paint);
  // The art's own edge runs into the bleed (over the background, should a bleed be wider still).
  const trim = { x: rect.x, y: H - rect.y - rect.h, w: rect.w, h: rect.h };
  const bleedRect = { x: trim.x - bleed.left, y: trim.y - bleed.bottom, w: bleedItem.w, h: bleedItem.h };
  const embedded = paint.art?.get(art.art.sha256);
  if (!embedded) throw new Error(`image ${art.art.path} drawn before it was embedded`);
  return [...itemOperators([bleedItem], origin, fonts, SHEET_FONT_KEYS, paint), ...artOperators(art.art, embedded, trim, bleedRect)];
}

/** Raised whenever the same face is drawn with other operators, so no build keeps lines drawn the old way (2: black overprint). */
const OPERATORS_VERSION = 2;

/** What one face in its slot shows on a page `H` points high: the key of its operator lines. */
function faceKey(piece: PlacedPiece, H: number, paint: PdfPaintOptions, codes: string): string {
  const { drawing } = piece.face;
  const head = JSON.stringify([H, paint.cmyk, piece.rect, piece.bleed, piece.face.inches]);
  // A picture is known by its digest (its bytes would only slow the key down); a drawing without
  // one by the digest of its JSON, made once for the build or kept with the face (drawingDigest).
  const shows = drawingShowsPicture(drawing)
    ? sha256(
        JSON.stringify([H, paint.cmyk, piece.rect, piece.bleed, piece.face.inches, drawing], (_, v: unknown) =>
          v instanceof Uint8Array ? undefined : v,
        ),
      )
    : `${head}\n${drawingDigest(drawing)}`;
  return `counter sheet face ${OPERATORS_VERSION}\n${shows}\n${sha256(codes)}`;
}

/**
 * A sheet's two pages, kept from `cache` while its faces, slots, marks and the codes of its text
 * are unchanged, else drawn; a drawn sheet keeps each face's operator lines from `cache` too, so
 * only the faces that changed are drawn (a face of the game's own art, whose lines name the
 * document's image objects, is always drawn). `codes` is each page's pieces' and marks' text codes.
 */
async function sheetContent(
  front: SheetPage,
  back: SheetPage,
  codes: { front: PageCodes; back: PageCodes },
  fonts: PdfFonts,
  paint: PdfPaintOptions,
  cache?: ImageCache,
): Promise<SheetContent> {
  const H = front.spec!.paper.height;
  const faceKeys = (page: SheetPage, pageCodes: PageCodes) => page.pieces.map((piece, i) => faceKey(piece, H, paint, pageCodes.pieces[i]));
  const keys = { front: faceKeys(front, codes.front), back: faceKeys(back, codes.back) };
  const marks = JSON.stringify([front.marks, back.marks, codes.front.marks, codes.back.marks]);
  const key = `counter sheet ${OPERATORS_VERSION}\n${sha256(`${keys.front.join('\n')}\n${keys.back.join('\n')}\n${marks}`)}`;
  const faceLines = (piece: PlacedPiece, faceKeyed: string) => {
    const draw = async () => operatorBytes(faceOperators(piece, H, fonts, paint));
    // Only a drawing that shows a picture can be full-face art: a kept face's drawing is not read back to say so.
    const art = drawingShowsPicture(piece.face.drawing) && fullFaceArt(piece.face.drawing.items, piece.rect.w);
    return art ? draw() : cachedImage(cache, faceKeyed, draw);
  };
  const pageLines = async (page: SheetPage, pageKeys: string[]) => [
    ...(await Promise.all(page.pieces.map((piece, i) => faceLines(piece, pageKeys[i])))),
    operatorBytes(itemOperators(page.marks, { x: 0, y: H }, fonts, SHEET_FONT_KEYS, paint)),
  ];
  const content = await sheetContentWith(cache, key, async () => ({
    front: await pageLines(front, keys.front),
    back: await pageLines(back, keys.back),
  }));
  // A kept sheet's faces stay in the store (the store keeps what a build reads), ready for when the sheet changes.
  // Marked, not read: a rebuild keeps thousands of faces' lines.
  if (!content.drawn && cache)
    for (const faceKeyed of [...keys.front, ...keys.back]) await (cache.keep ? cache.keep(faceKeyed) : cache.get(faceKeyed));
  return content;
}

type TextLine = { font: FontId; line: string };

/** The lines of texts as pdf-lib draws them (cleaned, split at line breaks), each distinct text once: sheets repeat the same short texts thousands of times. */
type LineSplitter = (text: string) => readonly string[];

function lineSplitter(): LineSplitter {
  const split = new Map<string, readonly string[]>();
  return (text) => {
    let lines = split.get(text);
    if (!lines) split.set(text, (lines = lineSplit(cleanText(text))));
    return lines;
  };
}

/** Each text line of `runs` with its font, in the order drawing them encodes them. */
function textLines(runs: readonly TextRun[], split: LineSplitter): TextLine[] {
  const lines: TextLine[] = [];
  for (const run of runs) for (const line of split(run.text)) lines.push({ font: run.font, line });
  return lines;
}

/** The text runs of items (the marks of a page). */
const itemTextRuns = (items: readonly Item[]): TextRun[] => items.flatMap((item) => (item.kind === 'text' ? [item] : []));

/** The items of the pieces' drawings that show pictures (only those name resources of the page). */
const pictureItems = (pieces: readonly PlacedPiece[]): Item[] =>
  pieces.flatMap((piece) => (drawingShowsPicture(piece.face.drawing) ? piece.face.drawing.items : []));

/** The codes of a page's text: each piece's, then the marks'. */
interface PageCodes {
  pieces: string[];
  marks: string;
}

/**
 * Characters whose glyphs every counters.pdf embeds, drawn or not (a few kilobytes of outlines):
 * a value that brings the first 0 into a bold font, or drops the last, then changes no code, and
 * the sheets that do not show it are kept.
 */
const PRINTABLE_ASCII = String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i));

/**
 * The codes of every sheet page's text, encoded before any sheet is drawn (which also counts a
 * kept sheet's glyphs in the fonts' subsets). The glyphs are first numbered in font order
 * (numberGlyphsInFontOrder): a glyph's code then changes only when the set of glyphs the sheets
 * draw changes, and the codes are part of what a kept sheet must match. Each page's lines' glyph
 * ids are kept in `cache` by the lines, so a rebuild lays out the lines of changed pages only.
 */
async function encodeSheetTexts(pages: readonly SheetPage[], fonts: PdfFonts, cache?: ImageCache): Promise<PageCodes[]> {
  const split = lineSplitter();
  const lines = pages.map((page) => ({
    pieces: page.pieces.map((p) => textLines(drawingTextRuns(p.face.drawing), split)),
    marks: textLines(itemTextRuns(page.marks), split),
  }));
  const pageLines = lines.map((page) => [...page.pieces.flat(), ...page.marks]);
  for (const font of ['regular', 'bold'] as const) {
    const ofFont = pageLines.map((page) => [...new Set(page.filter((l) => l.font === font).map((l) => l.line))]);
    const keys = ofFont.map((page) => `counter sheet glyph ids\n${font}\n${sha256(JSON.stringify(page))}`);
    const kept = await Promise.all(ofFont.map((page, i) => keptGlyphIds(cache, keys[i], page)));
    const known = new Map(kept.flatMap((ids, i) => (ids ? ofFont[i].map((line, j): [string, readonly number[]] => [line, ids[j]]) : [])));
    const ids = numberGlyphsInFontOrder(fonts[font], ofFont.flat(), known, PRINTABLE_ASCII);
    for (const [i, page] of ofFont.entries())
      if (!kept[i]) await cache?.put(keys[i], Buffer.from(JSON.stringify(page.map((line) => ids.get(line)))));
  }
  // Each distinct line's code made once: the sheets repeat the same few lines thousands of times.
  const coded = { regular: new Map<string, string>(), bold: new Map<string, string>() };
  const codeOf = ({ font, line }: TextLine) => {
    let code = coded[font].get(line);
    if (code === undefined) coded[font].set(line, (code = `${font} ${fonts[font].encodeText(line).asString()}`));
    return code;
  };
  const encode = (texts: TextLine[]) => texts.map(codeOf).join('\n');
  return lines.map((page) => ({ pieces: page.pieces.map(encode), marks: encode(page.marks) }));
}

/** The glyph ids of a page's lines as an earlier build stored them under `key`, when they read as such. */
async function keptGlyphIds(cache: ImageCache | undefined, key: string, lines: readonly string[]): Promise<number[][] | undefined> {
  const stored = await cache?.get(key);
  if (!stored) return undefined;
  const ids = JSON.parse(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).toString('utf8')) as unknown;
  const valid = Array.isArray(ids) && ids.length === lines.length && ids.every((l) => Array.isArray(l) && l.every(Number.isInteger));
  return valid ? (ids as number[][]) : undefined;
}

const CAPTION_SIZE = 7;

/** Why a caption is left out: no band above the crop marks, or no paper width. */
type CaptionMiss = { reason: 'band'; marksTop: number } | { reason: 'width'; width: number; room: number };

/**
 * A sheet's caption above its marks and inside the printable margin, or why the band between the
 * two, or the paper's width, cannot hold it (it is then left out, not clipped).
 */
function caption(text: string, marksTop: number, width: number, paperWidth: number): { item?: Item; miss?: CaptionMiss } {
  const { baseline, bottom } = captionBaseline(CAPTION_SIZE);
  const right = paperWidth - PRINTABLE_MARGIN;
  if (bottom + MARK_GAP > marksTop) return { miss: { reason: 'band', marksTop } };
  if (SHEET_MARGIN + width > right) return { miss: { reason: 'width', width, room: right - SHEET_MARGIN } };
  return { item: { kind: 'text', x: SHEET_MARGIN, y: baseline, text, size: CAPTION_SIZE, font: 'regular', fill: BLACK, align: 'left' } };
}

/**
 * One warning per reason for the whole build, however many sheets lose their caption: the cause
 * is a setting (the bleed, the paper) or the title, the same for every sheet.
 */
function captionWarnings(misses: readonly CaptionMiss[], total: number, paper: CounterPlan['paper']): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const count = (n: number) => `${n} of the ${total} counter-sheet page captions ${n === 1 ? 'is' : 'are'} left out`;
  const band = misses.filter((m) => m.reason === 'band');
  if (band.length) {
    const highest = Math.min(...band.map((m) => m.marksTop));
    diagnostics.push({
      code: 'print/caption-unprintable',
      severity: 'warning',
      message: `${count(band.length)}: with ${paper.bleedMm} mm bleed on ${paper.paper} paper the crop marks start ${highest.toFixed(1)} pt from the top edge, and the printable margin (${PRINTABLE_MARGIN} pt) leaves no room above them for ${CAPTION_SIZE} pt type`,
      hint: 'use a smaller bleed (--set bleed=<mm>, or counters.json sheet.bleedMm) or taller paper (--set paper=a4)',
    });
  }
  const wide = misses.filter((m): m is Extract<CaptionMiss, { reason: 'width' }> => m.reason === 'width');
  if (wide.length) {
    const longest = Math.max(...wide.map((m) => m.width));
    diagnostics.push({
      code: 'print/caption-unprintable',
      severity: 'warning',
      message: `${count(wide.length)}: the longest is ${longest.toFixed(1)} pt and the paper's printable width leaves ${wide[0].room.toFixed(1)} pt`,
      hint: 'shorten the game title (game.json title) or use wider paper',
    });
  }
  return diagnostics;
}

/**
 * Everything counters.pdf draws on its counter pages, piece by piece, without the PDF: the faces
 * in their slots (from the plan) and each page's marks. renderCountersPdf writes exactly these.
 */
export function layCounterSheets(
  game: Game,
  plan: CounterPlan,
  fonts: FontSet,
  progress?: CountersPdfOptions['progress'],
  drawnFaces?: DrawnCounterFaces,
): { pages: SheetPage[]; diagnostics: Diagnostic[] } {
  const faces = drawnFaces ?? drawCounterFaces(game, plan.counters, fonts, progress);
  const pages: SheetPage[] = [];
  const misses: CaptionMiss[] = [];
  for (const sheet of plan.sheets.sheets) {
    const laid = laySheet(game, plan, sheet, faces.drawn, fonts);
    pages.push(...laid.pages);
    misses.push(...laid.misses);
  }
  const captions = captionWarnings(misses, pages.length, plan.paper);
  // A face kept from an earlier build shows no picture: its drawing is not read back to say so.
  const images = pages
    .flatMap((p) => p.pieces)
    .filter((piece) => drawingShowsPicture(piece.face.drawing))
    .flatMap((piece) => piece.face.drawing.items.filter((i): i is ImageItem => i.kind === 'image'));
  return {
    pages,
    diagnostics: [...faces.diagnostics, ...plan.diagnostics, ...captions, ...lowResolutionArt(images, 'counters.pdf', faceArtUses(game))],
  };
}

function laySheet(
  game: Game,
  plan: CounterPlan,
  sheet: CounterSheet,
  drawn: DrawnCounterFaces['drawn'],
  fonts: FontSet,
): { pages: SheetPage[]; misses: CaptionMiss[] } {
  const { spec, grid } = sheet;
  const label = `${game.info.title}: ${sheet.group} sheet ${sheet.number} (${sheet.inches}" counters, ${plan.paper.layout}, ${plan.paper.bleedMm} mm bleed)`;
  const front: PlacedPiece[] = [];
  const back: PlacedPiece[] = [];
  sheet.items.forEach(({ counter }, i) => {
    const slot = grid.slots[i];
    const faces = drawn.get(counter.key)!;
    const bleed = filledSlotBleed(grid, i, sheet.items.length, spec.bleed);
    front.push({ key: faces.front.key, rect: slot.front, bleed, face: faces.front });
    back.push({ key: faces.back.key, rect: slot.back, bleed: mirroredBleed(bleed, spec.flip), face: faces.back });
  });
  const lines = cropMarks(grid, spec);
  const marks = lines.map((m): Item => ({
    kind: 'path',
    d: `M${m.x1} ${m.y1} L${m.x2} ${m.y2}`,
    stroke: REGISTRATION,
    lineWidth: 0.25,
  }));
  // The back page has no marks, but its art mirrors the front's bleed box: one band serves both.
  const markEnds = lines.flatMap((m) => [m.y1, m.y2]);
  const marksTop = minOf(markEnds, grid.bleedBox.y);
  const captions = [`${label}: front`, `${label}: back (${spec.flip} flip)`].map((text) =>
    caption(text, marksTop, textWidth(fonts, 'regular', text, CAPTION_SIZE), spec.paper.width),
  );
  const item = (n: number) => (captions[n].item ? [captions[n].item] : []);
  return {
    pages: [
      { kind: 'front', group: sheet.group, page: sheet.frontPage, pieces: front, marks: [...marks, ...item(0)], grid, spec },
      { kind: 'back', group: sheet.group, page: sheet.backPage, pieces: back, marks: item(1), grid, spec },
    ],
    misses: captions.flatMap((c) => (c.miss ? [c.miss] : [])),
  };
}

export async function renderCountersPdf(
  game: Game,
  plan: CounterPlan,
  fonts: FontSet,
  options: CountersPdfOptions,
): Promise<{ pdf: Uint8Array; pages: SheetPage[]; diagnostics: Diagnostic[]; drawnPages: number[] }> {
  const { pages, diagnostics } = layCounterSheets(game, plan, fonts, options.progress, options.faces);
  const { doc, pdfFonts } = await createPdf(fonts, {
    title: `${game.info.title}: counters`,
    subject: 'Counter sheets, fronts followed by backs',
    epoch: options.epoch,
    cmyk: plan.paper.cmyk,
    ...(options.sheets ? { fontSubsets: options.sheets } : {}),
  });
  const pictures = plan.counters.flatMap((c) => [c.front, c.back]).flatMap((face) => (face.layout === 'image' ? [face.art] : []));
  const art = await embedArt(doc, pictures, plan.paper.cmyk);
  const paint: PdfPaintOptions = { cmyk: plan.paper.cmyk, measure: (font, text, size) => textWidth(fonts, font, text, size), art };
  const totalPieces = plan.sheets.sheets.reduce((n, s) => n + s.items.length, 0);
  let placed = 0;
  const drawnPages: number[] = [];
  const encoded = await encodeSheetTexts(pages, pdfFonts, options.sheets);
  // Pages come in pairs: a sheet's front, then its back.
  for (let p = 0; p < pages.length; p += 2) {
    const [frontSheet, backSheet] = [pages[p], pages[p + 1]];
    const { paper } = frontSheet.spec!;
    const front = doc.addPage([paper.width, paper.height]);
    const back = doc.addPage([paper.width, paper.height]);
    const texts = { front: encoded[p], back: encoded[p + 1] };
    const content = await sheetContent(frontSheet, backSheet, texts, pdfFonts, paint, options.sheets);
    if (content.drawn) drawnPages.push(frontSheet.page, backSheet.page);
    setContent(front, content.front, pdfFonts);
    setContent(back, content.back, pdfFonts);
    // Kept content names whichever overprint states it was drawn with: the page names them all.
    if (paint.cmyk) for (const page of [front, back]) addOverprintStates(page);
    addArtResources(front, pictureItems(frontSheet.pieces), art);
    addArtResources(back, pictureItems(backSheet.pieces), art);
    const { grid, spec } = frontSheet;
    setBoxes(front, grid!.trim, grid!.bleedBox);
    setBoxes(back, mirrorBox(grid!.trim, spec!), mirrorBox(grid!.bleedBox, spec!));
    placed += frontSheet.pieces.length;
    options.progress?.(placed, totalPieces, 'counters');
  }
  const { registration } = plan.sheets;
  const { width, height } = registration.spec.paper;
  addRegistrationPages(doc.addPage([width, height]), doc.addPage([width, height]), registration.spec, pdfFonts, paint);
  pages.push({ kind: 'registration-front', group: 'registration', page: registration.frontPage, pieces: [], marks: [] });
  pages.push({ kind: 'registration-back', group: 'registration', page: registration.backPage, pieces: [], marks: [] });
  return { pdf: await savePdf(doc), pages, diagnostics, drawnPages };
}

function mirrorBox(r: Rect, spec: SheetSpec): Rect {
  const x = spec.flip === 'long-edge' ? spec.paper.width - r.x - r.w : r.x;
  const y = spec.flip === 'short-edge' ? spec.paper.height - r.y - r.h : r.y;
  return { x: x + spec.backOffset.x, y: y + spec.backOffset.y, w: r.w, h: r.h };
}

/** PDF boxes are y-up from the bottom-left corner. */
export function setBoxes(page: PDFPage, trim: Rect, bleed: Rect): void {
  const H = page.getHeight();
  page.setBleedBox(bleed.x, H - bleed.y - bleed.h, bleed.w, bleed.h);
  page.setTrimBox(trim.x, H - trim.y - trim.h, trim.w, trim.h);
}

/** Crosshairs at known points on the front, and on the back exactly behind them, with a mm scale. */
function addRegistrationPages(front: PDFPage, back: PDFPage, spec: SheetSpec, fonts: PdfFonts, paint: PdfPaintOptions): void {
  const { width: W, height: H } = spec.paper;
  // A test page, trimmed nowhere: PDF/X still wants its boxes.
  for (const page of [front, back]) {
    page.setTrimBox(0, 0, W, H);
    page.setBleedBox(0, 0, W, H);
  }
  const inch = 72;
  const points = [
    { x: inch, y: inch },
    { x: W - inch, y: inch },
    { x: W / 2, y: H / 2 },
    { x: inch, y: H - inch },
    { x: W - inch, y: H - inch },
  ];
  const cross = (x: number, y: number, r: number, lw: number): Item => ({
    kind: 'path',
    d: `M${x - r} ${y} L${x + r} ${y} M${x} ${y - r} L${x} ${y + r}`,
    stroke: REGISTRATION,
    lineWidth: lw,
  });
  const frontItems: Item[] = points.map((p) => cross(p.x, p.y, 18, 0.4));
  const lines = [
    'Registration test. Print this page duplex with the same settings as the counter sheets',
    `(${spec.flip} flip). Hold the sheet against a light: each back crosshair (with the mm scale)`,
    'should sit exactly on the front crosshair. If the back is shifted by dx mm to the right and',
    'dy mm down (read on the back side), build again with --set backOffsetX=-dx,backOffsetY=-dy.',
  ];
  lines.forEach((t, i) =>
    frontItems.push({ kind: 'text', x: W / 2, y: H / 2 - 90 + i * 11, text: t, size: 8, font: 'regular', fill: BLACK, align: 'center' }),
  );
  drawItems(front, frontItems, { x: 0, y: H }, fonts, paint);
  const backItems: Item[] = [];
  for (const p of points) {
    const x = (spec.flip === 'long-edge' ? W - p.x : p.x) + spec.backOffset.x;
    const y = (spec.flip === 'short-edge' ? H - p.y : p.y) + spec.backOffset.y;
    backItems.push(cross(x, y, 18, 0.4));
    // Millimetre ticks along both arms, longer every 5 mm.
    const ticks: string[] = [];
    for (let k = -5; k <= 5; k++) {
      if (k === 0) continue;
      const len = k % 5 === 0 ? 4 : 2;
      ticks.push(`M${x + k * MM} ${y - len} L${x + k * MM} ${y + len}`, `M${x - len} ${y + k * MM} L${x + len} ${y + k * MM}`);
    }
    backItems.push({ kind: 'path', d: ticks.join(' '), stroke: REGISTRATION, lineWidth: 0.25 });
  }
  backItems.push({
    kind: 'text',
    x: W / 2,
    y: H / 2 + 60,
    text: 'Registration test, back side: crosshairs with 1 mm ticks',
    size: 8,
    font: 'regular',
    fill: BLACK,
    align: 'center',
  });
  drawItems(back, backItems, { x: 0, y: H }, fonts, paint);
}

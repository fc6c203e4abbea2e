/**
 * counters.pdf: unit counters, then markers, then chits, each on their own sheets (one sheet per
 * counter size), every front page followed by its back page; then a duplex registration test page.
 */
import type { PDFPage } from 'pdf-lib';
import type { Diagnostic } from '../diagnostics';
import type { Game } from '../model/game';
import { type CounterFace, allFaces, copies } from '../render/counter-face';
import { type Item, type Paint, BLACK, WHITE } from '../render/drawing';
import { type FontSet, textWidth } from '../render/fonts';
import { loadFonts } from '../assets/fonts';
import {
  type Flip,
  type Rect,
  type SheetGrid,
  type SheetLayout,
  type SheetSpec,
  DEFAULT_BLEED_MM,
  cropMarks,
  mirroredBleed,
  sheetGrid,
} from './imposition';
import { MM, createPdf, type PdfFonts, savePdf } from './pdf-doc';
import { drawItems, type PdfPaintOptions } from './pdf-draw';
import { PAPER, type PaperId, settingBoolean, settingNumber, settingString } from './paper';

export interface CountersPdfOptions {
  epoch: number;
  paper: PaperId;
  layout: SheetLayout;
  gutterMm: number;
  bleedMm: number;
  flip: Flip;
  backOffsetMm: { x: number; y: number };
  cmyk: boolean;
  progress?: (done: number, total: number, label?: string) => void;
}

type Settings = Record<string, string | boolean | number | undefined>;

/** counters.json `sheet` gives the defaults; `--set` overrides them. */
export function countersPdfOptions(
  game: Game,
  epoch: number,
  settings: Settings,
): { options: CountersPdfOptions; diagnostics: Diagnostic[] } {
  const sheet = game.counters.sheet ?? {};
  const diagnostics: Diagnostic[] = [];
  const pick = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const v = settingString(settings, key);
    if (v === undefined) return fallback;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    diagnostics.push({
      code: 'print/bad-setting',
      severity: 'error',
      message: `--set ${key}=${v} is not one of ${allowed.join(', ')}`,
      hint: `use --set ${key}=${allowed[0]}`,
    });
    return fallback;
  };
  const number = (key: string, fallback: number): number => {
    const raw = settings[key];
    const v = settingNumber(settings, key);
    if (raw !== undefined && v === undefined)
      diagnostics.push({ code: 'print/bad-setting', severity: 'error', message: `--set ${key}=${raw} is not a number (millimetres)` });
    return v ?? fallback;
  };
  return {
    options: {
      epoch,
      paper: pick('paper', ['letter', 'a4'] as const, sheet.paper ?? 'letter'),
      layout: pick('layout', ['butted', 'gutter'] as const, sheet.layout ?? 'butted'),
      gutterMm: number('gutter', sheet.gutterMm ?? 6),
      bleedMm: number('bleed', sheet.bleedMm ?? DEFAULT_BLEED_MM),
      flip: pick('flip', ['long-edge', 'short-edge'] as const, sheet.flip ?? 'long-edge'),
      backOffsetMm: { x: number('backOffsetX', sheet.backOffsetMm?.x ?? 0), y: number('backOffsetY', sheet.backOffsetMm?.y ?? 0) },
      cmyk: settingBoolean(settings, 'cmyk') ?? false,
    },
    diagnostics,
  };
}

export interface PlacedPiece {
  key: string;
  /** Trim of the counter on its page, points, y down from the top. */
  rect: Rect;
}

export interface SheetPage {
  kind: 'front' | 'back' | 'registration-front' | 'registration-back';
  group: 'units' | 'markers' | 'chits' | 'registration';
  /** 0-based page index in the PDF. */
  page: number;
  pieces: PlacedPiece[];
  grid?: SheetGrid;
  spec?: SheetSpec;
}

interface Piece {
  front: CounterFace;
  back: CounterFace;
}

const REGISTRATION: Paint = { rgb: '#000000', cmyk: [100, 100, 100, 100] };

/** One sheet of a counter group: its size, imposition and the counters on it, in slot order. */
export interface PlannedSheet<T> {
  inches: number;
  spec: SheetSpec;
  grid: SheetGrid;
  items: T[];
}

/**
 * The one rule for where counters go: grouped by counter size (smallest first), in the given order,
 * filling each sheet's slots before the next sheet. Every sheet prints as a front page followed by
 * its back page. Sizes whose counters fit no sheet are returned in `tooLarge`.
 */
export function planSheets<T>(
  items: readonly T[],
  inchesOf: (item: T) => number,
  options: CountersPdfOptions,
): { sheets: PlannedSheet<T>[]; tooLarge: number[] } {
  const bySize = new Map<number, T[]>();
  for (const item of items) {
    const inches = inchesOf(item);
    const list = bySize.get(inches);
    if (list) list.push(item);
    else bySize.set(inches, [item]);
  }
  const sheets: PlannedSheet<T>[] = [];
  const tooLarge: number[] = [];
  for (const [inches, list] of [...bySize].sort(([a], [b]) => a - b)) {
    const spec = specFor(options, inches * 72);
    const grid = sheetGrid(spec);
    const perSheet = grid.slots.length;
    if (perSheet === 0) {
      tooLarge.push(inches);
      continue;
    }
    for (let start = 0; start < list.length; start += perSheet)
      sheets.push({ inches, spec, grid, items: list.slice(start, start + perSheet) });
  }
  return { sheets, tooLarge };
}

function specFor(options: CountersPdfOptions, sizePt: number): SheetSpec {
  return {
    paper: PAPER[options.paper],
    size: sizePt,
    layout: options.layout,
    gutter: options.gutterMm * MM,
    bleed: options.bleedMm * MM,
    flip: options.flip,
    backOffset: { x: options.backOffsetMm.x * MM, y: options.backOffsetMm.y * MM },
  };
}

function drawFace(
  page: PDFPage,
  face: CounterFace,
  rect: Rect,
  bleed: { left: number; right: number; top: number; bottom: number },
  fonts: PdfFonts,
  paint: PdfPaintOptions,
): void {
  const H = page.getHeight();
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
  drawItems(page, [bleedItem, ...face.drawing.items], { x: rect.x, y: H - rect.y }, fonts, paint);
}

function caption(text: string): Item {
  return { kind: 'text', x: 36, y: 20, text, size: 7, font: 'regular', fill: BLACK, align: 'left' };
}

export async function renderCountersPdf(
  game: Game,
  options: CountersPdfOptions,
  fonts: FontSet = loadFonts(),
): Promise<{ pdf: Uint8Array; pages: SheetPage[]; diagnostics: Diagnostic[] }> {
  const faces = allFaces(game, fonts, (d, t) => options.progress?.(d, t, 'faces'));
  const diagnostics = [...faces.diagnostics];
  const groups: { group: SheetPage['group']; pieces: Piece[] }[] = [
    {
      group: 'units',
      pieces: faces.unit.flatMap((u) => Array.from({ length: Math.max(0, u.unit.count) }, () => ({ front: u.front, back: u.back }))),
    },
    {
      group: 'markers',
      pieces: faces.marker.flatMap((m) => Array.from({ length: copies(m.marker.count) }, () => ({ front: m.front, back: m.back }))),
    },
    {
      group: 'chits',
      pieces: faces.chit.flatMap((c) => Array.from({ length: copies(c.chit.count) }, () => ({ front: c.front, back: c.back }))),
    },
  ];
  for (const m of faces.marker)
    if (m.marker.count !== undefined && typeof m.marker.count !== 'number') diagnostics.push(unknownCount('marker', m.marker.id));
  for (const c of faces.chit)
    if (c.chit.count !== undefined && typeof c.chit.count !== 'number') diagnostics.push(unknownCount('chit', c.chit.id));

  const { doc, pdfFonts } = await createPdf(fonts, {
    title: `${game.info.title}: counters`,
    subject: 'Counter sheets, fronts followed by backs',
    epoch: options.epoch,
  });
  const paint: PdfPaintOptions = { cmyk: options.cmyk, measure: (font, text, size) => textWidth(fonts, font, text, size) };
  const pages: SheetPage[] = [];
  const totalPieces = groups.reduce((n, g) => n + g.pieces.length, 0);
  let placed = 0;

  for (const { group, pieces } of groups) {
    const plan = planSheets(pieces, (p) => p.front.inches, options);
    for (const inches of plan.tooLarge) {
      diagnostics.push({
        code: 'print/counter-too-large',
        severity: 'error',
        message: `${inches}" counters do not fit on ${options.paper} paper with ${options.bleedMm} mm bleed`,
        hint: 'use smaller counters or less bleed',
      });
    }
    const sheetOfSize = new Map<number, number>();
    for (const { inches, spec, grid, items: chunk } of plan.sheets) {
      const sheet = (sheetOfSize.get(inches) ?? 0) + 1;
      sheetOfSize.set(inches, sheet);
      const label = `${game.info.title}: ${group} sheet ${sheet} (${inches}" counters, ${options.layout}, ${options.bleedMm} mm bleed)`;
      const front = doc.addPage([spec.paper.width, spec.paper.height]);
      const back = doc.addPage([spec.paper.width, spec.paper.height]);
      const frontPieces: PlacedPiece[] = [];
      const backPieces: PlacedPiece[] = [];
      chunk.forEach((piece, i) => {
        const slot = grid.slots[i];
        drawFace(front, piece.front, slot.front, slot.bleed, pdfFonts, paint);
        drawFace(back, piece.back, slot.back, mirroredBleed(slot.bleed, spec.flip), pdfFonts, paint);
        frontPieces.push({ key: piece.front.key, rect: slot.front });
        backPieces.push({ key: piece.back.key, rect: slot.back });
        placed++;
        if (placed % 200 === 0) options.progress?.(placed, totalPieces, 'counters');
      });
      const marks = cropMarks(grid, spec).map((m): Item => ({
        kind: 'path',
        d: `M${m.x1} ${m.y1} L${m.x2} ${m.y2}`,
        stroke: REGISTRATION,
        lineWidth: 0.25,
      }));
      drawItems(front, [...marks, caption(`${label}: front`)], { x: 0, y: spec.paper.height }, pdfFonts, paint);
      drawItems(back, [caption(`${label}: back (${spec.flip} flip)`)], { x: 0, y: spec.paper.height }, pdfFonts, paint);
      setBoxes(front, grid.trim, grid.bleedBox);
      const backTrim = mirrorBox(grid.trim, spec);
      const backBleed = mirrorBox(grid.bleedBox, spec);
      setBoxes(back, backTrim, backBleed);
      pages.push({ kind: 'front', group, page: doc.getPageCount() - 2, pieces: frontPieces, grid, spec });
      pages.push({ kind: 'back', group, page: doc.getPageCount() - 1, pieces: backPieces, grid, spec });
    }
  }
  options.progress?.(totalPieces, totalPieces, 'counters');
  addRegistrationPages(
    doc.addPage([PAPER[options.paper].width, PAPER[options.paper].height]),
    doc.addPage([PAPER[options.paper].width, PAPER[options.paper].height]),
    specFor(options, 36),
    pdfFonts,
    paint,
  );
  pages.push({ kind: 'registration-front', group: 'registration', page: doc.getPageCount() - 2, pieces: [] });
  pages.push({ kind: 'registration-back', group: 'registration', page: doc.getPageCount() - 1, pieces: [] });
  return { pdf: await savePdf(doc), pages, diagnostics };
}

function unknownCount(kind: string, id: string): Diagnostic {
  return {
    code: 'counters/unknown-count',
    severity: 'warning',
    message: `the number of ${kind} "${id}" counters is unknown; one copy is printed, marked "?"`,
    hint: 'state the count in counters.json when the rulebook gives it',
    pointer: `counters.json/${kind}s/${id}/count`,
  };
}

function mirrorBox(r: Rect, spec: SheetSpec): Rect {
  const x = spec.flip === 'long-edge' ? spec.paper.width - r.x - r.w : r.x;
  const y = spec.flip === 'short-edge' ? spec.paper.height - r.y - r.h : r.y;
  return { x: x + spec.backOffset.x, y: y + spec.backOffset.y, w: r.w, h: r.h };
}

/** PDF boxes are y-up from the bottom-left corner. */
function setBoxes(page: PDFPage, trim: Rect, bleed: Rect): void {
  const H = page.getHeight();
  page.setBleedBox(bleed.x, H - bleed.y - bleed.h, bleed.w, bleed.h);
  page.setTrimBox(trim.x, H - trim.y - trim.h, trim.w, trim.h);
}

/** Crosshairs at known points on the front, and on the back exactly behind them, with a mm scale. */
function addRegistrationPages(front: PDFPage, back: PDFPage, spec: SheetSpec, fonts: PdfFonts, paint: PdfPaintOptions): void {
  const { width: W, height: H } = spec.paper;
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

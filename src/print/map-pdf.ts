/**
 * map.pdf: the map as vector art, one page at full size, or tiled onto Letter/A4 pages with
 * overlap and alignment marks for home printers. The whole map is drawn once as a Form XObject and
 * each tile shows a clipped window of it.
 */
import { clip, endPath, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';
import type { Diagnostic } from '../diagnostics';
import { BLACK, type ImageItem, type Item } from '../render/drawing';
import { lowResolutionArt } from './art-resolution';
import { mapPictureUses } from '../data/art-uses';
import type { FontSet } from '../render/fonts';
import { mapDrawing } from '../render/map-drawing';
import { mapGeometry } from '../plan/map-geometry';
import type { Game } from '../model/game';
import { createPdf, discardPage, INCH, savePdf } from './pdf-doc';
import { drawItems } from './pdf-draw';
import { embedArt } from './art-pdf';
import { PAPER, type PaperId } from '../plan/paper';
import { captionBaseline } from '../plan/imposition';
import { maxOf } from '../extremes';

export interface MapPdfOptions {
  epoch: number;
  tile: boolean;
  paper: PaperId;
  cmyk: boolean;
  /** Art beyond the trim on every side, points (BleedBox = TrimBox grown by it). */
  bleed: number;
  progress?: (done: number, total: number, label?: string) => void;
  /** Receives what the file's reader should know of (pictures too coarse for their print size). */
  report?: (diagnostics: Diagnostic[]) => void;
}

export const TILE_MARGIN = 0.4 * INCH;
export const TILE_OVERLAP = 0.5 * INCH;

export interface Tile {
  row: number;
  column: number;
  /** Window of the map (points, y down) shown on this page. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Tiles covering a map of width × height with pages of the given paper, overlapping by TILE_OVERLAP. */
export function mapTiles(width: number, height: number, paper: { width: number; height: number }): Tile[] {
  // Orientation: whichever needs fewer pages.
  const plan = (pw: number, ph: number) => {
    const w = pw - 2 * TILE_MARGIN;
    const h = ph - 2 * TILE_MARGIN;
    const cols = width <= w ? 1 : Math.ceil((width - TILE_OVERLAP) / (w - TILE_OVERLAP));
    const rows = height <= h ? 1 : Math.ceil((height - TILE_OVERLAP) / (h - TILE_OVERLAP));
    return { w, h, cols, rows, pw, ph };
  };
  const a = plan(paper.width, paper.height);
  const b = plan(paper.height, paper.width);
  const p = b.cols * b.rows < a.cols * a.rows ? b : a;
  const tiles: Tile[] = [];
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      tiles.push({ row: r, column: c, x: c * (p.w - TILE_OVERLAP), y: r * (p.h - TILE_OVERLAP), w: p.w, h: p.h });
    }
  }
  return tiles;
}

function tilePaper(tile: Tile): { width: number; height: number } {
  return { width: tile.w + 2 * TILE_MARGIN, height: tile.h + 2 * TILE_MARGIN };
}

export async function renderMapPdf(game: Game, fonts: FontSet, options: MapPdfOptions): Promise<Uint8Array> {
  const geometry = mapGeometry(game, INCH);
  const b = options.bleed;
  const items = mapDrawing(game, geometry, fonts, { bleed: b, progress: (d, t) => options.progress?.(d, t, 'hexes') });
  const { doc, pdfFonts } = await createPdf(fonts, { title: `${game.info.title}: map`, epoch: options.epoch, cmyk: options.cmyk });
  const images = items.filter((item): item is ImageItem => item.kind === 'image');
  options.report?.(lowResolutionArt(images, 'map.pdf', mapPictureUses(game.map)));
  const pictures = images.map((item) => item.art);
  const paint = { cmyk: options.cmyk, art: await embedArt(doc, pictures, options.cmyk) };
  if (!options.tile) {
    const page = doc.addPage([geometry.width + 2 * b, geometry.height + 2 * b]);
    drawItems(page, items, { x: b, y: geometry.height + b }, pdfFonts, paint);
    page.setTrimBox(b, b, geometry.width, geometry.height);
    page.setBleedBox(0, 0, geometry.width + 2 * b, geometry.height + 2 * b);
    return savePdf(doc);
  }
  // Draw the map (and its bleed) once on a scratch page and show it on every tile as a Form
  // XObject: one copy of the art and of each font in the file.
  const artPage = doc.addPage([geometry.width + 2 * b, geometry.height + 2 * b]);
  drawItems(artPage, items, { x: b, y: geometry.height + b }, pdfFonts, paint);
  const embedded = await doc.embedPage(artPage);
  doc.removePage(0);
  const paper = PAPER[options.paper];
  const tiles = mapTiles(geometry.width, geometry.height, paper);
  const rows = maxOf(tiles.map((t) => t.row)) + 1;
  const cols = maxOf(tiles.map((t) => t.column)) + 1;
  tiles.forEach((tile, n) => {
    const size = tilePaper(tile);
    const page = doc.addPage([size.width, size.height]);
    const left = TILE_MARGIN;
    const bottom = TILE_MARGIN;
    const top = tileTopBleed(b);
    page.pushOperators(pushGraphicsState(), rectangle(left - b, bottom - b, tile.w + 2 * b, tile.h + b + top), clip(), endPath());
    // Map point (x, y-down) lands at page (left + x - tile.x, bottom + tile.h - (y - tile.y)).
    page.drawPage(embedded, { x: left - tile.x - b, y: bottom + tile.h + tile.y - geometry.height - b });
    page.pushOperators(popGraphicsState());
    drawItems(page, alignmentMarks(tile, rows, cols), { x: 0, y: size.height }, pdfFonts, paint);
    page.setTrimBox(left, bottom, tile.w, tile.h);
    page.setBleedBox(left - b, bottom - b, tile.w + 2 * b, tile.h + b + top);
    options.progress?.(n + 1, tiles.length, 'tiles');
  });
  await doc.flush(); // copies the scratch page's content into the Form XObject
  discardPage(doc, artPage);
  return savePdf(doc);
}

const TILE_CAPTION_SIZE = 7;

/**
 * The bleed above a tile: the one asked for, cut back where it would reach into the caption's band
 * inside the printable margin. A home printer prints nothing nearer the edge than that margin, so
 * the art given up there is at most the sliver between the caption and the trim's bleed.
 */
export function tileTopBleed(bleed: number): number {
  return Math.max(0, Math.min(bleed, TILE_MARGIN - captionBaseline(TILE_CAPTION_SIZE).bottom - 1));
}

/** Crosshairs where the overlap starts on each inner edge, a frame, and the tile's place in the grid. */
function alignmentMarks(tile: Tile, rows: number, cols: number): Item[] {
  const m = TILE_MARGIN;
  const items: Item[] = [{ kind: 'rect', x: m, y: m, w: tile.w, h: tile.h, stroke: BLACK, lineWidth: 0.3 }];
  const cross = (x: number, y: number): Item => ({
    kind: 'path',
    d: `M${x - 8} ${y} L${x + 8} ${y} M${x} ${y - 8} L${x} ${y + 8}`,
    stroke: BLACK,
    lineWidth: 0.5,
  });
  const o = TILE_OVERLAP;
  if (tile.column > 0) for (const y of [m, m + tile.h]) items.push(cross(m + o, y));
  if (tile.column < cols - 1) for (const y of [m, m + tile.h]) items.push(cross(m + tile.w - o, y));
  if (tile.row > 0) for (const x of [m, m + tile.w]) items.push(cross(x, m + o));
  if (tile.row < rows - 1) for (const x of [m, m + tile.w]) items.push(cross(x, m + tile.h - o));
  items.push({
    kind: 'text',
    x: m,
    y: captionBaseline(TILE_CAPTION_SIZE).baseline,
    text: `Map tile row ${tile.row + 1} of ${rows}, column ${tile.column + 1} of ${cols}. Overlap ${o / INCH} in: align the crosshairs, trim one copy of the overlap.`,
    size: TILE_CAPTION_SIZE,
    font: 'regular',
    fill: BLACK,
    align: 'left',
  });
  return items;
}

/**
 * A small drawing (a counter face, an aid card) painted into RGBA pixels by the project's own code,
 * as the SVG backend describes it to librsvg: the drawing scaled uniformly into the pixel box and
 * centred there (SVG's default `xMidYMid meet`), items in order, a fill under its stroke, paths
 * stroked with round joins, rectangles with mitred corners, text as glyph outlines. Pictures are
 * not drawn here (drawingToPng sends a drawing that shows one through sharp).
 */
import type { Drawing, Item, Paint } from './drawing';
import { rgbComponents } from './drawing';
import type { FontSet } from './fonts';
import { Edges, type Rgb, RgbaImage, fillEdges } from './raster-coverage';
import { eachGlyphOutline } from './raster-glyphs';
import { rectFrame, strokeOutline } from './raster-outline';
import { Subpaths } from './raster-path';
import { dashedSubpath } from './raster-stroke';

/** Scale and offset from drawing units to pixels. */
interface Placement {
  k: number;
  dx: number;
  dy: number;
}

const edges = new Edges();
const subpaths = new Subpaths();

function rgb(p: Paint): Rgb {
  const [r, g, b] = rgbComponents(p);
  return { r, g, b };
}

export function paintVectorDrawing(
  drawing: Drawing,
  fonts: FontSet,
  pixelWidth: number,
  pixelHeight: number,
  background?: Paint,
): RgbaImage {
  const img = new RgbaImage(pixelWidth, pixelHeight);
  const k = Math.min(pixelWidth / drawing.width, pixelHeight / drawing.height);
  const at: Placement = { k, dx: (pixelWidth - drawing.width * k) / 2, dy: (pixelHeight - drawing.height * k) / 2 };
  if (background) paintItem(img, { kind: 'rect', x: 0, y: 0, w: drawing.width, h: drawing.height, fill: background }, fonts, at);
  for (const item of drawing.items) paintItem(img, item, fonts, at);
  return img;
}

function paintItem(img: RgbaImage, item: Item, fonts: FontSet, at: Placement): void {
  const { k, dx, dy } = at;
  switch (item.kind) {
    case 'rect': {
      const x = dx + k * item.x;
      const y = dy + k * item.y;
      const w = k * item.w;
      const h = k * item.h;
      if (item.fill) {
        edges.clear();
        edges.polygon([x, x + w, x + w, x], [y, y, y + h, y + h], 0, 4);
        fillEdges(img, edges, rgb(item.fill));
      }
      if (item.stroke) {
        rectFrame(edges.clear(), x, y, w, h, k * (item.lineWidth ?? 1));
        fillEdges(img, edges, rgb(item.stroke));
      }
      return;
    }
    case 'text': {
      const c = rgb(item.fill);
      eachGlyphOutline(edges, item, fonts, k, dx, dy, (glyph) => fillEdges(img, glyph, c));
      return;
    }
    case 'path':
      paintPath(img, item, at);
      return;
    case 'image':
      throw new Error('a drawing that shows a picture is drawn through sharp');
  }
}

function paintPath(img: RgbaImage, item: Extract<Item, { kind: 'path' }>, at: Placement): void {
  const { k, dx, dy } = at;
  const sp = subpaths;
  if (item.commands) sp.readCommands(item.commands);
  else sp.read(item.d);
  for (let i = 0; i < sp.points; i++) {
    sp.xs[i] = dx + k * sp.xs[i];
    sp.ys[i] = dy + k * sp.ys[i];
  }
  if (item.fill) {
    edges.clear();
    for (let s = 0; s < sp.count; s++) edges.polygon(sp.xs, sp.ys, sp.start[s], sp.length[s]);
    fillEdges(img, edges, rgb(item.fill));
  }
  if (!item.stroke) return;
  const width = k * (item.lineWidth ?? 1);
  const round = item.lineCap === 'round';
  edges.clear();
  for (let s = 0; s < sp.count; s++) {
    if (!item.dash?.length) {
      strokeOutline(edges, sp.xs, sp.ys, sp.start[s], sp.length[s], sp.closed[s] === 1, width, round);
      continue;
    }
    const pattern = item.dash.map((v) => v * k);
    for (const piece of dashedSubpath(sp, s, pattern)) strokeOutline(edges, piece.xs, piece.ys, 0, piece.xs.length, false, width, round);
  }
  fillEdges(img, edges, rgb(item.stroke));
}

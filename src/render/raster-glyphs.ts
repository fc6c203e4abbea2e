/**
 * Glyph outlines as polygons in font units (curves flattened finely enough for any size a face or
 * a card prints), kept per font and glyph for the process, and placed as edges of a text item's shape.
 */
import type { TextItem } from './drawing';
import { type FontSet, textGlyphs } from './fonts';
import type { Edges } from './raster-coverage';

/** The contours of a glyph: points `start[k]` to `start[k] + length[k]` of xs/ys. */
interface Outline {
  xs: number[];
  ys: number[];
  start: number[];
  length: number[];
}

/**
 * Largest distance a flattened curve strays from the true one, as a share of the em: a twentieth
 * of a pixel at 100 px to the em, finer than any face or card text.
 */
const TOLERANCE_PER_EM = 1 / 2000;

const outlines = new WeakMap<object, Map<number, Outline>>();

/** Segments a curve needs to stay within `tolerance` (Wang's bound on its second differences). */
function segmentsFor(secondDifference: number, factor: number, tolerance: number): number {
  return Math.min(64, Math.max(1, Math.ceil(Math.sqrt((factor * secondDifference) / tolerance))));
}

function glyphOutline(font: FontSet['regular']['font'], gid: number): Outline {
  let byGlyph = outlines.get(font);
  if (!byGlyph) outlines.set(font, (byGlyph = new Map()));
  const known = byGlyph.get(gid);
  if (known) return known;
  const o: Outline = { xs: [], ys: [], start: [], length: [] };
  const tolerance = font.unitsPerEm * TOLERANCE_PER_EM;
  let x = 0;
  let y = 0;
  const point = (px: number, py: number) => {
    o.xs.push(px);
    o.ys.push(py);
    o.length[o.length.length - 1]++;
    x = px;
    y = py;
  };
  const pen = {
    moveTo(px: number, py: number) {
      o.start.push(o.xs.length);
      o.length.push(0);
      point(px, py);
    },
    lineTo: point,
    quadraticCurveTo(cx: number, cy: number, px: number, py: number) {
      const n = segmentsFor(Math.hypot(x - 2 * cx + px, y - 2 * cy + py), 0.25, tolerance);
      const [x0, y0] = [x, y];
      for (let k = 1; k <= n; k++) {
        const t = k / n;
        const m = 1 - t;
        point(m * m * x0 + 2 * m * t * cx + t * t * px, m * m * y0 + 2 * m * t * cy + t * t * py);
      }
    },
    bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, px: number, py: number) {
      const d = Math.max(Math.hypot(x - 2 * c1x + c2x, y - 2 * c1y + c2y), Math.hypot(c1x - 2 * c2x + px, c1y - 2 * c2y + py));
      const n = segmentsFor(d, 0.75, tolerance);
      const [x0, y0] = [x, y];
      for (let k = 1; k <= n; k++) {
        const t = k / n;
        const m = 1 - t;
        point(
          m * m * m * x0 + 3 * m * m * t * c1x + 3 * m * t * t * c2x + t * t * t * px,
          m * m * m * y0 + 3 * m * m * t * c1y + 3 * m * t * t * c2y + t * t * t * py,
        );
      }
    },
    closePath() {},
  };
  (font.getGlyph(gid).path.toFunction() as (ctx: typeof pen) => void)(pen);
  byGlyph.set(gid, o);
  return o;
}

/**
 * The outline of each glyph of a text item in turn, laid out as the SVG and PDF backends lay them
 * out (advance widths, anchored per `align`), mapped by x' = dx + k·x, y' = dy + k·y, into `edges`
 * (cleared first) and handed to `paint`. Glyph by glyph, as librsvg paints them: a shape as wide as
 * a line of text would cross thousands of edges on each sample row.
 */
export function eachGlyphOutline(
  edges: Edges,
  item: TextItem,
  fonts: FontSet,
  k: number,
  dx: number,
  dy: number,
  paint: (edges: Edges) => void,
): void {
  const f = fonts[item.font].font;
  const scale = item.size / f.unitsPerEm;
  const glyphs = textGlyphs(fonts, item.font, item.text);
  let units = 0;
  for (const glyph of glyphs) units += glyph.advanceWidth;
  const width = units * scale;
  let x = item.align === 'left' ? item.x : item.align === 'center' ? item.x - width / 2 : item.x - width;
  const s = k * scale;
  const oy = dy + k * item.y;
  for (const glyph of glyphs) {
    const o = glyphOutline(f, glyph.id);
    const ox = dx + k * x;
    edges.clear();
    for (let c = 0; c < o.start.length; c++) {
      const from = o.start[c];
      const n = o.length[c];
      for (let i = 0; i < n; i++) {
        const j = i + 1 === n ? 0 : i + 1;
        edges.line(ox + s * o.xs[from + i], oy - s * o.ys[from + i], ox + s * o.xs[from + j], oy - s * o.ys[from + j]);
      }
    }
    paint(edges);
    x += glyph.advanceWidth * scale;
  }
}

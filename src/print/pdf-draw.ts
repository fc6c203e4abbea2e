/**
 * PDF backend for drawings (src/render/drawing.ts): the same items the SVG backend outlines,
 * drawn as vector paths and real text with the embedded fonts. Drawings are in points with y
 * down; `origin` is where the drawing's top-left corner goes on the page (PDF y up).
 *
 * Colour: RGB by default; with `cmyk` every paint uses its CMYK separation (from the data, else a
 * plain conversion), and grey text goes out as pure K so small type does not misregister.
 */
import {
  type Color as PdfColor,
  type PDFFont,
  type PDFName,
  type PDFPage,
  LineCapStyle,
  cmyk,
  degrees,
  drawSvgPath,
  drawText,
  rgb,
} from 'pdf-lib';
import { type Item, type Paint, rgbComponents } from '../render/drawing';
import { type EmbeddedArt, drawArtWithBleed } from './art-pdf';
import type { PdfFonts } from './pdf-doc';

export interface PdfPaintOptions {
  cmyk: boolean;
  /** Text width in points; defaults to pdf-lib's own measure. */
  measure?: (font: 'regular' | 'bold', text: string, size: number) => number;
  /** The pictures of image items, embedded beforehand (src/print/art-pdf.ts). */
  art?: ReadonlyMap<string, EmbeddedArt>;
}

export function pdfColor(p: Paint, options: PdfPaintOptions, text = false): PdfColor {
  const [r, g, b] = rgbComponents(p);
  if (!options.cmyk) return rgb(r, g, b);
  if (text && Math.abs(r - g) < 0.02 && Math.abs(g - b) < 0.02) return cmyk(0, 0, 0, 1 - r);
  if (p.cmyk) return cmyk(p.cmyk[0] / 100, p.cmyk[1] / 100, p.cmyk[2] / 100, p.cmyk[3] / 100);
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return cmyk(0, 0, 0, 1);
  return cmyk((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k);
}

export function drawItems(
  page: PDFPage,
  items: readonly Item[],
  origin: { x: number; y: number },
  fonts: PdfFonts,
  options: PdfPaintOptions,
): void {
  for (const item of items) {
    switch (item.kind) {
      case 'rect':
        page.drawRectangle({
          x: origin.x + item.x,
          y: origin.y - item.y - item.h,
          width: item.w,
          height: item.h,
          ...(item.fill ? { color: pdfColor(item.fill, options) } : {}),
          ...(item.stroke ? { borderColor: pdfColor(item.stroke, options), borderWidth: item.lineWidth ?? 1 } : { borderWidth: 0 }),
        });
        break;
      case 'path':
        drawPath(page, item.d, {
          x: origin.x,
          y: origin.y,
          ...(item.fill ? { color: pdfColor(item.fill, options) } : {}),
          ...(item.stroke
            ? {
                borderColor: pdfColor(item.stroke, options),
                borderWidth: item.lineWidth ?? 1,
                ...(item.dash && item.dash.length ? { borderDashArray: item.dash } : {}),
                borderLineCap: item.lineCap === 'round' ? LineCapStyle.Round : LineCapStyle.Butt,
              }
            : {}),
        });
        break;
      case 'image': {
        const art = options.art?.get(item.art.sha256);
        if (!art) throw new Error(`image ${item.art.path} drawn before it was embedded`);
        const box = { x: origin.x + item.x, y: origin.y - item.y - item.h, w: item.w, h: item.h };
        const b = item.bleed ?? 0;
        drawArtWithBleed(page, art, box, { x: box.x - b, y: box.y - b, w: box.w + 2 * b, h: box.h + 2 * b });
        break;
      }
      case 'text': {
        const font = fonts[item.font];
        // Our measure (cached) equals pdf-lib's: both sum the glyphs' advance widths.
        const width = options.measure ? options.measure(item.font, item.text, item.size) : font.widthOfTextAtSize(item.text, item.size);
        const x = item.align === 'left' ? item.x : item.align === 'center' ? item.x - width / 2 : item.x - width;
        drawTextLine(page, item.text, {
          x: origin.x + x,
          y: origin.y - item.y,
          size: item.size,
          font,
          color: pdfColor(item.fill, options, true),
        });
        break;
      }
    }
  }
}

/** Characters pdf-lib's drawText rewrites or breaks lines at; such text goes through it. */
const NOT_ONE_PLAIN_LINE = /[\t\n\r\v\b\u0085\u2028\u2029]/;

/** The resource name of each font on each page, made once. */
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

/**
 * `page.drawText` for one line, with the font's resource name made once per page: pdf-lib's
 * drawText adds two new names to the page's font resources on every call (one for the font, one
 * to restore the previous one), thousands on a map. Same operators otherwise.
 */
function drawTextLine(page: PDFPage, text: string, options: { x: number; y: number; size: number; font: PDFFont; color: PdfColor }): void {
  if (NOT_ONE_PLAIN_LINE.test(text)) {
    page.drawText(text, options);
    return;
  }
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(options.font);
  if (!key) keys.set(options.font, (key = page.node.newFontDictionary(options.font.name, options.font.ref)));
  page.pushOperators(
    ...drawText(options.font.encodeText(text), { ...options, font: key, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }),
  );
}

/** Operators handed to pdf-lib per call: it spreads them into one function call's arguments. */
const OPERATOR_CHUNK = 10_000;

/**
 * `page.drawSvgPath`, except that the operators reach the page in chunks: one path may be a whole
 * terrain of a monster map (hundreds of thousands of operators), more arguments than one call can
 * take. The content stream is the same, operator for operator.
 */
type PathOptions = Parameters<typeof drawSvgPath>[1];

function drawPath(page: PDFPage, d: string, options: Partial<PathOptions> & { x: number; y: number }): void {
  const operators = drawSvgPath(d, {
    rotate: degrees(0),
    scale: undefined,
    color: undefined,
    borderColor: undefined,
    borderWidth: 0,
    borderDashArray: undefined,
    borderDashPhase: undefined,
    borderLineCap: undefined,
    ...options,
  });
  for (let i = 0; i < operators.length; i += OPERATOR_CHUNK) page.pushOperators(...operators.slice(i, i + OPERATOR_CHUNK));
}

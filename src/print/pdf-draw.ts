/**
 * PDF backend for drawings (src/render/drawing.ts): the same items the SVG backend outlines,
 * drawn as vector paths and real text with the embedded fonts. Drawings are in points with y
 * down; `origin` is where the drawing's top-left corner goes on the page (PDF y up).
 *
 * Colour: RGB by default; with `cmyk` every paint uses its CMYK separation (from the data, else a
 * plain conversion), grey text goes out as pure K so small type does not misregister, and black
 * text, lines and small fills print pure K and overprint (./overprint.ts says which and why).
 */
import {
  type Color as PdfColor,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  LineCapStyle,
  cleanText,
  cmyk,
  degrees,
  drawLinesOfText,
  drawRectangle,
  drawSvgPath,
  lineSplit,
  rgb,
} from 'pdf-lib';
import { BLACK, type Item, type Paint, rgbComponents } from '../render/drawing';
import { type EmbeddedArt, addArtResources, artOperators } from './art-pdf';
import { type Overprint, addOverprintStates, isBlack, isSmallFill, overprintOf, withOverprint } from './overprint';
import type { PdfFonts } from './pdf-doc';

export interface PdfPaintOptions {
  cmyk: boolean;
  /** Text width in points; defaults to pdf-lib's own measure. */
  measure?: (font: 'regular' | 'bold', text: string, size: number) => number;
  /** The pictures of image items, embedded beforehand (src/print/art-pdf.ts). */
  art?: ReadonlyMap<string, EmbeddedArt>;
}

/**
 * What a paint is used for: text, detail (a line, a small fill) or an area. With `cmyk`, black
 * text and detail are pure K whatever the data's separation (overprint.ts), grey text K only.
 */
export type PaintRole = 'text' | 'detail' | 'area';

export function pdfColor(p: Paint, options: PdfPaintOptions, role: PaintRole = 'area'): PdfColor {
  const [r, g, b] = rgbComponents(p);
  if (!options.cmyk) return rgb(r, g, b);
  if (role !== 'area' && isBlack(p)) return cmyk(0, 0, 0, 1);
  if (role === 'text' && Math.abs(r - g) < 0.02 && Math.abs(g - b) < 0.02) return cmyk(0, 0, 0, 1 - r);
  if (p.cmyk) return cmyk(p.cmyk[0] / 100, p.cmyk[1] / 100, p.cmyk[2] / 100, p.cmyk[3] / 100);
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return cmyk(0, 0, 0, 1);
  return cmyk((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k);
}

/** The resource names a page's text refers to its two fonts by. */
export interface FontKeys {
  regular: PDFName;
  bold: PDFName;
}

/** The operators that draw `items` with `origin` as the drawing's top-left corner (page points, y up). */
export function itemOperators(
  items: readonly Item[],
  origin: { x: number; y: number },
  fonts: PdfFonts,
  keys: FontKeys,
  options: PdfPaintOptions,
): PDFOperator[] {
  const operators: PDFOperator[] = [];
  // One path may be a whole terrain of a monster map: more operators than one call's arguments.
  const push = (ops: PDFOperator[]) => {
    for (const op of ops) operators.push(op);
  };
  for (const item of items) {
    const drawn =
      item.kind === 'rect'
        ? rectOperators(item, origin, options)
        : item.kind === 'path'
          ? pathOperators(item, origin, options)
          : item.kind === 'image'
            ? imageOperators(item, origin, options)
            : textOperators(item, origin, fonts, keys, options);
    const overprint = options.cmyk ? overprintOf(item) : undefined;
    push(overprint ? withOverprint(overprint, drawn) : drawn);
  }
  return operators;
}

/** The overprint states `items` use in a CMYK file (those the page must name). */
export function overprintsOf(items: readonly Item[], options: PdfPaintOptions): Set<Overprint> {
  const kinds = new Set<Overprint>();
  if (!options.cmyk) return kinds;
  for (const item of items) {
    const kind = overprintOf(item);
    if (kind) kinds.add(kind);
  }
  return kinds;
}

/** The role of an item's black fill in a CMYK file: detail when small enough to print as a line would. */
const fillRole = (item: Item, fill: Paint, options: PdfPaintOptions): PaintRole =>
  options.cmyk && isBlack(fill) && isSmallFill(item) ? 'detail' : 'area';

/** A picture over its box, its edge running `bleed` further (the page names it by artResourceName). */
function imageOperators(item: Extract<Item, { kind: 'image' }>, origin: { x: number; y: number }, options: PdfPaintOptions): PDFOperator[] {
  const embedded = options.art?.get(item.art.sha256);
  if (!embedded) throw new Error(`image ${item.art.path} drawn before it was embedded`);
  const box = { x: origin.x + item.x, y: origin.y - item.y - item.h, w: item.w, h: item.h };
  const b = item.bleed ?? 0;
  return artOperators(item.art, embedded, box, { x: box.x - b, y: box.y - b, w: box.w + 2 * b, h: box.h + 2 * b });
}

function rectOperators(item: Extract<Item, { kind: 'rect' }>, origin: { x: number; y: number }, options: PdfPaintOptions): PDFOperator[] {
  return drawRectangle({
    x: origin.x + item.x,
    y: origin.y - item.y - item.h,
    width: item.w,
    height: item.h,
    rotate: degrees(0),
    xSkew: degrees(0),
    ySkew: degrees(0),
    // Neither fill nor stroke: filled black, as pdf-lib's page.drawRectangle does.
    color: item.fill
      ? pdfColor(item.fill, options, fillRole(item, item.fill, options))
      : item.stroke
        ? undefined
        : pdfColor(BLACK, options, fillRole(item, BLACK, options)),
    borderColor: item.stroke ? pdfColor(item.stroke, options, 'detail') : undefined,
    borderWidth: item.stroke ? (item.lineWidth ?? 1) : 0,
    borderDashArray: undefined,
    borderDashPhase: undefined,
    borderLineCap: undefined,
  });
}

function pathOperators(item: Extract<Item, { kind: 'path' }>, origin: { x: number; y: number }, options: PdfPaintOptions): PDFOperator[] {
  return drawSvgPath(item.d, {
    x: origin.x,
    y: origin.y,
    rotate: degrees(0),
    scale: undefined,
    color: item.fill ? pdfColor(item.fill, options, fillRole(item, item.fill, options)) : undefined,
    borderColor: item.stroke ? pdfColor(item.stroke, options, 'detail') : undefined,
    borderWidth: item.stroke ? (item.lineWidth ?? 1) : 0,
    borderDashArray: item.stroke && item.dash && item.dash.length ? item.dash : undefined,
    borderDashPhase: undefined,
    borderLineCap: item.stroke ? (item.lineCap === 'round' ? LineCapStyle.Round : LineCapStyle.Butt) : undefined,
  });
}

function textOperators(
  item: Extract<Item, { kind: 'text' }>,
  origin: { x: number; y: number },
  fonts: PdfFonts,
  keys: FontKeys,
  options: PdfPaintOptions,
): PDFOperator[] {
  const font = fonts[item.font];
  // Our measure (cached) equals pdf-lib's: both sum the glyphs' advance widths.
  const width = options.measure ? options.measure(item.font, item.text, item.size) : font.widthOfTextAtSize(item.text, item.size);
  const x = item.align === 'left' ? item.x : item.align === 'center' ? item.x - width / 2 : item.x - width;
  return drawLinesOfText(
    lineSplit(cleanText(item.text)).map((line) => font.encodeText(line)),
    {
      color: pdfColor(item.fill, options, 'text'),
      font: keys[item.font],
      size: item.size,
      rotate: degrees(0),
      xSkew: degrees(0),
      ySkew: degrees(0),
      x: origin.x + x,
      y: origin.y - item.y,
      lineHeight: item.size,
    },
  );
}

/** Operators handed to pdf-lib per call: it spreads them into one function call's arguments. */
const OPERATOR_CHUNK = 10_000;

/** Each page's names for the two fonts, added to its resources on first use. */
const pageFontKeys = new WeakMap<PDFPage, FontKeys>();

function fontKeysOf(page: PDFPage, fonts: PdfFonts): FontKeys {
  let keys = pageFontKeys.get(page);
  if (!keys) {
    keys = {
      regular: page.node.newFontDictionary(fonts.regular.name, fonts.regular.ref),
      bold: page.node.newFontDictionary(fonts.bold.name, fonts.bold.ref),
    };
    pageFontKeys.set(page, keys);
  }
  return keys;
}

/** Draws `items` onto `page` (see itemOperators). */
export function drawItems(
  page: PDFPage,
  items: readonly Item[],
  origin: { x: number; y: number },
  fonts: PdfFonts,
  options: PdfPaintOptions,
): void {
  const operators = itemOperators(items, origin, fonts, fontKeysOf(page, fonts), options);
  addArtResources(page, items, options.art);
  const overprints = overprintsOf(items, options);
  if (overprints.size) addOverprintStates(page, overprints);
  for (let i = 0; i < operators.length; i += OPERATOR_CHUNK) page.pushOperators(...operators.slice(i, i + OPERATOR_CHUNK));
}

/**
 * A backend-neutral drawing: what a counter face, an aid card or the map looks like, as a flat
 * list of rectangles, paths and text runs. The PDF backend (src/print/pdf-draw.ts) and the SVG
 * backend (./svg.ts, rasterised through sharp) both read this, so print and screen share one
 * geometry. Units are whatever the producer chose (points for faces and cards); y grows DOWN.
 */
import { createHash } from 'node:crypto';
import { colorSpec, type Color, type ColorSpec } from '../model/common';
import type { ArtImage } from '../model/game';
import { PathData, num } from './path-data';

/** A colour with its optional print separation (CMYK in percent, as in the data). */
export type Paint = ColorSpec;

export type FontId = 'regular' | 'bold';

export interface RectItem {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: Paint;
  stroke?: Paint;
  lineWidth?: number;
}

export interface PathItem {
  kind: 'path';
  /** SVG path data with absolute M, L, C, Z commands only (both backends understand these). */
  d: string;
  /** The commands `d` is the text of, when the item was drawn from them (see `pathItem`). */
  commands?: PathData;
  fill?: Paint;
  stroke?: Paint;
  lineWidth?: number;
  dash?: number[];
  lineCap?: 'butt' | 'round';
  /** Hint for raster backends: every edge of this fill is stroked over later (hex grids). */
  edgesStroked?: boolean;
}

export interface TextItem {
  kind: 'text';
  /** Anchor point: x per `align`, y on the baseline. */
  x: number;
  y: number;
  text: string;
  size: number;
  font: FontId;
  fill: Paint;
  align: 'left' | 'center' | 'right';
}

/** A picture stretched over its box (a counter's own art). */
export interface ImageItem {
  kind: 'image';
  x: number;
  y: number;
  w: number;
  h: number;
  art: ArtImage;
  /** How far the picture's edge runs on past its box (print bleed), in drawing units. */
  bleed?: number;
}

export type Item = RectItem | PathItem | TextItem | ImageItem;

export interface Drawing {
  width: number;
  height: number;
  items: Item[];
}

export const BLACK: Paint = { rgb: '#000000', cmyk: [0, 0, 0, 100] };
export const WHITE: Paint = { rgb: '#ffffff', cmyk: [0, 0, 0, 0] };
/** The colour every declared gap is drawn in: loud on purpose, so nobody prints a gap unnoticed. */
export const GAP: Paint = { rgb: '#d4006a', cmyk: [0, 100, 20, 10] };

export function paint(color: Color): Paint {
  return colorSpec(color);
}

export function rgbComponents(p: Paint): [number, number, number] {
  const hex = p.rgb.slice(1);
  return [parseInt(hex.slice(0, 2), 16) / 255, parseInt(hex.slice(2, 4), 16) / 255, parseInt(hex.slice(4, 6), 16) / 255];
}

/** Relative luminance (0 = black, 1 = white), to pick a legible text colour over a fill. */
export function luminance(p: Paint): number {
  const [r, g, b] = rgbComponents(p);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastingText(background: Paint): Paint {
  return luminance(background) < 0.45 ? WHITE : BLACK;
}

export { num };

/** Where the shapes below are built to be written out (faces draw thousands: no buffers each). */
const scratch = new PathData();

export function polygonPath(points: readonly { x: number; y: number }[]): string {
  return scratch.clear().polygon(points).text();
}

export function linePath(points: readonly { x: number; y: number }[]): string {
  return scratch.clear().polyline(points).text();
}

/** A circle as four cubic Béziers (arcs are not in the common path subset). */
export function circlePath(cx: number, cy: number, r: number): string {
  return scratch.clear().circle(cx, cy, r).text();
}

/** An ellipse inside a box, same construction as `circlePath`. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return scratch.clear().ellipse(cx, cy, rx, ry).text();
}

/**
 * A path item drawn from `commands`: its `d` is their text, written on first read (a raster
 * backend reads the numbers and never needs it).
 */
export function pathItem(commands: PathData, style: Omit<PathItem, 'kind' | 'd' | 'commands'>): PathItem {
  return {
    kind: 'path',
    get d() {
      return commands.text();
    },
    commands,
    ...style,
  };
}

/** The same drawing moved and scaled (used to place a face inside a larger drawing). */
export function transformItems(items: readonly Item[], dx: number, dy: number, scale = 1): Item[] {
  return items.map((item): Item => {
    switch (item.kind) {
      case 'rect':
        return {
          ...item,
          x: dx + item.x * scale,
          y: dy + item.y * scale,
          w: item.w * scale,
          h: item.h * scale,
          ...(item.lineWidth !== undefined ? { lineWidth: item.lineWidth * scale } : {}),
        };
      case 'text':
        return { ...item, x: dx + item.x * scale, y: dy + item.y * scale, size: item.size * scale };
      case 'image':
        return { ...item, x: dx + item.x * scale, y: dy + item.y * scale, w: item.w * scale, h: item.h * scale };
      case 'path':
        return {
          ...item,
          // Moved text, not the commands it came from.
          commands: undefined,
          d: transformPathData(item.d, dx, dy, scale),
          ...(item.lineWidth !== undefined ? { lineWidth: item.lineWidth * scale } : {}),
          ...(item.dash ? { dash: item.dash.map((v) => v * scale) } : {}),
        };
    }
  });
}

/** Applies x' = dx + x·s, y' = dy + y·s to absolute M/L/C/Z path data. */
export function transformPathData(d: string, dx: number, dy: number, scale: number): string {
  let axis = 0;
  return d.replace(/[MLCZ]|-?\d*\.?\d+(?:e-?\d+)?/g, (token) => {
    if (/^[MLCZ]$/.test(token)) {
      axis = 0;
      return token;
    }
    const v = Number(token);
    const out = axis % 2 === 0 ? dx + v * scale : dy + v * scale;
    axis++;
    return num(out);
  });
}

const drawingTexts = new WeakMap<Drawing, string>();

/** Leaves a picture's bytes out of a drawing's JSON: its digest (ArtImage.sha256) names it. */
const withoutBytes = (_: string, value: unknown) => (value instanceof Uint8Array ? undefined : value);

/**
 * JSON.stringify(drawing), made once per drawing: the keys of the stores kept between builds are
 * made of it, and one build's counters.pdf and module both key the same face drawings. A drawing
 * is never changed once made. A picture it shows is known by its digest: its bytes would come out
 * as an object of one member per byte, several times the picture's size, kept as long as the drawing.
 */
export function drawingJson(drawing: Drawing): string {
  let text = drawingTexts.get(drawing);
  if (text === undefined) {
    const kept = keptTexts.get(drawing);
    text = kept ? kept() : drawingShowsPicture(drawing) ? JSON.stringify(drawing, withoutBytes) : JSON.stringify(drawing);
    drawingTexts.set(drawing, text);
  }
  return text;
}

const drawingDigests = new WeakMap<Drawing, string>();

/** The SHA-256 of drawingJson(drawing), made once per drawing: what the stores key a drawing by. */
export function drawingDigest(drawing: Drawing): string {
  let digest = drawingDigests.get(drawing);
  if (digest === undefined) drawingDigests.set(drawing, (digest = createHash('sha256').update(drawingJson(drawing)).digest('hex')));
  return digest;
}

/** What a text item prints, in its font. */
export type TextRun = Pick<TextItem, 'font' | 'text'>;

/** What a drawing read back (drawingFromJson) is known by before its items are parsed, if ever. */
interface KeptSummary {
  texts: readonly TextRun[];
}

const keptSummaries = new WeakMap<Drawing, KeptSummary>();
/** The JSON text of a drawing read back, decoded on first use. */
const keptTexts = new WeakMap<Drawing, () => string>();

/**
 * A drawing read back from `text`, JSON.stringify's own output of a drawing that shows no picture,
 * its `digest` and its text runs (drawingTextRuns), all kept between builds: its drawingJson is
 * that text, which JSON.parse and JSON.stringify give back unchanged. The text (given as a function
 * when still to be decoded) and its members are read on first use: a rebuild reads the items of the
 * faces it draws again, and of the others only their digest and text runs (thousands of faces, each
 * some dozens of objects kept all build long).
 */
export function drawingFromJson(text: string | (() => string), digest: string, texts: readonly TextRun[]): Drawing {
  let parsed: Drawing | undefined;
  const drawing = {} as Drawing;
  const whole = () => (parsed ??= JSON.parse(drawingJson(drawing)) as Drawing);
  for (const key of ['width', 'height', 'items'] as const)
    Object.defineProperty(drawing, key, { enumerable: true, get: () => whole()[key] });
  if (typeof text === 'string') drawingTexts.set(drawing, text);
  else keptTexts.set(drawing, text);
  drawingDigests.set(drawing, digest);
  keptSummaries.set(drawing, { texts });
  return drawing;
}

/** The font and text of each text item of the drawing, in order (without parsing one read back). */
export function drawingTextRuns(drawing: Drawing): readonly TextRun[] {
  const kept = keptSummaries.get(drawing);
  if (kept) return kept.texts;
  return drawing.items.flatMap((item) => (item.kind === 'text' ? [{ font: item.font, text: item.text }] : []));
}

/** Whether the drawing shows a picture (one read back never does: a picture's bytes are not kept). */
export function drawingShowsPicture(drawing: Drawing): boolean {
  return !keptSummaries.has(drawing) && drawing.items.some((item) => item.kind === 'image');
}

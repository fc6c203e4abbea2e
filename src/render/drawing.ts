/**
 * A backend-neutral drawing: what a counter face, an aid card or the map looks like, as a flat
 * list of rectangles, paths and text runs. The PDF backend (src/print/pdf-draw.ts) and the SVG
 * backend (./svg.ts, rasterised through sharp) both read this, so print and screen share one
 * geometry. Units are whatever the producer chose (points for faces and cards); y grows DOWN.
 */
import { colorSpec, type Color, type ColorSpec } from '../model/common';
import type { ArtImage } from '../model/game';

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

/** Beyond this many thousandths, integer formatting could lose digits: String() formats it. */
const EXACT_THOUSANDTHS = 1e15;

/**
 * Numbers in path data: short and stable (no exponent, at most 3 decimals); what
 * String(Math.round(n * 1000) / 1000) gives, "-0" as "0". Written from the integer count of
 * thousandths, as the shortest decimal of such a double is exactly its ≤ 3-decimal form, and
 * formatting integers is several times cheaper than formatting a double (a big map writes
 * millions of these).
 */
export function num(n: number): string {
  const m = Math.round(n * 1000);
  if (!(Math.abs(m) < EXACT_THOUSANDTHS)) {
    const r = m / 1000;
    return Object.is(r, -0) ? '0' : String(r);
  }
  if (m === 0) return '0';
  const abs = m < 0 ? -m : m;
  const whole = Math.floor(abs / 1000);
  const frac = abs - whole * 1000;
  const sign = m < 0 ? '-' : '';
  if (frac === 0) return `${sign}${whole}`;
  if (frac % 100 === 0) return `${sign}${whole}.${frac / 100}`;
  if (frac % 10 === 0) return `${sign}${whole}.${frac < 100 ? '0' : ''}${frac / 10}`;
  return `${sign}${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

export function polygonPath(points: readonly { x: number; y: number }[]): string {
  return `${linePath(points)} Z`;
}

export function linePath(points: readonly { x: number; y: number }[]): string {
  // Concatenated, not mapped and joined: maps draw one per hex.
  let d = '';
  for (let i = 0; i < points.length; i++) d += `${i === 0 ? 'M' : ' L'}${num(points[i].x)} ${num(points[i].y)}`;
  return d;
}

/** A circle as four cubic Béziers (arcs are not in the common path subset). */
export function circlePath(cx: number, cy: number, r: number): string {
  const k = 0.5522847498 * r;
  // Each coordinate formatted once (a map draws tens of thousands of these).
  const [x0, x1, x2, x3, x4] = [num(cx - r), num(cx - k), num(cx), num(cx + k), num(cx + r)];
  const [y0, y1, y2, y3, y4] = [num(cy - r), num(cy - k), num(cy), num(cy + k), num(cy + r)];
  return `M${x4} ${y2} C${x4} ${y3} ${x3} ${y4} ${x2} ${y4} C${x1} ${y4} ${x0} ${y3} ${x0} ${y2} C${x0} ${y1} ${x1} ${y0} ${x2} ${y0} C${x3} ${y0} ${x4} ${y1} ${x4} ${y2} Z`;
}

/** An ellipse inside a box, same construction as `circlePath`. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const kx = 0.5522847498 * rx;
  const ky = 0.5522847498 * ry;
  return [
    `M${num(cx + rx)} ${num(cy)}`,
    `C${num(cx + rx)} ${num(cy + ky)} ${num(cx + kx)} ${num(cy + ry)} ${num(cx)} ${num(cy + ry)}`,
    `C${num(cx - kx)} ${num(cy + ry)} ${num(cx - rx)} ${num(cy + ky)} ${num(cx - rx)} ${num(cy)}`,
    `C${num(cx - rx)} ${num(cy - ky)} ${num(cx - kx)} ${num(cy - ry)} ${num(cx)} ${num(cy - ry)}`,
    `C${num(cx + kx)} ${num(cy - ry)} ${num(cx + rx)} ${num(cy - ky)} ${num(cx + rx)} ${num(cy)} Z`,
  ].join(' ');
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

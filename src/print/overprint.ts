/**
 * Black overprint for CMYK print files. A print shop's plates never register exactly, so black
 * knocked out of a colour leaves a white halo on one side where the colour plates shift. The
 * rule here:
 * - text and lines (strokes) in black print pure K (0/0/0/100, whatever separation the data
 *   gives) and overprint;
 * - a black fill whose bounding box is at most SMALL_FILL on its shorter side (a symbol's dot,
 *   an arrowhead) does the same;
 * - a larger black fill keeps its own separation (rich black when the data gives one, else pure
 *   K) and knocks out, so the colours under it do not show through a solid area.
 * Registration colour (100/100/100/100, the crop marks) is left as it is. Overprint is set with
 * an ExtGState (/OP and /op, /OPM 1 so that the zero C, M and Y of pure K leave the colour
 * plates untouched); the states have fixed resource names so cached content streams can name them.
 */
import {
  PDFName,
  type PDFContext,
  type PDFOperator,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setGraphicsState,
} from 'pdf-lib';
import { BLACK, type Item, type Paint, rgbComponents } from '../render/drawing';

/** The shorter side, in points, up to which a black fill counts as detail rather than an area. */
export const SMALL_FILL = 18;

/** Which of an item's paints overprint. */
export type Overprint = 'all' | 'stroke' | 'fill';

const STATES: Record<Overprint, { name: PDFName; stroke: boolean; fill: boolean }> = {
  all: { name: PDFName.of('GS-op'), stroke: true, fill: true },
  stroke: { name: PDFName.of('GS-op-stroke'), stroke: true, fill: false },
  fill: { name: PDFName.of('GS-op-fill'), stroke: false, fill: true },
};

/** Black on screen: every channel within 2 % of zero (the tolerance grey text is judged by). */
export function isBlack(p: Paint): boolean {
  return Math.max(...rgbComponents(p)) < 0.02 && !isRegistration(p);
}

export function isRegistration(p: Paint): boolean {
  return p.cmyk !== undefined && p.cmyk.every((v) => v === 100);
}

/** Whether a black fill of this item is small enough to print as detail (pure K, overprinting). */
export function isSmallFill(item: Item): boolean {
  if (item.kind === 'rect') return Math.min(item.w, item.h) <= SMALL_FILL;
  if (item.kind !== 'path') return true;
  // Absolute M, L, C and Z only: the numbers are x y pairs, control points included (a box
  // around the curve's hull contains the curve).
  const numbers = item.d.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi) ?? [];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    const x = Number(numbers[i]);
    const y = Number(numbers[i + 1]);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return Math.min(maxX - minX, maxY - minY) <= SMALL_FILL;
}

/** What of `item` overprints in a CMYK file (undefined: nothing). */
export function overprintOf(item: Item): Overprint | undefined {
  if (item.kind === 'image') return undefined;
  if (item.kind === 'text') return isBlack(item.fill) ? 'all' : undefined;
  // A rectangle with neither paint is filled black (as pdf-lib draws it).
  const paint = item.fill ?? (item.kind === 'rect' && !item.stroke ? BLACK : undefined);
  const stroke = item.stroke !== undefined && isBlack(item.stroke);
  const fill = paint !== undefined && isBlack(paint) && isSmallFill(item);
  if (stroke && (fill || !item.fill)) return 'all';
  if (fill && !item.stroke) return 'all';
  return stroke ? 'stroke' : fill ? 'fill' : undefined;
}

/** `operators` drawn with overprint `kind` set, the state restored after. */
export function withOverprint(kind: Overprint, operators: PDFOperator[]): PDFOperator[] {
  return [pushGraphicsState(), setGraphicsState(STATES[kind].name), ...operators, popGraphicsState()];
}

/** One ExtGState object per document and kind, shared by its pages. */
const stateRefs = new WeakMap<PDFContext, Record<Overprint, PDFRef>>();

function refsOf(context: PDFContext): Record<Overprint, PDFRef> {
  let refs = stateRefs.get(context);
  if (!refs) {
    const make = (s: (typeof STATES)[Overprint]) => context.register(context.obj({ Type: 'ExtGState', OP: s.stroke, op: s.fill, OPM: 1 }));
    refs = { all: make(STATES.all), stroke: make(STATES.stroke), fill: make(STATES.fill) };
    stateRefs.set(context, refs);
  }
  return refs;
}

/** Names the overprint states among the page's resources (what withOverprint's operators refer to). */
export function addOverprintStates(page: PDFPage, kinds: Iterable<Overprint> = ['all', 'stroke', 'fill']): void {
  const refs = refsOf(page.doc.context);
  for (const kind of kinds) page.node.setExtGState(STATES[kind].name, refs[kind]);
}

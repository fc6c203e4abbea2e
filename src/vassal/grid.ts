/**
 * VASSAL hex grids ⇄ Hexforge numbering and layout. Pure: no I/O.
 *
 *   vassalGridFor(spec)                   HexNumbering + extent + size + first hex pixel → HexGrid and
 *                                         HexGridNumbering attributes whose names are our hex ids
 *   readVassalGridAttributes(attrs)       XML attribute strings → typed HexGrid attributes (VASSAL defaults)
 *   readVassalNumberingAttributes(attrs)  XML attribute strings → typed HexGridNumbering attributes
 *   numberingFromVassal(grid, numbering?) a VASSAL grid → our HexNumbering + Layout + raw origin,
 *                                         with diagnostics where VASSAL has no equivalent
 *   hexIdAtPixel(model, point)            board pixel → our hex id
 *   pixelOfHexId(model, id)               our hex id → board pixel (exact centre)
 *   hexAtVassalName(model, name)          a VASSAL location name → our hex
 *   extentOnBoard(model, width, height)   printed extent of the hexes whose centres lie on a board
 *
 * VASSAL's model (vassal-format.md §4): raw column nx, raw row ny; column nx is at x0 + dx·nx,
 * row ny at y0 + dy·ny, odd raw columns half a hex lower. So raw column 0 is always a "high"
 * column. Names: column = nx + hOff; row = ny + vOff, plus 1 in odd raw columns when `stagger`.
 * `sideways` transposes x and y (pointy hexes in rows): the VASSAL "column" is then a printed
 * row, and x0/dx run down the screen.
 *
 * Pixels here are board-local. VASSAL truncates `dx·nx` to whole pixels when it places a piece by
 * name; we return exact centres, which differ from VASSAL's by less than one pixel.
 */
import type { Diagnostic } from '../diagnostics';
import type { Hex } from '../hex/axial';
import type { MapExtent } from '../hex/extent';
import { type Layout, type Point, createLayout, hexCenter, layoutFromSpacing, layoutSpacing, pixelToHex, withOrigin } from '../hex/layout';
import {
  type HexNumbering,
  MAX_DIGITS,
  type OffsetCoord,
  axialToOffset,
  isHalfShifted,
  offsetToAxial,
  parseHexId,
  tryFormatHexId,
  validateNumbering,
} from '../hex/numbering';

/** `VASSAL.build.module.map.boardPicker.board.HexGrid` attributes that govern geometry and snapping. */
export interface VassalHexGridAttributes {
  sideways: boolean;
  /** Column-to-column distance (rotated space when sideways). */
  dx: number;
  /** Centre-to-centre distance within a column (rotated space when sideways). */
  dy: number;
  /** Centre of raw hex (0,0), whole pixels; x0 runs down the screen when sideways. */
  x0: number;
  y0: number;
  snapTo: boolean;
  edgesLegal: boolean;
  cornersLegal: boolean;
}

/** `…mapgrid.HexGridNumbering` attributes that govern names. */
export interface VassalHexGridNumberingAttributes {
  first: 'H' | 'V';
  sep: string;
  hType: 'N' | 'A';
  vType: 'N' | 'A';
  hLeading: number;
  vLeading: number;
  hOff: number;
  vOff: number;
  hDescend: boolean;
  vDescend: boolean;
  stagger: boolean;
  locationFormat: string;
}

export interface VassalGridSpec {
  numbering: HexNumbering;
  extent: MapExtent;
  /** The hex layout the board image is drawn on (board pixels); its spacing becomes dx and dy. */
  layout: Layout;
  /** Board pixel of the centre of the first printed hex (first column, first row of the extent). */
  firstHexCenter: Point;
  /**
   * The regular layout's size across the flats, when known: written as dy exactly, since the
   * layout's radius × √3 can miss it by a bit and an import reads the size back from dy.
   */
  flatSize?: number;
}

export interface VassalGrid {
  grid: VassalHexGridAttributes;
  gridNumbering: VassalHexGridNumberingAttributes;
  diagnostics: Diagnostic[];
}

/** What a VASSAL grid means in our terms. */
export interface VassalGridModel {
  numbering: HexNumbering;
  /** Our layout in board-local pixels (possibly stretched: VASSAL's dx and dy are independent). */
  layout: Layout;
  /** Printed (column, row) of VASSAL's raw hex (0,0): the offsets, independent of any extent. */
  rawOrigin: OffsetCoord;
  /** True when our ids are exactly VASSAL's location names (numeric, even padding, plain format, ascending). */
  namesMatch: boolean;
  /** The numbering attributes the model was built from (VASSAL's defaults when the grid had none). */
  source: VassalHexGridNumberingAttributes;
  /** The grid attributes it was built from (snap arithmetic). */
  grid: VassalHexGridAttributes;
  diagnostics: Diagnostic[];
}

/** VASSAL's defaults for a HexGridNumbering element (RegularGridNumbering / HexGridNumbering). */
export const VASSAL_NUMBERING_DEFAULTS: Readonly<VassalHexGridNumberingAttributes> = Object.freeze({
  first: 'H',
  sep: '',
  hType: 'N',
  vType: 'N',
  hLeading: 1,
  vLeading: 1,
  hOff: 1,
  vOff: 1,
  hDescend: false,
  vDescend: false,
  stagger: true,
  locationFormat: '$gridLocation$',
});

// ---------------------------------------------------------------------------------------------
// Export: our numbering → VASSAL attributes

/** How a numbering Hexforge writes is shown: not at all (the board picture prints its own numbers). */
export const HIDDEN_NUMBERING_DISPLAY: Readonly<Record<string, string>> = Object.freeze({
  color: '0,0,0',
  fontSize: '9',
  hDrawOff: '0',
  rotateText: '0',
  vDrawOff: '0',
  visible: 'false',
});

/** The HexGridNumbering element of VASSAL's default settings, hidden: a grid without one is read by these. */
export function defaultNumberingAttributes(): Record<string, string> {
  return { ...vassalAttributeStrings(VASSAL_NUMBERING_DEFAULTS), ...HIDDEN_NUMBERING_DISPLAY };
}

/**
 * The HexGrid and HexGridNumbering attributes that reproduce our ids at our hex centres.
 *
 * The first printed column (flat) or row (pointy) becomes VASSAL raw column 0. When that line is
 * a "high" one in VASSAL's sense (flat: higher than the next; pointy: further left), the plain
 * layout fits (`stagger=false`). When it is the shifted one, raw row 0 is placed one hex above
 * (left of) the first printed hex and `stagger=true` adds the one back in odd raw columns, so x0
 * stays exactly on the first hex and no phantom column is needed.
 */
export function vassalGridFor(spec: VassalGridSpec): VassalGrid {
  const { numbering, extent, layout, firstHexCenter } = spec;
  const diagnostics: Diagnostic[] = [...validateNumbering(numbering)];
  const sideways = numbering.orientation === 'pointy';
  // VASSAL's dx runs between its columns, dy within one; sideways, its columns are our rows.
  const spacing = layoutSpacing(layout);
  const dx = sideways ? spacing.y : spacing.x;
  // dy runs across the flats, whether the grid is sideways or not.
  const dy = spec.flatSize ?? (sideways ? spacing.x : spacing.y);
  // Major axis = VASSAL's column axis: printed columns (flat) or printed rows (pointy).
  const majorFirst = sideways ? extent.rows.first : extent.columns.first;
  const minorFirst = sideways ? extent.columns.first : extent.rows.first;
  const majorPixel = sideways ? firstHexCenter.y : firstHexCenter.x;
  const minorPixel = sideways ? firstHexCenter.x : firstHexCenter.y;
  const firstShifted = isHalfShifted(numbering, majorFirst);
  const x0Exact = majorPixel;
  const y0Exact = firstShifted ? minorPixel - dy : minorPixel;
  const x0 = Math.round(x0Exact);
  const y0 = Math.round(y0Exact);
  if (Math.abs(x0 - x0Exact) > 1e-6 || Math.abs(y0 - y0Exact) > 1e-6) {
    diagnostics.push({
      code: 'vassal/grid-origin-rounded',
      severity: 'info',
      message: `VASSAL stores the grid origin in whole pixels: (${fmt(x0Exact)}, ${fmt(y0Exact)}) becomes (${x0}, ${y0})`,
      hint: 'place the first hex centre on whole pixels (and use a whole-pixel hex size) for an exact match',
    });
  }
  const leading = numbering.digits - 1;
  const columnFirst = numbering.order === 'column-row';
  return {
    grid: { sideways, dx, dy, x0, y0, snapTo: true, edgesLegal: false, cornersLegal: false },
    gridNumbering: {
      // 'H' puts VASSAL's column first; VASSAL's column is our row when sideways.
      first: columnFirst !== sideways ? 'H' : 'V',
      sep: numbering.separator ?? '',
      hType: 'N',
      vType: 'N',
      hLeading: leading,
      vLeading: leading,
      hOff: majorFirst,
      vOff: firstShifted ? minorFirst - 1 : minorFirst,
      hDescend: false,
      vDescend: false,
      stagger: firstShifted,
      locationFormat: '$gridLocation$',
    },
    diagnostics,
  };
}

function fmt(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Attribute strings as VASSAL writes them (booleans "true"/"false", numbers in decimal). */
export function vassalAttributeStrings(attrs: VassalHexGridAttributes | VassalHexGridNumberingAttributes): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(attrs).sort()) out[key] = String((attrs as unknown as Record<string, unknown>)[key]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Import: VASSAL attributes → typed values

/** What to do about a HexGrid attribute VASSAL's editor would not have written. */
const GRID_ATTRIBUTE_HINT = "open the board's Hex Grid in VASSAL's editor and set the value again, or fix the attribute in the buildFile";

function readBool(attrs: Record<string, string | undefined>, name: string, fallback: boolean, out: Diagnostic[]): boolean {
  const v = attrs[name];
  if (v === undefined) return fallback;
  if (v === 'true') return true;
  if (v === 'false') return false;
  out.push({
    code: 'vassal/bad-grid-attribute',
    severity: 'warning',
    message: `${name}="${v}" is not true/false; using ${fallback}`,
    hint: GRID_ATTRIBUTE_HINT,
  });
  return fallback;
}

function readNumber(
  attrs: Record<string, string | undefined>,
  name: string,
  fallback: number,
  integer: boolean,
  out: Diagnostic[],
): number {
  const v = attrs[name];
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    out.push({
      code: 'vassal/bad-grid-attribute',
      severity: 'warning',
      message: `${name}="${v}" is not a${integer ? ' whole' : ''} number; using ${fallback}`,
      hint: GRID_ATTRIBUTE_HINT,
    });
    return fallback;
  }
  return n;
}

function readChar<T extends string>(
  attrs: Record<string, string | undefined>,
  name: string,
  allowed: readonly T[],
  fallback: T,
  out: Diagnostic[],
): T {
  const v = attrs[name];
  if (v === undefined || v === '') return fallback;
  const c = v.charAt(0) as T;
  if (allowed.includes(c)) return c;
  out.push({
    code: 'vassal/bad-grid-attribute',
    severity: 'warning',
    message: `${name}="${v}" is not one of ${allowed.join('/')}; using ${fallback}`,
    hint: GRID_ATTRIBUTE_HINT,
  });
  return fallback;
}

/** Smallest hex spacing read from a module, in pixels: below it a board holds absurdly many hexes. */
export const MIN_GRID_SPACING = 1;
/** Largest spacing, origin or board side read from a module, in pixels (real boards are a few thousand). */
export const MAX_GRID_PIXELS = 1_000_000;
/** Most hex cells a board is searched through for its extent (a 1000 × 1000 hex map). */
export const MAX_GRID_CELLS = 1_000_000;

/** Reads HexGrid attributes with VASSAL's defaults (dy 64, dx = √3/2·dy, x0 0, y0 32). */
export function readVassalGridAttributes(attrs: Record<string, string | undefined>): {
  grid: VassalHexGridAttributes;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  for (const name of ['dx', 'dy']) {
    const raw = attrs[name];
    // A spacing that is not a number is refused, not replaced by the default: VASSAL would use it as written.
    if (raw !== undefined && raw.trim() !== '' && !Number.isFinite(Number(raw))) {
      diagnostics.push({
        code: 'vassal/bad-grid-attribute',
        severity: 'error',
        message: `hex grid spacing ${name}="${raw}" is not a number`,
        hint: GRID_ATTRIBUTE_HINT,
      });
    }
  }
  const dy = readNumber(attrs, 'dy', 64, false, diagnostics);
  // VASSAL's default dx is that of regular hexes dy across flats.
  const dx = readNumber(attrs, 'dx', dy > 0 && Number.isFinite(dy) ? layoutSpacing(createLayout('flat', dy)).x : 0, false, diagnostics);
  if (!(dx >= MIN_GRID_SPACING && dx <= MAX_GRID_PIXELS) || !(dy >= MIN_GRID_SPACING && dy <= MAX_GRID_PIXELS)) {
    diagnostics.push({
      code: 'vassal/bad-grid-attribute',
      severity: 'error',
      message: `hex grid spacing must lie between ${MIN_GRID_SPACING} and ${MAX_GRID_PIXELS} pixels (dx=${dx}, dy=${dy})`,
      hint: 'VASSAL hex grids are a few dozen pixels across; check the HexGrid attributes',
    });
  }
  const x0 = readNumber(attrs, 'x0', 0, true, diagnostics);
  const y0 = readNumber(attrs, 'y0', 32, true, diagnostics);
  if (!(Math.abs(x0) <= MAX_GRID_PIXELS) || !(Math.abs(y0) <= MAX_GRID_PIXELS)) {
    diagnostics.push({
      code: 'vassal/bad-grid-attribute',
      severity: 'error',
      message: `hex grid origin must lie within ${MAX_GRID_PIXELS} pixels of the board (x0=${x0}, y0=${y0})`,
      hint: GRID_ATTRIBUTE_HINT,
    });
  }
  return {
    grid: {
      sideways: readBool(attrs, 'sideways', false, diagnostics),
      dx,
      dy,
      x0,
      y0,
      snapTo: readBool(attrs, 'snapTo', true, diagnostics),
      edgesLegal: readBool(attrs, 'edgesLegal', false, diagnostics),
      cornersLegal: readBool(attrs, 'cornersLegal', false, diagnostics),
    },
    diagnostics,
  };
}

/** Reads HexGridNumbering attributes with VASSAL's defaults. */
export function readVassalNumberingAttributes(attrs: Record<string, string | undefined>): {
  gridNumbering: VassalHexGridNumberingAttributes;
  diagnostics: Diagnostic[];
} {
  const d: Diagnostic[] = [];
  const D = VASSAL_NUMBERING_DEFAULTS;
  return {
    gridNumbering: {
      first: readChar(attrs, 'first', ['H', 'V'] as const, D.first, d),
      sep: attrs.sep ?? D.sep,
      hType: readChar(attrs, 'hType', ['N', 'A'] as const, D.hType, d),
      vType: readChar(attrs, 'vType', ['N', 'A'] as const, D.vType, d),
      hLeading: readNumber(attrs, 'hLeading', D.hLeading, true, d),
      vLeading: readNumber(attrs, 'vLeading', D.vLeading, true, d),
      hOff: readNumber(attrs, 'hOff', D.hOff, true, d),
      vOff: readNumber(attrs, 'vOff', D.vOff, true, d),
      hDescend: readBool(attrs, 'hDescend', D.hDescend, d),
      vDescend: readBool(attrs, 'vDescend', D.vDescend, d),
      stagger: readBool(attrs, 'stagger', D.stagger, d),
      locationFormat: attrs.locationFormat ?? D.locationFormat,
    },
    diagnostics: d,
  };
}

// ---------------------------------------------------------------------------------------------
// Import: VASSAL grid → our model

/**
 * Our numbering and layout for a VASSAL grid. Without a numbering element VASSAL names no
 * locations (it reports every position on the grid as offboard); Hexforge then numbers the hexes
 * as a numbering element with VASSAL's default settings would, and says these ids are its own.
 */
export function numberingFromVassal(
  grid: VassalHexGridAttributes,
  gridNumbering?: VassalHexGridNumberingAttributes,
  /** Digits the ids need at least: the widest number on the board, where VASSAL pads less (see `unpaddedDigits`). */
  minDigits = 0,
): VassalGridModel {
  const diagnostics: Diagnostic[] = [];
  const source = gridNumbering ?? { ...VASSAL_NUMBERING_DEFAULTS };
  if (gridNumbering === undefined) {
    diagnostics.push({
      code: 'vassal/no-numbering',
      severity: 'info',
      message:
        'the hex grid has no numbering: VASSAL has none by default and reports every location on it as offboard; Hexforge numbers its hexes as a numbering element with default settings would (columns and rows from 01, "0101" style), ids VASSAL itself does not show',
      hint: "add a HexGridNumbering to the grid in VASSAL's editor to have VASSAL name the same hexes",
    });
  }
  const { numbering, namesMatch } = numberingOf(source, grid.sideways, diagnostics, minDigits);
  const sideways = grid.sideways;
  const rawOrigin: OffsetCoord = sideways ? { column: source.vOff, row: source.hOff } : { column: source.hOff, row: source.vOff };
  const spacing = sideways ? { x: grid.dy, y: grid.dx } : { x: grid.dx, y: grid.dy };
  const unplaced = layoutFromSpacing(numbering.orientation, spacing);
  const atRawOrigin = hexCenter(unplaced, offsetToAxial(numbering, rawOrigin.column, rawOrigin.row));
  const rawOriginPixel = sideways ? { x: grid.y0, y: grid.x0 } : { x: grid.x0, y: grid.y0 };
  const layout = withOrigin(unplaced, { x: rawOriginPixel.x - atRawOrigin.x, y: rawOriginPixel.y - atRawOrigin.y });
  return { numbering, layout, rawOrigin, namesMatch, source, grid, diagnostics };
}

/** Our numbering for VASSAL's settings, whether its ids are VASSAL's names, and a note on each difference. */
function numberingOf(
  source: VassalHexGridNumberingAttributes,
  sideways: boolean,
  diagnostics: Diagnostic[],
  minDigits: number,
): { numbering: HexNumbering; namesMatch: boolean } {
  const differences = namingDifferences(source);
  diagnostics.push(...differences);
  let namesMatch = differences.length === 0;
  let digits = Math.max(paddedDigits(source), minDigits);
  if (digits > paddedDigits(source)) namesMatch = false;
  if (digits > MAX_DIGITS) {
    namesMatch = false;
    diagnostics.push({
      code: 'vassal/too-many-digits',
      severity: 'warning',
      message: `VASSAL pads numbers to ${digits} digits; Hexforge supports at most ${MAX_DIGITS}`,
    });
    digits = MAX_DIGITS;
  }
  const numbering: HexNumbering = {
    orientation: sideways ? 'pointy' : 'flat',
    order: (source.first === 'H') !== sideways ? 'column-row' : 'row-column',
    digits,
    stagger: numberingStagger(source, sideways),
  };
  if (source.sep !== '') numbering.separator = source.sep;
  if (validateNumbering(numbering).length > 0) {
    namesMatch = false;
    diagnostics.push({
      code: 'vassal/unusable-separator',
      severity: 'warning',
      message: `VASSAL separates the numbers with "${source.sep}", which Hexforge ids cannot use; ids are written without a separator`,
    });
    delete numbering.separator;
  }
  if (source.locationFormat !== '$gridLocation$') {
    namesMatch = false;
    diagnostics.push({
      code: 'vassal/location-format',
      severity: 'info',
      message: `VASSAL shows locations as "${source.locationFormat}"; Hexforge ids are the bare grid location`,
    });
  }
  return { numbering, namesMatch };
}

/** The digits of each id part VASSAL's padding gives: a lettered part has none (getName ignores `leading` for letters) and holds A = 0 … Z = 25 in two. */
function paddedDigits(source: VassalHexGridNumberingAttributes): number {
  const partDigits = (type: 'N' | 'A', leading: number) => (type === 'A' ? 2 : Math.max(leading, 0) + 1);
  return Math.max(partDigits(source.hType, source.hLeading), partDigits(source.vType, source.vLeading));
}

/**
 * The digits ids need for the numbers of an extent where VASSAL pads them less (an unpadded grid of
 * ten or more columns writes column 12, row 5 as "125"): the widest printed number's, else none.
 */
export function unpaddedDigits(model: VassalGridModel, extent: MapExtent): number {
  const needed = String(Math.max(extent.columns.last, extent.rows.last, 0)).length;
  return needed > model.numbering.digits ? Math.min(needed, MAX_DIGITS) : 0;
}

/** Which columns sit high (flat) or right (pointy) in our terms. */
function numberingStagger(source: VassalHexGridNumberingAttributes, sideways: boolean): HexNumbering['stagger'] {
  const stagger = source.stagger ? 1 : 0;
  // Raw column 0 sits high (flat) / left (pointy); with stagger the next column's equal row numbers
  // sit half a hex higher instead. See the header for the derivation.
  const highMajorParity = (((source.hOff + stagger) % 2) + 2) % 2;
  return sideways
    ? (((source.hOff + 1 - stagger) % 2) + 2) % 2 === 1
      ? 'odd-right'
      : 'even-right'
    : highMajorParity === 1
      ? 'odd-up'
      : 'even-up';
}

/** VASSAL settings that name hexes in a way Hexforge ids do not: descending or lettered numbers, uneven padding. */
function namingDifferences(source: VassalHexGridNumberingAttributes): Diagnostic[] {
  const differences: Diagnostic[] = [];
  if (source.hDescend || source.vDescend)
    differences.push({
      code: 'vassal/descending-numbering',
      severity: 'warning',
      message:
        "VASSAL counts this grid's numbers from the right or bottom (hDescend/vDescend); Hexforge ids always count from the top-left, so ids differ from VASSAL's names",
      hint: 'check at-start stacks placed by name; pixel positions convert correctly',
    });
  if (source.hType === 'A' || source.vType === 'A')
    differences.push({
      code: 'vassal/alpha-numbering',
      severity: 'warning',
      message:
        "VASSAL names this grid with letters (A, B, … Z, AA, BB …); Hexforge ids are numeric, using VASSAL's own values A=0, B=1 … Z=25, AA=26",
    });
  if (source.hLeading !== source.vLeading)
    differences.push({
      code: 'vassal/uneven-padding',
      severity: 'warning',
      message: `VASSAL pads the two numbers to different widths (hLeading=${source.hLeading}, vLeading=${source.vLeading}); Hexforge ids pad both to ${Math.max(source.hLeading, source.vLeading) + 1} digits`,
    });
  return differences;
}

/** Our hex id at a board pixel, or undefined when that hex has no printable id (negative or too wide). */
export function hexIdAtPixel(model: VassalGridModel, point: Point): string | undefined {
  return tryFormatHexId(model.numbering, pixelToHex(model.layout, point));
}

/** The hex at a board pixel. */
export function hexAtPixel(model: VassalGridModel, point: Point): Hex {
  return pixelToHex(model.layout, point);
}

/** The exact board pixel of a hex id's centre. Never throws. */
export function pixelOfHexId(model: VassalGridModel, id: string): { ok: true; point: Point } | { ok: false; reason: string } {
  const parsed = parseHexId(model.numbering, id);
  if (!parsed.ok) return parsed;
  return { ok: true, point: hexCenter(model.layout, parsed.hex) };
}

/**
 * The point VASSAL snaps a piece in this hex to (`HexGrid.snapTo` with edges and corners not
 * legal): the centre as VASSAL 3.7's `hexPointCenterFromRawIndex` computes it, in the grid's
 * (rotated, when sideways) space with Java's int truncation, which may differ by a pixel from
 * both the exact centre and `getLocation`'s point. A piece saved there stays put when touched.
 */
export function snapPointOfHexId(model: VassalGridModel, id: string): { ok: true; point: Point } | { ok: false; reason: string } {
  const exact = pixelOfHexId(model, id);
  if (!exact.ok) return exact;
  const { sideways, dx, dy, x0, y0 } = model.grid;
  const turn = (p: Point): Point => (sideways ? { x: p.y, y: p.x } : p);
  const c = turn(exact.point);
  const nx = Math.round((c.x - x0) / dx);
  const odd = nx % 2 !== 0;
  const ny = Math.round((c.y - y0 - (odd ? dy / 2 : 0)) / dy);
  const x = Math.trunc(dx * nx + x0);
  const y = odd ? Math.trunc(dy * ny + Math.trunc(dy / 2) + y0) : Math.trunc(dy * ny + y0);
  return { ok: true, point: turn({ x, y }) };
}

const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The hex a VASSAL location name refers to, under the grid's own numbering attributes (numeric or
 * alphabetic parts, any separator, padding and location format). Never throws. Descending
 * numbering is not supported (see `numberingFromVassal`'s diagnostics).
 */
export function hexAtVassalName(model: VassalGridModel, name: string): { ok: true; hex: Hex } | { ok: false; reason: string } {
  const parsed = parseVassalLocation(model, name);
  if (!parsed.ok) return parsed;
  const { vassalColumn, vassalRow } = parsed;
  // The numbers are printed numbers already; only the axes need sorting out.
  const printed =
    model.numbering.orientation === 'pointy' ? { column: vassalRow, row: vassalColumn } : { column: vassalColumn, row: vassalRow };
  return { ok: true, hex: offsetToAxial(model.numbering, printed.column, printed.row) };
}

/** VASSAL's column and row values of a location name under the grid's numbering (RegularGridNumbering.getLocation's parse). */
export function parseVassalLocation(
  model: Pick<VassalGridModel, 'source'>,
  name: string,
): { ok: true; vassalColumn: number; vassalRow: number } | { ok: false; reason: string } {
  const s = model.source;
  const part = (type: 'N' | 'A', leading: number) =>
    type === 'A'
      ? `(-?(?:${ALPHA.split('')
          .map((c) => `${c}+`)
          .join('|')}))`
      : `(-?[0-9]{${Math.max(0, leading) + 1},})`;
  // VASSAL's "column" part uses the h* attributes, its "row" part the v* attributes.
  const columnPart = part(s.hType, s.hLeading);
  const rowPart = part(s.vType, s.vLeading);
  const gridLocation = s.first === 'H' ? `${columnPart}${escapeRegExp(s.sep)}${rowPart}` : `${rowPart}${escapeRegExp(s.sep)}${columnPart}`;
  const roles: ('column' | 'row')[] = [];
  let pattern = '^';
  s.locationFormat.split('$').forEach((piece, i) => {
    if (i % 2 === 0) pattern += escapeRegExp(piece);
    else if (piece === 'gridLocation') {
      pattern += gridLocation;
      roles.push(...(s.first === 'H' ? (['column', 'row'] as const) : (['row', 'column'] as const)));
    } else if (piece === 'column') {
      pattern += columnPart;
      roles.push('column');
    } else if (piece === 'row') {
      pattern += rowPart;
      roles.push('row');
    } else pattern += '.*?';
  });
  const match = new RegExp(`${pattern}$`).exec(name);
  if (match === null || !roles.includes('column') || !roles.includes('row')) {
    return { ok: false, reason: `"${name}" is not a location of this grid (format "${s.locationFormat}")` };
  }
  const value = (text: string, type: 'N' | 'A') => {
    if (type === 'N') return Number.parseInt(text, 10);
    const negative = text.startsWith('-');
    const letters = negative ? text.slice(1) : text;
    const v = 26 * (letters.length - 1) + ALPHA.indexOf(letters[0]);
    return negative ? -v : v;
  };
  let vassalColumn = 0;
  let vassalRow = 0;
  roles.forEach((role, i) => {
    if (role === 'column') vassalColumn = value(match[i + 1], s.hType);
    else vassalRow = value(match[i + 1], s.vType);
  });
  return { ok: true, vassalColumn, vassalRow };
}

/**
 * The printed extent covering every hex whose centre lies on a board of the given size
 * (0 ≤ x ≤ width, 0 ≤ y ≤ height), with diagnostics when those numbers do not fit the ids.
 * Undefined extent when no hex centre lies on the board.
 */
export function extentOnBoard(
  model: VassalGridModel,
  width: number,
  height: number,
  /** Centres closer than this to an edge do not count (a board's blank margin), pixels. */
  inset = 0,
): { extent: MapExtent | undefined; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const l = model.layout;
  // The corners of the board bound the axial range to search; pad by one hex for safety.
  const corners = [
    pixelToHex(l, { x: 0, y: 0 }),
    pixelToHex(l, { x: width, y: 0 }),
    pixelToHex(l, { x: 0, y: height }),
    pixelToHex(l, { x: width, y: height }),
  ].map((h) => axialToOffset(model.numbering, h));
  const minColumn = Math.min(...corners.map((c) => c.column)) - 1;
  const maxColumn = Math.max(...corners.map((c) => c.column)) + 1;
  const minRow = Math.min(...corners.map((c) => c.row)) - 1;
  const maxRow = Math.max(...corners.map((c) => c.row)) + 1;
  const cells = (maxColumn - minColumn + 1) * (maxRow - minRow + 1);
  if (!(cells <= MAX_GRID_CELLS) || !(width <= MAX_GRID_PIXELS && height <= MAX_GRID_PIXELS)) {
    diagnostics.push({
      code: 'vassal/grid-too-large',
      severity: 'error',
      message: `the board (${width} × ${height} px) holds more than ${MAX_GRID_CELLS} hexes of this grid; its extent is not searched`,
      hint: 'check the board size and the HexGrid spacing',
    });
    return { extent: undefined, diagnostics };
  }
  let extent: MapExtent | undefined;
  for (let column = minColumn; column <= maxColumn; column++) {
    for (let row = minRow; row <= maxRow; row++) {
      const p = hexCenter(l, offsetToAxial(model.numbering, column, row));
      if (p.x < inset || p.y < inset || p.x > width - inset || p.y > height - inset) continue;
      if (extent === undefined) extent = { columns: { first: column, last: column }, rows: { first: row, last: row } };
      extent.columns.first = Math.min(extent.columns.first, column);
      extent.columns.last = Math.max(extent.columns.last, column);
      extent.rows.first = Math.min(extent.rows.first, row);
      extent.rows.last = Math.max(extent.rows.last, row);
    }
  }
  if (extent !== undefined) {
    const largest = 10 ** model.numbering.digits - 1;
    if (extent.columns.first < 0 || extent.rows.first < 0) {
      diagnostics.push({
        code: 'vassal/negative-hex-numbers',
        severity: 'warning',
        message: `hexes on the board have negative numbers (columns from ${extent.columns.first}, rows from ${extent.rows.first}); they have no Hexforge id`,
      });
    }
    if (extent.columns.last > largest || extent.rows.last > largest) {
      diagnostics.push({
        code: 'vassal/hex-numbers-too-wide',
        severity: 'warning',
        message: `hexes on the board reach column ${extent.columns.last}, row ${extent.rows.last}, more than ${model.numbering.digits} digits`,
      });
    }
  }
  return { extent, diagnostics };
}

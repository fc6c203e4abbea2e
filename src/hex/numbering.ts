/**
 * Printed hex ids ⇄ axial coordinates.
 *
 * A map prints each hex as two numbers, a column and a row ("0510" = column 05, row 10 in the
 * common column-row scheme). Which columns (flat maps) or rows (pointy maps) are shifted by half
 * a hex is given by the parity of the PRINTED number, so the scheme does not care whether a map
 * starts at 00, 01 or anywhere else.
 *
 * Axial mapping (documented because every module relies on it):
 * - flat:   q = printed column, r = row − ⌊(column + k)/2⌋ with k = 1 for 'odd-up', 0 for 'even-up'
 * - pointy: r = printed row,    q = column − ⌊(row + k)/2⌋ with k = 0 for 'odd-right', 1 for 'even-right'
 * Printed columns grow to the right and printed rows grow downwards on both orientations.
 */
import type { Diagnostic } from '../diagnostics';
import type { Hex } from './axial';
import type { Orientation } from './directions';

export type Stagger = 'odd-up' | 'even-up' | 'odd-right' | 'even-right';

export interface HexNumbering {
  /** Flat-topped hexes stand in columns; pointy-topped hexes lie in rows. */
  orientation: Orientation;
  /** Which number is printed first in an id ("XXYY" = column-row). */
  order: 'column-row' | 'row-column';
  /** Digits per part, zero padded: 2 → "0510"; 3 → "005010". */
  digits: number;
  /** Between the two parts; default "" ("12.05" uses "."). */
  separator?: string;
  /**
   * Flat maps: which printed column numbers sit half a hex higher than their neighbours
   * ('odd-up' = columns 1, 3, 5… are higher). Pointy maps: which printed row numbers are shifted
   * half a hex to the right.
   */
  stagger: Stagger;
}

/** A printed (column, row) pair. */
export interface OffsetCoord {
  column: number;
  row: number;
}

export type HexIdResult = { ok: true; hex: Hex } | { ok: false; reason: string };

/** Largest supported digits per part; keeps axial coordinates inside the `hexKey` range. */
export const MAX_DIGITS = 4;

function floorHalf(n: number): number {
  return Math.floor(n / 2);
}

/** Printed (column, row) → axial. Works for any integers, on or off the map. */
export function offsetToAxial(numbering: HexNumbering, column: number, row: number): Hex {
  return { q: axialQ(numbering, column, row), r: axialR(numbering, column, row) };
}

/** The q of `offsetToAxial`, without an object (for loops over every hex of a map). */
export function axialQ(numbering: HexNumbering, column: number, row: number): number {
  return numbering.orientation === 'flat' ? column : column - floorHalf(row + (numbering.stagger === 'even-right' ? 1 : 0));
}

/** The r of `offsetToAxial`, without an object. */
export function axialR(numbering: HexNumbering, column: number, row: number): number {
  return numbering.orientation === 'flat' ? row - floorHalf(column + (numbering.stagger === 'odd-up' ? 1 : 0)) : row;
}

/** Axial → printed (column, row). */
export function axialToOffset(numbering: HexNumbering, h: Hex): OffsetCoord {
  if (numbering.orientation === 'flat') {
    const k = numbering.stagger === 'odd-up' ? 1 : 0;
    return { column: h.q, row: h.r + floorHalf(h.q + k) };
  }
  const k = numbering.stagger === 'even-right' ? 1 : 0;
  return { column: h.q + floorHalf(h.r + k), row: h.r };
}

/** Printed column of an axial hex (no allocation). */
export function printedColumn(numbering: HexNumbering, h: Hex): number {
  if (numbering.orientation === 'flat') return h.q;
  return h.q + floorHalf(h.r + (numbering.stagger === 'even-right' ? 1 : 0));
}

/** Printed row of an axial hex (no allocation). */
export function printedRow(numbering: HexNumbering, h: Hex): number {
  if (numbering.orientation === 'pointy') return h.r;
  return h.r + floorHalf(h.q + (numbering.stagger === 'odd-up' ? 1 : 0));
}

function padPart(n: number, digits: number): string | undefined {
  if (!Number.isInteger(n) || n < 0) return undefined;
  const text = String(n);
  if (text.length > digits) return undefined;
  return text.padStart(digits, '0');
}

/** One printed number as it appears in an id (zero padded), or undefined when it has no such form. */
export function tryFormatIdPart(numbering: HexNumbering, n: number): string | undefined {
  return padPart(n, numbering.digits);
}

/** Formats printed numbers as an id, or undefined when a number is negative or too wide for `digits`. */
export function tryFormatOffsetId(numbering: HexNumbering, column: number, row: number): string | undefined {
  const c = padPart(column, numbering.digits);
  const r = padPart(row, numbering.digits);
  if (c === undefined || r === undefined) return undefined;
  const sep = numbering.separator ?? '';
  return numbering.order === 'column-row' ? c + sep + r : r + sep + c;
}

/** The printed id of a hex, or undefined when it cannot be printed (negative or too many digits). */
export function tryFormatHexId(numbering: HexNumbering, h: Hex): string | undefined {
  return tryFormatOffsetId(numbering, printedColumn(numbering, h), printedRow(numbering, h));
}

/**
 * The printed id of a hex. Throws a RangeError when the hex has no printable id (a negative
 * printed number, or more digits than the scheme has): callers format on-map hexes only, so that
 * is a bug, not bad input. Use `tryFormatHexId` for hexes that may lie off the map.
 */
export function formatHexId(numbering: HexNumbering, h: Hex): string {
  const id = tryFormatHexId(numbering, h);
  if (id === undefined) {
    throw new RangeError(
      `hex (q=${h.q}, r=${h.r}) = column ${printedColumn(numbering, h)}, row ${printedRow(numbering, h)} ` +
        `has no ${numbering.digits}-digit id`,
    );
  }
  return id;
}

/** An example id of the scheme, for messages: column 5, row 10. */
export function exampleHexId(numbering: HexNumbering): string {
  const column = Math.min(5, 10 ** numbering.digits - 1);
  const row = Math.min(10, 10 ** numbering.digits - 1);
  return tryFormatOffsetId(numbering, column, row) ?? '';
}

/** Parses `digits` ASCII digits at `start`; -1 when any character is not a digit. */
function parseDigits(text: string, start: number, digits: number): number {
  let value = 0;
  for (let i = start; i < start + digits; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

function expectedIdShape(numbering: HexNumbering): string {
  const sep = numbering.separator ?? '';
  return `expected ${numbering.digits} digits per part${sep ? ` separated by "${sep}"` : ''}, like "${exampleHexId(numbering)}"`;
}

/**
 * Parses a printed id strictly: exact length, ASCII digits only, the separator where the scheme
 * puts it. Never throws; a failure carries a human reason.
 */
export function parseOffsetId(
  numbering: HexNumbering,
  text: string,
): { ok: true; column: number; row: number } | { ok: false; reason: string } {
  const sep = numbering.separator ?? '';
  const digits = numbering.digits;
  if (typeof text !== 'string') return { ok: false, reason: `a hex id must be a string; ${expectedIdShape(numbering)}` };
  if (text.length !== digits * 2 + sep.length) {
    return { ok: false, reason: `"${text}" is not a hex id: wrong length; ${expectedIdShape(numbering)}` };
  }
  const first = parseDigits(text, 0, digits);
  if (sep && text.slice(digits, digits + sep.length) !== sep) {
    return { ok: false, reason: `"${text}" is not a hex id: separator missing; ${expectedIdShape(numbering)}` };
  }
  const second = parseDigits(text, digits + sep.length, digits);
  if (first < 0 || second < 0) {
    return { ok: false, reason: `"${text}" is not a hex id: only digits 0-9 are allowed; ${expectedIdShape(numbering)}` };
  }
  return numbering.order === 'column-row' ? { ok: true, column: first, row: second } : { ok: true, column: second, row: first };
}

/**
 * One printed number of a well-formed id (`part` 0 is the number printed first), or −1 when the
 * text is not an id of the scheme: `parseOffsetId` without its result object, for lookups that
 * run once per hex of a big map. `parseOffsetId` says what is wrong with an id.
 */
export function idPartNumber(numbering: HexNumbering, text: string, part: 0 | 1): number {
  if (typeof text !== 'string' || text.length !== idLength(numbering)) return -1;
  return idPartNumberAt(numbering, text, 0, part);
}

/** Length of every printed id of the scheme. */
export function idLength(numbering: HexNumbering): number {
  return numbering.digits * 2 + (numbering.separator ?? '').length;
}

/**
 * `idPartNumber` of the id written in `text` from `start` (its `idLength` characters), so an id
 * inside a longer reference ("0101/0102") is read without cutting it out.
 */
export function idPartNumberAt(numbering: HexNumbering, text: string, start: number, part: 0 | 1): number {
  const sep = numbering.separator ?? '';
  const digits = numbering.digits;
  if (sep && !text.startsWith(sep, start + digits)) return -1;
  return parseDigits(text, start + (part === 0 ? 0 : digits + sep.length), digits);
}

/** Parses a printed id into an axial hex. Never throws. */
export function parseHexId(numbering: HexNumbering, text: string): HexIdResult {
  const parsed = parseOffsetId(numbering, text);
  if (!parsed.ok) return parsed;
  return { ok: true, hex: offsetToAxial(numbering, parsed.column, parsed.row) };
}

const ORIENTATIONS = ['flat', 'pointy'];
const ORDERS = ['column-row', 'row-column'];
const FLAT_STAGGERS = ['odd-up', 'even-up'];
const POINTY_STAGGERS = ['odd-right', 'even-right'];

/**
 * Checks a numbering scheme (which may come straight from JSON). Diagnostics carry JSON pointers
 * below `pointer` (the location of the numbering object in its file).
 */
export function validateNumbering(numbering: HexNumbering, pointer = ''): Diagnostic[] {
  const out: Diagnostic[] = [];
  const error = (field: string, message: string, hint?: string) =>
    out.push({ code: 'hex/bad-numbering', severity: 'error', message, pointer: `${pointer}/${field}`, ...(hint ? { hint } : {}) });
  const n = numbering as unknown as Record<string, unknown>;
  if (typeof n !== 'object' || n === null) {
    out.push({ code: 'hex/bad-numbering', severity: 'error', message: 'hex numbering must be an object', pointer });
    return out;
  }
  if (!ORIENTATIONS.includes(n.orientation as string)) {
    error('orientation', `orientation must be "flat" or "pointy", not ${JSON.stringify(n.orientation)}`);
  }
  if (!ORDERS.includes(n.order as string)) {
    error('order', `order must be "column-row" or "row-column", not ${JSON.stringify(n.order)}`);
  }
  if (!Number.isInteger(n.digits) || (n.digits as number) < 1 || (n.digits as number) > MAX_DIGITS) {
    error('digits', `digits must be a whole number from 1 to ${MAX_DIGITS}, not ${JSON.stringify(n.digits)}`);
  }
  if (n.separator !== undefined) {
    if (typeof n.separator !== 'string') {
      error('separator', `separator must be a string, not ${JSON.stringify(n.separator)}`);
    } else if (/[0-9]/.test(n.separator)) {
      error('separator', `separator "${n.separator}" contains a digit, so ids could not be split`);
    } else if (/[/:]|\.\./.test(n.separator)) {
      // "/" and ":" join ids in hexside references, ".." in ranges.
      error('separator', `separator "${n.separator}" contains "/", ":" or "..", which join hex ids in hexsides and ranges`);
    }
  }
  const stagger = n.stagger as string;
  if (n.orientation === 'flat' && !FLAT_STAGGERS.includes(stagger)) {
    error(
      'stagger',
      `a flat-topped map staggers its columns, so stagger must be "odd-up" or "even-up", not ${JSON.stringify(n.stagger)}`,
      POINTY_STAGGERS.includes(stagger) ? 'use "odd-up"/"even-up", or set orientation "pointy" if hexes lie in rows' : undefined,
    );
  }
  if (n.orientation === 'pointy' && !POINTY_STAGGERS.includes(stagger)) {
    error(
      'stagger',
      `a pointy-topped map staggers its rows, so stagger must be "odd-right" or "even-right", not ${JSON.stringify(n.stagger)}`,
      FLAT_STAGGERS.includes(stagger) ? 'use "odd-right"/"even-right", or set orientation "flat" if hexes stand in columns' : undefined,
    );
  }
  return out;
}

/**
 * Whether a printed column (flat) or printed row (pointy) sits half a hex further along the other
 * axis than its neighbours: lower on a flat map, further right on a pointy map.
 */
export function isHalfShifted(numbering: HexNumbering, printedNumber: number): boolean {
  const odd = ((printedNumber % 2) + 2) % 2 === 1;
  if (numbering.orientation === 'flat') return numbering.stagger === 'odd-up' ? !odd : odd;
  return numbering.stagger === 'odd-right' ? odd : !odd;
}

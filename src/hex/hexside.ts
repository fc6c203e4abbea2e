/**
 * Hexsides as first-class values. A hexside is named by the "doubled midpoint" of its two hexes,
 * a + b in axial coordinates: both hexes give the same sum, and no other pair does. Its parity
 * pattern (odd/even of each coordinate) is never (even, even), so it also tells which axis the
 * side lies across, which is how the two hexes are recovered from a key.
 */
import { AXIAL_DIRECTIONS, type AxialDirection, type Hex, axialDirectionBetween } from './axial';
import { type Direction, type Orientation, axialIndexOf, directionName, directionsOf } from './directions';
import { type MapExtent, containsHex } from './extent';
import { type HexNumbering, parseHexId, tryFormatHexId } from './numbering';

/** A hexside packed into one safe integer, for `Map`/`Set` keys. Distinct from a `HexKey`. */
export type HexsideKey = number & { readonly __brand: 'HexsideKey' };

// Doubled coordinates range over twice the hex range. The base lifts every hexside key above
// every hex key (< 2^32), so the two kinds can never be confused in one Map.
const SIDE_OFFSET = 65536;
const SIDE_SPAN = 131072;
const SIDE_BASE = 2 ** 40;

export type HexsideResult = { ok: true; key: HexsideKey; hexes: [Hex, Hex] } | { ok: false; reason: string };

function packSide(sq: number, sr: number): HexsideKey {
  return (SIDE_BASE + (sq + SIDE_OFFSET) * SIDE_SPAN + (sr + SIDE_OFFSET)) as HexsideKey;
}

/** The side of `h` facing axial direction `dir`. */
export function hexsideOf(h: Hex, dir: AxialDirection): HexsideKey {
  const d = AXIAL_DIRECTIONS[dir];
  return packSide(2 * h.q + d.q, 2 * h.r + d.r);
}

/** The side shared by two adjacent hexes, or undefined when they are not adjacent. */
export function hexsideBetween(a: Hex, b: Hex): HexsideKey | undefined {
  return hexsideBetweenCoords(a.q, a.r, b.q, b.r);
}

/** `hexsideBetween` of the hexes (aq, ar) and (bq, br), without hex objects (thousands of sides on a big map). */
export function hexsideBetweenCoords(aq: number, ar: number, bq: number, br: number): HexsideKey | undefined {
  const dq = bq - aq;
  const dr = br - ar;
  if (Math.abs(dq) > 1 || Math.abs(dr) > 1 || Math.abs(dq + dr) > 1 || (dq === 0 && dr === 0)) return undefined;
  return packSide(aq + bq, ar + br);
}

/** The six sides of a hex, in `AXIAL_DIRECTIONS` order. */
export function hexsidesOf(h: Hex): HexsideKey[] {
  const out: HexsideKey[] = new Array(6);
  for (let i = 0; i < 6; i++) {
    const d = AXIAL_DIRECTIONS[i];
    out[i] = packSide(2 * h.q + d.q, 2 * h.r + d.r);
  }
  return out;
}

/** The doubled midpoint (a + b) of a hexside key. */
export function hexsideDoubled(key: HexsideKey): { q: number; r: number } {
  const packed = key - SIDE_BASE;
  return { q: Math.floor(packed / SIDE_SPAN) - SIDE_OFFSET, r: (packed % SIDE_SPAN) - SIDE_OFFSET };
}

/**
 * The two hexes of a side, in a fixed order: the second is the first's neighbour in axial
 * direction 0 (+q), 5 (+r) or 1 (+q −r). Throws for a number that is not a hexside key (a bug).
 */
export function hexsideHexes(key: HexsideKey): [Hex, Hex] {
  const s = hexsideDoubled(key);
  const oddQ = (s.q & 1) !== 0;
  const oddR = (s.r & 1) !== 0;
  let dq: number;
  let dr: number;
  if (oddQ && !oddR) [dq, dr] = [1, 0];
  else if (!oddQ && oddR) [dq, dr] = [0, 1];
  else if (oddQ && oddR) [dq, dr] = [1, -1];
  else throw new RangeError(`${key} is not a hexside key`);
  return [
    { q: (s.q - dq) / 2, r: (s.r - dr) / 2 },
    { q: (s.q + dq) / 2, r: (s.r + dr) / 2 },
  ];
}

/** Whether adjacent hexes `a`, `b` are in the order `hexsideHexes` gives their side's hexes (b = a + direction 0, 5 or 1). */
export function inHexsideOrder(a: Hex, b: Hex): boolean {
  return inHexsideOrderCoords(a.q, a.r, b.q, b.r);
}

/** `inHexsideOrder` of the hexes (aq, ar) and (bq, br), without hex objects. */
export function inHexsideOrderCoords(aq: number, ar: number, bq: number, br: number): boolean {
  const dq = bq - aq;
  return dq > 0 || (dq === 0 && br > ar);
}

/** Whether a number is a valid hexside key (and not, say, a hex key). */
export function isHexsideKey(key: number): key is HexsideKey {
  const packed = key - SIDE_BASE;
  if (!Number.isSafeInteger(packed) || packed < 0 || packed >= SIDE_SPAN * SIDE_SPAN) return false;
  const q = Math.floor(packed / SIDE_SPAN);
  const r = packed % SIDE_SPAN;
  // SIDE_OFFSET is even, so parity survives the offset.
  return (q & 1) !== 0 || (r & 1) !== 0;
}

/** The named direction from hex `h` to the side `key`, or undefined when `h` is not on that side. */
export function hexsideDirectionFrom(orientation: Orientation, h: Hex, key: HexsideKey): Direction | undefined {
  const s = hexsideDoubled(key);
  const index = axialDirectionBetween({ q: 0, r: 0 }, { q: s.q - 2 * h.q, r: s.r - 2 * h.r });
  return index === -1 ? undefined : directionName(orientation, index);
}

/**
 * Parses a hexside reference: "0101/0102" (two adjacent hex ids) or "0101:NE" (a hex and a
 * direction of the map's orientation, for sides on the map edge). Never throws.
 */
export function parseHexside(numbering: HexNumbering, text: string): HexsideResult {
  if (typeof text !== 'string') return { ok: false, reason: 'a hexside must be a string like "0101/0102" or "0101:NE"' };
  const slash = text.split('/');
  const colon = text.split(':');
  if (slash.length === 2 && colon.length === 1) {
    const a = parseHexId(numbering, slash[0]);
    if (!a.ok) return { ok: false, reason: `in hexside "${text}": ${a.reason}` };
    const b = parseHexId(numbering, slash[1]);
    if (!b.ok) return { ok: false, reason: `in hexside "${text}": ${b.reason}` };
    const key = hexsideBetween(a.hex, b.hex);
    if (key === undefined) return { ok: false, reason: `"${text}" is not a hexside: ${slash[0]} and ${slash[1]} are not adjacent` };
    return { ok: true, key, hexes: [a.hex, b.hex] };
  }
  if (colon.length === 2 && slash.length === 1) {
    const a = parseHexId(numbering, colon[0]);
    if (!a.ok) return { ok: false, reason: `in hexside "${text}": ${a.reason}` };
    const names = directionsOf(numbering.orientation);
    const dir = colon[1] as Direction;
    const index = names.includes(dir) ? axialIndexOf(numbering.orientation, dir) : -1;
    if (index === -1) {
      return {
        ok: false,
        reason: `"${text}" is not a hexside: "${colon[1]}" is not a side of a ${numbering.orientation}-topped hex (use ${names.join(', ')})`,
      };
    }
    const d = AXIAL_DIRECTIONS[index];
    const other = { q: a.hex.q + d.q, r: a.hex.r + d.r };
    return { ok: true, key: hexsideOf(a.hex, index), hexes: [a.hex, other] };
  }
  return { ok: false, reason: `"${text}" is not a hexside: write "0101/0102" (two adjacent hexes) or "0101:NE" (a hex and a side)` };
}

/**
 * Writes a hexside as "A/B" with both ids printable and (when an extent is given) on the map, the
 * smaller id first; otherwise as "A:DIR" from the hex that is. Undefined when neither hex qualifies.
 */
export function formatHexside(numbering: HexNumbering, key: HexsideKey, extent?: MapExtent): string | undefined {
  const [a, b] = hexsideHexes(key);
  const usable = (h: Hex) => (extent === undefined || containsHex(numbering, extent, h) ? tryFormatHexId(numbering, h) : undefined);
  const idA = usable(a);
  const idB = usable(b);
  if (idA !== undefined && idB !== undefined) return idA < idB ? `${idA}/${idB}` : `${idB}/${idA}`;
  const [from, id] = idA !== undefined ? [a, idA] : idB !== undefined ? [b, idB] : [undefined, undefined];
  if (from === undefined || id === undefined) return undefined;
  return `${id}:${hexsideDirectionFrom(numbering.orientation, from, key)}`;
}

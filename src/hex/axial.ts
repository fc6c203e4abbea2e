/**
 * Axial hex coordinates: the one coordinate system every other module works in.
 *
 * A hex is `{ q, r }`; the third cube coordinate `s = -q - r` is derived when needed.
 * Axial coordinates do not know about orientation: the same `{ q, r }` is a flat-topped or a
 * pointy-topped hex depending on the layout that draws it (see `layout.ts`), and printed ids are
 * a separate concern (see `numbering.ts`).
 */

export interface Hex {
  readonly q: number;
  readonly r: number;
}

/** A hex packed into one safe integer, for `Map`/`Set` keys. Distinct from a `HexsideKey`. */
export type HexKey = number & { readonly __brand: 'HexKey' };

/** Axial coordinates of every hex must lie in this half-open range for `hexKey` to be unique. */
export const HEX_COORD_LIMIT = 32768;
const KEY_SPAN = 65536;

export function hex(q: number, r: number): Hex {
  return { q, r };
}

/** The derived cube coordinate. */
export function hexS(h: Hex): number {
  return -h.q - h.r;
}

export function hexAdd(a: Hex, b: Hex): Hex {
  return { q: a.q + b.q, r: a.r + b.r };
}

export function hexSubtract(a: Hex, b: Hex): Hex {
  return { q: a.q - b.q, r: a.r - b.r };
}

export function hexScale(h: Hex, factor: number): Hex {
  return { q: h.q * factor, r: h.r * factor };
}

export function hexEquals(a: Hex, b: Hex): boolean {
  return a.q === b.q && a.r === b.r;
}

/**
 * Packs a hex into a non-negative safe integer. Offsetting both coordinates keeps negative values
 * apart without bit tricks (`<<` would wrap at 32 bits). Valid for |q|, |r| < 32768.
 */
export function hexKey(h: Hex): HexKey {
  return ((h.q + HEX_COORD_LIMIT) * KEY_SPAN + (h.r + HEX_COORD_LIMIT)) as HexKey;
}

export function hexFromKey(key: HexKey): Hex {
  const r = (key % KEY_SPAN) - HEX_COORD_LIMIT;
  const q = Math.floor(key / KEY_SPAN) - HEX_COORD_LIMIT;
  return { q, r };
}

/** Number of steps between two hexes. */
export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/**
 * The six axial unit vectors, indexed 0..5. Index 0 is +q; the order turns counter-clockwise on a
 * y-down screen. Named directions (`directions.ts`) map onto these indices per orientation.
 */
export const AXIAL_DIRECTIONS: readonly Hex[] = Object.freeze([
  Object.freeze({ q: 1, r: 0 }),
  Object.freeze({ q: 1, r: -1 }),
  Object.freeze({ q: 0, r: -1 }),
  Object.freeze({ q: -1, r: 0 }),
  Object.freeze({ q: -1, r: 1 }),
  Object.freeze({ q: 0, r: 1 }),
]);

/** Index (0..5) into `AXIAL_DIRECTIONS`. */
export type AxialDirection = 0 | 1 | 2 | 3 | 4 | 5;

export function oppositeAxialDirection(dir: AxialDirection): AxialDirection {
  return ((dir + 3) % 6) as AxialDirection;
}

export function neighbor(h: Hex, dir: AxialDirection): Hex {
  const d = AXIAL_DIRECTIONS[dir];
  return { q: h.q + d.q, r: h.r + d.r };
}

/** The six neighbours, in `AXIAL_DIRECTIONS` order. */
export function neighbors(h: Hex): Hex[] {
  const out: Hex[] = new Array(6);
  for (let i = 0; i < 6; i++) {
    const d = AXIAL_DIRECTIONS[i];
    out[i] = { q: h.q + d.q, r: h.r + d.r };
  }
  return out;
}

/** The axial direction index from `a` to an adjacent `b`, or -1 when they are not adjacent. */
export function axialDirectionBetween(a: Hex, b: Hex): AxialDirection | -1 {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  for (let i = 0; i < 6; i++) {
    const d = AXIAL_DIRECTIONS[i];
    if (d.q === dq && d.r === dr) return i as AxialDirection;
  }
  return -1;
}

export function areAdjacent(a: Hex, b: Hex): boolean {
  return hexDistance(a, b) === 1;
}

/**
 * Rounds fractional axial coordinates to the nearest hex (cube rounding: round all three, then fix
 * the one that moved most so that q + r + s = 0 still holds).
 */
export function hexRound(fq: number, fr: number): Hex {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  // Normalise -0 so that results compare and print cleanly.
  return { q: q + 0, r: r + 0 };
}

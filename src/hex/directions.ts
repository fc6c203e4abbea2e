/**
 * Named compass directions. A flat-topped hex has sides facing N, NE, SE, S, SW, NW (there is no
 * E); a pointy-topped hex has sides facing NE, E, SE, SW, W, NW (there is no N). Lists run
 * clockwise on the printed map, starting at the top.
 */
import { AXIAL_DIRECTIONS, type AxialDirection, type Hex, axialDirectionBetween } from './axial';

export type Orientation = 'flat' | 'pointy';
export type FlatDirection = 'N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW';
export type PointyDirection = 'NE' | 'E' | 'SE' | 'SW' | 'W' | 'NW';
export type Direction = FlatDirection | PointyDirection;

export const FLAT_DIRECTIONS: readonly FlatDirection[] = Object.freeze(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
export const POINTY_DIRECTIONS: readonly PointyDirection[] = Object.freeze(['NE', 'E', 'SE', 'SW', 'W', 'NW']);

// Screen y grows downwards. Flat: +q is down-right (SE), -r is straight up (N).
// Pointy: +q is right (E), -r is up-right (NE). See AXIAL_DIRECTIONS for the index order.
const FLAT_TO_AXIAL: Readonly<Record<FlatDirection, AxialDirection>> = { SE: 0, NE: 1, N: 2, NW: 3, SW: 4, S: 5 };
const POINTY_TO_AXIAL: Readonly<Record<PointyDirection, AxialDirection>> = { E: 0, NE: 1, NW: 2, W: 3, SW: 4, SE: 5 };
const AXIAL_TO_FLAT: readonly FlatDirection[] = ['SE', 'NE', 'N', 'NW', 'SW', 'S'];
const AXIAL_TO_POINTY: readonly PointyDirection[] = ['E', 'NE', 'NW', 'W', 'SW', 'SE'];

const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  N: 'S',
  S: 'N',
  NE: 'SW',
  SW: 'NE',
  SE: 'NW',
  NW: 'SE',
  E: 'W',
  W: 'E',
};

/** The six direction names of an orientation, clockwise from the top. */
export function directionsOf(orientation: Orientation): readonly Direction[] {
  return orientation === 'flat' ? FLAT_DIRECTIONS : POINTY_DIRECTIONS;
}

export function isDirection(orientation: Orientation, name: string): name is Direction {
  return orientation === 'flat'
    ? Object.prototype.hasOwnProperty.call(FLAT_TO_AXIAL, name)
    : Object.prototype.hasOwnProperty.call(POINTY_TO_AXIAL, name);
}

/** The opposite direction; the pairs are the same on both orientations. */
export function opposite<D extends Direction>(dir: D): D {
  return OPPOSITE[dir] as D;
}

/** Axial index of a named direction, or -1 when the name does not exist on that orientation (E on a flat map). */
export function axialIndexOf(orientation: Orientation, dir: Direction): AxialDirection | -1 {
  const table: Readonly<Record<string, AxialDirection>> = orientation === 'flat' ? FLAT_TO_AXIAL : POINTY_TO_AXIAL;
  return Object.prototype.hasOwnProperty.call(table, dir) ? table[dir] : -1;
}

/** The axial unit vector of a named direction, or undefined when it does not exist on that orientation. */
export function directionVector(orientation: Orientation, dir: Direction): Hex | undefined {
  const index = axialIndexOf(orientation, dir);
  return index === -1 ? undefined : AXIAL_DIRECTIONS[index];
}

/** The name of an axial direction index on an orientation. */
export function directionName(orientation: Orientation, index: AxialDirection): Direction {
  return orientation === 'flat' ? AXIAL_TO_FLAT[index] : AXIAL_TO_POINTY[index];
}

/** The neighbour of `h` in a named direction, or undefined when the name does not exist on that orientation. */
export function step(orientation: Orientation, h: Hex, dir: Direction): Hex | undefined {
  const d = directionVector(orientation, dir);
  return d === undefined ? undefined : { q: h.q + d.q, r: h.r + d.r };
}

/** The named direction from `a` to an adjacent `b`, or undefined when they are not adjacent. */
export function directionBetween(orientation: Orientation, a: Hex, b: Hex): Direction | undefined {
  const index = axialDirectionBetween(a, b);
  return index === -1 ? undefined : directionName(orientation, index);
}

/** Sides (and neighbours) of a hex. Direction indices run 0..5 around it, consecutive indices being adjacent sides. */
export const HEX_SIDES = 6;

/** The direction index opposite `d` (the same hexside seen from the neighbour). */
export function oppositeSide(d: number): number {
  return (d + HEX_SIDES / 2) % HEX_SIDES;
}

/** Two directions of the set that point opposite ways, if any. */
export function oppositePair(directions: Iterable<number>): [number, number] | undefined {
  const set = new Set(directions);
  for (const d of set) {
    const o = oppositeSide(d);
    if (set.has(o)) return [d, o];
  }
  return undefined;
}

/** Three directions of the set with one side between each and the next, if any. */
export function alternatingTriple(directions: Iterable<number>): [number, number, number] | undefined {
  const set = new Set(directions);
  const step = HEX_SIDES / 3;
  for (const d of set) {
    const b = (d + step) % HEX_SIDES;
    const c = (d + 2 * step) % HEX_SIDES;
    if (set.has(b) && set.has(c)) return [d, b, c];
  }
  return undefined;
}

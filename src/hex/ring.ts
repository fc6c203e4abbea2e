/**
 * Rings, spirals and ranges around a hex.
 */
import { AXIAL_DIRECTIONS, type Hex } from './axial';

/**
 * The hexes at exactly `radius` steps from `center`: 6·radius hexes (just the centre for radius 0).
 * Starts at center + radius·(axial direction 4) and walks the ring through directions 0…5.
 */
export function hexRing(center: Hex, radius: number): Hex[] {
  if (!Number.isInteger(radius) || radius < 0) throw new RangeError(`ring radius must be a whole number ≥ 0, not ${radius}`);
  if (radius === 0) return [{ q: center.q, r: center.r }];
  const out: Hex[] = new Array(6 * radius);
  const start = AXIAL_DIRECTIONS[4];
  let q = center.q + start.q * radius;
  let r = center.r + start.r * radius;
  let i = 0;
  for (let side = 0; side < 6; side++) {
    const d = AXIAL_DIRECTIONS[side];
    for (let k = 0; k < radius; k++) {
      out[i++] = { q, r };
      q += d.q;
      r += d.r;
    }
  }
  return out;
}

/** All hexes within `radius` of `center`, ring by ring from the centre outwards (1 + 3·r·(r+1) hexes). */
export function hexSpiral(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) {
    for (const h of hexRing(center, k)) out.push(h);
  }
  return out;
}

/** All hexes within `radius` of `center`, ordered by q then r. */
export function hexRange(center: Hex, radius: number): Hex[] {
  if (!Number.isInteger(radius) || radius < 0) throw new RangeError(`range radius must be a whole number ≥ 0, not ${radius}`);
  const out: Hex[] = [];
  for (let dq = -radius; dq <= radius; dq++) {
    const low = Math.max(-radius, -dq - radius);
    const high = Math.min(radius, -dq + radius);
    for (let dr = low; dr <= high; dr++) out.push({ q: center.q + dq, r: center.r + dr });
  }
  return out;
}

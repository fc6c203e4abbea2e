/** Every hex within `radius` of `center`, by brute force over a square of axial coordinates (an oracle for ring/range tests). */
import { type Hex, hexDistance } from '../../src/hex/axial';

export function hexesWithinBruteForce(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let q = center.q - radius; q <= center.q + radius; q++) {
    for (let r = center.r - radius; r <= center.r + radius; r++) {
      if (hexDistance(center, { q, r }) <= radius) out.push({ q, r });
    }
  }
  return out;
}

import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../src/hex/axial';
import {
  FLAT_DIRECTIONS,
  POINTY_DIRECTIONS,
  directionBetween,
  directionVector,
  directionsOf,
  isDirection,
  opposite,
  step,
} from '../../src/hex/directions';
import { createLayout, hexCenter } from '../../src/hex/layout';

describe('named directions', () => {
  it('lists six names per orientation; flat has no E/W, pointy has no N/S', () => {
    expect(directionsOf('flat')).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    expect(directionsOf('pointy')).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW']);
    expect(isDirection('flat', 'E')).toBe(false);
    expect(isDirection('pointy', 'N')).toBe(false);
    expect(directionVector('flat', 'E')).toBeUndefined();
    expect(directionVector('pointy', 'S')).toBeUndefined();
    expect(step('flat', { q: 0, r: 0 }, 'W')).toBeUndefined();
  });

  it('pairs opposites', () => {
    expect(opposite('N')).toBe('S');
    expect(opposite('NE')).toBe('SW');
    expect(opposite('SE')).toBe('NW');
    expect(opposite('E')).toBe('W');
    for (const d of [...FLAT_DIRECTIONS, ...POINTY_DIRECTIONS]) expect(opposite(opposite(d))).toBe(d);
  });

  // Independent check of the vectors: the compass bearing of each neighbour's centre on screen
  // (y down) must match its name. Bearings: N 0°, NE 60° (flat) / 30° (pointy), E 90°, …
  const bearing = { N: 0, NE: NaN, E: 90, SE: NaN, S: 180, SW: NaN, W: 270, NW: NaN } as Record<string, number>;
  const flatBearing: Record<string, number> = { ...bearing, NE: 60, SE: 120, SW: 240, NW: 300 };
  const pointyBearing: Record<string, number> = { ...bearing, NE: 30, SE: 150, SW: 210, NW: 330 };

  for (const [orientation, table] of [
    ['flat', flatBearing],
    ['pointy', pointyBearing],
  ] as const) {
    it(`points each ${orientation} direction at the right compass bearing, opposite vectors cancel`, () => {
      const layout = createLayout(orientation, 1);
      for (const name of directionsOf(orientation)) {
        const v = directionVector(orientation, name)!;
        const o = directionVector(orientation, opposite(name))!;
        expect(hexDistance(v, { q: 0, r: 0 })).toBe(1);
        expect(v.q + o.q).toBe(0);
        expect(v.r + o.r).toBe(0);
        const p = hexCenter(layout, v);
        const degrees = ((Math.atan2(p.x, -p.y) * 180) / Math.PI + 360) % 360;
        expect(degrees).toBeCloseTo(table[name], 9);
        expect(directionBetween(orientation, { q: 4, r: -1 }, step(orientation, { q: 4, r: -1 }, name)!)).toBe(name);
      }
      expect(directionBetween(orientation, { q: 0, r: 0 }, { q: 2, r: 0 })).toBeUndefined();
    });
  }
});

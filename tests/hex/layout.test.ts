import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexDistance, neighbors } from '../../src/hex/axial';
import type { Orientation } from '../../src/hex/directions';
import type { MapExtent } from '../../src/hex/extent';
import { hexsideBetween, hexsidesOf } from '../../src/hex/hexside';
import {
  type Layout,
  type Point,
  createLayout,
  extentBounds,
  hexCenter,
  hexCorners,
  hexsideEndpoints,
  hexsideMidpoint,
  layoutForExtent,
  layoutFromSpacing,
  layoutSpacing,
  pixelToHex,
} from '../../src/hex/layout';
import { offsetToAxial } from '../../src/hex/numbering';
import { POINTY_ODD_RIGHT, XXYY_EVEN_UP, XXYY_ODD_UP, arbHex } from './arbitraries';

const SQRT3 = Math.sqrt(3);
const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const arbOrientation = fc.constantFrom<Orientation>('flat', 'pointy');
const arbLayout: fc.Arbitrary<Layout> = fc
  .record({
    orientation: arbOrientation,
    flat: fc.double({ min: 0.3, max: 200, noNaN: true }),
    stretch: fc.double({ min: 0.8, max: 1.25, noNaN: true }),
    x: fc.double({ min: -500, max: 500, noNaN: true }),
    y: fc.double({ min: -500, max: 500, noNaN: true }),
  })
  .map(({ orientation, flat, stretch, x, y }) => {
    const regular = createLayout(orientation, flat, { x, y });
    return { ...regular, sizeY: regular.sizeY * stretch };
  });

describe('layout, from first principles', () => {
  it('flat: hexes in a column are one flat-size apart, columns 3/4 of the corner-to-corner width', () => {
    const l = createLayout('flat', 1);
    const a = hexCenter(l, offsetToAxial(XXYY_ODD_UP, 1, 1));
    const below = hexCenter(l, offsetToAxial(XXYY_ODD_UP, 1, 2));
    const right = hexCenter(l, offsetToAxial(XXYY_ODD_UP, 2, 1));
    expect(below.x - a.x).toBeCloseTo(0, 12);
    expect(below.y - a.y).toBeCloseTo(1, 12);
    expect(right.x - a.x).toBeCloseTo(SQRT3 / 2, 12); // 0.75 × (2/√3)
    expect(right.y - a.y).toBeCloseTo(0.5, 12); // odd-up: column 2 is half a hex lower
    expect(layoutSpacing(l).y).toBeCloseTo(1, 12);
  });

  it('pointy: hexes in a row are one flat-size apart', () => {
    const l = createLayout('pointy', 2);
    const a = hexCenter(l, offsetToAxial(POINTY_ODD_RIGHT, 1, 1));
    const right = hexCenter(l, offsetToAxial(POINTY_ODD_RIGHT, 2, 1));
    const below = hexCenter(l, offsetToAxial(POINTY_ODD_RIGHT, 1, 2));
    expect(right.x - a.x).toBeCloseTo(2, 12);
    expect(right.y - a.y).toBeCloseTo(0, 12);
    expect(below.y - a.y).toBeCloseTo(SQRT3, 12);
    expect(below.x - a.x).toBeCloseTo(-1, 12); // row 1 is the right-shifted one
  });

  it('corners of a flat hex: east point first, then counter-clockwise on screen', () => {
    // Corner radius R = 1 when the size across flats is √3.
    const corners = hexCorners(createLayout('flat', SQRT3), { q: 0, r: 0 });
    const expected = [0, -60, -120, 180, 120, 60].map((deg) => ({
      x: Math.cos((deg * Math.PI) / 180),
      y: Math.sin((deg * Math.PI) / 180),
    }));
    corners.forEach((c, i) => {
      expect(c.x).toBeCloseTo(expected[i].x, 12);
      expect(c.y).toBeCloseTo(expected[i].y, 12);
    });
    const pointy = hexCorners(createLayout('pointy', SQRT3), { q: 0, r: 0 });
    expect(pointy[0].x).toBeCloseTo(SQRT3 / 2, 12);
    expect(pointy[0].y).toBeCloseTo(-0.5, 12);
  });

  it('places an extent at a margin (odd-up and even-up 2×1 maps)', () => {
    const twoByOne: MapExtent = { columns: { first: 1, last: 2 }, rows: { first: 1, last: 1 } };
    // R = 1: a hex is 2 wide and √3 tall; column 2 starts 1.5 to the right.
    const odd = layoutForExtent(XXYY_ODD_UP, twoByOne, SQRT3, { x: 10, y: 20 });
    const c1 = hexCenter(odd, offsetToAxial(XXYY_ODD_UP, 1, 1));
    const c2 = hexCenter(odd, offsetToAxial(XXYY_ODD_UP, 2, 1));
    expect([c1.x, c1.y, c2.x, c2.y].map((v) => +v.toFixed(9))).toEqual([11, +(20 + SQRT3 / 2).toFixed(9), 12.5, +(20 + SQRT3).toFixed(9)]);
    const b = extentBounds(odd, XXYY_ODD_UP, twoByOne);
    expect(b.minX).toBeCloseTo(10, 12);
    expect(b.minY).toBeCloseTo(20, 12);
    expect(b.maxX - b.minX).toBeCloseTo(3.5, 12);
    expect(b.maxY - b.minY).toBeCloseTo(1.5 * SQRT3, 12);
    const even = layoutForExtent(XXYY_EVEN_UP, twoByOne, SQRT3, { x: 10, y: 20 });
    expect(hexCenter(even, offsetToAxial(XXYY_EVEN_UP, 2, 1)).y).toBeCloseTo(20 + SQRT3 / 2, 12);
    expect(hexCenter(even, offsetToAxial(XXYY_EVEN_UP, 1, 1)).y).toBeCloseTo(20 + SQRT3, 12);
  });

  it('builds stretched layouts from centre spacings', () => {
    const l = layoutFromSpacing('flat', { x: 56, y: 64 }, { x: 40, y: 40 });
    expect(hexCenter(l, { q: 2, r: 0 })).toEqual({ x: 152, y: 104 });
    expect(layoutSpacing(layoutFromSpacing('pointy', { x: 64, y: 56 })).y).toBeCloseTo(56, 12);
  });
});

describe('layout properties', () => {
  it('pixel → hex inverts hex → pixel, also a little off centre', () => {
    fc.assert(
      fc.property(
        arbLayout,
        arbHex,
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.8, noNaN: true }),
        (l, h, angle, frac) => {
          const c = hexCenter(l, h);
          expect(pixelToHex(l, c)).toEqual(h);
          // Any point within 0.8 × the inner radius of the centre (scaled for stretch) is inside.
          const inner = Math.min(l.sizeX, l.sizeY) * (SQRT3 / 2) * frac;
          expect(pixelToHex(l, { x: c.x + inner * Math.cos(angle), y: c.y + inner * Math.sin(angle) })).toEqual(h);
        },
      ),
    );
  });

  it('corners lie at the corner radius and are shared by three hexes; side endpoints are shared corners', () => {
    fc.assert(
      fc.property(arbOrientation, fc.double({ min: 0.5, max: 100, noNaN: true }), arbHex, (o, flat, h) => {
        const l = createLayout(o, flat);
        const c = hexCenter(l, h);
        const corners = hexCorners(l, h);
        for (const p of corners) expect(dist(p, c) / (flat / SQRT3)).toBeCloseTo(1, 9);
        for (const n of neighbors(h)) {
          const shared = hexCorners(l, n).filter((p) => corners.some((q) => dist(p, q) < 1e-9 * flat + 1e-9));
          expect(shared).toHaveLength(2);
          const key = hexsideBetween(h, n)!;
          const [e1, e2] = hexsideEndpoints(l, key);
          expect(shared.some((p) => dist(p, e1) < 1e-6 * flat) && shared.some((p) => dist(p, e2) < 1e-6 * flat)).toBe(true);
          const mid = hexsideMidpoint(l, key);
          const nc = hexCenter(l, n);
          expect(dist(mid, { x: (c.x + nc.x) / 2, y: (c.y + nc.y) / 2 }) / flat).toBeLessThan(1e-9);
          expect(dist(mid, c) / flat).toBeCloseTo(0.5, 9);
        }
        expect(new Set(hexsidesOf(h)).size).toBe(6);
        expect(hexDistance(pixelToHex(l, corners[0]), h)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('the extent bounding box contains every hex centre and touches hexes on all four sides', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(XXYY_ODD_UP, XXYY_EVEN_UP, POINTY_ODD_RIGHT),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 6 }),
        (n, first, size) => {
          const e: MapExtent = { columns: { first, last: first + size }, rows: { first, last: first + size - 1 } };
          const l = layoutForExtent(n, e, 1, { x: 5, y: 7 });
          const b = extentBounds(l, n, e);
          expect(b.minX).toBeCloseTo(5, 9);
          expect(b.minY).toBeCloseTo(7, 9);
          const allCorners = [];
          for (let c = first; c <= first + size; c++)
            for (let r = first; r <= first + size - 1; r++) allCorners.push(...hexCorners(l, offsetToAxial(n, c, r)));
          expect(Math.max(...allCorners.map((p) => p.x))).toBeCloseTo(b.maxX, 9);
          expect(Math.max(...allCorners.map((p) => p.y))).toBeCloseTo(b.maxY, 9);
        },
      ),
    );
  });
});

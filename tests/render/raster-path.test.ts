import { describe, expect, it } from 'vitest';
import { Subpaths } from '../../src/render/raster-path';

function points(sp: Subpaths, k: number): number[][] {
  const out: number[][] = [];
  for (let i = sp.start[k]; i < sp.start[k] + sp.length[k]; i++) out.push([sp.xs[i], sp.ys[i]]);
  return out;
}

describe('raster path data', () => {
  it('reads every number exactly as Number() reads its text', () => {
    // Decimals as the drawing writes them (up to three places), long ones, exponents, signs.
    const texts: string[] = [];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const v = ((seed / 2147483648) * 2 - 1) * 10 ** ((i % 9) - 2);
      texts.push(String(Math.round(v * 1000) / 1000));
    }
    texts.push('0.1', '-0.3', '.5', '-.25', '1e-7', '2.5e21', '123456789012345678', '0.30000000000000004', '9007199254740993');
    if (texts.length % 2) texts.push('0');
    const sp = new Subpaths();
    sp.read(`M ${texts.join(' ')}`);
    const read = points(sp, 0).flat();
    expect(read).toEqual(texts.map(Number));
  });

  it('splits subpaths at M, closes them at Z and flattens curves to eight segments', () => {
    const sp = new Subpaths();
    sp.read('M0 0 L10 0 L10 10 Z M20 20 C20 28 28 28 28 20 M-1.5 2 3 4');
    expect(sp.count).toBe(3);
    expect(points(sp, 0)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
    ]);
    expect([...sp.closed.subarray(0, 3)]).toEqual([1, 0, 0]);
    const curve = points(sp, 1);
    expect(curve).toHaveLength(9);
    // Midpoint of the cubic (t = 1/2): (P0 + 3P1 + 3P2 + P3) / 8.
    expect(curve[4]).toEqual([24, 26]);
    expect(curve[8]).toEqual([28, 20]);
    // Coordinates after a move's first pair are line points.
    expect(points(sp, 2)).toEqual([
      [-1.5, 2],
      [3, 4],
    ]);
  });
});

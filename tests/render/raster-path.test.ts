import { describe, expect, it } from 'vitest';
import { PathData, num } from '../../src/render/path-data';
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

  it('reads a command list as the same points as its text, the text as each number printed', () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return ((seed / 2147483647) * 2 - 1) * 10 ** (seed % 5);
    };
    const path = new PathData();
    const expected: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const [a, b, c, d, e, f] = [random(), random(), random(), random(), random(), random()];
      // Lines straight after a Z start a subpath of their own, as in the text.
      const kind = i % 5;
      if (kind === 0) {
        path.moveTo(a, b);
        expected.push(`M${num(a)} ${num(b)}`);
      } else if (kind === 1 || kind === 3) {
        path.lineTo(a, b);
        expected.push(`L${num(a)} ${num(b)}`);
      } else if (kind === 2) {
        path.curveTo(a, b, c, d, e, f);
        expected.push(`C${[a, b, c, d, e, f].map(num).join(' ')}`);
      } else {
        path.close();
        expected.push('Z');
      }
    }
    path.circle(random(), random(), Math.abs(random()));
    expect(path.text().startsWith(expected.join(' '))).toBe(true);
    const fromText = new Subpaths();
    fromText.read(path.text());
    const fromCommands = new Subpaths();
    fromCommands.readCommands(path);
    expect(fromCommands.count).toBe(fromText.count);
    for (let k = 0; k < fromText.count; k++) {
      expect(points(fromCommands, k)).toEqual(points(fromText, k));
      expect(fromCommands.closed[k]).toBe(fromText.closed[k]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { num } from '../../src/render/drawing';

/** The definition: the double rounded to thousandths, as JavaScript prints it, "-0" as "0". */
function printed(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
}

describe('path data numbers', () => {
  it('print as the double rounded to thousandths prints', () => {
    const values = [0, -0, 0.0004, -0.0004, 0.0005, -0.0005, 0.001, 0.01, 0.1, 1.5, -2.25, 12.305, 1e12, 1e15, -1e15, 1e21, NaN, Infinity];
    let seed = 11;
    for (let i = 0; i < 200_000; i++) {
      seed = (seed * 16807) % 2147483647;
      const magnitude = 10 ** ((i % 14) - 5);
      values.push(((seed / 2147483647) * 2 - 1) * magnitude);
    }
    for (let m = -20_000; m <= 20_000; m++) values.push(m / 1000, m / 1000 + 0.0005);
    const wrong = values.filter((n) => num(n) !== printed(n));
    expect(wrong).toEqual([]);
  });

  it('has no exponent and at most three decimals', () => {
    expect([num(0.00049), num(-0.0005), num(1 / 3), num(-2 / 3), num(1234567.8), num(0.05)]).toEqual([
      '0',
      '0',
      '0.333',
      '-0.667',
      '1234567.8',
      '0.05',
    ]);
  });
});

/** VASSAL's square location names (SquareGridNumbering / RegularGridNumbering.getName), values worked out from its code by hand. */
import { expect, it } from 'vitest';
import { VASSAL_NUMBERING_DEFAULTS } from '../../src/vassal/grid';
import { readSquareGrid, squareLocationName } from '../../src/vassal/square-grid';

const grid = readSquareGrid({ dx: '10', dy: '10', x0: '0', y0: '0' })!;

it('letters run A…Z, then AA, BB … (VASSAL repeats the letter); numbers are padded to leading + 1 digits; first V puts the row first', () => {
  const numbering = {
    ...VASSAL_NUMBERING_DEFAULTS,
    first: 'V' as const,
    sep: '-',
    hType: 'A' as const,
    hLeading: 0,
    vLeading: 2,
    hOff: 0,
    vOff: 0,
  };
  // Column floor(265/10 + 0.5) = 27 → B, then 27 − 26 = 1 → B; row (int)(34/10 + 0.5) = 3 → "003".
  expect(squareLocationName(grid, numbering, { x: 265, y: 34 }, undefined)).toBe('003-BB');
  expect(squareLocationName(grid, numbering, { x: 255, y: 34 }, undefined)).toBe('003-AA');
});

it('descending numbering needs the board: without its size no name is given', () => {
  expect(squareLocationName(grid, { ...VASSAL_NUMBERING_DEFAULTS, vDescend: true }, { x: 5, y: 5 }, undefined)).toBeUndefined();
});

it("VASSAL's defaults: 48-pixel squares from (24, 24); a spacing that is no positive number gives no grid", () => {
  expect(readSquareGrid({})).toEqual({ dx: 48, dy: 48, x0: 24, y0: 24 });
  expect(readSquareGrid({ dx: '0' })).toBeUndefined();
});

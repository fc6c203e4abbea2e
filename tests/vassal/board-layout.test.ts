/**
 * VASSAL's layout of a map's boards (Map.setBoardBoundaries and getLocation): a board's origin lies
 * right of the widths of the boards before it in its own row and below the heights of those above it
 * in its own column; an empty cell counts 0. Expected origins are summed by hand from those rules.
 */
import { describe, expect, it } from 'vitest';
import { boardCellOrigins, setBoardsCommand } from '../../src/vassal/board-layout';

describe('board layout', () => {
  it('2×2 boards of four sizes: each origin sums its own row and its own column', () => {
    const cells = [
      { column: 0, row: 0, width: 100, height: 50 },
      { column: 1, row: 0, width: 200, height: 60 },
      { column: 0, row: 1, width: 120, height: 70 },
      { column: 1, row: 1, width: 80, height: 40 },
    ];
    // The lower right board lies right of the lower left one (120), below the upper right one (60).
    expect(boardCellOrigins(cells)).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 0, y: 50 },
      { x: 120, y: 60 },
    ]);
  });

  it('a board beside an empty cell lies at the left edge', () => {
    expect(boardCellOrigins([{ column: 1, row: 0, width: 300, height: 200 }])).toEqual([{ x: 0, y: 0 }]);
  });

  it("the SetBoards command names each board with its column and row (reference §5.2's BoardPicker command)", () => {
    const command = setBoardsCommand('Main Map', [
      { name: 'North', column: 0, row: 0 },
      { name: 'South', column: 0, row: 1 },
    ]);
    expect(command).toBe('Main MapBoardPicker\tNorth\t0\t0\tSouth\t0\t1');
  });
});

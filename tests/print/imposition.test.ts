import { describe, expect, it } from 'vitest';
import { MM, PAPER, type SheetSpec, backPointOnFront, cropMarks, sheetGrid } from '../../src/plan';

const base: SheetSpec = {
  paper: PAPER.letter,
  size: 36,
  layout: 'butted',
  gutter: 0,
  bleed: 3 * MM,
  flip: 'long-edge',
  backOffset: { x: 0, y: 0 },
};

describe('sheet imposition', () => {
  it('fits 14 × 19 half-inch counters on Letter inside half-inch margins plus bleed, centred', () => {
    // Usable width 612 − 72 − 2·8.504 = 522.99 pt → 14 columns (504 pt); height 702.99 → 19 rows (684 pt).
    const grid = sheetGrid(base);
    expect([grid.columns, grid.rows]).toEqual([14, 19]);
    expect(grid.trim).toEqual({ x: 54, y: 54, w: 504, h: 684 });
  });

  it('long-edge flip: the back of counter N is at the mirrored x, same row', () => {
    const grid = sheetGrid(base);
    expect(grid.slots[0].back).toEqual({ x: 612 - 54 - 36, y: 54, w: 36, h: 36 });
    for (const slot of grid.slots) {
      // Seen through the sheet, the back's corners land on the front's corners.
      const a = backPointOnFront({ x: slot.back.x, y: slot.back.y }, base);
      const b = backPointOnFront({ x: slot.back.x + slot.back.w, y: slot.back.y + slot.back.h }, base);
      expect([Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)]).toEqual([
        slot.front.x,
        slot.front.y,
        slot.front.x + 36,
        slot.front.y + 36,
      ]);
    }
  });

  it('short-edge flip: the back of counter N is at the mirrored y, same column', () => {
    const spec: SheetSpec = { ...base, flip: 'short-edge' };
    const grid = sheetGrid(spec);
    expect(grid.slots[0].back).toEqual({ x: 54, y: 792 - 54 - 36, w: 36, h: 36 });
    for (const slot of grid.slots) {
      const a = backPointOnFront({ x: slot.back.x, y: slot.back.y }, spec);
      const b = backPointOnFront({ x: slot.back.x + 36, y: slot.back.y + 36 }, spec);
      expect([Math.min(a.x, b.x), Math.min(a.y, b.y)]).toEqual([slot.front.x, slot.front.y]);
    }
  });

  it('moves every back by the printer offset in millimetres', () => {
    const grid = sheetGrid({ ...base, backOffset: { x: 1.5 * MM, y: -0.5 * MM } });
    expect(grid.slots[0].back.x).toBeCloseTo(522 + (1.5 * 72) / 25.4, 9);
    expect(grid.slots[0].back.y).toBeCloseTo(54 - (0.5 * 72) / 25.4, 9);
  });

  it('gutter layout leaves at least twice the bleed between counters, each with its own bleed', () => {
    const grid = sheetGrid({ ...base, layout: 'gutter', gutter: 2 * MM });
    const gap = grid.slots[1].front.x - grid.slots[0].front.x - 36;
    expect(gap).toBeCloseTo(6 * MM, 9);
    expect(grid.slots[1].bleed.left).toBeCloseTo(3 * MM, 9);
  });

  it('keeps every crop mark outside the bleed box', () => {
    for (const layout of ['butted', 'gutter'] as const) {
      const spec = { ...base, layout, gutter: 6 * MM };
      const grid = sheetGrid(spec);
      const b = grid.bleedBox;
      const marks = cropMarks(grid, spec);
      expect(marks.length).toBe(
        2 * (2 * grid.columns) + 2 * (2 * grid.rows) - (layout === 'butted' ? 2 * (grid.columns - 1) + 2 * (grid.rows - 1) : 0),
      );
      for (const m of marks) {
        const inside =
          Math.max(m.x1, m.x2) > b.x && Math.min(m.x1, m.x2) < b.x + b.w && Math.max(m.y1, m.y2) > b.y && Math.min(m.y1, m.y2) < b.y + b.h;
        expect(inside).toBe(false);
      }
    }
  });
});

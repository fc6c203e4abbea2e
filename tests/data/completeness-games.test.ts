/** Completeness of the bundled games counts value cells: Kursk's CRT, whose cells the text lost, reads as unknown. */
import { describe, expect, it } from 'vitest';
import { completenessReport } from '../../src/data/completeness';
import { mustLoad } from '../vassal/module-helpers';

describe('data/kursk completeness', () => {
  it('its CRT states no result cell: every cell of its 7 columns × 6 rolls of 1d6 is a gap', async () => {
    const game = await mustLoad('data/kursk');
    const crt = game.tables.findIndex((t) => t.kind === 'crt');
    expect(game.tables[crt]).toMatchObject({ dice: '1d6', rowsComplete: false });
    expect(game.tables[crt].columns).toHaveLength(7);
    const report = completenessReport(game);
    const rows = report.gaps.filter((g) => g.pointer === `/tables/${crt}` && /rows incomplete/.test(g.reason));
    expect(rows.map((g) => g.count)).toEqual([7 * 6]);
    // Besides: the columns the text does not give, and the step DRM's value.
    expect(report.gaps.filter((g) => g.pointer.startsWith(`/tables/${crt}`)).map((g) => g.reason)).toHaveLength(3);
    // The tables are mostly not stated: well under half of their cells are known.
    const { stated, unknown } = report.counts.tables;
    expect(stated / (stated + unknown)).toBeLessThan(0.5);
  });
});

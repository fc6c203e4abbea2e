/** reportDifferences: what VASSAL reported differently about two versions of one module, field by field. */
import { describe, expect, it } from 'vitest';
import { listingCounts, reportDifferences } from '../../src/vassal/harness/differences';
import type { HarnessReport, SetupPiece } from '../../src/vassal/harness/report';

const piece = (over: Partial<SetupPiece> = {}): SetupPiece => ({
  name: 'Infantry 4-2',
  shownName: 'Infantry 4-2',
  map: 'Main Map',
  x: 100,
  y: 200,
  location: '0405',
  locationProperty: '0405',
  snapX: 100,
  snapY: 200,
  properties: {},
  hasDelete: true,
  deleteEnabled: true,
  menu: ['Delete [ctrl D]', 'Flip [ctrl F]'],
  ...over,
});

function report(module: string, over: Partial<HarnessReport> = {}): HarnessReport {
  return {
    module,
    name: 'Test',
    version: '1.0',
    palette: [
      {
        slot: 'Infantry 4-2',
        name: 'Infantry 4-2',
        traits: ['mark;Attack', 'piece;;;inf.png;Infantry 4-2'],
        states: ['4', 'null;0;0;1;0'],
        menu: ['Delete [ctrl D]'],
      },
    ],
    atStart: [piece()],
    setups: [{ name: 'Start', file: 'start.vsav', pieces: [piece(), piece({ name: 'Cavalry', x: 300 })] }],
    log: [],
    dialogs: [],
    ...over,
  };
}

describe('reportDifferences', () => {
  it('finds nothing between reports that differ only in the module path VASSAL repeats in its messages', () => {
    const a = report('/tmp/a/original.vmod', {
      setups: [{ name: 'S', file: 's.vsav', loadError: "'s.vsav' not found in /tmp/a/original.vmod", pieces: [] }],
    });
    const b = report('/tmp/b/updated.vmod', {
      setups: [{ name: 'S', file: 's.vsav', loadError: "'s.vsav' not found in /tmp/b/updated.vmod", pieces: [] }],
    });
    expect(reportDifferences(a, b)).toEqual([]);
  });

  it('names the trait state, the menu item and the setup piece position that changed', () => {
    const a = report('a.vmod');
    const b = report('b.vmod');
    b.palette![0] = { ...b.palette![0], states: ['5', 'null;0;0;1;0'] };
    b.atStart = [piece({ menu: ['Delete [ctrl D]'] })];
    b.setups![0].pieces[1] = piece({ name: 'Cavalry', x: 301 });
    expect(reportDifferences(a, b)).toEqual([
      { where: 'palette 1 [Infantry 4-2]', field: 'states[0]', before: '4', after: '5' },
      {
        where: 'new game piece 1 [Infantry 4-2]',
        field: 'menu',
        before: '["Delete [ctrl D]","Flip [ctrl F]"]',
        after: '["Delete [ctrl D]"]',
      },
      { where: 'setup start.vsav piece 2 [Cavalry]', field: 'x', before: '300', after: '301' },
    ]);
  });

  it('reports a piece missing from a setup as a count, and the module name', () => {
    const a = report('a.vmod');
    const b = report('b.vmod', { name: 'Test (errata)' });
    b.setups![0].pieces.pop();
    expect(reportDifferences(a, b)).toEqual([
      { where: 'module', field: 'name', before: 'Test', after: 'Test (errata)' },
      { where: 'setup start.vsav piece', field: 'count', before: '2', after: '1' },
    ]);
  });

  it('counts what VASSAL listed', () => {
    // 1 palette menu item, 2 per piece: 1 new-game piece and 2 setup pieces.
    expect(listingCounts(report('a.vmod'))).toEqual({ palette: 1, setups: 1, setupPieces: 2, atStart: 1, menuItems: 7 });
  });
});

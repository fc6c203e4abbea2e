/**
 * Imported boxes keep VASSAL's zone names, and no two boxes share a name (validate refuses that:
 * the module would merge them): a zone of the same name on a second map takes its map's name too.
 */
import { describe, expect, it } from 'vitest';
import { Locator, type MapInfo } from '../../src/vassal/import/map';

const square = [
  { x: 0, y: 0 },
  { x: 100, y: 0 },
  { x: 100, y: 100 },
  { x: 0, y: 100 },
];

function mapWithZone(id: string, zone: string): MapInfo {
  const zones = [{ name: zone, polygon: square, useParentGrid: false, hostsGameGrid: false }];
  return {
    id,
    element: { name: 'VASSAL.build.module.Map', attributes: [], children: [] },
    boards: [{ name: id, element: { name: 'Board', attributes: [], children: [] }, zones, regions: [] }],
    unselectedBoards: [],
    edge: { x: 0, y: 0 },
  };
}

describe('imported box names', () => {
  it('zones named alike on two maps become two boxes with distinct names; the same zone again is the same box', () => {
    const locator = new Locator({ diagnostics: [] }, [mapWithZone('Allied Hand', 'Eliminated'), mapWithZone('Axis Hand', 'Eliminated')]);
    const first = locator.atMapPoint('Allied Hand', { x: 50, y: 50 });
    const second = locator.atMapPoint('Axis Hand', { x: 50, y: 50 });
    const again = locator.atMapPoint('Axis Hand', { x: 10, y: 10 });
    expect(first).not.toEqual(second);
    expect(again).toEqual(second);
    expect(locator.boxes.map((b) => [b.name, b.mapId, b.zone])).toEqual([
      ['Eliminated', 'Allied Hand', 'Eliminated'],
      ['Eliminated (Axis Hand)', 'Axis Hand', 'Eliminated'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { validateGame } from '../../src/data/validate';
import { completenessReport } from '../../src/data/completeness';
import { minimalSources } from './helpers';

describe('validateGame', () => {
  it('resolves the minimal game into a model', () => {
    const { game, diagnostics } = validateGame(minimalSources());
    expect(diagnostics).toEqual([]);
    expect(game!.map.hexes).toHaveLength(4 * 3);
    const forest = game!.map.hexes.find((h) => h.id === '0202')!;
    expect(forest.terrain).toEqual(['forest']);
    expect(game!.map.hexes.find((h) => h.id === '0101')!.terrain).toEqual(['clear']);
    expect(game!.map.hexsides).toHaveLength(1);
    expect(game!.map.hexsides[0]).toMatchObject({ feature: 'river' });
    expect([game!.map.hexsides[0].a, game!.map.hexsides[0].b].sort()).toEqual(['0101', '0102']);
    const b1 = game!.units.find((u) => u.id === 'b1')!;
    expect(b1.front).toEqual({ attack: 4, defense: 4, move: 4 });
    expect(b1.reverse).toEqual({ attack: 2, defense: 2, move: 4 });
    expect(b1.setupHex).toBe('0101');
    expect(b1.line).toBe(2);
  });

  it('reports every problem of a file at once, not only the first', () => {
    const { diagnostics } = validateGame(
      minimalSources({ map: (t) => t.replace('"0202": "forest"', '"0202": "jungle", "0909": "forest"').replace('"hex": "0303"', '"hex": "0999"') }),
    );
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['hex/off-map', 'hex/off-map', 'ref/unknown-terrain']);
  });

  it('expands zones: a map edge and a column range', () => {
    const { game } = validateGame(
      minimalSources({
        map: (t) => t.replace('"places"', '"zones": [{ "id": "west", "kind": "supply", "side": "blue", "edge": "west" }, { "id": "col", "kind": "entry", "hexes": ["0401..0403"] }],\n  "places"'),
      }),
    );
    expect(game!.map.zones.find((z) => z.id === 'west')!.hexIds).toEqual(['0101', '0102', '0103']);
    expect(game!.map.zones.find((z) => z.id === 'col')!.hexIds).toEqual(['0401', '0402', '0403']);
  });

  it('flags a road that jumps between hexes that are not adjacent', () => {
    const { diagnostics } = validateGame(
      minimalSources({
        terrain: (t) => t.replace('{ "id": "river"', '{ "id": "road", "name": "Road", "kind": "path", "movement": 0.5 },\n    { "id": "river"'),
        map: (t) => t.replace('"places"', '"paths": [{ "feature": "road", "hexes": ["0101", "0102", "0104"] }],\n  "places"'),
      }),
    );
    // 0104 is off this 3-row map: reported as off-map, not as a gap.
    expect(diagnostics.map((d) => d.code)).toEqual(['hex/off-map']);
    const gap = validateGame(
      minimalSources({
        terrain: (t) => t.replace('{ "id": "river"', '{ "id": "road", "name": "Road", "kind": "path", "movement": 0.5 },\n    { "id": "river"'),
        map: (t) => t.replace('"places"', '"paths": [{ "feature": "road", "hexes": ["0101", "0103"] }],\n  "places"'),
      }),
    );
    expect(gap.diagnostics.map((d) => d.code)).toEqual(['map/path-gap']);
  });

  it('reports a hexside listed twice for one feature, in either order, at the second listing and naming the first', () => {
    const { diagnostics } = validateGame(
      minimalSources({ map: (t) => t.replace('"sides": ["0101/0102"] }]', '"sides": ["0101/0102"] }, { "feature": "river", "sides": ["0201/0202", "0102/0101"] }]') }),
    );
    expect(diagnostics.map((d) => [d.code, d.pointer, d.message])).toEqual([
      ['ref/duplicate-hexside', '/hexsides/1/sides/1', 'hexside 0102/0101 already has river (at /hexsides/0/sides/0)'],
    ]);
  });

  it('reports a unit set up twice in one scenario at its second placement, naming the first', () => {
    const { diagnostics } = validateGame(
      minimalSources({ scenarios: (t) => t.replace('"setup": [{ "units": ["b1"], "hex": "0101" }]', '"setup": [{ "units": ["b1"], "hex": "0101" }, { "units": ["r1", "b1"], "hex": "0102" }]') }),
    );
    expect(diagnostics.map((d) => [d.code, d.pointer, d.message])).toEqual([
      ['scenarios/placed-twice', '/scenarios/0/setup/1/units/1', 'unit "b1" is set up twice in scenario "basic" (also at /scenarios/0/setup/0/units/0)'],
    ]);
  });

  it('reports each repeat of a unit id at its own row, naming the line of the first', () => {
    // Rows: b1 on line 2, r1 on line 3, a blank line 4, then b1 again on lines 5 and 6.
    const { diagnostics } = validateGame(
      minimalSources({
        units: (t) => {
          const b1 = t.split('\n')[1];
          return `${t.trimEnd()}\n\n${b1}\n${b1.replace(',1,4,4,4,', ',2,4,4,4,')}\n`;
        },
      }),
    );
    const repeats = diagnostics.filter((d) => d.code === 'ref/duplicate-id');
    expect(repeats.map((d) => [d.line, d.column, d.message])).toEqual([
      [5, 1, 'duplicate unit id "b1" (first on line 2)'],
      [6, 1, 'duplicate unit id "b1" (first on line 2)'],
    ]);
  });

  it('refuses a hexside terrain used as hex terrain, naming the kind', () => {
    const { diagnostics } = validateGame(minimalSources({ map: (t) => t.replace('"0202": "forest"', '"0202": "river"') }));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].code).toBe('ref/wrong-terrain-kind');
  });

  it('checks odds columns ascend and differential columns leave no holes', () => {
    const odds = validateGame(minimalSources({ tables: (t) => t.replace('"odds": [2, 1]', '"odds": [1, 2]') }));
    expect(odds.diagnostics.map((d) => d.code)).toEqual(['tables/overlap']);
  });
});

describe('completeness', () => {
  it('counts declared unknowns by category, independently of the stated values', () => {
    const { game } = validateGame(
      minimalSources({
        // 12 hexes, 2 with stated terrain → 10 unknown.
        map: (t) => t.replace('"defaultTerrain": "clear"', '"defaultTerrain": { "unknown": true, "reason": "map not in the rulebook" }').replace('"0202": "forest"', '"0202": "forest", "0101": "clear"'),
        // two "?" cells in units.csv
        units: (t) => t.replace('r1,red,red-army,infantry,division,7,3,3,4,1', 'r1,red,red-army,infantry,division,7,?,?,4,1'),
        // one "?" table cell
        tables: (t) => t.replace('"cells": ["DR", "DE"]', '"cells": ["DR", "?"]'),
      }),
    );
    const report = completenessReport(game!);
    expect(report.hexes).toEqual({ total: 12, terrainKnown: 2, terrainUnknown: 10, extentComplete: true });
    expect(report.counts.units.unknown).toBe(2);
    expect(report.units.valuesUnknown).toBe(2);
    expect(report.counts.tables.unknown).toBe(1);
    expect(report.counts.map.unknown).toBe(10);
    const unitGaps = report.gaps.filter((g) => g.category === 'units').map((g) => g.reason).sort();
    expect(unitGaps).toEqual(['units.csv column "attack" marked "?"', 'units.csv column "defense" marked "?"']);
  });

  const tablesWith = (crt: object) => (t: string) => JSON.stringify({ ...JSON.parse(t), tables: [{ ...JSON.parse(t).tables[0], ...crt }] });

  it('counts the result cells of a table: 2 rows × 2 columns stated, none for names, labels or ids', () => {
    const report = completenessReport(validateGame(minimalSources()).game!);
    // 4 result cells, 2 column odds of two numbers each (the ratios the columns stand for), the dice.
    expect(report.counts.tables).toEqual({ stated: 4 + 2 * 2 + 1, unknown: 0 });
    const renamed = validateGame(minimalSources({ tables: tablesWith({ id: 'combat', name: 'A much longer name', columns: [{ label: 'one to one', odds: [1, 1] }, { label: 'two to one', odds: [2, 1] }] }) })).game!;
    expect(completenessReport(renamed).counts.tables).toEqual(report.counts.tables);
  });

  it('a table the source does not give counts every cell it would hold: 1d6 rolls × its columns', () => {
    const { game } = validateGame(minimalSources({ tables: tablesWith({ rows: undefined, body: { unknown: true, reason: 'chart not in the text' } }) }));
    const report = completenessReport(game!);
    expect(report.counts.tables).toEqual({ stated: 2 * 2 + 1, unknown: 6 * 2 });
    expect(report.gaps.find((g) => g.category === 'tables')).toMatchObject({ pointer: '/tables/0/body', count: 12, reason: 'table not given by the source (12 cells)' });
  });

  it('rows marked incomplete count the cells of the rolls no row covers', () => {
    const { game } = validateGame(minimalSources({ tables: tablesWith({ rows: [{ min: 1, max: 3, cells: ['AR', 'DR'] }], rowsComplete: false }) }));
    // Rolls 4-6 uncovered: one row of 2 cells per roll at most, 3 × 2.
    expect(completenessReport(game!).counts.tables).toEqual({ stated: 2 + 2 * 2 + 1, unknown: 3 * 2 });
  });

  it("a unit's designation and name are not values; its factors are", () => {
    const report = completenessReport(validateGame(minimalSources()).game!);
    // b1: size, steps, setup + attack, defense, move + back 3; r1: size, steps, setup + 3 values.
    expect(report.counts.units).toEqual({ stated: 3 + 3 + 3 + 3 + 3, unknown: 0 });
  });
});


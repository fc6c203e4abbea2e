/** CRT columns, shifts, clamps, modifiers, strength, stacking and step losses on hand-made tables. */
import { describe, expect, it } from 'vitest';
import { combatModifier, engineFor, pickColumn, readRow, stackPoints, strengthTotal, takeStepLoss, stepsRemaining } from '../../src/engine';
import type { TableFile, TerrainTypeFile } from '../../src/model/files';
import { asciiGame } from './ascii-game';

const ODDS: TableFile = {
  id: 'crt',
  name: 'CRT',
  kind: 'crt',
  columnKind: 'odds',
  columns: [
    { label: '1:2', odds: [1, 2] },
    { label: '2:3', odds: [2, 3] },
    { label: '1:1', odds: [1, 1] },
    { label: '2:1', odds: [2, 1] },
    { label: '3:1', odds: [3, 1] },
  ],
  below: { result: 'AE', rollStill: true },
  above: 'clamp',
  drmRange: { min: -2, max: 2 },
  rollRange: { min: 1, max: 6 },
  rows: [
    { min: 1, max: 2, cells: ['AE', 'AR', 'AR', 'EX', 'DR'] },
    { min: 3, max: 4, cells: ['AR', 'AR', 'EX', 'DR', 'DE'] },
    { min: 5, max: 6, cells: ['AR', 'EX', 'DR', 'DE', '?'] },
  ],
};

const label = (table: TableFile, attack: number, defend: number, shift = 0) => {
  const pick = pickColumn(table, { attack, defend, shift }, []);
  return pick.kind === 'column' ? pick.label : pick.kind === 'automatic' ? `auto ${pick.result}` : pick.kind;
};

describe('odds columns', () => {
  it('round in the defender’s favour by default', () => {
    expect(label(ODDS, 29, 13)).toBe('2:1'); // 2.23 → 2:1
    expect(label(ODDS, 3, 4)).toBe('2:3'); // 0.75 → 2:3
    expect(label(ODDS, 2, 4)).toBe('1:2');
    expect(label(ODDS, 1, 3)).toBe('auto AE'); // below 1:2
    expect(label(ODDS, 40, 2)).toBe('3:1'); // above: clamp
  });
  it('round for the attacker or to the nearest when the table says so', () => {
    expect(label({ ...ODDS, oddsRounding: 'attacker' }, 5, 4)).toBe('2:1'); // 1.25 → up to 2:1
    expect(label({ ...ODDS, oddsRounding: 'nearest' }, 5, 4)).toBe('1:1'); // 1.25 is nearer 1 than 2
    expect(label({ ...ODDS, oddsRounding: 'nearest' }, 7, 4)).toBe('2:1'); // 1.75 → 2
  });
  it('shift after clamping, and take the end rule when shifted off', () => {
    expect(label(ODDS, 40, 2, -1)).toBe('2:1'); // clamp to 3:1, then one left
    expect(label(ODDS, 2, 4, -1)).toBe('auto AE');
    expect(label(ODDS, 1, 3, 1)).toBe('auto AE'); // below is automatic, not clamped: stays automatic
    expect(label(ODDS, 4, 4, 2)).toBe('3:1');
  });
  it('differential and strength columns', () => {
    const diff: TableFile = {
      id: 'd',
      name: 'D',
      columnKind: 'differential',
      columns: [
        { label: '≤-1', max: -1 },
        { label: '0', min: 0, max: 0 },
        { label: '+1-+3', min: 1, max: 3 },
        { label: '≥+4', min: 4 },
      ],
    };
    const pick = (a: number, d: number) => (pickColumn(diff, { attack: a, defend: d }, []) as { label: string }).label;
    expect(pick(3, 7)).toBe('≤-1');
    expect(pick(5, 5)).toBe('0');
    expect(pick(7.5, 5)).toBe('+1-+3'); // 2.5 → 2 in the defender's favour
    expect(pick(20, 1)).toBe('≥+4');
  });
});

describe('a table that lists only some of its columns', () => {
  // Columns 1:2, 2:1, 4:1 (contiguous with 5:1), 5:1 of a printed table with more columns; below
  // 1:2 an automatic result and above 5:1 the last column, as the rules state.
  const PARTIAL: TableFile = {
    id: 'crt',
    name: 'CRT',
    kind: 'crt',
    columnKind: 'odds',
    columnsComplete: false,
    columns: [
      { label: '1:2', odds: [1, 2] },
      { label: '2:1', odds: [2, 1], through: { odds: [29, 13] } },
      { label: '4:1', odds: [4, 1], contiguous: true },
      { label: '5:1', odds: [5, 1] },
    ],
    below: { result: 'AE' },
    above: 'clamp',
  };
  const pick = (attack: number, defend: number, shift = 0) => pickColumn(PARTIAL, { attack, defend, shift }, []);
  it('answers odds that are exactly a listed column, or that the data says use it', () => {
    expect(pick(8, 4)).toMatchObject({ kind: 'column', label: '2:1' }); // exactly 2:1
    expect(pick(29, 13)).toMatchObject({ kind: 'column', label: '2:1' }); // 2.23 ≤ the stated 29:13
    expect(pick(9, 2)).toMatchObject({ kind: 'column', label: '4:1' }); // 4.5: 4:1 and 5:1 are adjacent
    expect(pick(1, 3)).toMatchObject({ kind: 'automatic', result: 'AE' }); // below 1:2, as the rules state
    expect(pick(12, 1)).toMatchObject({ kind: 'column', label: '5:1' }); // above: the last column
  });
  it('is a gap, not the neighbouring column, when an unlisted column may apply', () => {
    const between = pick(4, 4); // 1:1 lies between 1:2 and 2:1: is there a 1:1 column? The data does not say.
    expect(between).toMatchObject({ kind: 'unknown', gap: true });
    expect((between as { why: string }).why).toContain('between the listed columns 1:2 and 2:1');
    expect(pick(30, 13)).toMatchObject({ kind: 'unknown', gap: true }); // 2.31 is past the stated 29:13
    expect(pick(24, 4)).toMatchObject({ kind: 'column', label: '5:1' }); // 6 is above 5:1, the table's last
  });
  it('shifts only across columns known to be adjacent', () => {
    expect(pick(20, 4, -1)).toMatchObject({ kind: 'column', label: '4:1' }); // 5:1 → 4:1
    expect(pick(16, 4, -1)).toMatchObject({ kind: 'unknown', gap: true }); // 4:1 → ? (2:1 is not next to it)
    expect(pick(2, 4, -1)).toMatchObject({ kind: 'automatic', result: 'AE' }); // off the low end
  });
  it('without a stated end, a position off the listed columns is a gap', () => {
    const open: TableFile = { ...PARTIAL, above: undefined };
    expect(pickColumn(open, { attack: 24, defend: 4 }, [])).toMatchObject({ kind: 'unknown', gap: true });
    expect(pickColumn(open, { column: '3:1' }, [])).toMatchObject({ kind: 'unknown', gap: true });
  });
  it('range columns: a value inside a listed range is known, one between ranges is a gap', () => {
    const ranges: TableFile = {
      id: 's',
      name: 'S',
      columnKind: 'strength',
      columnsComplete: false,
      columns: [
        { label: '0 or less', max: 0 },
        { label: '1-5', min: 1, max: 5 },
        { label: '29-35', min: 29, max: 35 },
        { label: '36-42', min: 36, max: 42 },
      ],
      above: 'clamp',
    };
    expect(pickColumn(ranges, { attack: 3 }, [])).toMatchObject({ kind: 'column', label: '1-5' });
    expect(pickColumn(ranges, { attack: 12 }, [])).toMatchObject({ kind: 'unknown', gap: true });
    expect(pickColumn(ranges, { attack: 30, shift: 1 }, [])).toMatchObject({ kind: 'column', label: '36-42' }); // 35 + 1 = 36: abutting
    expect(pickColumn(ranges, { attack: 30, shift: -1 }, [])).toMatchObject({ kind: 'unknown', gap: true });
    expect(pickColumn(ranges, { attack: 0, shift: 1 }, [])).toMatchObject({ kind: 'column', label: '1-5' });
  });
});

describe('reading a row', () => {
  it('clamps the DRM, then the modified roll', () => {
    const reasons: string[] = [];
    // column 2:1 (index 3); roll 6, DRM −5 clamped to −2 → 4 → row 3-4 → DR
    expect(readRow(ODDS, 3, 6, -5, reasons)).toMatchObject({ result: 'DR', modified: 4 });
    expect(reasons[0]).toContain('clamped to -2');
    // roll 6 + 2 = 8 clamped to 6 → row 5-6 → DE
    expect(readRow(ODDS, 3, 6, 2, [])).toMatchObject({ result: 'DE', modified: 6 });
  });
  it('reports an unknown cell instead of guessing', () => {
    expect(readRow(ODDS, 4, 5, 0, []).unknown).toMatch(/not given/);
  });
});

describe('terrain combat modifiers', () => {
  const terrain: TerrainTypeFile[] = [
    { id: 'forest', name: 'Forest', kind: 'hex', combat: { drm: -2, source: '16.93' } },
    { id: 'town', name: 'Town', kind: 'feature', combat: { drm: -1, shift: -1, source: '16.93' } },
    { id: 'river', name: 'Minor River', kind: 'hexside', combat: { drm: -2, appliesTo: 'attack-across' } },
    { id: 'fort', name: 'Fort', kind: 'feature', combat: { drm: -3, cumulative: false } },
    { id: 'bunker', name: 'Bunker', kind: 'feature', combat: { drm: -2, cumulative: false } },
  ];
  const game = asciiGame({ map: '. .', legend: { '.': 'forest' }, terrain, hexsides: [{ feature: 'river', sides: ['0101/0201'] }] });
  const engine = engineFor(game);
  it('are cumulative: a town in a forest is −3', () => {
    const m = combatModifier(engine, 'drm', { defenderTerrain: ['forest', 'town'] });
    expect(m.value).toBe(-3);
    expect(m.reasons.join(' ')).toContain('[16.93]');
  });
  it('across a hexside, by terrain id or by the map’s hexside', () => {
    expect(combatModifier(engine, 'drm', { across: ['river'] }).value).toBe(-2);
    expect(combatModifier(engine, 'drm', { across: ['0101/0201'] }).value).toBe(-2);
  });
  it('non-cumulative effects: only the largest', () => {
    expect(combatModifier(engine, 'drm', { defenderTerrain: ['fort', 'bunker'] }).value).toBe(-3);
    expect(combatModifier(engine, 'shift', { defenderTerrain: ['town'] }).value).toBe(-1);
  });
});

describe('strength totals', () => {
  it('keep fractions per unit and round the side total once', () => {
    expect(strengthTotal({ values: [1, 1, 1], halved: [1, 1, 1], minimum: 1 }).total).toBe(1); // 1.5 → 1
    expect(strengthTotal({ values: [5, 3], halved: [1, 1] }).total).toBe(4); // 2.5 + 1.5
    expect(strengthTotal({ values: [1], halved: [2], minimum: 1 }).total).toBe(1); // 0.25 → 0 → 1
    expect(strengthTotal({ values: [5], halved: [1], round: 'up' }).total).toBe(3);
  });
});

describe('stacking', () => {
  const game = asciiGame({
    map: '.',
    legend: { '.': 'clear' },
    terrain: [{ id: 'clear', name: 'Clear', kind: 'hex', movement: 1 }],
    info: {
      stacking: [
        { side: 'blue', limit: 4, unitValue: 1, sizeValues: { division: 2 } },
        { side: 'blue', limit: 2, terrain: 'clear', sizeValues: { division: 2 } },
      ],
      formations: [{ id: 'pz', name: 'Panzer Division', stackingValue: 2 }],
    },
  });
  it('weighs units by size and caps a formation', () => {
    const r = stackPoints(game, 'blue', [{ formation: 'pz' }, { formation: 'pz' }, { formation: 'pz' }, { size: 'regiment' }]);
    expect(r).toMatchObject({ points: 3, legal: true, limit: 4 });
    expect(stackPoints(game, 'blue', [{ size: 'division' }, { size: 'division' }, { size: 'x' }])).toMatchObject({
      points: 5,
      legal: false,
    });
  });
  it('a rule for the hex’s terrain wins over the general one', () => {
    expect(stackPoints(game, 'blue', [{ size: 'division' }, { size: 'regiment' }], ['clear'])).toMatchObject({
      points: 3,
      legal: false,
      limit: 2,
    });
  });
  it('no rule for the side is unknown, not legal', () => {
    expect(stackPoints(game, 'red', [{}]).unknown).toMatch(/no stacking rule/);
  });
});

describe('step losses', () => {
  const game = asciiGame({
    map: '.',
    legend: { '.': 'clear' },
    terrain: [{ id: 'clear', name: 'Clear', kind: 'hex', movement: 1 }],
    units: [
      { id: 'a', steps: 2, back: 'reduced', next: 'b' },
      { id: 'b', steps: 2, back: 'reduced' },
      { id: 'c', steps: 1 },
    ],
  });
  it('flip, then substitute, then eliminate', () => {
    expect(takeStepLoss(game, { unit: 'a', face: 'front' }).state).toEqual({ unit: 'a', face: 'reverse' });
    expect(takeStepLoss(game, { unit: 'a', face: 'reverse' }).state).toEqual({ unit: 'b', face: 'front' });
    expect(takeStepLoss(game, { unit: 'b', face: 'reverse' }).eliminated).toBe(true);
    expect(takeStepLoss(game, { unit: 'c', face: 'front' }).eliminated).toBe(true);
    expect(stepsRemaining(game, { unit: 'a', face: 'front' })).toBe(4);
  });
});

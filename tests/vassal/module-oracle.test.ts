import { describe, expect, it } from 'vitest';
import { element } from '../../src/vassal/xml-tree';
import { oracleGridFrom, oracleNameToPoint, oraclePointToName } from './module-oracle';

// Reference §4.2 [verified in VASSAL]: x0=40, y0=40, dx=56, dy=64, stagger=false.
describe('module oracle reproduces the reference golden points', () => {
  const grid = element('HexGrid', { sideways: 'false', dx: '56', dy: '64', x0: '40', y0: '40' }, [
    element('HexGridNumbering', {
      first: 'H',
      sep: '',
      hType: 'N',
      vType: 'N',
      hLeading: '1',
      vLeading: '1',
      hOff: '1',
      vOff: '1',
      hDescend: 'false',
      vDescend: 'false',
      stagger: 'false',
      locationFormat: '$gridLocation$',
    }),
  ]);
  const g = oracleGridFrom(grid);
  it.each([
    ['0101', 40, 40],
    ['0201', 96, 72],
    ['0203', 96, 200],
    ['0305', 152, 296],
  ])('%s ↔ (%i,%i)', (name, x, y) => {
    expect(oracleNameToPoint(g, name)).toEqual({ x, y });
    expect(oraclePointToName(g, x, y)).toBe(name);
  });
  it('sideways: 0102 at (94,40) with x0=40, y0=30 (§4.5)', () => {
    const s = oracleGridFrom(
      element('HexGrid', { sideways: 'true', dx: '56', dy: '64', x0: '40', y0: '30' }, [
        element('HexGridNumbering', {
          first: 'H',
          sep: '',
          hType: 'N',
          vType: 'N',
          hLeading: '1',
          vLeading: '1',
          hOff: '1',
          vOff: '1',
          hDescend: 'false',
          vDescend: 'false',
          stagger: 'false',
          locationFormat: '$gridLocation$',
        }),
      ]),
    );
    expect(oracleNameToPoint(s, '0102')).toEqual({ x: 94, y: 40 });
    expect(oraclePointToName(s, 94, 40)).toBe('0102');
  });
});

import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { placeDiagnostic } from '../../src/data/place-diagnostics';
import { FILE_NAMES } from '../../src/data/parse-game';
import { validateGame } from '../../src/data/validate';
import { minimalSources } from './helpers';

const warning = (pointer: string): Diagnostic => ({ code: 'x/y', severity: 'warning', message: 'm', pointer });

describe('placing generator diagnostics in the authored data', () => {
  const { parsed } = validateGame(minimalSources());
  const fileOf = (kind: keyof typeof FILE_NAMES) => `minimal/${FILE_NAMES[kind]}`;

  it('finds a unit cell by unit id and column', () => {
    // units.csv line 2 is "b1,blue,blue-army,infantry,division,1,4,…": the 7th cell, attack, starts at character 39.
    const placed = placeDiagnostic(warning('units.csv/b1/attack'), parsed, fileOf);
    expect(placed).toMatchObject({ file: 'minimal/units.csv', pointer: '/0/attack', line: 2, column: 39 });
  });

  it('turns ids inside arrays into indices and locates the value', () => {
    // tables.json: the "crt" table's "rows": [ … opens on line 11.
    const placed = placeDiagnostic(warning('tables.json/tables/crt/rows'), parsed, fileOf);
    expect(placed).toMatchObject({ file: 'minimal/tables.json', pointer: '/tables/0/rows', line: 11 });
  });

  it('leaves diagnostics that already have a file, or no data reference, alone', () => {
    const own: Diagnostic = { ...warning('units.csv/b1/attack'), file: 'elsewhere' };
    expect(placeDiagnostic(own, parsed, fileOf)).toBe(own);
    const loose = warning('not-a-file/x');
    expect(placeDiagnostic(loose, parsed, fileOf)).toBe(loose);
  });
});

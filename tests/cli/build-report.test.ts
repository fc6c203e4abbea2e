/**
 * The build report as the manifest keeps it: the outputs' problems are not copied again, only where
 * placing each in the data files put it; read back, the report is the one the build printed, field
 * for field and in the same key order (--json prints it).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics';
import { isStoredReport, reportOf, storedReport } from '../../src/cli/build-report';
import type { BuildReport } from '../../src/cli/unchanged-build';

const overflow: Diagnostic = {
  code: 'counters/text-overflow',
  severity: 'warning',
  message: '"035053" (setup) does not fit its slot',
  hint: 'widen the slot',
  pointer: 'units.csv/u0/setup',
  line: 2,
};
const general: Diagnostic = { code: 'vassal/note', severity: 'warning', message: 'no pointer at all' };
const placedOverflow: Diagnostic = { ...overflow, file: '/games/g/units.csv', pointer: '/0/setup', column: 68 };

const report: BuildReport = { key: 'k', load: [], outputs: [placedOverflow, general], pictures: {} };
const records: Record<string, Diagnostic[]> = { counters: [overflow], bundle: [], vassal: [general] };
const through = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the stored build report', () => {
  it('keeps where each problem was placed, not the problem, and reads back as printed', () => {
    const stored = through(storedReport(report, ['counters', 'bundle', 'vassal'], [overflow, general]));
    expect(stored.outputs).toBeUndefined();
    expect(stored.placed).toEqual({
      from: ['counters', 'bundle', 'vassal'],
      at: [{ pointer: '/0/setup', file: '/games/g/units.csv', column: 68 }, {}],
    });
    expect(isStoredReport(stored)).toBe(true);
    const read = reportOf(stored, (output) => through(records)[output]);
    expect(read).toEqual(through(report));
    // Each problem's fields come in the order the build printed them.
    expect(JSON.stringify(read?.outputs)).toBe(JSON.stringify(report.outputs));
  });

  it('is not read back when the outputs no longer hold those problems', () => {
    const stored = through(storedReport(report, ['counters', 'bundle', 'vassal'], [overflow, general]));
    expect(reportOf(stored, (output) => (output === 'vassal' ? undefined : records[output]))).toBeUndefined();
  });

  it('keeps the placed problems whole when they do not pair with the outputs’ own', () => {
    const stored = through(storedReport(report, ['counters'], [overflow]));
    expect(stored.outputs).toEqual(through(report.outputs));
    expect(reportOf(stored, () => undefined)).toEqual(through(report));
    // A placement that empties a field JSON would drop cannot be kept as a placement either.
    const emptied = storedReport({ ...report, outputs: [{ ...overflow, line: undefined }] }, ['counters'], [overflow]);
    expect(emptied.outputs).toHaveLength(1);
  });

  it('reads neither a report without its problems nor malformed placements', () => {
    expect(isStoredReport({ key: 'k', load: [] })).toBe(false);
    expect(isStoredReport({ key: 'k', load: [], placed: { from: ['a'], at: [null] } })).toBe(false);
    expect(isStoredReport({ key: 'k', load: [], outputs: [] })).toBe(true);
  });
});

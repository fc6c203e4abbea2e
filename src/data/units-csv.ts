/**
 * units.csv records → unit row objects (the shape units.schema.json describes).
 * Empty cells are absent, "?" is a declared unknown, numbers are numbers, flags split on ';'.
 */
import { UNKNOWN_CELL, type Unknown } from '../model/common';
import type { UnitRow } from '../model/files';
import type { CsvSource } from './csv-source';

const TEXT_COLUMNS = new Set(['id', 'side', 'nationality', 'type', 'formation', 'name', 'back', 'next', 'template', 'source', 'notes']);
const MAYBE_TEXT_COLUMNS = new Set(['size', 'designation', 'setup']);
const INTEGER_COLUMNS = new Set(['steps', 'entry', 'count']);
const LIST_COLUMNS = new Set(['flags']);

const NUMBER = /^-?\d+(\.\d+)?$/;

export const UNKNOWN_FROM_CSV: Unknown = { unknown: true, reason: 'marked "?" in units.csv' };

export function unitRowsFromCsv(csv: CsvSource): UnitRow[] {
  return csv.records.map((record) => {
    const row: Record<string, unknown> = {};
    csv.header.forEach((column, i) => {
      const cell = (record.cells[i] ?? '').trim();
      if (cell === '') return;
      row[column] = convertCell(column, cell);
    });
    return row as UnitRow;
  });
}

function convertCell(column: string, cell: string): unknown {
  if (LIST_COLUMNS.has(column)) return cell.split(';').map((s) => s.trim()).filter(Boolean);
  if (cell === UNKNOWN_CELL && !TEXT_COLUMNS.has(column)) return { ...UNKNOWN_FROM_CSV };
  if (TEXT_COLUMNS.has(column) || MAYBE_TEXT_COLUMNS.has(column)) return cell;
  // Integer columns keep a non-number as text so the schema reports it against the right column.
  if (INTEGER_COLUMNS.has(column)) return NUMBER.test(cell) ? Number(cell) : cell;
  return NUMBER.test(cell) ? Number(cell) : cell;
}

/** Position of a units.csv cell named by a pointer `/<recordIndex>/<column>`. */
export function locateCsvCell(csv: CsvSource, pointer: string): { line: number; column: number } {
  const [, index, column] = pointer.split('/');
  const record = csv.records[Number(index)];
  if (!record) return { line: 1, column: 1 };
  const col = column === undefined ? -1 : csv.header.indexOf(column.replace(/~1/g, '/').replace(/~0/g, '~'));
  return { line: record.line, column: col >= 0 ? (csv.columnsOf(record)[col] ?? 1) : 1 };
}

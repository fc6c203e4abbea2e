/**
 * units.csv records → unit row objects (the shape units.schema.json describes).
 * Empty cells are absent, "?" is a declared unknown, numbers are numbers, flags split on ';'.
 */
import { UNKNOWN_CELL, type Unknown } from '../model/common';
import type { UnitRow } from '../model/files';
import type { CsvPlaces, CsvSource } from './csv-source';

const TEXT_COLUMNS = new Set(['id', 'side', 'nationality', 'type', 'formation', 'name', 'back', 'next', 'template', 'image', 'backImage', 'source', 'notes']);
const MAYBE_TEXT_COLUMNS = new Set(['size', 'designation', 'setup']);
const LIST_COLUMNS = new Set(['flags']);

/** Whether a cell is written as a plain decimal number: /^-?\d+(\.\d+)?$/, read without a regex (54,000 cells on a big game). */
function isPlainNumber(cell: string): boolean {
  let i = cell.charCodeAt(0) === 45 ? 1 : 0;
  const intStart = i;
  while (i < cell.length && isDigit(cell.charCodeAt(i))) i++;
  if (i === intStart) return false;
  if (i === cell.length) return true;
  if (cell.charCodeAt(i) !== 46) return false;
  const fractionStart = ++i;
  while (i < cell.length && isDigit(cell.charCodeAt(i))) i++;
  return i > fractionStart && i === cell.length;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export const UNKNOWN_FROM_CSV: Unknown = { unknown: true, reason: 'marked "?" in units.csv' };

export function unitRowsFromCsv(csv: CsvSource): UnitRow[] {
  const { header, records } = csv;
  // How each column converts is decided once per column, not once per cell.
  const kinds = header.map(columnKind);
  const rows: UnitRow[] = new Array(records.length);
  // A row with every cell filled starts as a copy of the first such row, each value then written
  // over: a copy is made at its final size, where a row built key by key regrows its property
  // store as it goes (some 240 bytes of garbage a row, 6,000 rows on a big game). Its keys, their
  // order and its values are those the row built key by key would have.
  let filled: Record<string, unknown> | undefined;
  for (let r = 0; r < records.length; r++) {
    const { cells } = records[r];
    const full = everyCellFilled(cells, header.length);
    if (full && filled !== undefined) {
      rows[r] = filledRow(filled, header, kinds, cells) as UnitRow;
      continue;
    }
    const row = rowOfFilledCells(header, kinds, cells);
    // Not with a column named twice (one key for two cells) or one no key can be (`__proto__`).
    if (full && filled === undefined && Object.keys(row).length === header.length) filled = row;
    rows[r] = row as UnitRow;
  }
  return rows;
}

/** Whether each of the first `width` cells holds more than white space (no trimmed copy is kept: trim allocates only when it trims). */
function everyCellFilled(cells: readonly string[], width: number): boolean {
  if (cells.length < width) return false;
  for (let i = 0; i < width; i++) if (cells[i].trim() === '') return false;
  return true;
}

/** A row every cell of which is filled, as a copy of `filled` (a row with every key) with its own values. */
function filledRow(filled: Record<string, unknown>, header: readonly string[], kinds: readonly CellKind[], cells: readonly string[]): Record<string, unknown> {
  const row = { ...filled };
  for (let i = 0; i < header.length; i++) row[header[i]] = convertCell(kinds[i], cells[i].trim());
  return row;
}

/** A row built key by key from its filled cells, in column order. */
function rowOfFilledCells(header: readonly string[], kinds: readonly CellKind[], cells: readonly string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < header.length; i++) {
    const cell = (cells[i] ?? '').trim();
    if (cell !== '') row[header[i]] = convertCell(kinds[i], cell);
  }
  return row;
}

type CellKind = 'list' | 'text' | 'maybe-text' | 'number';

function columnKind(column: string): CellKind {
  if (LIST_COLUMNS.has(column)) return 'list';
  if (TEXT_COLUMNS.has(column)) return 'text';
  if (MAYBE_TEXT_COLUMNS.has(column)) return 'maybe-text';
  // Integer columns too: the schema tells integers from other numbers, and keeps a non-number as
  // text so it reports it against the right column.
  return 'number';
}

function convertCell(kind: CellKind, cell: string): unknown {
  if (kind === 'list') return cell.split(';').map((s) => s.trim()).filter(Boolean);
  if (kind === 'text') return cell;
  if (cell === UNKNOWN_CELL) return { ...UNKNOWN_FROM_CSV };
  if (kind === 'maybe-text') return cell;
  return isPlainNumber(cell) ? Number(cell) : cell;
}

/** Position of a units.csv cell named by a pointer `/<recordIndex>/<column>`. */
export function locateCsvCell(csv: CsvPlaces, pointer: string): { line: number; column: number } {
  const [, index, column] = pointer.split('/');
  const line = csv.lines[Number(index)];
  if (line === undefined) return { line: 1, column: 1 };
  const col = column === undefined ? -1 : csv.header.indexOf(column.replace(/~1/g, '/').replace(/~0/g, '~'));
  return { line, column: col >= 0 ? (csv.columnsAt(Number(index))[col] ?? 1) : 1 };
}

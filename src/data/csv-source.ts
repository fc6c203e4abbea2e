/**
 * CSV parsing with positions (csv-parse gives each record's line; the column of each cell is
 * recovered from the raw line), and every structural problem reported as a diagnostic.
 */
import { parse } from 'csv-parse/sync';
import type { Diagnostic } from '../diagnostics';
import { firstForbiddenChar, forbiddenCharDiagnostic } from './forbidden-chars';
import { LineIndex } from './line-index';

export interface CsvRecord {
  /** 1-based line of the record. */
  line: number;
  cells: string[];
}

export interface CsvSource {
  file: string;
  header: string[];
  records: CsvRecord[];
  /** 1-based column where each cell of a record starts; computed only for diagnostics. */
  columnsOf(record: CsvRecord): number[];
}

/**
 * Where the records of a CSV source are, without their cells: what diagnostics need once the
 * records are read. Kept in place of the source, it lets the cells (a string for every one, 96,000
 * on a big units.csv) go as soon as the records are read.
 */
export interface CsvPlaces {
  file: string;
  header: string[];
  /** 1-based line of the record at each index (an index with no record: undefined, as in `records`). */
  lines: readonly number[];
  /** 1-based column where each cell of the record at `index` starts (as `columnsOf`); the record must exist. */
  columnsAt(index: number): number[];
}

export function placesOf(source: CsvSource): CsvPlaces {
  const { file, header, records, columnsOf } = source;
  const lines = records.map((record) => record.line);
  const cellCounts = records.map((record) => record.cells.length);
  // A stand-in record of the same line and number of cells: columnsOf reads nothing else (and the
  // closure holds no record).
  return { file, header, lines, columnsAt: (index) => columnsOf({ line: lines[index], cells: new Array<string>(cellCounts[index]) }) };
}

/**
 * The most characters of one cell: far more than any counter's text, far fewer than a pasted file,
 * whose laying out on a counter would take minutes and gigabytes.
 */
export const MAX_CELL_CHARS = 4096;

export function parseCsvSource(file: string, original: string): { source?: CsvSource; diagnostics: Diagnostic[] } {
  // csv-parse takes the first line break it meets as the only one, so a file mixing "\r\n", "\r"
  // and "\n" would split into wrong records; every line break is "\n" before parsing (and lines
  // are counted the same way everywhere: line-index.ts, the excerpts in cli/io.ts).
  const text = original.includes('\r') ? original.replace(/\r\n?/g, '\n') : original;
  let lineIndex: LineIndex | undefined;
  const lines = () => (lineIndex ??= new LineIndex(text));
  if (text.startsWith('\uFEFF')) {
    return {
      diagnostics: [
        {
          code: 'file/bom',
          severity: 'error',
          message: 'file starts with a byte order mark (BOM)',
          hint: 'save the file as UTF-8 without BOM (spreadsheet programs offer "CSV UTF-8" with and without it)',
          file,
          line: 1,
          column: 1,
        },
      ],
    };
  }
  const forbidden = firstForbiddenChar(text);
  if (forbidden >= 0) return { diagnostics: [forbiddenCharDiagnostic(file, text, forbidden, lines())] };
  let records = plainCsvRecords(text);
  if (!records) {
    let cellsOfRecords: string[][];
    try {
      // Without `info`: csv-parse is several times faster, and start lines come from one scan below.
      cellsOfRecords = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: false }) as string[][];
    } catch (error) {
      const err = error as { message?: string; lines?: number; code?: string };
      return {
        diagnostics: [
          {
            code: 'csv/syntax',
            severity: 'error',
            message: `invalid CSV: ${(err.message ?? String(error)).replace(/^Invalid [^:]*: /, '')}`,
            hint: 'check quoting on this line: a field with a comma or quote must be quoted, and quotes doubled inside it',
            file,
            line: err.lines ?? 1,
            column: 1,
          },
        ],
      };
    }
    const starts = recordStartLines(text);
    records =
      starts.length === cellsOfRecords.length
        ? cellsOfRecords.map((cells, i) => ({ line: starts[i], cells }))
        : recordsWithInfo(text);
  }
  if (records.length === 0) {
    return {
      diagnostics: [
        { code: 'csv/empty', severity: 'error', message: 'CSV file has no header row', hint: 'the first line names the columns', file, line: 1, column: 1 },
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const head = records[0];
  const body = records.slice(1);
  const header = head.cells.map((h) => h.trim());
  const columnsOf = (record: CsvRecord) => cellColumns(lines().lineText(record.line), record.cells.length + 1);
  diagnostics.push(...headerProblems(file, header, head, columnsOf));
  // Once per row (6,000 on a big game): nothing is allocated for a row without problems.
  for (const rec of body) if (rec.cells.length !== header.length || longCell(rec.cells) >= 0) diagnostics.push(...rowProblems(file, header.length, rec, columnsOf));
  return { source: { file, header, records: body, columnsOf }, diagnostics };
}

/** Index of the first cell far too long for any counter, or -1. */
function longCell(cells: readonly string[]): number {
  for (let i = 0; i < cells.length; i++) if (cells[i].length > MAX_CELL_CHARS) return i;
  return -1;
}

/** A row's problems: a cell far too long for any counter, a count of cells other than the header's. */
function rowProblems(file: string, columns: number, rec: CsvRecord, columnsOf: (record: CsvRecord) => number[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const long = longCell(rec.cells);
  if (long >= 0) {
    out.push({
      code: 'csv/cell-too-long',
      severity: 'error',
      message: `a cell of ${rec.cells[long].length.toLocaleString('en')} characters (limit ${MAX_CELL_CHARS.toLocaleString('en')})`,
      hint: 'a cell holds one value of a counter (a name, a factor, a note); check for a missing quote or line break that joined rows',
      file,
      line: rec.line,
      column: columnsOf(rec)[long] ?? 1,
    });
  }
  if (rec.cells.length !== columns) {
    out.push({
      code: 'csv/ragged-row',
      severity: 'error',
      message: `row has ${rec.cells.length} cells but the header has ${columns} columns`,
      hint: 'add or remove cells (commas) so every row matches the header; leave a cell empty rather than dropping it',
      file,
      line: rec.line,
      column: columnsOf(rec)[Math.min(rec.cells.length, columns)] ?? 1,
    });
  }
  return out;
}

/**
 * A column named twice would let one silently replace the other, and a name such as `__proto__`
 * is no column at all once rows become objects: both are errors at the header cell.
 */
function headerProblems(file: string, header: string[], head: CsvRecord, columnsOf: (record: CsvRecord) => number[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const first = new Map<string, number>();
  header.forEach((name, i) => {
    const at = () => ({ file, line: head.line, column: columnsOf(head)[i] ?? 1 });
    const earlier = first.get(name);
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') {
      out.push({ code: 'csv/bad-column', severity: 'error', message: `"${name}" cannot be a column name`, hint: 'rename the column to a unit field declared in game.json', ...at() });
    } else if (earlier !== undefined && name !== '') {
      out.push({
        code: 'csv/duplicate-column',
        severity: 'error',
        message: `column "${name}" appears twice in the header (also column ${earlier + 1})`,
        hint: 'remove or rename one of the two: a duplicated column would silently replace the other',
        ...at(),
      });
    } else first.set(name, i);
  });
  return out;
}

/** Records with their lines as csv-parse itself reports them: slower, used where the quick scan disagrees. */
function recordsWithInfo(text: string): CsvRecord[] {
  const parsed = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: false, info: true, raw: true }) as unknown as {
    record: string[];
    raw: string;
    info: { lines: number };
  }[];
  // `lines` is where the record ends; its start is that less the line breaks inside it.
  return parsed.map(({ record, raw, info }) => {
    const inside = raw.replace(/^\n+/, '').replace(/\n$/, '');
    return { line: info.lines - (inside.match(/\n/g)?.length ?? 0), cells: record };
  });
}

/**
 * Records of a CSV text with nothing for csv-parse to interpret: no quote, no carriage return
 * (csv-parse would take "\r" as a line break) and no surrogate code unit (csv-parse works on
 * UTF-8 bytes, which turn a lone surrogate into U+FFFD). Such a text is its lines split on commas,
 * empty lines skipped, exactly as csv-parse reads it, without its per-byte state machine.
 * Undefined for any other text, which csv-parse then reads.
 */
export function plainCsvRecords(text: string): CsvRecord[] | undefined {
  // One native scan decides (the same code units a loop would look for); lines are then found by
  // indexOf rather than character by character.
  if (NOT_PLAIN.test(text)) return undefined;
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start) records.push({ line, cells: text.slice(start, end).split(',') });
    line += 1;
    start = end + 1;
  }
  return records;
}

/** A quote, a carriage return or any surrogate code unit: what only csv-parse reads as it should. */
const NOT_PLAIN = /["\r\ud800-\udfff]/;

/**
 * 1-based line on which each non-empty record starts: newlines inside quoted cells do not start
 * a record, and empty lines are skipped as csv-parse skips them.
 */
export function recordStartLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let atRecordStart = true;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (atRecordStart) {
      atRecordStart = false;
      const empty = ch === 10 || (ch === 13 && text.charCodeAt(i + 1) === 10);
      if (!empty) starts.push(line);
    }
    if (ch === 34) quoted = !quoted;
    else if (ch === 10) {
      line += 1;
      if (!quoted) atRecordStart = true;
    }
  }
  return starts;
}

/** Start column of each cell in a raw CSV line, honouring quotes. */
export function cellColumns(raw: string, count: number): number[] {
  const out: number[] = [1];
  let quoted = false;
  for (let i = 0; i < raw.length && out.length < count; i++) {
    const ch = raw[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) out.push(i + 2);
  }
  while (out.length < count) out.push(raw.length + 1);
  return out;
}

/** units.csv text: RFC 4180 quoting where needed, LF line ends, columns in the given order. */

/** A quote, comma or line break anywhere, or white space (as `trim` removes it) at either end. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string): string {
  return value !== '' && NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** units.csv text of records keyed by column. */
export function csvText(columns: readonly string[], rows: ReadonlyArray<Record<string, string | undefined>>): string {
  return csvTable(
    columns,
    rows.map((row) => columns.map((c) => row[c])),
    columns.map((_, i) => i),
  );
}

/** units.csv text of rows of cells: the columns `header` names, column i's cell of a row at index `cells[i]`. */
export function csvTable(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | undefined>>,
  cells: readonly number[],
): string {
  const lines = [header.map(csvCell).join(',')];
  // One string per line, no array of cells per row: units.csv may have tens of thousands of rows.
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let line = csvCell(row[cells[0]] ?? '');
    for (let c = 1; c < cells.length; c++) line += ',' + csvCell(row[cells[c]] ?? '');
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

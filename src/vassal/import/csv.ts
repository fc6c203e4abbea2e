/** units.csv text: RFC 4180 quoting where needed, LF line ends, columns in the given order. */

/** A quote, comma or line break anywhere, or white space (as `trim` removes it) at either end. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: string): string {
  return value !== '' && NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvText(columns: readonly string[], rows: ReadonlyArray<Record<string, string | undefined>>): string {
  const lines = [columns.map(csvCell).join(',')];
  // One string per line, no array of cells per row: units.csv may have tens of thousands of rows.
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    let line = csvCell(row[columns[0]] ?? '');
    for (let c = 1; c < columns.length; c++) line += ',' + csvCell(row[columns[c]] ?? '');
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

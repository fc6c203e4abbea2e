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

const QUOTE = 0x22;
const COMMA = 0x2c;
const LINE_FEED = 0x0a;

/**
 * The rows of cells of a text csvTable wrote, exactly as they were (a carriage return in a cell
 * stays one, where a game folder's units.csv is read with its line breaks made "\n"); undefined
 * for a text it cannot have written.
 */
export function csvTableCells(text: string): string[][] | undefined {
  const rows: string[][] = [];
  let at = 0;
  while (at < text.length) {
    const row: string[] = [];
    for (;;) {
      if (text.charCodeAt(at) === QUOTE) {
        // A quoted cell: its quotes doubled, up to the quote that stands alone.
        let cell = '';
        let from = at + 1;
        let quote = text.indexOf('"', from);
        while (quote >= 0 && text.charCodeAt(quote + 1) === QUOTE) {
          cell += text.slice(from, quote + 1);
          from = quote + 2;
          quote = text.indexOf('"', from);
        }
        if (quote < 0) return undefined;
        row.push(cell + text.slice(from, quote));
        at = quote + 1;
      } else {
        let end = at;
        while (end < text.length) {
          const code = text.charCodeAt(end);
          if (code === COMMA || code === LINE_FEED) break;
          end++;
        }
        row.push(text.slice(at, end));
        at = end;
      }
      const next = text.charCodeAt(at);
      at++;
      if (next === COMMA) continue;
      if (next === LINE_FEED) break;
      return undefined;
    }
    rows.push(row);
  }
  return rows;
}

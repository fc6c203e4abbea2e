/** units.csv text: RFC 4180 quoting where needed, LF line ends, columns in the given order. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvText(columns: readonly string[], rows: ReadonlyArray<Record<string, string | undefined>>): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c] ?? '')).join(','));
  return `${lines.join('\n')}\n`;
}

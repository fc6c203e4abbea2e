/**
 * A CSV text cut into records of raw fields, as RFC 4180 reads it: a field that opens with a quote
 * runs to its closing quote, commas and line breaks inside it included, and `""` is a quote. The
 * fields keep their quotes and each record its line break, so one cell can be replaced and every
 * other byte written back unchanged. Written here rather than taken from the product's reader, so
 * the oracle finds a cell independently of the code it judges.
 */
export interface CsvRecord {
  /** Raw field texts, quotes kept. */
  fields: string[];
  /** The line break that ends the record ('' for the last one). */
  end: string;
}

export function splitCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let start = 0;
  let i = 0;
  while (i <= text.length) {
    if (i === start && text[i] === '"') {
      // A quoted field: skip to the quote that closes it (a doubled quote is part of the text).
      i += 1;
      while (i < text.length && !(text[i] === '"' && text[i + 1] !== '"')) i += text[i] === '"' ? 2 : 1;
      // Past the closing quote; an unclosed field runs to the end of the text.
      i = Math.min(i + 1, text.length);
      continue;
    }
    const c = text[i];
    if (i === text.length || c === ',' || c === '\n' || c === '\r') {
      fields.push(text.slice(start, Math.min(i, text.length)));
      if (c === ',') {
        start = i + 1;
        i += 1;
        continue;
      }
      const end = c === '\r' && text[i + 1] === '\n' ? '\r\n' : (c ?? '');
      records.push({ fields, end });
      fields = [];
      i += Math.max(1, end.length);
      start = i;
      continue;
    }
    i += 1;
  }
  return records;
}

export function joinCsv(records: readonly CsvRecord[]): string {
  return records.map((r) => r.fields.join(',') + r.end).join('');
}

/** A field's value: without its quotes, doubled quotes read as one. */
export function fieldValue(raw: string): string {
  return raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw;
}

/** Records that hold data: every one after the header except a last empty one (the file's final line break). */
export function dataRecordCount(records: readonly CsvRecord[]): number {
  const last = records[records.length - 1];
  const trailingEmpty = last && last.fields.length === 1 && last.fields[0] === '' ? 1 : 0;
  return Math.max(0, records.length - 1 - trailingEmpty);
}

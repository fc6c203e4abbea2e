/** The one-value change the update tests make to an imported module's data, chosen as a user would. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { parseCsvSource } from '../../src/data/csv-source';
import { csvText } from '../../src/vassal/import/csv';
import type { SidecarIndex } from '../../src/vassal/import/sidecar';

export function csvRows(data: string): { header: string[]; rows: Record<string, string>[] } {
  const source = parseCsvSource('units.csv', data).source!;
  return {
    header: source.header,
    rows: source.records.map((r) => Object.fromEntries(source.header.map((h, i) => [h, r.cells[i] ?? '']))),
  };
}

export interface Edit {
  unit?: string;
  column: string;
  before: string;
  after: string;
}

/**
 * The change a user would make: a value of a palette unit, else its name, else the title. In a
 * folder imported from an extension, of a unit the extension holds (the base module's are refused).
 */
export function pickEdit(sidecar: SidecarIndex, rows: Record<string, string>[]): Edit {
  const fromExtension = sidecar.module.extension !== undefined;
  const kinds = Object.entries(sidecar.units).filter(([, u]) => !u.copyOf && u.sources && (!fromExtension || u.extension));
  for (const [id, u] of kinds) {
    const column = Object.keys(u.sources!).find((c) => c !== 'name' && !('prototype' in u.sources![c]));
    if (column) {
      const before = rows.find((r) => r.id === id)![column];
      return { unit: id, column, before, after: String(Number(before) + 1) };
    }
  }
  const named = kinds.find(([, u]) => u.sources!.name);
  if (named) {
    const before = rows.find((r) => r.id === named[0])!.name;
    return { unit: named[0], column: 'name', before, after: `${before} (errata)` };
  }
  return { column: 'title', before: sidecar.module.title!, after: `${sidecar.module.title} (errata)` };
}

/** Sets one cell of units.csv in the folder. */
export async function editUnit(game: string, id: string, column: string, before: string, after: string): Promise<void> {
  const file = path.join(game, 'units.csv');
  const { header, rows } = csvRows(await readFile(file, 'utf8'));
  const row = rows.find((r) => r.id === id)!;
  expect(row[column]).toBe(before);
  row[column] = after;
  await writeFile(file, csvText(header, rows));
}

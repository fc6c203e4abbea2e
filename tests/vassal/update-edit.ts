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
  /** A counters.json marker id (column "name"). */
  marker?: string;
  column: string;
  before: string;
  after: string;
}

/** How a test picks its edit from the imported folder's sidecar and units.csv rows. */
export type ChooseEdit = (sidecar: SidecarIndex, rows: Record<string, string>[]) => Edit | undefined;

/** The first counters.json marker whose name update can carry: one its pieces are named by. */
export function markerEdit(sidecar: SidecarIndex): Edit | undefined {
  const named = Object.entries(sidecar.markerOrigins ?? {}).find(
    ([, m]) =>
      m.name !== undefined &&
      m.matchKey !== undefined &&
      (!m.matchKey.startsWith('face:') || m.matchKey.startsWith(`face:${m.name}\u0000`)),
  );
  if (!named) return undefined;
  const before = named[1].name!;
  return { marker: named[0], column: 'name', before, after: `${before} (errata)` };
}

/**
 * The change a user would make: a value of a palette unit; else, in a module without values, a
 * marker's name where setups place markers; else a unit's name; else the title. In a folder
 * imported from an extension, of a unit the extension holds (the base module's are refused).
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
  const marker = fromExtension ? undefined : markerEdit(sidecar);
  if (marker) return marker;
  const named = kinds.find(([, u]) => u.sources!.name);
  if (named) {
    const before = rows.find((r) => r.id === named[0])!.name;
    return { unit: named[0], column: 'name', before, after: `${before} (errata)` };
  }
  return { column: 'title', before: sidecar.module.title!, after: `${sidecar.module.title} (errata)` };
}

/** The edit in words, for a test's log: `marker inf-liii-1 name "INF-lIII-1" → "INF-lIII-1 (errata)"`. */
export function describeEdit(edit: Edit): string {
  const subject = edit.unit ? `unit ${edit.unit}` : edit.marker ? `marker ${edit.marker}` : 'the game';
  return `${subject} ${edit.column} ${JSON.stringify(edit.before)} → ${JSON.stringify(edit.after)}`;
}

/** Makes the edit in the folder's data files: units.csv, counters.json or game.json. */
export async function applyEdit(game: string, edit: Edit): Promise<void> {
  if (edit.unit) return editUnit(game, edit.unit, edit.column, edit.before, edit.after);
  const file = path.join(game, edit.marker ? 'counters.json' : 'game.json');
  const data = JSON.parse(await readFile(file, 'utf8')) as { title: string; markers: Array<{ id: string; name: string }> };
  if (edit.marker) {
    const marker = data.markers.find((m) => m.id === edit.marker)!;
    expect(marker.name).toBe(edit.before);
    marker.name = edit.after;
  } else {
    expect(data.title).toBe(edit.before);
    data.title = edit.after;
  }
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
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

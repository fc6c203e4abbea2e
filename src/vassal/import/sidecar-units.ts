/**
 * The units' records of vassal/import.json (./sidecar.ts): written as columns (`SidecarUnitColumns`),
 * read back into one record per unit id (`SidecarUnit`). A module of thousands of units made as
 * many records of eleven keys, each with a copy of its row of units.csv, its palette list's path
 * and its notes: most of the file, and most of the time its writing took. The columns hold each
 * field once per unit, the data once as units.csv's text, and what units share once.
 */
import { csvTableCells } from './csv';
import type { SidecarUnit, SidecarUnitColumns } from './sidecar';
import type { ImportedUnit } from './units';

/** Values many units share (a palette list's sources, notes), each listed once: found by the object, else by its JSON text. */
class SharedValues<T extends object> {
  readonly list: T[] = [];
  private readonly byObject = new Map<T, number>();
  private readonly byText = new Map<string, number>();

  indexOf(value: T): number {
    let index = this.byObject.get(value);
    if (index === undefined) {
      const text = JSON.stringify(value);
      index = this.byText.get(text);
      if (index === undefined) {
        index = this.list.length;
        this.list.push(value);
        this.byText.set(text, index);
      }
      this.byObject.set(value, index);
    }
    return index;
  }
}

function hasKeys(record: object): boolean {
  for (const _ in record) return true;
  return false;
}

/** The last part of a palette slot's path where the unit's slot has no other: its class and entry name. */
function slotLabel(entryName: string): string {
  return `PieceSlot[${entryName}]`;
}

/** Whether `path` from `at` on is slotLabel(entryName), compared in place (a slot's path is built of parts: it is not made again). */
function usualLabelAt(path: string, at: number, entryName: string): boolean {
  return (
    at >= 0 &&
    path.length === at + entryName.length + 11 &&
    path.startsWith('PieceSlot[', at) &&
    path.startsWith(entryName, at + 10) &&
    path.charCodeAt(path.length - 1) === 0x5d
  );
}

/** The match key of a piece named as its slot's entry (units.ts `matchKeyOf`): most units', written as ''. */
function faceKey(entryName: string, frontImage: string): string {
  return `face:${entryName}\u0000${frontImage}`;
}

/** Whether `key` is faceKey(entryName, frontImage), compared in place. */
function isFaceKey(key: string, entryName: string, frontImage: string): boolean {
  return (
    key.length === entryName.length + frontImage.length + 6 &&
    key.startsWith('face:') &&
    key.startsWith(entryName, 5) &&
    key.charCodeAt(entryName.length + 5) === 0 &&
    key.endsWith(frontImage)
  );
}

/**
 * The records of the palette units and of the copies setups need (`copies`, each of a palette
 * unit), as columns; `csv` is units.csv as written, which holds every unit's values.
 */
export function sidecarUnitColumns(
  units: readonly ImportedUnit[],
  copies: ReadonlyArray<{ id: string; of: ImportedUnit }>,
  csv: string,
): SidecarUnitColumns {
  const count = units.length;
  const columns: SidecarUnitColumns = {
    csv,
    ids: new Array<string>(count),
    gpid: new Array<string>(count),
    entryName: new Array<string>(count),
    list: new Array<number>(count),
    frontImage: new Array<string>(count),
    layerImages: new Array<string[]>(count),
    matchKey: new Array<string>(count),
    sources: new Array<number>(count),
    readFrom: new Array<number>(count),
    notes: new Array<number>(count),
    lists: [],
    sourceSets: [],
    readFromSets: [],
    noteLists: [],
    copies: {},
  };
  const lists = new Map<string, number>();
  // The list of each slot's siblings (which share their ancestors array), and its path: the paths
  // of a list's slots are looked up once, not hashed each.
  const listOfSiblings = new Map<readonly unknown[], { list: number; path: string }>();
  const listOf = (path: string): number => {
    let list = lists.get(path);
    if (list === undefined) {
      list = lists.size;
      lists.set(path, list);
    }
    return list;
  };
  const sources = new SharedValues<SidecarUnitColumns['sourceSets'][number]>();
  const readFrom = new SharedValues<SidecarUnitColumns['readFromSets'][number]>();
  const notes = new SharedValues<string[]>();
  const labels: Record<string, string> = {};
  let labelled = false;
  for (let i = 0; i < count; i++) {
    const u = units[i];
    const { gpid, entryName, path } = u.slot;
    const siblings = listOfSiblings.get(u.definition.ancestors);
    let list: number;
    let cut: number;
    if (siblings !== undefined && path.startsWith(siblings.path)) {
      ({ list } = siblings);
      cut = siblings.path.length;
    } else {
      // The list's path keeps its "/" (a path without one is its label alone); an entry name may hold "/" too.
      const usualAt = path.length - entryName.length - 11;
      cut = usualLabelAt(path, usualAt, entryName) ? usualAt : path.lastIndexOf('/') + 1;
      const listPath = path.slice(0, cut);
      list = listOf(listPath);
      if (siblings === undefined) listOfSiblings.set(u.definition.ancestors, { list, path: listPath });
    }
    if (!usualLabelAt(path, cut, entryName)) {
      labels[u.id] = path.slice(cut);
      labelled = true;
    }
    const front = u.images.front;
    columns.ids[i] = u.id;
    columns.gpid[i] = gpid;
    columns.entryName[i] = entryName;
    columns.list[i] = list;
    columns.frontImage[i] = front;
    columns.layerImages[i] = u.images.layers;
    columns.matchKey[i] = isFaceKey(u.matchKey, entryName, front) ? '' : u.matchKey;
    columns.sources[i] = sources.indexOf(u.sources);
    columns.readFrom[i] = hasKeys(u.readFrom) ? readFrom.indexOf(u.readFrom) : -1;
    columns.notes[i] = u.notes.length > 0 ? notes.indexOf(u.notes) : -1;
  }
  columns.lists = [...lists.keys()];
  columns.sourceSets = sources.list;
  columns.readFromSets = readFrom.list;
  columns.noteLists = notes.list;
  if (labelled) columns.slotLabels = labels;
  for (let i = 0; i < copies.length; i++) columns.copies[copies[i].id] = copies[i].of.id;
  return columns;
}

/** Whether `value` is an array of `length` items (any length where undefined), each passing `item`. */
function arrayOf(value: unknown, length: number | undefined, item: (v: unknown) => boolean): boolean {
  return Array.isArray(value) && (length === undefined || value.length === length) && value.every(item);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown) => arrayOf(v, undefined, isString);
const indexBelow = (end: number, none: boolean) => (v: unknown) =>
  Number.isInteger(v) && (v as number) >= (none ? -1 : 0) && (v as number) < end;
const isStringRecord = (v: unknown) => isObject(v) && Object.values(v).every(isString);

/** What is wrong with columns read from a file, in words; undefined when they can be read. */
function columnsProblem(columns: unknown): string | undefined {
  if (!isObject(columns)) return '`units` is no object';
  const c = columns as Partial<Record<keyof SidecarUnitColumns, unknown>>;
  if (!isString(c.csv)) return '`units.csv` is no text';
  if (!arrayOf(c.ids, undefined, isString)) return '`units.ids` is no list of ids';
  const count = (c.ids as string[]).length;
  const tables = { lists: isString, sourceSets: isObject, readFromSets: isObject, noteLists: isStrings } as const;
  for (const [name, item] of Object.entries(tables))
    if (!arrayOf(c[name as keyof typeof tables], undefined, item)) return `\`units.${name}\` is not a list of what it keeps`;
  const length = (name: keyof typeof tables) => (c[name] as unknown[]).length;
  const fields = {
    gpid: isString,
    entryName: isString,
    frontImage: isString,
    matchKey: isString,
    layerImages: isStrings,
    list: indexBelow(length('lists'), false),
    sources: indexBelow(length('sourceSets'), false),
    readFrom: indexBelow(length('readFromSets'), true),
    notes: indexBelow(length('noteLists'), true),
  } as const;
  for (const [name, item] of Object.entries(fields))
    if (!arrayOf(c[name as keyof typeof fields], count, item)) return `\`units.${name}\` does not hold one entry per unit id`;
  if (c.slotLabels !== undefined && !isStringRecord(c.slotLabels)) return '`units.slotLabels` is no record of labels';
  if (!isStringRecord(c.copies)) return '`units.copies` is no record of unit ids';
  if (c.extension !== undefined && !isStrings(c.extension)) return '`units.extension` is no list of unit ids';
  return undefined;
}

/** units.csv's rows as imported, by unit id: every column's value but the id's and the notes'. */
function importedValues(csv: string): Map<string, Record<string, string>> | undefined {
  const rows = csvTableCells(csv);
  if (!rows || rows.length === 0) return undefined;
  const header = rows[0];
  const idCell = header.indexOf('id');
  if (idCell < 0) return undefined;
  const kept = header.flatMap((column, cell) => (column === 'id' || column === 'notes' ? [] : [cell]));
  const values = new Map<string, Record<string, string>>();
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r];
    const data: Record<string, string> = {};
    for (let k = 0; k < kept.length; k++) data[header[kept[k]]] = row[kept[k]] ?? '';
    values.set(row[idCell] ?? '', data);
  }
  return values;
}

/**
 * The records the columns hold, by unit id (palette units, then copies), as a format-1 file holds
 * them; a string saying what is wrong where the columns cannot have been written by an import.
 * Units share the lists and records they share in the file (read-only).
 */
export function sidecarUnitRecords(columns: unknown): Record<string, SidecarUnit> | string {
  const problem = columnsProblem(columns);
  if (problem !== undefined) return problem;
  const c = columns as SidecarUnitColumns;
  const values = importedValues(c.csv);
  if (!values) return '`units.csv` is not units.csv as an import writes it';
  const extension = new Set(c.extension ?? []);
  // Keyed by unit ids: an object without a prototype, where no id can name an inherited key.
  const records = Object.create(null) as Record<string, SidecarUnit>;
  for (let i = 0; i < c.ids.length; i++) {
    const id = c.ids[i];
    const record: SidecarUnit = {
      gpid: c.gpid[i],
      entryName: c.entryName[i],
      path: c.lists[c.list[i]] + (c.slotLabels?.[id] ?? slotLabel(c.entryName[i])),
      frontImage: c.frontImage[i],
      layerImages: c.layerImages[i],
      matchKey: c.matchKey[i] === '' ? faceKey(c.entryName[i], c.frontImage[i]) : c.matchKey[i],
      sources: c.sourceSets[c.sources[i]],
    };
    const data = values.get(id);
    if (data) record.data = data;
    if (c.readFrom[i] >= 0) record.readFrom = c.readFromSets[c.readFrom[i]];
    if (c.notes[i] >= 0) record.notes = c.noteLists[c.notes[i]];
    if (extension.has(id)) record.extension = true;
    records[id] = record;
  }
  for (const [id, of] of Object.entries(c.copies)) {
    const unit = records[of];
    if (!unit || unit.copyOf !== undefined) return `\`units.copies\` makes ${id} a copy of ${of}, which is no palette unit`;
    const { data: _, ...slot } = unit;
    const data = values.get(id);
    records[id] = { ...slot, ...(data ? { data } : {}), copyOf: of };
  }
  return records;
}

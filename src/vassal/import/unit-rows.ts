/**
 * units.csv's table of an import: one row of cells per unit (palette units, then the copies setups
 * need), the columns any row fills, and the order units.csv lists the rows in. The same rows give
 * the sidecar each unit's data as imported (import-module.ts `sidecarUnit`).
 *
 * A row is an array of cells, not a record keyed by column: a module may have thousands of units,
 * and the used columns, units.csv and the sidecar each read every cell.
 */
import { UNIT_COLUMNS } from '../../model/files';
import { csvTable } from './csv';
import { slug } from './ids';
import type { ScenariosResult } from './scenarios';
import { SIDECAR_MODULE_DIR } from './sidecar';
import type { ImportedUnit, UnitsResult } from './units';

/** A unit's front and back pictures in the module, where it has them. */
export interface UnitArt {
  front?: string;
  back?: string;
}

/** The cells of one row, by cell index (UnitTable `cellOf`); undefined where the unit has no value. */
export type UnitCells = (string | undefined)[];

export interface UnitTable {
  /** Every column a row may fill, in units.csv's order. */
  columns: string[];
  /**
   * The cell each column reads: a value field named like a column before it (or twice) shares that
   * column's cell, the value written last standing in both.
   */
  cellOf: number[];
  /** Palette units, then the copies setups need. */
  rows: UnitCells[];
  /** Indexes into `columns` of the columns some row fills (id, side and type always). */
  used: number[];
}

/** units.csv columns a module gives no value for (notes is written last, after the value columns). */
const NOT_IMPORTED_COLUMNS = ['next', 'template', 'count', 'source', 'notes'] as const;

type FixedColumn = Exclude<(typeof UNIT_COLUMNS)[number], (typeof NOT_IMPORTED_COLUMNS)[number]>;

/** The columns every row has, in order: the imported ones of units.csv. */
const FIXED_COLUMNS = UNIT_COLUMNS.filter((c): c is FixedColumn => !(NOT_IMPORTED_COLUMNS as readonly string[]).includes(c));

/** Columns units.csv always has, filled or not. */
const ALWAYS_USED = new Set(['id', 'side', 'type']);

/** A module image as units.csv names it: its copy in the sidecar, relative to the game folder. */
export function artPath(image: string | undefined): string | undefined {
  return image === undefined ? undefined : `${SIDECAR_MODULE_DIR}/${image}`;
}

/** A fixed column's cell of a unit under `id`, with its art. */
type FixedCell = (u: ImportedUnit, id: string, art: UnitArt) => string | undefined;

const FIXED_CELLS: Record<FixedColumn, FixedCell> = {
  id: (_u, id) => id,
  side: (u) => u.side,
  nationality: (u) => u.nationality,
  type: (u) => u.type,
  size: (u) => (u.size === undefined ? undefined : u.size === '?' ? '?' : slug(u.size)),
  formation: (u) => u.formation?.id,
  designation: (u) => u.designation,
  name: (u) => u.name,
  steps: (u) => u.steps,
  back: (u) => u.back,
  flags: (u) => u.flags.join(';'),
  setup: (u) => u.setup,
  entry: (u) => u.entry,
  image: (_u, _id, art) => artPath(art.front),
  backImage: (_u, _id, art) => artPath(art.back),
};

/** The cell index of every column: a name met again reads the cell of its first column. */
function cellIndexes(columns: readonly string[]): { cellOf: number[]; cells: number } {
  const first = new Map<string, number>();
  const cellOf = columns.map((c) => {
    let cell = first.get(c);
    if (cell === undefined) {
      cell = first.size;
      first.set(c, cell);
    }
    return cell;
  });
  return { cellOf, cells: first.size };
}

/** units.csv's rows (palette units, then the copies setups need) and the columns any row fills. */
export function unitTable(unitsResult: UnitsResult, copies: ScenariosResult['copies'], artOf: (u: ImportedUnit) => UnitArt): UnitTable {
  const units = unitsResult.units;
  const fieldIds = unitsResult.fields.map((f) => f.id);
  const backFields = fieldIds.filter((f) => units.some((u) => u.reverse.has(f)));
  const columns = [...FIXED_COLUMNS, ...fieldIds, ...backFields.map((f) => `back.${f}`), 'notes'];
  const { cellOf, cells } = cellIndexes(columns);
  const fixed = FIXED_COLUMNS.map((c) => FIXED_CELLS[c]);
  const frontFrom = FIXED_COLUMNS.length;
  const backFrom = frontFrom + fieldIds.length;
  const shared = cells < columns.length;
  // How each value was read is provenance: it goes to the sidecar (sidecarUnit), not into units.csv.
  const rowOf = (u: ImportedUnit, id: string): UnitCells => {
    const art = artOf(u);
    const row: UnitCells = new Array<string | undefined>(cells);
    for (let c = 0; c < fixed.length; c++) row[cellOf[c]] = fixed[c](u, id, art);
    // A unit without values leaves their cells empty, unless a field shares a fixed column's cell (its value stands there).
    if (u.front.size > 0 || shared) for (let f = 0; f < fieldIds.length; f++) row[cellOf[frontFrom + f]] = u.front.get(fieldIds[f]);
    if (u.reverse.size > 0 || shared) for (let f = 0; f < backFields.length; f++) row[cellOf[backFrom + f]] = u.reverse.get(backFields[f]);
    return row;
  };
  // Indexed loops over the rows (here and in paletteOrder): these run once an import, where each
  // for…of step may allocate an iterator result, thousands of them for a large module.
  const rows = units.map((u) => rowOf(u, u.id));
  for (let i = 0; i < copies.length; i++) rows.push(rowOf(copies[i].of, copies[i].id));
  // One pass over the cells: whether any row fills each.
  const filled = new Uint8Array(cells);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    for (let c = 0; c < cells; c++) if (filled[c] === 0 && (row[c] ?? '') !== '') filled[c] = 1;
  }
  const used: number[] = [];
  columns.forEach((c, i) => {
    if (ALWAYS_USED.has(c) || filled[cellOf[i]] === 1) used.push(i);
  });
  return { columns, cellOf, rows, used };
}

/**
 * units.csv's order: side by side (the sides' order), within a side by formation (first seen, units
 * without one last), each copy right after its unit, else the palette's order. A module built from
 * the data lays its palette out so, and imports again to the same order.
 */
export function paletteOrder(table: UnitTable, copies: ScenariosResult['copies'], sides: UnitsResult['sides']): UnitCells[] {
  const { rows } = table;
  const cell = (column: string) => table.cellOf[table.columns.indexOf(column)];
  const [idCell, sideCell, formationCell] = [cell('id'), cell('side'), cell('formation')];
  const copyRows = new Map<string, UnitCells[]>();
  const palette = rows.slice(0, rows.length - copies.length);
  copies.forEach((c, i) => {
    const list = copyRows.get(c.of.id) ?? [];
    list.push(rows[palette.length + i]);
    copyRows.set(c.of.id, list);
  });
  const sideRank = new Map(sides.map((s, i) => [s.id, i]));
  const formationRank = new Map<string, number>();
  for (let i = 0; i < palette.length; i++) {
    const formation = palette[i][formationCell];
    if (formation && !formationRank.has(formation)) formationRank.set(formation, formationRank.size);
  }
  // Each row's side and formation ranks, by the row's index: the sort compares indices.
  const bySide = new Int32Array(palette.length);
  const byFormation = new Int32Array(palette.length);
  palette.forEach((r, i) => {
    bySide[i] = sideRank.get(r[sideCell] ?? '') ?? sides.length;
    const formation = r[formationCell];
    byFormation[i] = formation ? formationRank.get(formation)! : formationRank.size;
  });
  const order = new Array<number>(palette.length);
  for (let i = 0; i < palette.length; i++) order[i] = i;
  order.sort((a, b) => bySide[a] - bySide[b] || byFormation[a] - byFormation[b] || a - b);
  const ordered: UnitCells[] = [];
  for (let o = 0; o < order.length; o++) {
    const row = palette[order[o]];
    ordered.push(row);
    const copied = copyRows.get(row[idCell]!);
    if (copied !== undefined) for (let c = 0; c < copied.length; c++) ordered.push(copied[c]);
  }
  return ordered;
}

/** units.csv: the used columns of `rows` (the table's, in the order to list them). */
export function unitsCsv(table: UnitTable, rows: readonly UnitCells[]): string {
  return csvTable(
    table.used.map((c) => table.columns[c]),
    rows,
    table.used.map((c) => table.cellOf[c]),
  );
}

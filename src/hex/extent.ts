/**
 * Rectangular map extents in printed numbers, and hex sets derived from them: every hex, the map
 * edges, and "A..B" ranges along one printed column or row.
 */
import type { Diagnostic } from '../diagnostics';
import type { Hex } from './axial';
import {
  type HexNumbering,
  axialQ,
  axialR,
  formatHexId,
  offsetToAxial,
  parseOffsetId,
  printedColumn,
  printedRow,
  tryFormatIdPart,
} from './numbering';

export interface MapExtent {
  columns: { first: number; last: number };
  rows: { first: number; last: number };
}

export type MapEdge = 'north' | 'south' | 'east' | 'west';
export const MAP_EDGES: readonly MapEdge[] = Object.freeze(['north', 'east', 'south', 'west']);

export type HexRangeResult = { ok: true; hexes: Hex[] } | { ok: false; reason: string };

/** Checks an extent (which may come straight from JSON) against the numbering's digits. */
export function validateExtent(numbering: HexNumbering, extent: MapExtent, pointer = ''): Diagnostic[] {
  const out: Diagnostic[] = [];
  const largest = 10 ** numbering.digits - 1;
  for (const axis of ['columns', 'rows'] as const) {
    const span = (extent as unknown as Record<string, { first?: unknown; last?: unknown } | undefined>)[axis];
    const here = `${pointer}/${axis}`;
    if (typeof span !== 'object' || span === null) {
      out.push({
        code: 'hex/bad-extent',
        severity: 'error',
        message: `extent.${axis} must be an object with "first" and "last"`,
        pointer: here,
      });
      continue;
    }
    let numeric = true;
    for (const end of ['first', 'last'] as const) {
      const value = span[end];
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > largest) {
        numeric = false;
        out.push({
          code: 'hex/bad-extent',
          severity: 'error',
          message: `extent.${axis}.${end} must be a whole number from 0 to ${largest} (${numbering.digits} digits), not ${JSON.stringify(value)}`,
          pointer: `${here}/${end}`,
        });
      }
    }
    if (numeric && (span.first as number) > (span.last as number)) {
      out.push({
        code: 'hex/bad-extent',
        severity: 'error',
        message: `extent.${axis}.first (${String(span.first)}) is greater than extent.${axis}.last (${String(span.last)})`,
        pointer: here,
      });
    }
  }
  return out;
}

export function extentColumnCount(extent: MapExtent): number {
  return extent.columns.last - extent.columns.first + 1;
}

export function extentRowCount(extent: MapExtent): number {
  return extent.rows.last - extent.rows.first + 1;
}

/** Number of hexes in the extent. */
export function extentSize(extent: MapExtent): number {
  return extentColumnCount(extent) * extentRowCount(extent);
}

export function containsOffset(extent: MapExtent, column: number, row: number): boolean {
  return column >= extent.columns.first && column <= extent.columns.last && row >= extent.rows.first && row <= extent.rows.last;
}

/** Whether a hex lies on the map. */
export function containsHex(numbering: HexNumbering, extent: MapExtent, h: Hex): boolean {
  return containsOffset(extent, printedColumn(numbering, h), printedRow(numbering, h));
}

/**
 * Dense index of an on-map hex in `hexesOf` order (0 … size−1), or −1 off the map. Lets callers
 * keep per-hex data in typed arrays.
 */
export function hexIndexInExtent(numbering: HexNumbering, extent: MapExtent, h: Hex): number {
  return offsetIndexInExtent(numbering, extent, printedColumn(numbering, h), printedRow(numbering, h));
}

/** Dense index (as `hexIndexInExtent`) of the hex printed at (column, row), or −1 off the map. */
export function offsetIndexInExtent(numbering: HexNumbering, extent: MapExtent, column: number, row: number): number {
  if (!containsOffset(extent, column, row)) return -1;
  const c = column - extent.columns.first;
  const r = row - extent.rows.first;
  return numbering.order === 'column-row' ? c * extentRowCount(extent) + r : r * extentColumnCount(extent) + c;
}

/** The hex at a dense index (inverse of `hexIndexInExtent`), or undefined out of range. */
export function hexAtIndexInExtent(numbering: HexNumbering, extent: MapExtent, index: number): Hex | undefined {
  if (!Number.isInteger(index) || index < 0 || index >= extentSize(extent)) return undefined;
  const columns = extentColumnCount(extent);
  const rows = extentRowCount(extent);
  const column = numbering.order === 'column-row' ? Math.floor(index / rows) : index % columns;
  const row = numbering.order === 'column-row' ? index % rows : Math.floor(index / columns);
  return offsetToAxial(numbering, extent.columns.first + column, extent.rows.first + row);
}

/**
 * Calls `visit` for every hex of the extent, in the order of its printed ids (column-row schemes
 * go column by column, row-column schemes row by row), without building an array.
 */
export function forEachHex(numbering: HexNumbering, extent: MapExtent, visit: (h: Hex, index: number) => void): void {
  forEachHexCoords(numbering, extent, (q, r, index) => visit({ q, r }, index));
}

/** `forEachHex` with the axial coordinates as numbers: no object per hex (maps of 20,000 hexes). */
export function forEachHexCoords(numbering: HexNumbering, extent: MapExtent, visit: (q: number, r: number, index: number) => void): void {
  const { columns, rows } = extent;
  let index = 0;
  if (numbering.order === 'column-row') {
    for (let c = columns.first; c <= columns.last; c++) {
      for (let r = rows.first; r <= rows.last; r++) visit(axialQ(numbering, c, r), axialR(numbering, c, r), index++);
    }
  } else {
    for (let r = rows.first; r <= rows.last; r++) {
      for (let c = columns.first; c <= columns.last; c++) visit(axialQ(numbering, c, r), axialR(numbering, c, r), index++);
    }
  }
}

/** Every hex of the extent, in the order of its printed ids (see `forEachHex`). */
export function hexesOf(numbering: HexNumbering, extent: MapExtent): Hex[] {
  const out: Hex[] = new Array(Math.max(0, extentSize(extent)));
  forEachHex(numbering, extent, (h, i) => {
    out[i] = h;
  });
  return out;
}

/**
 * The printed id of every hex of the extent, in `hexesOf` order: `hexesOf(…).map(formatHexId)`
 * with each column and row number formatted once, so a large map costs one string per hex.
 * Throws `formatHexId`'s RangeError when a number has no id form.
 */
export function hexIdsOf(numbering: HexNumbering, extent: MapExtent): string[] {
  const { columns, rows } = extent;
  const parts = (first: number, last: number): (string | undefined)[] => {
    const out: (string | undefined)[] = [];
    for (let n = first; n <= last; n++) out.push(tryFormatIdPart(numbering, n));
    return out;
  };
  const columnParts = parts(columns.first, columns.last);
  const rowParts = parts(rows.first, rows.last);
  // Some number cannot be printed: formatting hex by hex throws for the first hex that has it.
  if (columnParts.includes(undefined) || rowParts.includes(undefined))
    return hexesOf(numbering, extent).map((h) => formatHexId(numbering, h));
  const sep = numbering.separator ?? '';
  const ids: string[] = new Array(Math.max(0, extentSize(extent)));
  let index = 0;
  if (numbering.order === 'column-row') {
    for (const c of columnParts) for (const r of rowParts) ids[index++] = c + sep + r;
  } else {
    for (const r of rowParts) for (const c of columnParts) ids[index++] = r + sep + c;
  }
  return ids;
}

/**
 * The hexes along one map edge: north/south are the first/last printed row, west/east the
 * first/last printed column. On a flat map the north and south edges zig-zag (every hex of the row
 * touches the edge, the high and the low ones); on a pointy map the west and east edges do.
 * North and south run west→east; west and east run north→south.
 */
export function edgeHexes(numbering: HexNumbering, extent: MapExtent, edge: MapEdge): Hex[] {
  const out: Hex[] = [];
  const { columns, rows } = extent;
  if (edge === 'north' || edge === 'south') {
    const row = edge === 'north' ? rows.first : rows.last;
    for (let c = columns.first; c <= columns.last; c++) out.push(offsetToAxial(numbering, c, row));
  } else {
    const column = edge === 'west' ? columns.first : columns.last;
    for (let r = rows.first; r <= rows.last; r++) out.push(offsetToAxial(numbering, column, r));
  }
  return out;
}

/**
 * Parses "A..B": the hexes of one printed column (or one printed row) from A to B inclusive, in
 * the order written. A and B must share their printed column or their printed row. Never throws.
 */
export function parseHexRange(numbering: HexNumbering, text: string): HexRangeResult {
  if (typeof text !== 'string') return { ok: false, reason: 'a hex range must be a string like "0101..0105"' };
  const parts = text.split('..');
  if (parts.length !== 2) return { ok: false, reason: `"${text}" is not a hex range: write two hex ids joined by "..", like "0101..0105"` };
  const a = parseOffsetId(numbering, parts[0]);
  if (!a.ok) return { ok: false, reason: `in range "${text}": ${a.reason}` };
  const b = parseOffsetId(numbering, parts[1]);
  if (!b.ok) return { ok: false, reason: `in range "${text}": ${b.reason}` };
  const hexes: Hex[] = [];
  if (a.column === b.column) {
    const stepRow = b.row >= a.row ? 1 : -1;
    for (let r = a.row; ; r += stepRow) {
      hexes.push(offsetToAxial(numbering, a.column, r));
      if (r === b.row) break;
    }
  } else if (a.row === b.row) {
    const stepColumn = b.column >= a.column ? 1 : -1;
    for (let c = a.column; ; c += stepColumn) {
      hexes.push(offsetToAxial(numbering, c, a.row));
      if (c === b.column) break;
    }
  } else {
    return {
      ok: false,
      reason: `"${text}" is not a hex range: ${parts[0]} and ${parts[1]} share neither their column nor their row`,
    };
  }
  return { ok: true, hexes };
}

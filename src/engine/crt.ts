/**
 * Dice tables: choosing a CRT column (odds with the table's rounding, differential or strength
 * ranges, named columns), column shifts, automatic results off either end, DRM and roll clamps,
 * and reading a cell. Every function reports its reasoning with the table's citations.
 */
import { isUnknown } from '../model/common';
import type { OffTableFile, TableFile } from '../model/files';
import { cite } from './source-text';

export type ColumnPick =
  | { kind: 'column'; index: number; label: string }
  | { kind: 'automatic'; result: string; rollStill: boolean; end: 'below' | 'above' }
  | { kind: 'prohibited'; end: 'below' | 'above' }
  /** `gap`: the rules decide it, but the data does not give what is needed (an unlisted column). */
  | { kind: 'unknown'; why: string; gap?: boolean };

const columnsOf = (table: TableFile) => table.columns ?? [];
const incomplete = (table: TableFile) => table.columnsComplete === false;

/**
 * Whether no unlisted column lies between listed columns i and i+1: always on a complete table;
 * on a partial one when the data says so (`contiguous`), or when two ranges abut (1-5, 6-10).
 */
export function columnsAdjacent(table: TableFile, i: number): boolean {
  if (!incomplete(table)) return true;
  const columns = columnsOf(table);
  const a = columns[i];
  const b = columns[i + 1];
  if (!a || !b) return false;
  if (a.contiguous === true) return true;
  return a.max !== undefined && b.min !== undefined && a.max + 1 === b.min;
}

/**
 * Whether the first (below) or last (above) listed column is the table's own end: always on a
 * complete table; on a partial one when the data states what happens off that end, or when the
 * end column's range is open.
 */
export function endKnown(table: TableFile, end: 'below' | 'above'): boolean {
  if (!incomplete(table)) return true;
  if ((end === 'below' ? table.below : table.above) !== undefined) return true;
  const columns = columnsOf(table);
  const edge = end === 'below' ? columns[0] : columns[columns.length - 1];
  return edge !== undefined && edge.odds === undefined && (end === 'below' ? edge.min === undefined : edge.max === undefined);
}

function gap(why: string): { why: string; gap: true } {
  return { why, gap: true };
}

/** Position of attack vs defend on the table: a column index, or −1 below / length above. */
function rawPosition(table: TableFile, attack: number, defend: number, reasons: string[]): number | { why: string; gap?: boolean } {
  const columns = columnsOf(table);
  const rounding = table.oddsRounding ?? 'defender';
  switch (table.columnKind) {
    case 'odds': {
      const withOdds = columns.map((c, i) => ({ c, i })).filter(({ c }) => c.odds);
      if (withOdds.length === 0) return { why: `table ${table.id} gives no odds for its columns` };
      reasons.push(
        `odds ${fmt(attack)}:${fmt(defend)} = ${defend === 0 ? '∞' : fmt(round4(attack / defend))}, rounded in the ${rounding}'s favour${cite(table.source)}`,
      );
      // Compare a/d with ca/cd exactly by cross-multiplying.
      const cmp = (ca: number, cd: number) => attack * cd - defend * ca; // > 0: actual above column
      const first = withOdds[0];
      const last = withOdds[withOdds.length - 1];
      if (cmp(first.c.odds![0], first.c.odds![1]) < 0 && rounding !== 'attacker') return -1;
      if (cmp(last.c.odds![0], last.c.odds![1]) > 0) {
        if (rounding === 'defender' || rounding === 'nearest') return columns.length;
      }
      let pick: number;
      if (rounding === 'defender') {
        pick = first.i;
        for (const { c, i } of withOdds) if (cmp(c.odds![0], c.odds![1]) >= 0) pick = i;
      } else if (rounding === 'attacker') {
        pick = columns.length;
        for (const { c, i } of withOdds)
          if (cmp(c.odds![0], c.odds![1]) <= 0) {
            pick = i;
            break;
          }
        if (pick === columns.length) return pick;
      } else {
        const ratio = defend === 0 ? Number.POSITIVE_INFINITY : attack / defend;
        let gapSize = Number.POSITIVE_INFINITY;
        pick = first.i;
        for (const { c, i } of withOdds) {
          const g = Math.abs(ratio - c.odds![0] / c.odds![1]);
          if (g < gapSize - 1e-12) {
            gapSize = g;
            pick = i;
          }
        }
      }
      const unlisted = unlistedBetween(table, pick, cmp);
      if (unlisted) return gap(`odds ${fmt(attack)}:${fmt(defend)} ${unlisted}`);
      return pick;
    }
    case 'differential':
    case 'strength': {
      let value = table.columnKind === 'differential' ? attack - defend : attack;
      if (!Number.isInteger(value))
        value = rounding === 'attacker' ? Math.ceil(value) : rounding === 'nearest' ? Math.round(value) : Math.floor(value);
      reasons.push(
        `${table.columnKind === 'differential' ? `differential ${fmt(attack)} − ${fmt(defend)}` : 'strength'} = ${fmt(value)}${cite(table.source)}`,
      );
      if (columns.length === 0) return { why: `table ${table.id} has no columns` };
      const lo = (i: number) => columns[i].min ?? Number.NEGATIVE_INFINITY;
      const hi = (i: number) => columns[i].max ?? Number.POSITIVE_INFINITY;
      if (value < lo(0)) return -1;
      if (value > hi(columns.length - 1)) return columns.length;
      for (let i = 0; i < columns.length; i++) if (value >= lo(i) && value <= hi(i)) return i;
      const why = `${fmt(value)} falls between the columns of table ${table.id}`;
      return incomplete(table) ? gap(`${why}, which lists only some of its columns: the column for it is not given`) : { why };
    }
    default:
      return { why: `table ${table.id} has ${table.columnKind} columns, not odds, differential or strength` };
  }
}

/**
 * Why the odds might belong to a column the table does not list (undefined when they cannot): the
 * ratio is not exactly the picked column's, and no statement rules out a column in between.
 */
function unlistedBetween(table: TableFile, pick: number, cmp: (ca: number, cd: number) => number): string | undefined {
  if (!incomplete(table)) return undefined;
  const columns = columnsOf(table);
  const column = columns[pick];
  const side = cmp(column.odds![0], column.odds![1]);
  if (side === 0) return undefined;
  const through = column.through?.odds;
  if (side > 0 && through && cmp(through[0], through[1]) <= 0) return undefined;
  // The neighbour on the ratio's side of the picked column, and whether nothing lies between.
  const neighbour = side > 0 ? pick + 1 : pick - 1;
  const covered = side > 0 ? columnsAdjacent(table, pick) : neighbour < 0 ? endKnown(table, 'below') : columnsAdjacent(table, neighbour);
  if (covered) return undefined;
  const other = columns[neighbour];
  const between = other
    ? `between the listed columns ${side > 0 ? `${column.label} and ${other.label}` : `${other.label} and ${column.label}`}`
    : `beyond column ${column.label}`;
  return `fall ${between}; table ${table.id} lists only some of its columns (columnsComplete: false), so the column the rules give for them is not known`;
}

function offTable(table: TableFile, end: 'below' | 'above', reasons: string[]): ColumnPick | 'clamp' {
  if (!endKnown(table, end))
    return {
      kind: 'unknown',
      gap: true,
      why: `the position is ${end} the listed columns of table ${table.id}, which lists only some of its columns and states nothing for that end`,
    };
  const rule: OffTableFile | undefined = end === 'below' ? table.below : table.above;
  if (rule === undefined || rule === 'clamp') {
    reasons.push(
      `${end} the table: use the ${end === 'below' ? 'first' : 'last'} column${rule === undefined ? ' (the table states nothing else)' : ''}${cite(table.source)}`,
    );
    return 'clamp';
  }
  if (rule === 'prohibited') {
    reasons.push(`${end} the table: attack not allowed${cite(table.source)}`);
    return { kind: 'prohibited', end };
  }
  reasons.push(
    `${end} the table: automatic ${rule.result}${rule.rollStill ? ' (dice still rolled)' : ''}${cite(rule.source ?? table.source)}`,
  );
  return { kind: 'automatic', result: rule.result, rollStill: rule.rollStill === true, end };
}

/** Why a shift from column `from` by `shift` crosses a boundary the data does not give, or undefined. */
function shiftCrossesUnlisted(table: TableFile, from: number, shift: number): string | undefined {
  const columns = columnsOf(table);
  const to = from + shift;
  const [lo, hi] = shift > 0 ? [from, Math.min(to, columns.length - 1)] : [Math.max(to, 0), from];
  for (let k = lo; k < hi; k++)
    if (!columnsAdjacent(table, k))
      return `a shift of ${signed(shift)} from column ${columns[from].label} crosses columns table ${table.id} does not list (between ${columns[k].label} and ${columns[k + 1].label})`;
  return undefined;
}

/**
 * The column for attack vs defend after `shift` columns (positive favours the attacker).
 * An off-table position that clamps is clamped before shifting; one off the table after shifting
 * takes that end's rule. On a table that lists only some of its columns, an answer that would need
 * an unlisted column (odds between two listed columns, a shift across a hole, an end the data does
 * not give) is a gap, never the neighbouring column's value.
 */
export function pickColumn(
  table: TableFile,
  input: { attack?: number; defend?: number; column?: string; shift?: number },
  reasons: string[],
): ColumnPick {
  const columns = columnsOf(table);
  // A table whose cells are not given may still state its columns: odds can be read from them.
  if (isUnknown(table.body) && columns.length === 0)
    return {
      kind: 'unknown',
      gap: true,
      why: `table ${table.id} is named but its body is not given${table.body.reason ? ` (${table.body.reason})` : ''}`,
    };
  let position: number;
  if (input.column !== undefined) {
    position = columns.findIndex((c) => c.label === input.column);
    if (position < 0)
      return incomplete(table)
        ? {
            kind: 'unknown',
            gap: true,
            why: `column "${input.column}" is not among the columns table ${table.id} lists (it lists only some)`,
          }
        : { kind: 'unknown', why: `table ${table.id} has no column "${input.column}"` };
  } else if (table.columnKind === 'none' || (table.columnKind === 'label' && input.attack === undefined)) {
    position = 0;
  } else {
    if (input.attack === undefined || (input.defend === undefined && table.columnKind !== 'strength'))
      return { kind: 'unknown', why: 'attack and defend strengths are needed to choose the column' };
    const raw = rawPosition(table, input.attack, input.defend ?? 0, reasons);
    if (typeof raw !== 'number') return { kind: 'unknown', why: raw.why, ...(raw.gap ? { gap: true } : {}) };
    position = raw;
  }
  const shift = input.shift ?? 0;
  for (let pass = 0; pass < 2; pass++) {
    if (position < 0 || position >= columns.length) {
      const end = position < 0 ? 'below' : 'above';
      const off = offTable(table, end, reasons);
      if (off !== 'clamp') return off;
      position = position < 0 ? 0 : columns.length - 1;
    }
    if (pass === 0 && shift !== 0) {
      const hole = shiftCrossesUnlisted(table, position, shift);
      if (hole) return { kind: 'unknown', gap: true, why: hole };
      reasons.push(
        `column shift ${shift > 0 ? '+' : ''}${shift}: ${columns[position].label} → ${columns[position + shift]?.label ?? `off the ${position + shift < 0 ? 'low' : 'high'} end`}`,
      );
      position += shift;
    } else break;
  }
  if (columns.length === 0) return { kind: 'unknown', why: `table ${table.id} has no columns` };
  return { kind: 'column', index: position, label: columns[position].label };
}

export interface RollResult {
  result?: string | number;
  row?: string;
  modified: number;
  unknown?: string;
}

/** Clamps a DRM by the table's drmRange. */
export function clampDrm(table: TableFile | undefined, drm: number, reasons: string[]): number {
  if (!table?.drmRange) return drm;
  const clamped = Math.min(table.drmRange.max, Math.max(table.drmRange.min, drm));
  if (clamped !== drm)
    reasons.push(
      `DRM ${signed(drm)} clamped to ${signed(clamped)} (range ${table.drmRange.min}…${table.drmRange.max})${cite(table.source)}`,
    );
  return clamped;
}

/** Reads the cell for a natural roll plus DRM (drm clamped first, then the modified roll). */
export function readRow(table: TableFile, columnIndex: number, roll: number, drm: number, reasons: string[]): RollResult {
  const d = clampDrm(table, drm, reasons);
  let modified = roll + d;
  if (d !== 0) reasons.push(`roll ${roll} ${d >= 0 ? '+' : '−'} ${Math.abs(d)} = ${modified}`);
  if (table.rollRange) {
    const clamped = Math.min(table.rollRange.max, Math.max(table.rollRange.min, modified));
    if (clamped !== modified)
      reasons.push(
        `modified roll ${modified} clamped to ${clamped} (range ${table.rollRange.min}…${table.rollRange.max})${cite(table.source)}`,
      );
    modified = clamped;
  }
  const rows = table.rows ?? [];
  if (rows.length === 0) return { modified, unknown: `table ${table.id} gives no rows` };
  let row = rows.find((r) => modified >= r.min && modified <= r.max);
  if (!row) {
    const lowest = rows.reduce((a, b) => (b.min < a.min ? b : a));
    const highest = rows.reduce((a, b) => (b.max > a.max ? b : a));
    if (table.rowsComplete === false) return { modified, unknown: `roll ${modified} is on a row table ${table.id} does not give` };
    row = modified < lowest.min ? lowest : modified > highest.max ? highest : undefined;
    if (!row) return { modified, unknown: `no row of table ${table.id} covers ${modified}` };
    reasons.push(`roll ${modified} beyond the table: row ${rowLabel(row)}`);
  }
  const cell = row.cells?.[columnIndex];
  if (cell === undefined || cell === '?') {
    reasons.push(`row ${rowLabel(row)}`);
    const body = isUnknown(table.body) && table.body.reason ? ` (${table.body.reason})` : '';
    return {
      modified,
      row: rowLabel(row),
      unknown: `cell (row ${rowLabel(row)}, column ${columnIndex + 1}) of table ${table.id} is not given${body}`,
    };
  }
  reasons.push(`row ${rowLabel(row)}: ${cell}${cite(row.source ?? table.source)}`);
  return { result: cell, row: rowLabel(row), modified };
}

function rowLabel(row: { min: number; max: number; label?: string }): string {
  return row.label ?? (row.min === row.max ? String(row.min) : `${row.min}-${row.max}`);
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

function round4(n: number): number {
  return Math.round(n * 10000) / 10000;
}

function fmt(n: number): string {
  return String(round4(n));
}

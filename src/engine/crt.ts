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
  | { kind: 'unknown'; why: string };

const columnsOf = (table: TableFile) => table.columns ?? [];

/** Position of attack vs defend on the table: a column index, or −1 below / length above. */
function rawPosition(table: TableFile, attack: number, defend: number, reasons: string[]): number | { why: string } {
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
      if (rounding === 'defender') {
        let pick = first.i;
        for (const { c, i } of withOdds) if (cmp(c.odds![0], c.odds![1]) >= 0) pick = i;
        return pick;
      }
      if (rounding === 'attacker') {
        for (const { c, i } of withOdds) if (cmp(c.odds![0], c.odds![1]) <= 0) return i;
        return columns.length;
      }
      const ratio = defend === 0 ? Number.POSITIVE_INFINITY : attack / defend;
      let best = first.i;
      let gap = Number.POSITIVE_INFINITY;
      for (const { c, i } of withOdds) {
        const g = Math.abs(ratio - c.odds![0] / c.odds![1]);
        if (g < gap - 1e-12) {
          gap = g;
          best = i;
        }
      }
      return best;
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
      return { why: `${value} falls between the columns of table ${table.id}` };
    }
    default:
      return { why: `table ${table.id} has ${table.columnKind} columns, not odds, differential or strength` };
  }
}

function offTable(table: TableFile, end: 'below' | 'above', reasons: string[]): ColumnPick | 'clamp' {
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

/**
 * The column for attack vs defend after `shift` columns (positive favours the attacker).
 * An off-table position that clamps is clamped before shifting; one off the table after shifting
 * takes that end's rule.
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
      why: `table ${table.id} is named but its body is not given${table.body.reason ? ` (${table.body.reason})` : ''}`,
    };
  let position: number;
  if (input.column !== undefined) {
    position = columns.findIndex((c) => c.label === input.column);
    if (position < 0) return { kind: 'unknown', why: `table ${table.id} has no column "${input.column}"` };
  } else if (table.columnKind === 'none' || (table.columnKind === 'label' && input.attack === undefined)) {
    position = 0;
  } else {
    if (input.attack === undefined || (input.defend === undefined && table.columnKind !== 'strength'))
      return { kind: 'unknown', why: 'attack and defend strengths are needed to choose the column' };
    const raw = rawPosition(table, input.attack, input.defend ?? 0, reasons);
    if (typeof raw !== 'number') return { kind: 'unknown', why: raw.why };
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
      reasons.push(
        `column shift ${shift > 0 ? '+' : ''}${shift}: ${columns[position].label} → ${columns[position + shift]?.label ?? `off the ${position + shift < 0 ? 'low' : 'high'} end`}`,
      );
      position += shift;
    } else break;
  }
  if (columns.length === 0) return { kind: 'unknown', why: `table ${table.id} has no columns` };
  if (table.columnsComplete === false && (position === 0 || position === columns.length - 1)) {
    reasons.push(`note: table ${table.id} lists only some of its columns`);
  }
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

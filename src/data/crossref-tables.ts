/**
 * Tables must be complete and unambiguous: every roll and every strength falls in exactly one row
 * and column, and every row has one cell per column. Gaps the author declares are allowed.
 */
import type { GameFile, TablesFile, TableFile } from '../model/files';
import type { CheckContext } from './check-context';
import type { GameVocabulary } from './crossref-game';
import { maxOf } from '../extremes';

export function checkTables(ctx: CheckContext, tables: TablesFile, game: GameFile, vocab: GameVocabulary): Set<string> {
  const ids = ctx.unique('tables', tables.tables, '/tables', 'table');
  tables.tables.forEach((table, t) => checkTable(ctx, table, `/tables/${t}`, game, vocab));
  return ids;
}

function checkTable(ctx: CheckContext, table: TableFile, at: string, game: GameFile, vocab: GameVocabulary): void {
  ctx.ref('tables', `${at}/dice`, 'die', table.dice, vocab.dice, 'game.json dice');
  const columns = table.columns ?? [];
  checkColumns(ctx, table, columns, at);

  for (const key of ['rollRange', 'drmRange'] as const) {
    const range = table[key];
    if (range && typeof range.min === 'number' && typeof range.max === 'number' && range.min > range.max) {
      ctx.error('tables', `${at}/${key}`, 'tables/bad-range', `${key} ${range.min}-${range.max}: min is greater than max`);
    }
  }
  const rows = table.rows ?? [];
  const width = table.columnKind === 'none' ? 1 : columns.length;
  rows.forEach((row, r) => {
    if (row.min > row.max) ctx.error('tables', `${at}/rows/${r}`, 'tables/bad-range', `row ${row.min}-${row.max}: min is greater than max`);
    if (row.cells && row.cells.length !== width) {
      ctx.error('tables', `${at}/rows/${r}/cells`, 'tables/row-width', `row ${label(row)} has ${row.cells.length} cells but the table has ${width} column${width === 1 ? '' : 's'}`, 'one cell per column; write "?" for a cell the source does not give');
    }
  });
  const sorted = rows.map((row, r) => ({ row, r })).sort((a, b) => a.row.min - b.row.min);
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1].row;
    const cur = sorted[k];
    if (cur.row.min <= prev.max) {
      ctx.error('tables', `${at}/rows/${cur.r}`, 'tables/overlap', `rows ${label(prev)} and ${label(cur.row)} overlap`, 'each roll must fall in exactly one row');
    } else if (table.rowsComplete !== false && Number.isInteger(prev.max) && cur.row.min > prev.max + 1) {
      ctx.error('tables', `${at}/rows/${cur.r}`, 'tables/hole', `no row covers ${prev.max + 1}${cur.row.min - 1 > prev.max + 1 ? `-${cur.row.min - 1}` : ''} (between rows ${label(prev)} and ${label(cur.row)})`, 'add the missing row, or set "rowsComplete": false if the source omits it');
    }
  }
  // Complete tables must cover every roll the dice (or the declared roll range) can give.
  if (table.rowsComplete !== false && sorted.length > 0) {
    const die = (game.dice ?? []).find((d) => d.id === table.dice);
    const range = table.rollRange ?? (die && (die.combine ?? 'sum') === 'sum' ? { min: die.count, max: die.count * die.faces } : undefined);
    if (range) {
      const lo = sorted[0].row.min;
      const hi = maxOf(sorted.map((s) => s.row.max));
      if (lo > range.min || hi < range.max) {
        ctx.error('tables', `${at}/rows`, 'tables/hole', `rows cover ${lo}-${hi} but rolls run ${range.min}-${range.max}`, 'add rows for the missing rolls, declare "rollRange", or set "rowsComplete": false');
      }
    }
  }
  const codes = new Set<string>();
  (table.results ?? []).forEach((res, k) => {
    if (codes.has(res.code)) ctx.error('tables', `${at}/results/${k}/code`, 'ref/duplicate-id', `result code "${res.code}" is explained twice`);
    codes.add(res.code);
  });
}

function checkColumns(ctx: CheckContext, table: TableFile, columns: NonNullable<TableFile['columns']>, at: string): void {
  if (table.columnKind === 'odds') {
    let previous: { ratio: number; label: string } | undefined;
    columns.forEach((c, k) => {
      if (!c.odds) {
        ctx.error('tables', `${at}/columns/${k}`, 'tables/column-kind', `odds column "${c.label}" has no "odds": [attacker, defender]`);
        return;
      }
      const ratio = c.odds[0] / c.odds[1];
      if (previous && ratio <= previous.ratio) {
        ctx.error('tables', `${at}/columns/${k}/odds`, 'tables/overlap', `odds column ${c.label} is not above the column before it (${previous.label})`, 'list odds columns from lowest to highest, each once');
      }
      previous = { ratio, label: c.label };
    });
  } else if (table.columnKind === 'differential' || table.columnKind === 'strength') {
    let previous: { max: number; label: string } | undefined;
    columns.forEach((c, k) => {
      if (c.min === undefined && c.max === undefined) {
        ctx.error('tables', `${at}/columns/${k}`, 'tables/column-kind', `${table.columnKind} column "${c.label}" needs "min" and/or "max"`);
        return;
      }
      const min = c.min ?? -Infinity;
      const max = c.max ?? Infinity;
      if (min > max) ctx.error('tables', `${at}/columns/${k}`, 'tables/bad-range', `column ${c.label}: min is greater than max`);
      if (previous) {
        if (min <= previous.max) {
          ctx.error('tables', `${at}/columns/${k}`, 'tables/overlap', `columns ${previous.label} and ${c.label} overlap`, 'each value must fall in exactly one column; list columns from lowest to highest');
        } else if (table.columnsComplete !== false && Number.isFinite(previous.max) && Number.isInteger(previous.max) && min > previous.max + 1) {
          ctx.error('tables', `${at}/columns/${k}`, 'tables/hole', `no column covers ${previous.max + 1} (between columns ${previous.label} and ${c.label})`, 'add the missing column, or set "columnsComplete": false');
        }
      }
      previous = { max, label: c.label };
    });
  } else if (table.columnKind === 'label') {
    const seen = new Set<string>();
    columns.forEach((c, k) => {
      if (seen.has(c.label)) ctx.error('tables', `${at}/columns/${k}/label`, 'ref/duplicate-id', `column "${c.label}" appears twice`);
      seen.add(c.label);
    });
  }
}

function label(row: { min: number; max: number }): string {
  return row.min === row.max ? `${row.min}` : `${row.min}-${row.max}`;
}

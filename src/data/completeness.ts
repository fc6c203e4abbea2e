/**
 * Completeness: how much of a full data set a game folder states, and every known gap, by category.
 * What counts are value cells: a table's result cells, a unit's factors, each hex's terrain, each
 * terrain effect, each number or rule value; ids, names and labels name things and do not count.
 * A gap is a declared unknown ({"unknown": true}, "?" in a cell), a list marked incomplete
 * ("complete": false…) or a hex whose terrain is unknown; a table the source does not give, or the
 * rows it lacks, count every cell they would hold.
 */
import { isUnknown, UNKNOWN_CELL } from '../model/common';
import type { TableFile } from '../model/files';
import type { Game } from '../model/game';
import { type CounterGaps, type CounterPlan, counterGaps, planCounters } from '../plan';
import { FILE_NAMES } from './parse-game';

export const CATEGORIES = ['game', 'map', 'terrain', 'units', 'counters', 'tables', 'tracks', 'scenarios'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Gap {
  category: Category;
  /** JSON pointer (or `/row/column` in units.csv) of the first instance. */
  pointer: string;
  /** The pointer with indices replaced by `*`: gaps of the same shape are counted together. */
  pattern: string;
  reason: string;
  count: number;
}

export interface CategoryCount {
  stated: number;
  unknown: number;
}

export interface CompletenessReport {
  game: string;
  title: string;
  counts: Record<Category, CategoryCount>;
  hexes: { total: number; terrainKnown: number; terrainUnknown: number; extentComplete: boolean };
  units: { counters: number; valuesStated: number; valuesUnknown: number };
  /** The gaps as the printed counters show them (from the component plan). */
  faces: CounterGaps;
  gaps: Gap[];
}

const META_KEYS = new Set(['$schema', 'source', 'notes', 'reason', 'description', 'quote']);
/** Keys that name or classify a thing rather than state one of its values. */
const NAMING_KEYS = new Set(['id', 'name', 'label', 'title', 'kind', 'columnKind']);
const INCOMPLETE_FLAGS: Record<string, boolean> = { complete: false, rowsComplete: false, columnsComplete: false, partial: true };

/** Stated values and gaps counted by category; gaps of the same pattern and reason grouped. */
class Tally {
  readonly counts = Object.fromEntries(CATEGORIES.map((c) => [c, { stated: 0, unknown: 0 }])) as Record<Category, CategoryCount>;
  private readonly gaps = new Map<string, Gap>();

  gap(category: Category, pointer: string, reason: string, count = 1): void {
    const pattern = pointer.replace(/\/\d+(?=\/|$)/g, '/*');
    const key = `${category}\u0000${pattern}\u0000${reason}`;
    const gap = this.gaps.get(key);
    if (gap) gap.count += count;
    else this.gaps.set(key, { category, pointer, pattern, reason, count });
    this.counts[category].unknown += count;
  }

  /** Every value under `value`: stated, or a gap (a declared unknown, a "?" cell, an incomplete flag). */
  walk(category: Category, value: unknown, pointer = '', key?: string): void {
    if (key !== undefined && (META_KEYS.has(key) || NAMING_KEYS.has(key))) return;
    if (isUnknown(value)) {
      this.gap(category, pointer, value.reason ?? 'not given by the source');
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => this.walk(category, v, `${pointer}/${i}`));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k in INCOMPLETE_FLAGS && v === INCOMPLETE_FLAGS[k]) {
          this.gap(category, pointer, incompleteReason(k));
          continue;
        }
        this.walk(category, v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k);
      }
      return;
    }
    if (value === UNKNOWN_CELL) this.gap(category, pointer, 'cell marked "?"');
    else this.counts[category].stated += 1;
  }

  sortedGaps(): Gap[] {
    return [...this.gaps.values()].sort(
      (a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.pattern.localeCompare(b.pattern) || a.reason.localeCompare(b.reason),
    );
  }
}

/** How many die rolls a table's rows cover: its roll range, else what its dice can roll. */
function rollCount(table: TableFile): number | undefined {
  if (table.rollRange) return table.rollRange.max - table.rollRange.min + 1;
  const dice = /^(\d*)d(\d+)$/.exec(table.dice ?? '');
  if (!dice) return undefined;
  const n = dice[1] === '' ? 1 : Number(dice[1]);
  return n * Number(dice[2]) - n + 1;
}

/** Tables: one value per result cell; a table not given, and rows not given, count every cell they would hold. */
function tallyTables(tally: Tally, tables: readonly TableFile[]): void {
  tables.forEach((table, i) => {
    const { rows, body, rowsComplete, ...rest } = table;
    const at = `/tables/${i}`;
    tally.walk('tables', rest, at);
    const columns = Math.max(1, table.columns?.length ?? 0);
    const rolls = rollCount(table);
    if (body !== undefined && isUnknown(body)) {
      const cells = (rolls ?? 1) * columns;
      tally.gap('tables', `${at}/body`, `table not given by the source (${cells} cell${cells === 1 ? '' : 's'}${rolls === undefined ? ', its rows not counted' : ''})`, cells);
      return;
    }
    (rows ?? []).forEach((row, r) => {
      const cells = row.cells ?? [];
      cells.forEach((cell, k) => (cell === UNKNOWN_CELL ? tally.gap('tables', `${at}/rows/${r}/cells/${k}`, 'cell marked "?"') : (tally.counts.tables.stated += 1)));
      if (cells.length < columns) tally.gap('tables', `${at}/rows/${r}/cells`, 'row gives fewer cells than the table has columns', columns - cells.length);
    });
    if (rowsComplete === false) {
      const covered = (rows ?? []).reduce((n, row) => n + row.max - row.min + 1, 0);
      const missing = rolls === undefined ? 1 : Math.max(1, rolls - covered) * columns;
      tally.gap('tables', at, incompleteReason('rowsComplete'), missing);
    }
  });
}

/** The map: its stated facts, with terrain counted per hex of the whole map. Returns the hexes of unknown terrain. */
function tallyMap(tally: Tally, game: Game): number {
  const { hexes: _hexes, zones, hexsides, ...mapRest } = game.map;
  tally.walk('map', { ...mapRest, zones: zones.map(({ hexIds: _ids, ...zone }) => zone) });
  tally.counts.map.stated += hexsides.length;
  let terrainUnknown = 0;
  let unknownReason = 'terrain not given by the source';
  for (const hex of game.map.hexes) {
    if (isUnknown(hex.terrain)) {
      terrainUnknown += 1;
      if (hex.terrain.reason) unknownReason = hex.terrain.reason;
    } else tally.counts.map.stated += 1;
    if (hex.partial) tally.gap('map', `/terrain/${hex.id}`, 'hex terrain only partly known');
  }
  if (terrainUnknown > 0) tally.gap('map', '/defaultTerrain', `hex terrain unknown: ${unknownReason}`, terrainUnknown);
  return terrainUnknown;
}

/** Units: one value per factor cell of units.csv, unknown cells grouped by column. */
function tallyUnits(tally: Tally, game: Game): { valuesStated: number; valuesUnknown: number } {
  let valuesStated = 0;
  let valuesUnknown = 0;
  game.units.forEach((unit, i) => {
    const cells: [string, unknown][] = [
      // Its factors and printed facts; side, type, formation, designation and name identify it.
      ...(['size', 'steps', 'setup', 'entry'] as const).map((k) => [k, unit[k]] as [string, unknown]),
      ...Object.entries(unit.front),
      ...Object.entries(unit.reverse).map(([k, v]) => [`back.${k}`, v] as [string, unknown]),
    ];
    for (const [column, value] of cells) {
      if (value === undefined) continue;
      if (isUnknown(value)) {
        valuesUnknown += 1;
        tally.gap('units', `/${i}/${column}`, `units.csv column "${column}" marked "?"`);
      } else {
        valuesStated += 1;
        tally.counts.units.stated += 1;
      }
    }
  });
  return { valuesStated, valuesUnknown };
}

export function completenessReport(game: Game, plan: Pick<CounterPlan, 'counters'> = planCounters(game)): CompletenessReport {
  const tally = new Tally();
  tally.walk('game', game.info);
  tally.walk('terrain', { terrain: game.terrain });
  tally.walk('counters', game.counters);
  tallyTables(tally, game.tables);
  tally.walk('tracks', game.tracks);
  tally.walk('scenarios', { scenarios: game.scenarios });
  const terrainUnknown = tallyMap(tally, game);
  const units = tallyUnits(tally, game);
  return {
    game: game.id,
    title: game.info.title,
    counts: tally.counts,
    hexes: {
      total: game.map.hexes.length,
      terrainKnown: game.map.hexes.length - terrainUnknown,
      terrainUnknown,
      extentComplete: game.map.extent.complete !== false,
    },
    units: { counters: game.units.length, ...units },
    faces: counterGaps(plan.counters),
    gaps: tally.sortedGaps(),
  };
}

function incompleteReason(flag: string): string {
  switch (flag) {
    case 'complete':
      return 'list marked incomplete: the source names only some entries';
    case 'rowsComplete':
      return 'table rows incomplete: the source gives only some rows';
    case 'columnsComplete':
      return 'table columns incomplete: the source names only some columns';
    default:
      return 'only partly known';
  }
}

/** Every category is named after the file it counts. */
const FILE_OF: Record<Category, string> = FILE_NAMES;

export function completenessMarkdown(report: CompletenessReport): string {
  const lines: string[] = [];
  lines.push(`# Completeness: ${report.title}`, '');
  lines.push('Values the data states, and every known gap (a value the source does not give). Gaps are never filled with guesses.', '');
  lines.push('| Category | Stated | Unknown | Stated share |', '|---|---:|---:|---:|');
  for (const c of CATEGORIES) {
    const { stated, unknown } = report.counts[c];
    const share = stated + unknown === 0 ? '–' : `${Math.round((100 * stated) / (stated + unknown))} %`;
    lines.push(`| ${c} | ${stated} | ${unknown} | ${share} |`);
  }
  lines.push('');
  lines.push(`Map: ${report.hexes.total} hexes, terrain known for ${report.hexes.terrainKnown}, unknown for ${report.hexes.terrainUnknown}; extent ${report.hexes.extentComplete ? 'complete' : 'incomplete (covers only the hexes the source names)'}.`);
  lines.push(`Units: ${report.units.counters} counters, ${report.units.valuesStated} values stated, ${report.units.valuesUnknown} unknown.`);
  const { faces } = report;
  lines.push(`Counter faces: ${faces.facesWithGaps} print "?" for a value the data does not give; ${faces.fallback} unit counters use the fallback layout (no template, or its layout not stated), of ${faces.counters} counters.`, '');
  lines.push('## Known gaps', '');
  if (report.gaps.length === 0) lines.push('None.');
  for (const c of CATEGORIES) {
    const gaps = report.gaps.filter((g) => g.category === c);
    if (gaps.length === 0) continue;
    lines.push(`### ${c} (${gaps.reduce((n, g) => n + g.count, 0)})`, '');
    lines.push('| Where | Count | Reason |', '|---|---:|---|');
    for (const g of gaps) lines.push(`| \`${FILE_OF[c]}${g.count > 1 ? g.pattern : g.pointer}\` | ${g.count} | ${g.reason.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** One line per category for the terminal. */
export function completenessSummary(report: CompletenessReport): string {
  const parts = CATEGORIES.map((c) => `${c} ${report.counts[c].stated}/${report.counts[c].stated + report.counts[c].unknown}`);
  return `${report.game}: stated/total ${parts.join(', ')}; hexes with known terrain ${report.hexes.terrainKnown}/${report.hexes.total}; ${report.gaps.length} gap groups`;
}

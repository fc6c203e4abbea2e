/**
 * Completeness: how much of a full data set a game folder states, and every known gap, by category.
 * A gap is a declared unknown ({"unknown": true}, "?" in a cell), a list marked incomplete
 * ("complete": false, "rowsComplete": false…) or a hex whose terrain is unknown.
 */
import { isUnknown, UNKNOWN_CELL } from '../model/common';
import type { Game } from '../model/game';
import type { ParsedGame } from './parse-game';
import type { FileKind } from './schemas';

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
  gaps: Gap[];
}

const META_KEYS = new Set(['$schema', 'source', 'notes', 'reason', 'description', 'quote']);
const INCOMPLETE_FLAGS: Record<string, boolean> = { complete: false, rowsComplete: false, columnsComplete: false, partial: true };

export function completenessReport(game: Game, parsed: ParsedGame): CompletenessReport {
  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, { stated: 0, unknown: 0 }])) as Record<Category, CategoryCount>;
  const gaps = new Map<string, Gap>();
  const addGap = (category: Category, pointer: string, reason: string, count = 1) => {
    const pattern = pointer.replace(/\/\d+(?=\/|$)/g, '/*');
    const key = `${category}\u0000${pattern}\u0000${reason}`;
    const gap = gaps.get(key);
    if (gap) gap.count += count;
    else gaps.set(key, { category, pointer, pattern, reason, count });
    counts[category].unknown += count;
  };

  const walk = (category: Category, value: unknown, pointer: string, key: string | undefined): void => {
    if (key !== undefined && META_KEYS.has(key)) return;
    if (isUnknown(value)) {
      addGap(category, pointer, value.reason ?? 'not given by the source');
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(category, v, `${pointer}/${i}`, undefined));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k in INCOMPLETE_FLAGS && v === INCOMPLETE_FLAGS[k]) {
          addGap(category, pointer, incompleteReason(k));
          continue;
        }
        walk(category, v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, k);
      }
      return;
    }
    if (value === UNKNOWN_CELL) addGap(category, pointer, 'cell marked "?"');
    else counts[category].stated += 1;
  };

  const jsonKinds: [FileKind, Category][] = [
    ['game', 'game'],
    ['terrain', 'terrain'],
    ['counters', 'counters'],
    ['tables', 'tables'],
    ['tracks', 'tracks'],
    ['scenarios', 'scenarios'],
  ];
  for (const [kind, category] of jsonKinds) {
    const value = parsed[kind as keyof ParsedGame];
    if (value !== undefined) walk(category, value, '', undefined);
  }
  // The map: the file's stated facts, but terrain counted per hex of the whole map.
  const { terrain: _perHex, defaultTerrain: _default, ...mapRest } = parsed.map ?? ({} as Record<string, unknown>);
  walk('map', mapRest, '', undefined);
  let terrainUnknown = 0;
  for (const hex of game.map.hexes) {
    if (isUnknown(hex.terrain)) terrainUnknown += 1;
    else counts.map.stated += 1;
    if (hex.partial) addGap('map', `/terrain/${hex.id}`, 'hex terrain only partly known');
  }
  if (terrainUnknown > 0) {
    const reason = isUnknown(parsed.map?.defaultTerrain) ? parsed.map.defaultTerrain.reason ?? 'terrain not given by the source' : 'terrain not given by the source';
    addGap('map', '/defaultTerrain', `hex terrain unknown: ${reason}`, terrainUnknown);
  }

  // Units: one value per cell, unknown cells grouped by column.
  let valuesStated = 0;
  let valuesUnknown = 0;
  (parsed.units ?? []).forEach((row, i) => {
    for (const [column, value] of Object.entries(row)) {
      if (META_KEYS.has(column)) continue;
      if (isUnknown(value)) {
        valuesUnknown += 1;
        addGap('units', `/${i}/${column}`, `units.csv column "${column}" marked "?"`);
      } else {
        valuesStated += 1;
        counts.units.stated += 1;
      }
    }
  });

  return {
    game: game.id,
    title: game.info.title,
    counts,
    hexes: {
      total: game.map.hexes.length,
      terrainKnown: game.map.hexes.length - terrainUnknown,
      terrainUnknown,
      extentComplete: game.map.extent.complete !== false,
    },
    units: { counters: game.units.length, valuesStated, valuesUnknown },
    gaps: [...gaps.values()].sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.pattern.localeCompare(b.pattern) || a.reason.localeCompare(b.reason)),
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

const FILE_OF: Record<Category, string> = {
  game: 'game.json',
  map: 'map.json',
  terrain: 'terrain.json',
  units: 'units.csv',
  counters: 'counters.json',
  tables: 'tables.json',
  tracks: 'tracks.json',
  scenarios: 'scenarios.json',
};

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
  lines.push(`Units: ${report.units.counters} counters, ${report.units.valuesStated} values stated, ${report.units.valuesUnknown} unknown.`, '');
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

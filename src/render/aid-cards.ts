/**
 * What the player aid cards say, as plain tables: CRT and every other table from tables.json,
 * the terrain effects chart from terrain.json, the turn record track, reinforcement / withdrawal /
 * replacement schedules and chit charts from the scenarios and counters, and the sequence of play.
 * Read from the same Game the engine reads; gaps are cells marked unknown (printed "?").
 */
import { type Source, UNKNOWN_CELL, isUnknown } from '../model/common';
import type { ArrivalFile, CombatEffectFile, MoveCost, MovementSpec, PhaseFile, TableFile, TerrainTypeFile } from '../model/files';
import { conditionText } from '../engine/conditions';
import type { Game } from '../model/game';
import { formatValue } from '../plan/format';

export interface Cell {
  text: string;
  unknown?: boolean;
}

export interface TableBlock {
  kind: 'table';
  title?: string;
  header: string[];
  rows: Cell[][];
  /** Small print under the table: rule citations, legends. */
  notes: string[];
}

export interface AidCard {
  /** File-safe id (aids/<id>.png). */
  id: string;
  title: string;
  blocks: TableBlock[];
  /** Rule citation of the whole card. */
  citation?: string;
  /** The table of tables.json the card prints, when it prints one. */
  table?: string;
}

const unknownCell: Cell = { text: UNKNOWN_CELL, unknown: true };

/** A table value as printed: the plan's one formatter ("?" for a gap, nothing for an absent value). */
function cell(v: unknown): Cell {
  const f = formatValue(v);
  return f?.unknown ? unknownCell : { text: f?.text ?? '' };
}

export function formatSource(source: Source | undefined): string | undefined {
  if (source === undefined) return undefined;
  if (typeof source === 'string') return source;
  const parts: string[] = [];
  if (source.rule) parts.push(`rule ${source.rule}`);
  if (source.page !== undefined) parts.push(`p. ${source.page}`);
  if (source.line !== undefined) parts.push(`line ${source.line}`);
  if (source.edition) parts.push(source.edition);
  if (source.derived) parts.push(`derived: ${source.derived}`);
  if (source.note) parts.push(source.note);
  return parts.length ? parts.join(', ') : undefined;
}

function citation(source: Source | undefined): string[] {
  const s = formatSource(source);
  return s ? [`Source: ${s}`] : [];
}

function rowLabel(min: number, max: number, label?: string): string {
  if (label) return label;
  return min === max ? String(min) : `${min}–${max}`;
}

/** One table of tables.json as a card: the grid, then modifiers and the results legend. */
export function tableCard(game: Game, table: TableFile): AidCard {
  const blocks: TableBlock[] = [];
  const columns = table.columns ?? [];
  const header = [table.dice ?? (table.columnKind === 'none' ? '' : 'Roll'), ...columns.map((c) => c.label)];
  if (table.columnsComplete === false) header.push('…');
  let rows: Cell[][];
  if (table.body !== undefined && isUnknown(table.body)) {
    rows = [header.map(() => unknownCell)];
  } else {
    rows = (table.rows ?? []).map((row) => {
      const cells =
        columns.length > 0
          ? columns.map((_, i) => (row.cells && i < row.cells.length ? cell(row.cells[i]) : unknownCell))
          : (row.cells ?? []).map(cell);
      const out = [{ text: rowLabel(row.min, row.max, row.label) }, ...cells];
      if (table.columnsComplete === false) out.push(unknownCell);
      return out;
    });
    if (table.rowsComplete === false) rows.push(header.map(() => unknownCell));
  }
  const notes: string[] = [];
  if (table.columnsComplete === false) notes.push('Further columns are not known (?).');
  if (table.rowsComplete === false) notes.push('Further rows are not known (?).');
  if (table.below) notes.push(`Below the first column: ${offTable(table.below)}.`);
  if (table.above) notes.push(`Above the last column: ${offTable(table.above)}.`);
  // drmRange clamps the sum of the modifiers; rollRange clamps the modified roll (tables.schema.json).
  if (table.drmRange) notes.push(`The total DRM is limited to ${signed(table.drmRange.min)}…${signed(table.drmRange.max)}.`);
  if (table.rollRange)
    notes.push(
      `Modified rolls below ${table.rollRange.min} count as ${table.rollRange.min}, above ${table.rollRange.max} as ${table.rollRange.max}.`,
    );
  if (table.notes) notes.push(table.notes);
  notes.push(...citation(table.source));
  blocks.push({ kind: 'table', header, rows, notes });
  if (table.modifiers && table.modifiers.length) {
    blocks.push({
      kind: 'table',
      title: 'Modifiers',
      header: ['Modifier', 'Kind', 'Value'],
      rows: table.modifiers.map((m) => [
        { text: m.label },
        { text: m.kind ?? '' },
        m.value === undefined
          ? { text: '' }
          : isUnknown(m.value)
            ? unknownCell
            : { text: m.kind === 'multiplier' ? `×${m.value}` : signed(m.value) },
      ]),
      notes: table.modifiers.flatMap((m) => (m.source ? [`${m.label}: ${formatSource(m.source)}`] : [])),
    });
  }
  if (table.results && table.results.length) {
    blocks.push({
      kind: 'table',
      title: 'Results',
      header: ['Code', 'Meaning'],
      rows: table.results.map((r) => [{ text: r.code }, { text: r.meaning }]),
      notes: [],
    });
  }
  return { id: safeId(table.id), title: table.name, blocks, citation: formatSource(table.source), table: table.id };
}

function offTable(o: NonNullable<TableFile['below']>): string {
  if (o === 'clamp') return 'use that column';
  if (o === 'prohibited') return 'not allowed';
  return `result ${o.result}${o.rollStill ? ' (roll anyway)' : ''}`;
}

/** A modifier with its sign, "+0" included (a zero modifier is still a modifier). */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : String(n);
}

export function formatCost(cost: MoveCost): Cell {
  if (isUnknown(cost)) return unknownCell;
  if (typeof cost === 'number') return { text: String(cost) };
  if (cost === 'prohibited') return { text: 'P' };
  if (cost === 'all') return { text: 'All' };
  if (cost === 'other') return { text: 'Other' };
  return { text: signed(cost.add) };
}

function movementCell(spec: MovementSpec | undefined, classId: string | undefined): Cell {
  if (spec === undefined) return { text: '–' };
  if (isUnknown(spec) || typeof spec !== 'object' || 'add' in spec) return formatCost(spec as MoveCost);
  const byClass = spec as Record<string, MoveCost | Record<string, MoveCost>>;
  const entry = classId !== undefined && classId in byClass ? byClass[classId] : byClass.default;
  if (entry === undefined) return { text: '–' };
  if (typeof entry === 'object' && !isUnknown(entry) && !('add' in entry)) {
    // Per weather: "clear 1 / mud 2".
    const parts = Object.entries(entry as Record<string, MoveCost>).sort(([a], [b]) =>
      a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b),
    );
    const cells = parts.map(([w, c]) => ({ w, c: formatCost(c) }));
    return {
      text: cells.map(({ w, c }) => (w === 'default' ? c.text : `${w} ${c.text}`)).join(' / '),
      unknown: cells.some((x) => x.c.unknown),
    };
  }
  return formatCost(entry as MoveCost);
}

function combatCell(t: TerrainTypeFile): Cell {
  const effects = [...(t.combat ? [t.combat] : []), ...(t.combatEffects ?? [])];
  if (effects.length === 0) return { text: '–' };
  const cells = effects.map(effectText);
  return { text: cells.map((c) => c.text).join('; ') || '–', unknown: cells.some((c) => c.unknown) };
}

function effectText(c: CombatEffectFile): Cell {
  const parts: string[] = [];
  let unknown = false;
  const add = (label: string, v: number | { unknown: true } | undefined, fmt: (n: number) => string) => {
    if (v === undefined) return;
    if (isUnknown(v)) {
      unknown = true;
      parts.push(`${label} ?`);
    } else parts.push(`${label} ${fmt(v as number)}`);
  };
  add('DRM', c.drm, signed);
  add('shift', c.shift, (n) => `${signed(n)} col`);
  add('defence', c.defenseMultiplier, (n) => `×${n}`);
  add('attack', c.attackMultiplier, (n) => `×${n}`);
  if (c.appliesTo === 'attack-across') parts.push('(attacking across)');
  if (c.appliesTo === 'attacker-hex') parts.push('(attacker in it)');
  if (c.noRetreat) parts.push('no retreat');
  if (c.noZocInto) parts.push('no ZOC into');
  if (c.when) parts.push(`(${conditionText(c.when)})`);
  if (c.condition) parts.push(c.condition);
  return { text: parts.join('; '), unknown };
}

/** Terrain effects chart: one row per terrain, one movement column per movement class. */
export function terrainCard(game: Game): AidCard {
  const classes = game.info.movementClasses ?? [];
  const classIds = classes.length > 0 ? classes.map((c) => c.id) : [undefined];
  const header = ['Terrain', ...(classes.length > 0 ? classes.map((c) => `MP ${c.name}`) : ['MP']), 'Combat', 'Other'];
  const rows = game.terrain.map((t) => [
    { text: t.name + (t.kind === 'hexside' ? ' (hexside)' : t.kind === 'path' ? ' (path)' : '') },
    ...classIds.map((id) => movementCell(t.movement, id)),
    combatCell(t),
    { text: (t.other ?? []).map((o) => o.text).join(' ') },
  ]);
  const notes = ['P = prohibited; All = all movement points; Other = cost of the other terrain; +n = added to the other terrain.'];
  for (const t of game.terrain) {
    const s = formatSource(t.source);
    if (s) notes.push(`${t.name}: ${s}`);
  }
  return { id: 'tec', title: 'Terrain Effects Chart', blocks: [{ kind: 'table', header, rows, notes }] };
}

export function turnTrackCard(game: Game): AidCard | undefined {
  const turns = game.tracks.turns;
  if (turns.length === 0) return undefined;
  const values = game.tracks.turnValues ?? [];
  const hasDate = turns.some((t) => t.date !== undefined);
  const hasWeather = turns.some((t) => t.weather !== undefined);
  const hasEvents = turns.some((t) => t.events && t.events.length);
  const header = [
    'Turn',
    ...(hasDate ? ['Date'] : []),
    ...(hasWeather ? ['Weather'] : []),
    ...values.map((v) => v.name),
    ...(hasEvents ? ['Events'] : []),
  ];
  const weatherName = (id: string) => game.info.weather?.find((w) => w.id === id)?.name ?? id;
  const rows = turns.map((t) => [
    { text: t.label ?? String(t.turn) },
    ...(hasDate ? [cell(t.date)] : []),
    ...(hasWeather ? [t.weather === undefined ? { text: '' } : isUnknown(t.weather) ? unknownCell : { text: weatherName(t.weather) }] : []),
    ...values.map((v) => cell(t.values?.[v.id])),
    ...(hasEvents ? [{ text: (t.events ?? []).join('; ') }] : []),
  ]);
  return { id: 'turn-record', title: 'Turn Record Track', blocks: [{ kind: 'table', header, rows, notes: [] }] };
}

function whoText(game: Game, who: ArrivalFile): string {
  const parts: string[] = [];
  for (const id of who.units ?? []) {
    const u = game.units.find((x) => x.id === id);
    const designation = u?.designation !== undefined && !isUnknown(u.designation) ? u.designation : undefined;
    parts.push(u?.name ?? designation ?? id);
  }
  for (const id of who.formations ?? []) parts.push(game.info.formations?.find((f) => f.id === id)?.name ?? id);
  if (who.text) parts.push(who.text);
  return parts.join(', ');
}

function whereText(w: ArrivalFile): string {
  const parts = [w.hex, ...(w.hexes ?? []), w.zone, w.box, w.code, w.where].filter((x): x is string => typeof x === 'string');
  return parts.join(', ') + (w.within !== undefined ? ` (within ${w.within})` : '');
}

function sideName(game: Game, id: string | undefined): string {
  return id === undefined ? '' : (game.info.sides.find((s) => s.id === id)?.name ?? id);
}

/** A schedule table: one row per entry, none at all when the list is empty. */
function scheduleTable<T>(title: string, header: string[], list: readonly T[] | undefined, row: (entry: T) => Cell[]): TableBlock[] {
  return list && list.length > 0 ? [{ kind: 'table', title, header, rows: list.map(row), notes: [] }] : [];
}

export function scheduleCards(game: Game): AidCard[] {
  const cards: AidCard[] = [];
  const arrivalRow = (a: ArrivalFile): Cell[] => [
    cell(a.turn),
    { text: sideName(game, a.side ?? sideOfUnits(game, a)) },
    { text: whoText(game, a) },
    { text: whereText(a) + (a.condition ? ` (${a.condition})` : '') },
    { text: formatSource(a.source) ?? '' },
  ];
  const byTurn = (list: ArrivalFile[] | undefined) => list && [...list].sort((a, b) => turnKey(a.turn) - turnKey(b.turn));
  const arrivalHeader = ['Turn', 'Side', 'Units', 'Where', 'Source'];
  for (const sc of game.scenarios) {
    const blocks: TableBlock[] = [
      ...scheduleTable('Reinforcements', arrivalHeader, byTurn(sc.reinforcements), arrivalRow),
      ...scheduleTable('Withdrawals', arrivalHeader, byTurn(sc.withdrawals), arrivalRow),
      ...scheduleTable('Replacements', ['Turn', 'Side', 'Points', 'Kind', 'Notes'], sc.replacements, (r) => [
        r.turn !== undefined ? cell(r.turn) : { text: r.turns ?? '' },
        { text: sideName(game, r.side) },
        cell(r.points),
        { text: r.kind ?? '' },
        { text: [r.text, formatSource(r.source)].filter(Boolean).join(' ') },
      ]),
      ...scheduleTable('Chit schedule', ['Turn', 'Side', 'Add', 'Remove', 'Notes'], sc.chits, (c) => [
        cell(c.turn),
        { text: sideName(game, c.side) },
        { text: (c.add ?? []).join(', ') },
        { text: (c.remove ?? []).join(', ') },
        { text: c.text ?? '' },
      ]),
    ];
    if (blocks.length)
      cards.push({ id: safeId(`schedule-${sc.id}`), title: `${sc.name}: schedules`, blocks, citation: formatSource(sc.source) });
  }
  return cards;
}

function turnKey(t: ArrivalFile['turn']): number {
  return typeof t === 'number' ? t : Number.MAX_SAFE_INTEGER;
}

function sideOfUnits(game: Game, a: ArrivalFile): string | undefined {
  const first = a.units?.[0];
  return first ? game.units.find((u) => u.id === first)?.side : undefined;
}

export function chitCard(game: Game): AidCard | undefined {
  const chits = game.counters.chits ?? [];
  if (chits.length === 0) return undefined;
  const rows = chits.map((c) => [
    cell(c.number),
    { text: c.name },
    { text: sideName(game, c.side) },
    cell(c.effect),
    c.count === undefined ? { text: '' } : cell(c.count),
    { text: c.pool ?? '' },
  ]);
  return {
    id: 'chits',
    title: 'Chit Chart',
    blocks: [
      {
        kind: 'table',
        header: ['#', 'Chit', 'Side', 'Effect', 'Count', 'Pool'],
        rows,
        notes: chits.flatMap((c) => (c.source ? [`${c.name}: ${formatSource(c.source)}`] : [])),
      },
    ],
  };
}

export function sequenceCard(game: Game): AidCard | undefined {
  const seq = game.tracks.sequence;
  if (seq.length === 0) return undefined;
  const rows: Cell[][] = [];
  const walk = (phases: PhaseFile[], prefix: string) => {
    phases.forEach((p, i) => {
      const number = `${prefix}${i + 1}`;
      const extras = [p.side ? sideName(game, p.side) : '', p.repeat ? `repeat: ${p.repeat}` : '', p.condition ? `if ${p.condition}` : '']
        .filter(Boolean)
        .join('; ');
      rows.push([
        { text: number },
        { text: p.name + (extras ? ` (${extras})` : '') },
        { text: p.text ?? '' },
        { text: formatSource(p.source) ?? '' },
      ]);
      if (p.steps) walk(p.steps, `${number}.`);
    });
  };
  walk(seq, '');
  return {
    id: 'sequence-of-play',
    title: 'Sequence of Play',
    blocks: [{ kind: 'table', header: ['', 'Phase', 'What happens', 'Source'], rows, notes: [] }],
  };
}

function safeId(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
}

/** Every card, in print order: sequence of play, CRT(s), other tables, TEC, turn track, schedules, chits. */
export function aidCards(game: Game): AidCard[] {
  const tables = game.tables.filter((t) => t.aid !== false);
  const crts = tables.filter((t) => t.kind === 'crt');
  const others = tables.filter((t) => t.kind !== 'crt');
  const cards: (AidCard | undefined)[] = [
    sequenceCard(game),
    ...crts.map((t) => tableCard(game, t)),
    ...others.map((t) => tableCard(game, t)),
    game.terrain.length ? terrainCard(game) : undefined,
    turnTrackCard(game),
    ...scheduleCards(game),
    chitCard(game),
  ];
  const out: AidCard[] = [];
  const seen = new Set<string>();
  for (const c of cards) {
    if (!c) continue;
    let id = c.id;
    for (let n = 2; seen.has(id); n++) id = `${c.id}-${n}`;
    seen.add(id);
    out.push({ ...c, id });
  }
  return out;
}

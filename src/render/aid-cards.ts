/**
 * What the player aid cards say, as plain tables: CRT and every other table from tables.json,
 * the terrain effects chart from terrain.json (each terrain with a swatch as the map draws it),
 * the turn record track, reinforcement / withdrawal / replacement schedules and chit charts from
 * the scenarios and counters, and the sequence of play as a numbered list.
 * Read from the same Game the engine reads; gaps are cells marked unknown (printed "?").
 * Rulebook citations are for the publisher's proofs, not the players: only with `citations`.
 */
import { type Source, UNKNOWN_CELL, isUnknown } from '../model/common';
import type { ArrivalFile, CombatEffectFile, MoveCost, MovementSpec, PhaseFile, TableFile, TerrainTypeFile } from '../model/files';
import { conditionText } from '../engine/conditions';
import type { Game } from '../model/game';
import { formatValue } from '../plan/format';
import type { Drawing } from './drawing';
import { terrainSwatch } from './terrain-swatch';

/** A space no line may break at ("clear 1" stays whole); drawn as an ordinary space. */
export const KEEP = '\u00a0';

export interface Cell {
  /** The text; "\n" starts a new line. */
  text: string;
  unknown?: boolean;
  /** Where the text is authored, as `<file>/<id>/<field>`: a text that cannot fit is reported there. */
  at?: string;
  /** A drawing shown in the cell (the terrain effects chart's swatches). */
  swatch?: Drawing;
}

export interface TableBlock {
  kind: 'table';
  title?: string;
  header: string[];
  rows: Cell[][];
  /** Small print under the table: legends, and rule citations when asked for. */
  notes: string[];
  /** A chart read across and down (die rolls by columns): results centred, every cell ruled. */
  grid?: boolean;
}

/** One entry of a numbered list: "3.2 Movement Phase  What happens…", `depth` 0 for the outermost. */
export interface ListEntry {
  number: string;
  depth: number;
  title: string;
  text: string;
  at?: string;
}

export interface ListBlock {
  kind: 'list';
  entries: ListEntry[];
  notes: string[];
}

export type AidBlock = TableBlock | ListBlock;

export interface AidCard {
  /** File-safe id (aids/<id>.png). */
  id: string;
  title: string;
  blocks: AidBlock[];
  /** Rule citation of the whole card (present only when citations are printed). */
  citation?: string;
  /** Where the card is authored (`tables.json/tables/<id>`), for what has no place of its own. */
  at?: string;
  /** The table of tables.json the card prints, when it prints one. */
  table?: string;
}

export interface AidOptions {
  /** Print rulebook citations (sources) on the cards. */
  citations: boolean;
}

export const PLAYER_AIDS: AidOptions = { citations: false };

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

/** A source as small print, when citations are printed. */
function cited(source: Source | undefined, options: AidOptions): string | undefined {
  return options.citations ? formatSource(source) : undefined;
}

function rowLabel(min: number, max: number, label?: string): string {
  if (label) return label;
  return min === max ? String(min) : `${min}–${max}`;
}

/** One table of tables.json as a card: the grid, then modifiers and the results legend. */
export function tableCard(table: TableFile, options: AidOptions = PLAYER_AIDS): AidCard {
  const blocks: TableBlock[] = [];
  const at = `tables.json/tables/${table.id}`;
  const columns = table.columns ?? [];
  const header = [table.dice ?? (table.columnKind === 'none' ? '' : 'Roll'), ...columns.map((c) => c.label)];
  if (table.columnsComplete === false) header.push(UNKNOWN_CELL);
  let rows: Cell[][];
  if (table.body !== undefined && isUnknown(table.body)) {
    rows = [header.map(() => unknownCell)];
  } else {
    rows = (table.rows ?? []).map((row, r) => {
      const cells =
        columns.length > 0
          ? columns.map((_, i) => (row.cells && i < row.cells.length ? cell(row.cells[i]) : unknownCell))
          : (row.cells ?? []).map(cell);
      const out = [{ text: rowLabel(row.min, row.max, row.label) }, ...cells.map((c) => ({ ...c, at: `${at}/rows/${r}` }))];
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
  if (table.drmRange) notes.push(`The total DRM is limited to between ${signed(table.drmRange.min)} and ${signed(table.drmRange.max)}.`);
  if (table.rollRange)
    notes.push(
      `Modified rolls below ${table.rollRange.min} count as ${table.rollRange.min}, above ${table.rollRange.max} as ${table.rollRange.max}.`,
    );
  if (table.notes) notes.push(table.notes);
  blocks.push({ kind: 'table', header, rows, notes, grid: columns.length > 0 });
  if (table.modifiers && table.modifiers.length) blocks.push(modifiersBlock(table, options));
  if (table.results && table.results.length) {
    blocks.push({
      kind: 'table',
      title: 'Results',
      header: ['Code', 'Meaning'],
      rows: table.results.map((r, i) => [{ text: r.code }, { text: r.meaning, at: `${at}/results/${i}/meaning` }]),
      notes: [],
    });
  }
  return { id: safeId(table.id), title: table.name, blocks, citation: cited(table.source, options), at, table: table.id };
}

/** The table's modifiers, value first as a player looks them up: "+1  At least one attacker is elite". */
function modifiersBlock(table: TableFile, options: AidOptions): TableBlock {
  const modifiers = table.modifiers ?? [];
  const allDrm = modifiers.every((m) => (m.kind ?? 'drm') === 'drm');
  const value = (m: (typeof modifiers)[number]): Cell => {
    if (m.value === undefined) return { text: '' };
    if (isUnknown(m.value)) return unknownCell;
    if (m.kind === 'multiplier') return { text: `×${m.value}` };
    if (m.kind === 'shift') return { text: `${signed(m.value)}${KEEP}${Math.abs(m.value) === 1 ? 'column' : 'columns'}` };
    return { text: signed(m.value) };
  };
  return {
    kind: 'table',
    title: allDrm ? 'Die roll modifiers (DRM)' : 'Modifiers',
    header: [allDrm ? 'DRM' : 'Modifier', 'When'],
    rows: modifiers.map((m) => [value(m), { text: m.label, at: `tables.json/tables/${table.id}/modifiers/${m.id}/label` }]),
    notes: options.citations ? modifiers.flatMap((m) => (m.source ? [`${m.label}: ${formatSource(m.source)}`] : [])) : [],
  };
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
      text: cells.map(({ w, c }) => (w === 'default' ? c.text : `${w}${KEEP}${c.text}`)).join('\n'),
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
  add('shift', c.shift, (n) => `${signed(n)}${KEEP}col`);
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

/**
 * Terrain effects chart: one row per terrain, its swatch as the map draws it, one movement column
 * per movement class, the combat effects, and other effects when any terrain has some.
 */
export function terrainCard(game: Game, options: AidOptions = PLAYER_AIDS): AidCard {
  const classes = game.info.movementClasses ?? [];
  const classIds = classes.length > 0 ? classes.map((c) => c.id) : [undefined];
  const hasOther = game.terrain.some((t) => (t.other ?? []).length > 0);
  const header = [
    '',
    'Terrain',
    ...(classes.length > 0 ? classes.map((c) => `MP ${c.name}`) : ['MP']),
    'Combat',
    ...(hasOther ? ['Other'] : []),
  ];
  const rows = game.terrain.map((t) => [
    { text: '', swatch: terrainSwatch(game, t) },
    { text: t.name + (t.kind === 'hexside' ? ' (hexside)' : t.kind === 'path' ? ' (path)' : ''), at: `terrain.json/terrain/${t.id}/name` },
    ...classIds.map((id) => ({ ...movementCell(t.movement, id), at: `terrain.json/terrain/${t.id}/movement` })),
    { ...combatCell(t), at: `terrain.json/terrain/${t.id}` },
    ...(hasOther ? [{ text: (t.other ?? []).map((o) => o.text).join(' '), at: `terrain.json/terrain/${t.id}/other` }] : []),
  ]);
  const notes = ['P = prohibited; All = all movement points; Other = cost of the other terrain; +n = added to the other terrain.'];
  for (const t of game.terrain) {
    const s = cited(t.source, options);
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
  return { id: 'turn-record', title: 'Turn Record Track', blocks: [{ kind: 'table', header, rows, notes: [] }], at: 'tracks.json/turns' };
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

export function scheduleCards(game: Game, options: AidOptions = PLAYER_AIDS): AidCard[] {
  const cards: AidCard[] = [];
  const arrivalRow = (a: ArrivalFile): Cell[] => [
    cell(a.turn),
    { text: sideName(game, a.side ?? sideOfUnits(game, a)) },
    { text: whoText(game, a) },
    { text: whereText(a) + (a.condition ? ` (${a.condition})` : '') },
    ...(options.citations ? [{ text: formatSource(a.source) ?? '' }] : []),
  ];
  const byTurn = (list: ArrivalFile[] | undefined) => list && [...list].sort((a, b) => turnKey(a.turn) - turnKey(b.turn));
  const arrivalHeader = ['Turn', 'Side', 'Units', 'Where', ...(options.citations ? ['Source'] : [])];
  for (const sc of game.scenarios) {
    const blocks: TableBlock[] = [
      ...scheduleTable('Reinforcements', arrivalHeader, byTurn(sc.reinforcements), arrivalRow),
      ...scheduleTable('Withdrawals', arrivalHeader, byTurn(sc.withdrawals), arrivalRow),
      ...scheduleTable('Replacements', ['Turn', 'Side', 'Points', 'Kind', 'Notes'], sc.replacements, (r) => [
        r.turn !== undefined ? cell(r.turn) : { text: r.turns ?? '' },
        { text: sideName(game, r.side) },
        cell(r.points),
        { text: r.kind ?? '' },
        { text: [r.text, cited(r.source, options)].filter(Boolean).join(' ') },
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
      cards.push({
        id: safeId(`schedule-${sc.id}`),
        title: `${sc.name}: schedules`,
        blocks,
        citation: cited(sc.source, options),
        at: `scenarios.json/scenarios/${sc.id}`,
      });
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

export function chitCard(game: Game, options: AidOptions = PLAYER_AIDS): AidCard | undefined {
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
    at: 'counters.json/chits',
    title: 'Chit Chart',
    blocks: [
      {
        kind: 'table',
        header: ['#', 'Chit', 'Side', 'Effect', 'Count', 'Pool'],
        rows,
        notes: options.citations ? chits.flatMap((c) => (c.source ? [`${c.name}: ${formatSource(c.source)}`] : [])) : [],
      },
    ],
  };
}

/**
 * The sequence of play as a numbered list, steps nested under their phase ("3", "3.1"). A phase
 * names its side only where it differs from the phase it belongs to.
 */
export function sequenceCard(game: Game, options: AidOptions = PLAYER_AIDS): AidCard | undefined {
  const seq = game.tracks.sequence;
  if (seq.length === 0) return undefined;
  const entries: ListEntry[] = [];
  const walk = (phases: PhaseFile[], prefix: string, depth: number, at: string, parentSide: string | undefined) => {
    phases.forEach((p, i) => {
      const number = `${prefix}${i + 1}`;
      const side = p.side && p.side !== parentSide ? sideName(game, p.side) : '';
      const extras = [side, p.repeat ? `repeat: ${p.repeat}` : '', p.condition ? `if ${p.condition}` : ''].filter(Boolean).join('; ');
      const source = cited(p.source, options);
      const text = [extras ? `(${extras})` : '', p.text ?? '', source ? `[${source}]` : ''].filter(Boolean).join(' ');
      entries.push({ number, depth, title: p.name, text, at: `${at}/${p.id}/text` });
      if (p.steps) walk(p.steps, `${number}.`, depth + 1, `${at}/${p.id}/steps`, p.side ?? parentSide);
    });
  };
  walk(seq, '', 0, 'tracks.json/sequence', undefined);
  return { id: 'sequence-of-play', title: 'Sequence of Play', blocks: [{ kind: 'list', entries, notes: [] }] };
}

function safeId(id: string): string {
  return id.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
}

/** Every card, in print order: sequence of play, CRT(s), other tables, TEC, turn track, schedules, chits. */
export function aidCards(game: Game, options: AidOptions = PLAYER_AIDS): AidCard[] {
  const tables = game.tables.filter((t) => t.aid !== false);
  const crts = tables.filter((t) => t.kind === 'crt');
  const others = tables.filter((t) => t.kind !== 'crt');
  const cards: (AidCard | undefined)[] = [
    sequenceCard(game, options),
    ...crts.map((t) => tableCard(t, options)),
    ...others.map((t) => tableCard(t, options)),
    game.terrain.length ? terrainCard(game, options) : undefined,
    turnTrackCard(game),
    ...scheduleCards(game, options),
    chitCard(game, options),
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

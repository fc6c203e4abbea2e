/**
 * Two versions of a game → an errata list: game.json's fields, every unit whose values, identity or
 * printed setup changed (or that was added or removed), markers, chits and counters.json's other
 * fields, every table cell and table property, terrain types, hex terrain, hexsides, paths, places
 * and zones, scenario setups and other scenario fields, the turn track and the sequence of play.
 * Each erratum names what it affects as the outputs declare it (./affected.ts): the files of every
 * output reading the changed part, with the aid cards that change, a unit's counters.pdf pages
 * (./sheets.ts) and the module's piece or setup. Whether a unit change is printed on its counter
 * is the component plan's (./printed.ts). Pure.
 */
import type { Game, Unit } from '../model/game';
import type { ScenarioFile, TableFile } from '../model/files';
import { planCounters, scenarioStarts, startText } from '../plan';
import { type OutputDeclaration, type TopPart, AffectedOutputs } from './affected';
import { UNIT_KEYS, changesPrintedCounter, printedCounter, withFieldOf } from './printed';
import { type UnitPages, counterSheetPages } from './sheets';

export type ErratumKind =
  | 'game'
  | 'unit'
  | 'marker'
  | 'chit'
  | 'counters'
  | 'table'
  | 'terrain'
  | 'hex'
  | 'hexside'
  | 'map'
  | 'scenario'
  | 'setup'
  | 'turn'
  | 'sequence'
  | 'track';

export interface Erratum {
  kind: ErratumKind;
  /** What changed: unit id, `table/<id>`, hex id, scenario id … */
  subject: string;
  /** The field or cell, e.g. `attack`, `row 4-6 / 2:1`, `a-1c-eng`. */
  field: string;
  before?: unknown;
  after?: unknown;
  /** The output files that read the changed data, which a build makes again (one may come out the same), with the cards, pages and module parts that change. */
  affects: string[];
}

export interface GameDiff {
  errata: Erratum[];
  /** counters.pdf pages (1-based) to reprint: both sides of every sheet showing a changed counter, in the new version. */
  counterPages: number[];
}

function stable(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

const same = (a: unknown, b: unknown) => stable(a) === stable(b);

function unitFields(u: Unit): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of UNIT_KEYS) out[key] = key === 'setup' ? (u.setupHex ?? u.setup) : u[key];
  for (const [k, v] of Object.entries(u.front)) out[k] = v;
  for (const [k, v] of Object.entries(u.reverse)) out[`back.${k}`] = v;
  return out;
}

/** "pages 1-2, 5-6": both sides of each sheet holding a copy. */
function sheetPagesText(p: UnitPages): string {
  return `pages ${p.front.map((front, i) => `${front}-${p.back[i]}`).join(', ')}`;
}

function compareRecords(
  kind: ErratumKind,
  subject: string,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  affects: (field: string) => string[],
  out: Erratum[],
): void {
  for (const field of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (!same(a[field], b[field])) out.push({ kind, subject, field, before: a[field], after: b[field], affects: affects(field) });
  }
}

function cellMap(table: TableFile): Map<string, unknown> {
  const cells = new Map<string, unknown>();
  (table.rows ?? []).forEach((row) => {
    const rowLabel = row.label ?? (row.min === row.max ? `${row.min}` : `${row.min}-${row.max}`);
    (row.cells ?? []).forEach((cell, i) => cells.set(`row ${rowLabel} / ${table.columns?.[i]?.label ?? `column ${i + 1}`}`, cell));
  });
  return cells;
}

/** Where each unit starts, as the one start resolver says: `hex 0608`, `box "Turn 3"`, `… (reduced)`. */
function placements(game: Game, s: ScenarioFile): Map<string, string> {
  return new Map(scenarioStarts(game, s).map((start) => [start.unit.id, `${startText(start)}${start.reduced ? ' (reduced)' : ''}`]));
}

/** `list` with the item of id `id` as `item` (added at the end when new, dropped when `item` is absent). */
function withItem<T extends { id: string }>(list: readonly T[], id: string, item: T | undefined): T[] {
  const out = list.filter((x) => x.id !== id || item !== undefined).map((x) => (x.id === id ? item! : x));
  if (item && !list.some((x) => x.id === id)) out.push(item);
  return out;
}

/** The two versions, the outputs' declarations, and where a unit shows on the counter sheets. */
class DiffContext {
  readonly reprint = new Set<number>();
  readonly affected: AffectedOutputs;
  private readonly pages: Map<string, UnitPages>;
  /** What the sheets print of each changed unit as it was, worked out once for all its changed fields. */
  private readonly printedBefore = new Map<Unit, string>();

  constructor(
    readonly a: Game,
    readonly b: Game,
    outputs: readonly OutputDeclaration[],
  ) {
    this.pages = counterSheetPages(b, planCounters(b));
    this.affected = new AffectedOutputs(a, b.id, outputs);
  }

  /** The counters.pdf pages of a unit's copies, collected for the reprint list. */
  counterPages(id: string): string | undefined {
    const p = this.pages.get(id);
    if (!p) return undefined;
    for (const page of [...p.front, ...p.back]) this.reprint.add(page);
    return sheetPagesText(p);
  }

  private printedBeforeOf(unit: Unit): string {
    let printed = this.printedBefore.get(unit);
    if (printed === undefined) {
      printed = printedCounter(this.b, unit);
      this.printedBefore.set(unit, printed);
    }
    return printed;
  }

  /** A change to the unit `id` (before `u`, after `v`); `field` alone when given. */
  unitAffects(id: string, u: Unit | undefined, v: Unit | undefined, field?: string): string[] {
    const after = field && u && v ? withFieldOf(u, v, field) : v;
    const printed = !(field && u && v) || changesPrintedCounter(this.b, u, v, field, this.printedBeforeOf(u));
    const pages = printed && v ? this.counterPages(id) : undefined;
    return this.affected.affects({
      part: 'units',
      unit: { before: u, after },
      subject: `unit ${id}`,
      withSubject: () => ({ ...this.a, units: withItem(this.a.units, id, v) }),
      details: { ...(pages ? { counters: pages } : {}), vassal: `piece ${id}` },
      // The component plan says what a counter face prints: a field none shows leaves the sheets as they are.
      ...(printed ? {} : { unchanged: ['counters'] }),
    });
  }

  /** A change within one part of the game, `subject` naming what of it `withSubject` takes from the new version. */
  partAffects(part: TopPart, subject: string, withSubject: () => Game, details?: Record<string, string>): string[] {
    return this.affected.affects({ part, subject, withSubject, ...(details ? { details } : {}) });
  }
}

function unitErrata(c: DiffContext, errata: Erratum[]): void {
  const unitsA = new Map(c.a.units.map((u) => [u.id, u]));
  const unitsB = new Map(c.b.units.map((u) => [u.id, u]));
  for (const [id, u] of unitsA) {
    const v = unitsB.get(id);
    if (!v) errata.push({ kind: 'unit', subject: id, field: '(removed)', before: unitFields(u), affects: c.unitAffects(id, u, undefined) });
    else compareRecords('unit', id, unitFields(u), unitFields(v), (field) => c.unitAffects(id, u, v, field), errata);
  }
  for (const [id, v] of unitsB)
    if (!unitsA.has(id))
      errata.push({ kind: 'unit', subject: id, field: '(added)', after: unitFields(v), affects: c.unitAffects(id, undefined, v) });
}

function tableErrata(c: DiffContext, errata: Erratum[]): void {
  const { a, b } = c;
  const tablesA = new Map(a.tables.map((t) => [t.id, t]));
  const tablesB = new Map(b.tables.map((t) => [t.id, t]));
  for (const id of [...new Set([...tablesA.keys(), ...tablesB.keys()])]) {
    const t = tablesA.get(id);
    const u = tablesB.get(id);
    const affects = c.partAffects('tables', `table ${id}`, () => ({ ...a, tables: withItem(a.tables, id, u) }));
    if (!t || !u) {
      errata.push({ kind: 'table', subject: `table/${id}`, field: t ? '(removed)' : '(added)', before: t, after: u, affects });
      continue;
    }
    const ca = cellMap(t);
    const cb = cellMap(u);
    for (const key of [...new Set([...ca.keys(), ...cb.keys()])]) {
      if (!same(ca.get(key), cb.get(key)))
        errata.push({ kind: 'table', subject: `table/${id}`, field: key, before: ca.get(key), after: cb.get(key), affects });
    }
    const { rows: _ra, ...restA } = t;
    const { rows: _rb, ...restB } = u;
    const rowShape = (x: TableFile) => (x.rows ?? []).map((r) => ({ ...r, cells: undefined }));
    compareRecords(
      'table',
      `table/${id}`,
      { ...restA, rowRanges: rowShape(t) },
      { ...restB, rowRanges: rowShape(u) },
      () => affects,
      errata,
    );
  }
}

function mapErrata(c: DiffContext, errata: Erratum[]): void {
  const { a, b } = c;
  const terrainA = new Map(a.terrain.map((t) => [t.id, t]));
  const terrainB = new Map(b.terrain.map((t) => [t.id, t]));
  for (const id of [...new Set([...terrainA.keys(), ...terrainB.keys()])]) {
    const t = terrainA.get(id);
    const u = terrainB.get(id);
    if (same(t, u)) continue;
    const affects = c.partAffects('terrain', `terrain ${id}`, () => ({ ...a, terrain: withItem(a.terrain, id, u) }));
    compareRecords(
      'terrain',
      `terrain/${id}`,
      (t ?? {}) as Record<string, unknown>,
      (u ?? {}) as Record<string, unknown>,
      () => affects,
      errata,
    );
  }
  // The map's parts are drawn together: a change to any shows wherever the map does.
  const mapAffects = () => c.partAffects('map', 'map', () => ({ ...a, map: b.map }), { vassal: 'map' });
  const hexesA = new Map(a.map.hexes.map((h) => [h.id, h.terrain]));
  const hexesB = new Map(b.map.hexes.map((h) => [h.id, h.terrain]));
  for (const id of [...new Set([...hexesA.keys(), ...hexesB.keys()])]) {
    if (!same(hexesA.get(id), hexesB.get(id)))
      errata.push({ kind: 'hex', subject: id, field: 'terrain', before: hexesA.get(id), after: hexesB.get(id), affects: mapAffects() });
  }
  const sideKey = (s: Game['map']['hexsides'][number]) => `${s.a}/${s.b ?? 'edge'}`;
  const sidesOf = (g: Game) => {
    const m = new Map<string, string[]>();
    for (const s of g.map.hexsides) m.set(sideKey(s), [...(m.get(sideKey(s)) ?? []), s.feature].sort());
    return m;
  };
  const sidesA = sidesOf(a);
  const sidesB = sidesOf(b);
  for (const key of [...new Set([...sidesA.keys(), ...sidesB.keys()])]) {
    if (!same(sidesA.get(key), sidesB.get(key)))
      errata.push({
        kind: 'hexside',
        subject: key,
        field: 'features',
        before: sidesA.get(key) ?? [],
        after: sidesB.get(key) ?? [],
        affects: mapAffects(),
      });
  }
  for (const part of ['paths', 'places', 'zones', 'boxes', 'numbering', 'extent'] as const) {
    if (!same(a.map[part], b.map[part]))
      errata.push({ kind: 'map', subject: 'map', field: part, before: a.map[part], after: b.map[part], affects: mapAffects() });
  }
}

function scenarioErrata(c: DiffContext, errata: Erratum[]): void {
  const { a, b } = c;
  const scenA = new Map(a.scenarios.map((s) => [s.id, s]));
  const scenB = new Map(b.scenarios.map((s) => [s.id, s]));
  for (const id of [...new Set([...scenA.keys(), ...scenB.keys()])]) {
    const s = scenA.get(id);
    const t = scenB.get(id);
    const affects = c.partAffects('scenarios', `scenario ${id}`, () => ({ ...a, scenarios: withItem(a.scenarios, id, t) }), {
      vassal: `setup ${t?.name ?? s?.name}`,
    });
    if (!s || !t) {
      errata.push({ kind: 'scenario', subject: id, field: s ? '(removed)' : '(added)', before: s, after: t, affects });
      continue;
    }
    const pa = placements(a, s);
    const pb = placements(b, t);
    for (const unit of [...new Set([...pa.keys(), ...pb.keys()])].sort()) {
      if (pa.get(unit) !== pb.get(unit))
        errata.push({ kind: 'setup', subject: id, field: unit, before: pa.get(unit), after: pb.get(unit), affects });
    }
    const { setup: _sa, ...restA } = s;
    const { setup: _sb, ...restB } = t;
    compareRecords('scenario', id, restA as Record<string, unknown>, restB as Record<string, unknown>, () => affects, errata);
  }
}

function trackErrata(c: DiffContext, errata: Erratum[]): void {
  const { a, b } = c;
  const turnsA = new Map(a.tracks.turns.map((t) => [t.turn, t]));
  const turnsB = new Map(b.tracks.turns.map((t) => [t.turn, t]));
  for (const turn of [...new Set([...turnsA.keys(), ...turnsB.keys()])].sort((x, y) => x - y)) {
    const t = turnsA.get(turn);
    const u = turnsB.get(turn);
    const turns = [...a.tracks.turns.filter((x) => x.turn !== turn), ...(u ? [u] : [])].sort((x, y) => x.turn - y.turn);
    const affects = c.partAffects('tracks', `turn ${turn}`, () => ({ ...a, tracks: { ...a.tracks, turns } }), { vassal: 'turn tracker' });
    // A turn on both sides is compared field by field (its date, its events), as units are.
    if (t && u) compareRecords('turn', `turn ${turn}`, { ...t }, { ...u }, () => affects, errata);
    else errata.push({ kind: 'turn', subject: `turn ${turn}`, field: t ? '(removed)' : '(added)', before: t, after: u, affects });
  }
  const { turns: _ta, ...restA } = a.tracks;
  const { turns: _tb, ...restB } = b.tracks;
  const affects = () =>
    c.partAffects('tracks', 'tracks', () => ({ ...a, tracks: { ...b.tracks, turns: a.tracks.turns } }), { vassal: 'turn tracker' });
  for (const field of [...new Set([...Object.keys(restA), ...Object.keys(restB)])].sort()) {
    const x = (restA as Record<string, unknown>)[field];
    const y = (restB as Record<string, unknown>)[field];
    if (!same(x, y))
      errata.push({
        kind: field === 'sequence' ? 'sequence' : 'track',
        subject: field === 'sequence' ? 'sequence of play' : 'tracks',
        field,
        before: x,
        after: y,
        affects: affects(),
      });
  }
}

/** counters.json: each marker and chit by id, and its other fields (sizes, templates, the sheet) as a whole. */
function counterErrata(c: DiffContext, errata: Erratum[]): void {
  const { a, b } = c;
  for (const [list, kind] of [
    ['markers', 'marker'],
    ['chits', 'chit'],
  ] as const) {
    const before = new Map((a.counters[list] ?? []).map((x) => [x.id, x]));
    const after = new Map((b.counters[list] ?? []).map((x) => [x.id, x]));
    for (const id of [...new Set([...before.keys(), ...after.keys()])]) {
      const x = before.get(id);
      const y = after.get(id);
      if (same(x, y)) continue;
      const withSubject = () =>
        ({ ...a, counters: { ...a.counters, [list]: withItem<{ id: string }>(a.counters[list] ?? [], id, y) } }) as Game;
      const affects = c.partAffects('counters', `${kind} ${id}`, withSubject, { vassal: `${kind} ${id}` });
      if (!x || !y) errata.push({ kind, subject: id, field: x ? '(removed)' : '(added)', before: x, after: y, affects });
      else
        compareRecords(kind, id, x as unknown as Record<string, unknown>, y as unknown as Record<string, unknown>, () => affects, errata);
    }
  }
  const { markers: _ma, chits: _ca, ...restA } = a.counters;
  const { markers: _mb, chits: _cb, ...restB } = b.counters;
  const withSubject = () => ({ ...a, counters: { ...b.counters, markers: a.counters.markers, chits: a.counters.chits } }) as Game;
  compareRecords('counters', 'counters.json', restA, restB, () => c.partAffects('counters', 'counters.json', withSubject), errata);
}

/** game.json, field by field (sides, dice, vocabularies, rules parameters). */
function infoErrata(c: DiffContext, errata: Erratum[]): void {
  const { a, b } = c;
  const affects = c.partAffects('info', 'game.json', () => ({ ...a, info: b.info }));
  compareRecords(
    'game',
    'game.json',
    a.info as unknown as Record<string, unknown>,
    b.info as unknown as Record<string, unknown>,
    () => affects,
    errata,
  );
}

/**
 * The errata from `a` to `b`; `outputs` are the outputs' declarations (pipeline/registry.ts's
 * GENERATORS), which decide what each erratum affects.
 */
export function diffGames(a: Game, b: Game, outputs: readonly OutputDeclaration[]): GameDiff {
  const errata: Erratum[] = [];
  const c = new DiffContext(a, b, outputs);
  infoErrata(c, errata);
  unitErrata(c, errata);
  counterErrata(c, errata);
  tableErrata(c, errata);
  mapErrata(c, errata);
  scenarioErrata(c, errata);
  trackErrata(c, errata);
  return { errata, counterPages: [...c.reprint].sort((x, y) => x - y) };
}

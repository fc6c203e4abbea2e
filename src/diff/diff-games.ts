/**
 * Two versions of a game → an errata list: every unit whose values, identity or printed setup
 * changed (or that was added or removed), every table cell and table property, terrain types,
 * hex terrain, hexsides, paths, places and zones, scenario setups and other scenario fields, the
 * turn track and the sequence of play. Each erratum names what it affects: counters.pdf pages
 * (./sheets.ts), aids.pdf, the map, the module, the bundle. Whether a unit change is printed on its
 * counter, and on which pages, is the component plan's (./printed.ts). Pure.
 */
import type { Game, Unit } from '../model/game';
import type { ScenarioFile, TableFile } from '../model/files';
import { planCounters, scenarioStarts, startText } from '../plan';
import { UNIT_KEYS, changesPrintedCounter } from './printed';
import { type UnitPages, counterSheetPages } from './sheets';

export type ErratumKind = 'unit' | 'table' | 'terrain' | 'hex' | 'hexside' | 'map' | 'scenario' | 'setup' | 'turn' | 'sequence';

export interface Erratum {
  kind: ErratumKind;
  /** What changed: unit id, `table/<id>`, hex id, scenario id … */
  subject: string;
  /** The field or cell, e.g. `attack`, `row 4-6 / 2:1`, `a-1c-eng`. */
  field: string;
  before?: unknown;
  after?: unknown;
  /** Outputs to reprint or rebuild. */
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

/** "counters.pdf pages 1-2, 5-6": both sides of each sheet holding a copy. */
function sheetPagesText(p: UnitPages): string {
  const sheets = p.front.map((front, i) => `${front}-${p.back[i]}`);
  return `counters.pdf pages ${sheets.join(', ')}`;
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

/** Where a unit's changes show: its counters.pdf pages (collected for the reprint list) when printed, the module, the bundle. */
class UnitPrint {
  readonly reprint = new Set<number>();
  private readonly pages: Map<string, UnitPages>;

  constructor(private readonly b: Game) {
    this.pages = counterSheetPages(b, planCounters(b));
  }

  counterPages(id: string): string[] {
    const p = this.pages.get(id);
    if (!p) return ['counters.pdf'];
    for (const page of [...p.front, ...p.back]) this.reprint.add(page);
    return [sheetPagesText(p)];
  }

  affects(u: Unit, v: Unit): (field: string) => string[] {
    return (field) => [
      ...(changesPrintedCounter(this.b, u, v, field) ? this.counterPages(u.id) : []),
      `${this.b.id}.vmod (piece ${u.id})`,
      'bundle.json',
    ];
  }
}

function unitErrata(a: Game, b: Game, print: UnitPrint, errata: Erratum[]): void {
  const unitsA = new Map(a.units.map((u) => [u.id, u]));
  const unitsB = new Map(b.units.map((u) => [u.id, u]));
  for (const [id, u] of unitsA) {
    const v = unitsB.get(id);
    if (!v)
      errata.push({
        kind: 'unit',
        subject: id,
        field: '(removed)',
        before: unitFields(u),
        affects: ['counters.pdf', `${b.id}.vmod`, 'bundle.json'],
      });
    else compareRecords('unit', id, unitFields(u), unitFields(v), print.affects(u, v), errata);
  }
  for (const [id, v] of unitsB)
    if (!unitsA.has(id))
      errata.push({
        kind: 'unit',
        subject: id,
        field: '(added)',
        after: unitFields(v),
        affects: [...print.counterPages(id), `${b.id}.vmod`, 'bundle.json'],
      });
}

function tableErrata(a: Game, b: Game, errata: Erratum[]): void {
  const tablesA = new Map(a.tables.map((t) => [t.id, t]));
  const tablesB = new Map(b.tables.map((t) => [t.id, t]));
  // The module shows every table's aid card as a chart too.
  const tableAffects = (t: TableFile) => [`aids.pdf (${t.name})`, `${b.id}.vmod (chart ${t.name})`, 'bundle.json'];
  for (const id of [...new Set([...tablesA.keys(), ...tablesB.keys()])]) {
    const t = tablesA.get(id);
    const u = tablesB.get(id);
    if (!t || !u) {
      errata.push({
        kind: 'table',
        subject: `table/${id}`,
        field: t ? '(removed)' : '(added)',
        before: t,
        after: u,
        affects: tableAffects((t ?? u)!),
      });
      continue;
    }
    const ca = cellMap(t);
    const cb = cellMap(u);
    for (const key of [...new Set([...ca.keys(), ...cb.keys()])]) {
      if (!same(ca.get(key), cb.get(key)))
        errata.push({
          kind: 'table',
          subject: `table/${id}`,
          field: key,
          before: ca.get(key),
          after: cb.get(key),
          affects: tableAffects(u),
        });
    }
    const { rows: _ra, ...restA } = t;
    const { rows: _rb, ...restB } = u;
    const rowShape = (x: TableFile) => (x.rows ?? []).map((r) => ({ ...r, cells: undefined }));
    compareRecords(
      'table',
      `table/${id}`,
      { ...restA, rowRanges: rowShape(t) },
      { ...restB, rowRanges: rowShape(u) },
      () => tableAffects(u),
      errata,
    );
  }
}

function mapErrata(a: Game, b: Game, errata: Erratum[]): void {
  const byId = <T extends { id?: string }>(list: readonly T[], key: (x: T, i: number) => string) =>
    new Map(list.map((x, i) => [key(x, i), x]));
  const terrainA = byId(a.terrain, (t) => t.id);
  const terrainB = byId(b.terrain, (t) => t.id);
  for (const id of [...new Set([...terrainA.keys(), ...terrainB.keys()])]) {
    const t = terrainA.get(id);
    const u = terrainB.get(id);
    if (!same(t, u))
      compareRecords(
        'terrain',
        `terrain/${id}`,
        (t ?? {}) as Record<string, unknown>,
        (u ?? {}) as Record<string, unknown>,
        () => ['aids.pdf (terrain effects)', 'map.pdf', 'map.png', 'bundle.json'],
        errata,
      );
  }
  const hexesA = new Map(a.map.hexes.map((h) => [h.id, h.terrain]));
  const hexesB = new Map(b.map.hexes.map((h) => [h.id, h.terrain]));
  for (const id of [...new Set([...hexesA.keys(), ...hexesB.keys()])]) {
    if (!same(hexesA.get(id), hexesB.get(id)))
      errata.push({
        kind: 'hex',
        subject: id,
        field: 'terrain',
        before: hexesA.get(id),
        after: hexesB.get(id),
        affects: ['map.pdf', 'map.png', `${b.id}.vmod (map)`, 'bundle.json'],
      });
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
        affects: ['map.pdf', 'map.png', `${b.id}.vmod (map)`, 'bundle.json'],
      });
  }
  for (const part of ['paths', 'places', 'zones', 'boxes', 'numbering', 'extent'] as const) {
    if (!same(a.map[part], b.map[part]))
      errata.push({
        kind: 'map',
        subject: 'map',
        field: part,
        before: a.map[part],
        after: b.map[part],
        affects: ['map.pdf', 'map.png', `${b.id}.vmod`, 'bundle.json'],
      });
  }
}

function scenarioErrata(a: Game, b: Game, errata: Erratum[]): void {
  const scenA = new Map(a.scenarios.map((s) => [s.id, s]));
  const scenB = new Map(b.scenarios.map((s) => [s.id, s]));
  for (const id of [...new Set([...scenA.keys(), ...scenB.keys()])]) {
    const s = scenA.get(id);
    const t = scenB.get(id);
    const affects = [`aids.pdf (scenario ${t?.name ?? s?.name})`, `${b.id}.vmod (setup ${id})`, 'bundle.json'];
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

function trackErrata(a: Game, b: Game, errata: Erratum[]): void {
  const turnsA = new Map(a.tracks.turns.map((t) => [t.turn, t]));
  const turnsB = new Map(b.tracks.turns.map((t) => [t.turn, t]));
  // display.pdf prints each turn's label, date and events in its space.
  const affects = ['aids.pdf (turn record track)', 'display.pdf (turn record track)', `${b.id}.vmod (turn tracker)`, 'bundle.json'];
  for (const turn of [...new Set([...turnsA.keys(), ...turnsB.keys()])].sort((x, y) => x - y)) {
    const t = turnsA.get(turn);
    const u = turnsB.get(turn);
    // A turn on both sides is compared field by field (its date, its events), as units are.
    if (t && u) compareRecords('turn', `turn ${turn}`, { ...t }, { ...u }, () => affects, errata);
    else errata.push({ kind: 'turn', subject: `turn ${turn}`, field: t ? '(removed)' : '(added)', before: t, after: u, affects });
  }
  if (!same(a.tracks.sequence, b.tracks.sequence))
    errata.push({
      kind: 'sequence',
      subject: 'sequence of play',
      field: 'sequence',
      before: a.tracks.sequence,
      after: b.tracks.sequence,
      affects: ['aids.pdf (sequence of play)', `${b.id}.vmod (turn tracker)`, 'bundle.json'],
    });
}

export function diffGames(a: Game, b: Game): GameDiff {
  const errata: Erratum[] = [];
  const print = new UnitPrint(b);
  unitErrata(a, b, print, errata);
  tableErrata(a, b, errata);
  mapErrata(a, b, errata);
  scenarioErrata(a, b, errata);
  trackErrata(a, b, errata);
  return { errata, counterPages: [...print.reprint].sort((x, y) => x - y) };
}

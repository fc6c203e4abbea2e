/** units.csv and counters.json against the game's vocabularies and the map. */
import type { CountersFile, UnitRow } from '../model/files';
import type { Unit } from '../model/game';
import { unitBackUndeclared } from '../plan/counters';
import { safeInsetProblem } from '../plan/safe-area';
import { DEFAULT_COUNTER_INCHES } from '../plan/templates';
import { isUnknown } from '../model/common';
import type { CheckContext } from './check-context';
import { RESERVED_COLUMNS, type GameVocabulary } from './crossref-game';
import type { MapIndex } from './map-index';

const SLOT_FIELDS = new Set(['designation', 'name', 'setup', 'entry', 'formation', 'type', 'size', 'nationality', 'side', 'steps']);

export function checkCounters(ctx: CheckContext, counters: CountersFile, vocab: GameVocabulary): Set<string> {
  const sizes = new Set(Object.keys(counters.sizes));
  const templates = ctx.unique('counters', counters.templates, '/templates', 'template');
  counters.templates.forEach((t, i) => {
    ctx.ref('counters', `/templates/${i}/size`, 'counter size', t.size, sizes, 'counters.json sizes');
    for (const face of ['front', 'back'] as const) {
      (t[face] ?? []).forEach((slot, k) => {
        const pointer = `/templates/${i}/${face}/${k}`;
        if (slot.x + slot.w > 1.0001 || slot.y + slot.h > 1.0001) {
          ctx.error('counters', pointer, 'counters/slot-outside', `slot reaches outside the counter (x+w = ${round(slot.x + slot.w)}, y+h = ${round(slot.y + slot.h)})`, 'x + w and y + h must stay within 1 (the counter edge)');
        }
        if (slot.field !== undefined && !SLOT_FIELDS.has(slot.field) && !vocab.unitFields.has(slot.field)) {
          ctx.ref('counters', `${pointer}/field`, 'unit field', slot.field, new Set([...SLOT_FIELDS, ...vocab.unitFields]), 'game.json unitFields');
        }
        if (slot.when !== undefined) ctx.ref('counters', `${pointer}/when`, 'unit flag', slot.when, vocab.unitFlags, 'game.json unitFlags');
      });
    }
  });
  ctx.unique('counters', counters.markers, '/markers', 'marker');
  (counters.markers ?? []).forEach((m, i) => {
    ctx.ref('counters', `/markers/${i}/size`, 'counter size', m.size, sizes, 'counters.json sizes');
    ctx.ref('counters', `/markers/${i}/side`, 'side', m.side, vocab.sides, 'game.json sides');
  });
  ctx.unique('counters', counters.chits, '/chits', 'chit');
  (counters.chits ?? []).forEach((c, i) => ctx.ref('counters', `/chits/${i}/side`, 'side', c.side, vocab.sides, 'game.json sides'));
  checkSafeInset(ctx, counters);
  return templates;
}

/** The Masks counters.json gives counters name units of units.csv and markers of its own. */
export function checkCounterMasks(ctx: CheckContext, counters: CountersFile, unitIds: ReadonlySet<string>): void {
  const markerIds = new Set((counters.markers ?? []).map((m) => m.id));
  const kinds = [
    { kind: 'units', what: 'unit', ids: unitIds, where: 'units.csv' },
    { kind: 'markers', what: 'marker', ids: markerIds, where: 'counters.json markers' },
  ] as const;
  for (const { kind, what, ids, where } of kinds) {
    const masked = new Map<string, number>();
    (counters.vassal?.masks ?? []).forEach((mask, i) =>
      (mask[kind] ?? []).forEach((id, j) => {
        const pointer = `/vassal/masks/${i}/${kind}/${j}`;
        ctx.ref('counters', pointer, what, id, ids, where);
        const first = masked.get(id);
        if (first === undefined) masked.set(id, i);
        else
          ctx.error(
            'counters',
            pointer,
            'counters/mask-repeated',
            `${what} "${id}" has a mask in entry ${first} already; a counter carries one Mask in the palette`,
            `list "${id}" in one entry of vassal.masks`,
          );
      }),
    );
  }
}

/** The sheet's safe inset leaves text some room on every counter size (counters take 1/2" when no size is stated). */
function checkSafeInset(ctx: CheckContext, counters: CountersFile): void {
  const inset = counters.sheet?.safeInsetPt;
  if (inset === undefined) return;
  const sizes = Object.keys(counters.sizes).length > 0 ? counters.sizes : { default: DEFAULT_COUNTER_INCHES };
  const problem = safeInsetProblem(inset, sizes);
  if (problem) ctx.error('counters', '/sheet/safeInsetPt', 'counters/safe-inset-too-large', problem.message, problem.hint);
}

/** Printed counter values: more than three digits is a slip (an extra digit, a pasted number). */
export const MAX_UNIT_VALUE = 999;

/** Roles whose values are counts: a strength, an allowance, a range is never below zero. */
const NON_NEGATIVE_ROLES = new Set(['attack', 'defense', 'combat', 'movement', 'tactical', 'range', 'steps']);

/** Why a unit's value does not fit its field's declared kind and role, or undefined when it does. */
function valueOutsideDomain(value: unknown, spec: { kind: 'number' | 'text'; role?: string } | undefined): { code: string; message: string; hint: string } | undefined {
  if (!spec || spec.kind === 'text' || isUnknown(value)) return undefined;
  if (typeof value !== 'number') {
    return { code: 'units/not-a-number', message: `"${String(value)}" is not a number`, hint: 'write the printed number, or "?" where the source does not give it; declare the field "kind": "text" in game.json if it is text' };
  }
  if (!Number.isFinite(value) || Math.abs(value) > MAX_UNIT_VALUE) {
    return { code: 'units/value-range', message: `${value} is out of range (at most ${MAX_UNIT_VALUE})`, hint: 'check for extra digits' };
  }
  if (value < 0 && spec.role !== undefined && NON_NEGATIVE_ROLES.has(spec.role)) {
    return { code: 'units/value-range', message: `${value} is negative, but a ${spec.role} value is zero or more`, hint: 'write the value printed on the counter' };
  }
  return undefined;
}

/** Pointer of a units.csv cell: `/<row>/<column>`. */
function at(row: number, column: string): string {
  return `/${row}/${column}`;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** A value column of units.csv: the field it fills, on which face, and the field's declared kind and role (none: undeclared). */
interface ValueColumn {
  field: string;
  isBack: boolean;
  declared: boolean;
  spec: { kind: 'number' | 'text'; role?: string } | undefined;
}

/** What every row of units.csv is checked against, prepared once per file. */
interface UnitRowContext {
  ctx: CheckContext;
  rows: UnitRow[];
  vocab: GameVocabulary;
  templates: Set<string> | undefined;
  nationalityIds: Set<string>;
  /** Unit ids: given (units.csv's), or built the first time a `next` cell needs them. */
  ids?: Set<string>;
  /** Per column, once: skipped (a fixed column), or the unit field it fills, on which face, and the field's declaration. */
  columns: Map<string, ValueColumn | null>;
}

/** The units of units.csv's rows, and their ids (each once, in the order of their first row). */
export function resolveUnits(
  ctx: CheckContext,
  rows: UnitRow[],
  vocab: GameVocabulary,
  templates: Set<string> | undefined,
  map: MapIndex | undefined,
): { units: Unit[]; ids: Set<string> } {
  const ids = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const { id } = rows[i];
    if (!ids.has(id)) ids.add(id);
    else {
      // Rare: the earlier row is looked for only then, so no id → line table is kept for every unit.
      const first = ctx.locator.lineOfUnit(rows.findIndex((row) => row.id === id));
      ctx.error('units', at(i, 'id'), 'ref/duplicate-id', `duplicate unit id "${id}" (first on line ${first})`, 'every counter needs its own id');
    }
  }
  const units: Unit[] = new Array(rows.length);
  const shapes: UnitShapes = new Map();
  const rc: UnitRowContext = { ctx, rows, vocab, templates, nationalityIds: new Set(vocab.nationalities.keys()), ids, columns: new Map() };
  // Runs once per counter on 6,000-unit games: pointers are built only for a diagnostic, and every
  // reference is tried against its set before ctx.ref (which reports it) is called.
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    checkRowReferences(rc, row, i);
    const { front, reverse } = rowValues(rc, row, i);
    units[i] = unitOf(shapes, row, front, reverse, ctx.locator.lineOfUnit(i), setupHexOf(ctx, row, i, map));
  }
  checkStepChains(ctx, units);
  return { units, ids };
}

/** What a resolved unit (a bundle's) still names: the fields checkRowReferences reads. */
type UnitReferences = Pick<UnitRow, 'id' | 'side' | 'nationality' | 'type' | 'size' | 'formation' | 'flags' | 'template' | 'next'>;

/** The references of resolved units, as units.csv's rows are checked: for a bundle, whose units are no CSV. */
export function checkUnitReferences(ctx: CheckContext, units: readonly UnitReferences[], vocab: GameVocabulary, templates: Set<string> | undefined): void {
  const rc: UnitRowContext = { ctx, rows: units as UnitRow[], vocab, templates, nationalityIds: new Set(vocab.nationalities.keys()), columns: new Map() };
  units.forEach((unit, i) => checkRowReferences(rc, unit, i));
}

/** The row's side, nationality, type, size, formation, flags, template and next counter exist. */
function checkRowReferences(rc: UnitRowContext, row: UnitReferences, i: number): void {
  const { ctx, vocab, templates, nationalityIds } = rc;
  const sideKnown = vocab.sides.has(row.side) || ctx.ref('units', at(i, 'side'), 'side', row.side, vocab.sides, 'game.json sides');
  if (
    sideKnown &&
    row.nationality !== undefined &&
    (nationalityIds.has(row.nationality) || ctx.ref('units', at(i, 'nationality'), 'nationality', row.nationality, nationalityIds, 'game.json sides[].nationalities'))
  ) {
    const owner = vocab.nationalities.get(row.nationality);
    if (owner !== row.side) ctx.error('units', at(i, 'nationality'), 'ref/nationality-side', `nationality "${row.nationality}" belongs to side "${owner}", not "${row.side}"`);
  }
  if (!vocab.unitTypes.has(row.type)) ctx.ref('units', at(i, 'type'), 'unit type', row.type, vocab.unitTypes, 'game.json unitTypes');
  if (typeof row.size === 'string' && !vocab.unitSizes.has(row.size)) ctx.ref('units', at(i, 'size'), 'unit size', row.size, vocab.unitSizes, 'game.json unitSizes');
  if (row.formation !== undefined && !vocab.formations.has(row.formation)) ctx.ref('units', at(i, 'formation'), 'formation', row.formation, vocab.formations, 'game.json formations');
  if (row.flags) for (const f of row.flags) if (!vocab.unitFlags.has(f)) ctx.ref('units', at(i, 'flags'), 'unit flag', f, vocab.unitFlags, 'game.json unitFlags');
  if (row.template !== undefined && templates && !templates.has(row.template)) ctx.ref('units', at(i, 'template'), 'template', row.template, templates, 'counters.json templates');
  if (row.next !== undefined) {
    const ids = (rc.ids ??= new Set(rc.rows.map((r) => r.id)));
    if (!ids.has(row.next)) ctx.ref('units', at(i, 'next'), 'unit', row.next, ids, 'units.csv');
    else if (row.next === row.id) ctx.error('units', at(i, 'next'), 'units/step-loop', `unit "${row.id}" replaces itself`, 'name the counter that comes in when this one is lost');
  }
}

/** The row's unit values split by face, each checked against its field; and its back against them. */
function rowValues(rc: UnitRowContext, row: UnitRow, i: number): { front: Record<string, unknown>; reverse: Record<string, unknown> } {
  const { ctx, vocab, columns } = rc;
  const front: Record<string, unknown> = {};
  const reverse: Record<string, unknown> = {};
  let hasBackValues = false;
  for (const column in row) {
    let target = columns.get(column);
    if (target === undefined) {
      const isBack = column.startsWith('back.');
      const field = isBack ? column.slice(5) : column;
      target = RESERVED_COLUMNS.has(column) ? null : { field, isBack, declared: vocab.unitFields.has(field), spec: vocab.unitFieldSpecs.get(field) };
      columns.set(column, target);
    }
    if (target === null) continue;
    if (!target.declared) {
      ctx.ref('units', at(i, column), 'unit field', target.field, vocab.unitFields, 'game.json unitFields');
      continue;
    }
    const value = (row as unknown as Record<string, unknown>)[column];
    const domain = valueOutsideDomain(value, target.spec);
    if (domain) ctx.error('units', at(i, column), domain.code, `${column} of unit "${row.id}": ${domain.message}`, domain.hint);
    if (target.isBack) {
      reverse[target.field] = value;
      hasBackValues = true;
    } else front[target.field] = value;
  }
  checkBack(ctx, i, row, hasBackValues, reverse);
  return { front, reverse };
}

/** A reduced back needs its values; a counter with values on its back has two steps. */
function checkBack(ctx: CheckContext, i: number, row: Pick<UnitRow, 'id' | 'back' | 'steps'>, hasBackValues: boolean, reverse: Record<string, unknown>): void {
  if (row.back === 'reduced' && !hasBackValues) {
    ctx.error('units', at(i, 'back'), 'units/missing-back', `unit "${row.id}" has a reduced back but no back.* values`, `fill the back.<field> columns (use "?" where the rulebook does not give them)`);
  }
  if (typeof row.steps === 'number' && row.steps >= 2 && row.back !== undefined && row.back !== 'reduced' && row.back !== 'other') {
    ctx.error('units', at(i, 'steps'), 'units/steps-back', `unit "${row.id}" has ${row.steps} steps but its back is "${row.back}"`, 'a counter with two steps shows its reduced side on the back: set back to "reduced"');
  }
  if (hasBackValues && row.back !== undefined && row.back !== 'reduced' && row.back !== 'other') {
    ctx.error('units', at(i, 'back'), 'units/steps-back', `unit "${row.id}" has back.* values but its back is "${row.back}"`, 'set back to "reduced", or empty the back.* cells');
  }
  // The component plan prints such a back and the module flips to it; the data should say so.
  if (unitBackUndeclared({ back: row.back, reverse })) {
    ctx.warning('units', at(i, 'back'), 'units/back-undeclared', `unit "${row.id}" has back.* values but an empty back cell; its counter gets a back showing them`, 'set back to "reduced" (or "other") so the data says what the reverse shows');
  }
}

/**
 * The values of resolved units (a bundle's, whose units are no CSV) checked as units.csv's are:
 * each field declared and in its domain, the back against the values it shows, step chains ending.
 */
export function checkUnitValues(ctx: CheckContext, units: readonly Unit[], vocab: GameVocabulary): void {
  units.forEach((unit, i) => {
    for (const [face, values] of [['front', unit.front], ['reverse', unit.reverse]] as const)
      for (const [field, value] of Object.entries(values ?? {})) {
        const pointer = `/${i}/${face}/${field}`;
        if (!vocab.unitFields.has(field)) {
          ctx.ref('units', pointer, 'unit field', field, vocab.unitFields, 'game.json unitFields');
          continue;
        }
        const domain = valueOutsideDomain(value, vocab.unitFieldSpecs.get(field));
        if (domain) ctx.error('units', pointer, domain.code, `${face}.${field} of unit "${unit.id}": ${domain.message}`, domain.hint);
      }
    checkBack(ctx, i, unit, Object.keys(unit.reverse ?? {}).length > 0, unit.reverse ?? {});
  });
  checkStepChains(ctx, units);
}

/** The setup cell's hex, when it names one on the map (else it is a setup code). */
function setupHexOf(ctx: CheckContext, row: UnitRow, i: number, map: MapIndex | undefined): string | undefined {
  let setupHex: string | undefined;
  if (typeof row.setup === 'string' && map) {
    // A setup cell that reads as a hex id, or is digits alone as hex ids are, must be on the map;
    // anything else is a setup code.
    if (map.indexOf(row.setup) !== undefined) setupHex = row.setup;
    else {
      const ref = map.hex(row.setup);
      if (ref.ok) setupHex = ref.value;
      else if (ref.code === 'hex/off-map' || /^\d{3,}$/.test(row.setup)) ctx.error('units', at(i, 'setup'), ref.code, ref.message, ref.hint);
    }
  }
  return setupHex;
}

/**
 * The units built so far by the optional fields they have (one bit each): a unit starts as a copy
 * of the first one with the same fields, its values then written over. A copy is made at its final
 * size, where a unit built field by field regrows its property store two or three times (6,000
 * counters on a big game); keys, their order and values are those of the unit built field by field.
 */
type UnitShapes = Map<number, Unit>;

function unitOf(shapes: UnitShapes, row: UnitRow, front: Record<string, unknown>, reverse: Record<string, unknown>, line: number, setupHex: string | undefined): Unit {
  const shape = optionalFields(row, setupHex);
  const first = shapes.get(shape);
  let unit: Unit;
  if (first === undefined) {
    unit = { id: row.id, side: row.side, type: row.type, flags: row.flags ?? [], count: row.count ?? 1, front: front as Unit['front'], reverse: reverse as Unit['reverse'], line };
    shapes.set(shape, unit);
  } else {
    unit = { ...first };
    unit.id = row.id;
    unit.side = row.side;
    unit.type = row.type;
    unit.flags = row.flags ?? [];
    unit.count = row.count ?? 1;
    unit.front = front as Unit['front'];
    unit.reverse = reverse as Unit['reverse'];
    unit.line = line;
  }
  // Optional keys in a fixed order, each by name: a named store is a fast property add (or, on a
  // copy, a store in place), a store through a variable key is not.
  if (row.nationality !== undefined) unit.nationality = row.nationality;
  if (row.size !== undefined) unit.size = row.size;
  if (row.formation !== undefined) unit.formation = row.formation;
  if (row.designation !== undefined) unit.designation = row.designation;
  if (row.name !== undefined) unit.name = row.name;
  if (row.steps !== undefined) unit.steps = row.steps;
  if (row.back !== undefined) unit.back = row.back;
  if (row.next !== undefined) unit.next = row.next;
  if (row.setup !== undefined) unit.setup = row.setup;
  if (row.entry !== undefined) unit.entry = row.entry;
  if (row.template !== undefined) unit.template = row.template;
  if (row.image !== undefined) unit.image = row.image;
  if (row.backImage !== undefined) unit.backImage = row.backImage;
  if (row.source !== undefined) unit.source = row.source;
  if (row.notes !== undefined) unit.notes = row.notes;
  if (setupHex !== undefined) unit.setupHex = setupHex;
  return unit;
}

/** One bit for each optional field of the unit that the row gives (in unitOf's order). */
function optionalFields(row: UnitRow, setupHex: string | undefined): number {
  return (
    (row.nationality !== undefined ? 1 : 0) |
    (row.size !== undefined ? 2 : 0) |
    (row.formation !== undefined ? 4 : 0) |
    (row.designation !== undefined ? 8 : 0) |
    (row.name !== undefined ? 16 : 0) |
    (row.steps !== undefined ? 32 : 0) |
    (row.back !== undefined ? 64 : 0) |
    (row.next !== undefined ? 128 : 0) |
    (row.setup !== undefined ? 256 : 0) |
    (row.entry !== undefined ? 512 : 0) |
    (row.template !== undefined ? 1024 : 0) |
    (row.image !== undefined ? 2048 : 0) |
    (row.backImage !== undefined ? 4096 : 0) |
    (row.source !== undefined ? 8192 : 0) |
    (row.notes !== undefined ? 16384 : 0) |
    (setupHex !== undefined ? 32768 : 0)
  );
}

/** Step chains must end: following `next` may not come back to a counter already seen. */
function checkStepChains(ctx: CheckContext, units: ReadonlyArray<Pick<Unit, 'id' | 'next'>>): void {
  if (!units.some((unit) => unit.next)) return;
  const byId = new Map(units.map((u) => [u.id, u]));
  units.forEach((row, i) => {
    if (!row.next) return;
    const seen = new Set<string>([row.id]);
    let cursor = byId.get(row.next);
    while (cursor) {
      if (seen.has(cursor.id)) {
        if (cursor.id !== row.id) break;
        ctx.error('units', `/${i}/next`, 'units/step-loop', `step chain from "${row.id}" loops back to it`, 'the last counter of a unit has no "next"');
        break;
      }
      seen.add(cursor.id);
      cursor = cursor.next ? byId.get(cursor.next) : undefined;
    }
  });
}

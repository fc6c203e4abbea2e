/**
 * fast-check generators of whole, valid game folders (the files' texts, as a game folder holds
 * them), small enough to build hundreds: the minimal fixture's two sides and 4×3 map, one to six units, counters.json
 * templates in any order (sometimes one called "default" that is not first), units that name a
 * template or not, every kind of back (none, reduced, blank, same, other, and an empty back cell
 * with back.* values), unknown values ("?"), copies, markers and chits with and without backs.
 *
 * A GameSpec is the generated game as plain data; `gameSources` writes its files. `editSpec` makes
 * the second version of a game for the errata diff: some units' values and designations changed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { GameSources } from '../../src/data/parse-game';
import { MINIMAL_DIR } from '../data/helpers';

export const VALUE_FIELDS = ['attack', 'defense', 'move'] as const;
type ValueField = (typeof VALUE_FIELDS)[number];
type Value = number | '?';

export interface SlotSpec {
  kind: 'text' | 'symbol' | 'size' | 'band';
  field?: string;
}

export interface TemplateSpec {
  id: string;
  size: 'small' | 'large';
  front: SlotSpec[];
  /** Undefined: the back uses the front's slots. */
  back?: SlotSpec[];
}

export interface UnitSpec {
  id: string;
  side: 'blue' | 'red';
  type: 'infantry' | 'armor';
  size: 'division' | 'brigade';
  designation: string;
  front: Record<ValueField, Value>;
  back: '' | 'reduced' | 'blank' | 'same' | 'other';
  /** back.<field> values (only some fields). */
  reverse: Partial<Record<ValueField, Value>>;
  template: string;
  count: number;
}

export interface CounterSpec {
  id: string;
  text: string;
  backText?: string;
  count: number;
}

export interface GameSpec {
  templates: TemplateSpec[];
  units: UnitSpec[];
  markers: CounterSpec[];
  chits: CounterSpec[];
}

const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 15 }) },
  { weight: 1, arbitrary: fc.constant('?' as const) },
);

const textSlot = (field: string): SlotSpec => ({ kind: 'text', field });
const slotPool: SlotSpec[] = [
  textSlot('designation'),
  textSlot('attack'),
  textSlot('defense'),
  textSlot('move'),
  { kind: 'symbol' },
  { kind: 'size', field: 'size' },
  { kind: 'band' },
];
const slots = fc.subarray(slotPool, { minLength: 1 });

const templateIds = fc.uniqueArray(fc.constantFrom('default', 'standard', 'cadre', 'leader', 'tall'), { minLength: 1, maxLength: 3 });

const templates: fc.Arbitrary<TemplateSpec[]> = templateIds.chain((ids) =>
  fc.tuple(
    ...ids.map((id) =>
      fc.record({
        id: fc.constant(id),
        size: fc.constantFrom('small' as const, 'large' as const),
        front: slots,
        back: fc.option(slots, { nil: undefined }),
      }),
    ),
  ),
);

const designation = fc.stringMatching(/^[A-Z][a-z]{0,3}[1-9]?$/);

function unitArbitrary(templateIds: string[], index: number): fc.Arbitrary<UnitSpec> {
  return fc
    .record({
      side: fc.constantFrom('blue' as const, 'red' as const),
      type: fc.constantFrom('infantry' as const, 'armor' as const),
      size: fc.constantFrom('division' as const, 'brigade' as const),
      designation,
      front: fc.record({ attack: value, defense: value, move: value }),
      back: fc.constantFrom('' as const, 'reduced' as const, 'blank' as const, 'same' as const, 'other' as const),
      reverse: fc.record({ attack: value, defense: value, move: value }, { requiredKeys: [] }),
      template: fc.constantFrom('', ...templateIds),
      count: fc.integer({ min: 1, max: 3 }),
    })
    .map((u) => {
      // A reduced back states its values; a blank or same back states none (validate says so).
      const reverse =
        u.back === 'reduced' && Object.keys(u.reverse).length === 0
          ? { attack: 1 }
          : u.back === 'blank' || u.back === 'same'
            ? {}
            : u.reverse;
      return { ...u, id: `u${index}`, designation: `${u.designation}${index}`, reverse };
    });
}

const label = fc.stringMatching(/^[A-Z][a-z]{1,6}$/);

function counterArbitrary(prefix: string, index: number): fc.Arbitrary<CounterSpec> {
  return fc
    .record({ text: label, back: fc.constantFrom('none', 'own', 'front again'), backText: label, count: fc.integer({ min: 1, max: 4 }) })
    .map(({ back, backText, ...c }) => ({
      ...c,
      id: `${prefix}${index}`,
      ...(back === 'own' ? { backText } : back === 'front again' ? { backText: c.text } : {}),
    }));
}

export const gameSpec: fc.Arbitrary<GameSpec> = templates.chain((ts) =>
  fc.record({
    templates: fc.constant(ts),
    units: fc.integer({ min: 1, max: 6 }).chain((n) =>
      fc.tuple(
        ...Array.from({ length: n }, (_, i) =>
          unitArbitrary(
            ts.map((t) => t.id),
            i + 1,
          ),
        ),
      ),
    ),
    markers: fc.integer({ min: 0, max: 2 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => counterArbitrary('m', i + 1)))),
    chits: fc.integer({ min: 0, max: 2 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => counterArbitrary('c', i + 1)))),
  }),
);

export interface UnitEdit {
  /** Index into the units (modulo their number). */
  unit: number;
  field: ValueField | 'designation' | `back.${ValueField}`;
  value: Value;
}

export const unitEdits: fc.Arbitrary<UnitEdit[]> = fc.array(
  fc.record({
    unit: fc.nat(),
    field: fc.constantFrom<UnitEdit['field']>('attack', 'defense', 'move', 'designation', 'back.attack', 'back.move'),
    value,
  }),
  { minLength: 1, maxLength: 3 },
);

/** The game with the edits applied (a designation edit appends the value; a back value only where the back states values). */
export function editSpec(spec: GameSpec, edits: readonly UnitEdit[]): GameSpec {
  const units = spec.units.map((u) => ({ ...u, front: { ...u.front }, reverse: { ...u.reverse } }));
  for (const edit of edits) {
    const u = units[edit.unit % units.length];
    if (edit.field === 'designation') u.designation = `${u.designation}x${edit.value === '?' ? 'q' : edit.value}`;
    else if (edit.field.startsWith('back.')) {
      if (u.back !== 'blank' && u.back !== 'same') u.reverse[edit.field.slice(5) as ValueField] = edit.value;
    } else u.front[edit.field as ValueField] = edit.value;
  }
  return { ...spec, units };
}

// ---------------------------------------------------------------------------------------------
// The files

const SIZES = { small: 0.5, large: 0.75 };

function slotFile(slot: SlotSpec, i: number, count: number): Record<string, unknown> {
  const h = 1 / count;
  const box = { x: 0.05, y: Math.round(i * h * 1000) / 1000, w: 0.9, h: Math.round(h * 1000) / 1000 };
  if (slot.kind === 'band') return { kind: 'band', ...box, color: { rgb: '#ffffff' } };
  return {
    kind: slot.kind,
    ...(slot.field ? { field: slot.field } : {}),
    ...box,
    ...(slot.kind === 'text' ? { align: 'center', fontSize: 5 } : {}),
  };
}

const slotFiles = (list: SlotSpec[]) => list.map((s, i) => slotFile(s, i, list.length));

function unitsCsv(spec: GameSpec): string {
  const header = [
    'id',
    'side',
    'nationality',
    'type',
    'size',
    'designation',
    'attack',
    'defense',
    'move',
    'steps',
    'back',
    'back.attack',
    'back.defense',
    'back.move',
    'template',
    'count',
  ];
  const rows = spec.units.map((u) =>
    [
      u.id,
      u.side,
      `${u.side}-army`,
      u.type,
      u.size,
      u.designation,
      ...VALUE_FIELDS.map((f) => String(u.front[f])),
      u.back === 'reduced' ? '2' : '1',
      u.back,
      ...VALUE_FIELDS.map((f) => (u.reverse[f] === undefined ? '' : String(u.reverse[f]))),
      u.template,
      String(u.count),
    ].join(','),
  );
  return [header.join(','), ...rows, ''].join('\n');
}

/** game.json, map.json, terrain.json and tracks.json are the minimal fixture's, with a second unit type and size. */
const fixture = (name: string) => JSON.parse(readFileSync(path.join(MINIMAL_DIR, name), 'utf8'));
const minimalGame = fixture('game.json');
const GAME = {
  ...minimalGame,
  id: 'generated',
  unitTypes: [...minimalGame.unitTypes, { id: 'armor', name: 'Armor', movementClass: 'foot', symbol: 'armor' }],
  unitSizes: [...minimalGame.unitSizes, { id: 'brigade', name: 'Brigade', mark: 'X' }],
};
const MAP = fixture('map.json');
const TERRAIN = fixture('terrain.json');
const TRACKS = fixture('tracks.json');

function countersJson(spec: GameSpec): Record<string, unknown> {
  const face = (text: string) => ({ text, background: { rgb: '#ffffff' }, color: { rgb: '#000000' } });
  return {
    sizes: SIZES,
    templates: spec.templates.map((t) => ({
      id: t.id,
      size: t.size,
      front: slotFiles(t.front),
      ...(t.back ? { back: slotFiles(t.back) } : {}),
    })),
    markers: spec.markers.map((m) => ({
      id: m.id,
      name: `Marker ${m.id}`,
      size: 'small',
      count: m.count,
      front: face(m.text),
      ...(m.backText ? { back: face(m.backText) } : {}),
    })),
    chits: spec.chits.map((c) => ({
      id: c.id,
      name: `Chit ${c.id}`,
      count: c.count,
      front: face(c.text),
      ...(c.backText ? { back: face(c.backText) } : {}),
    })),
  };
}

/** The game folder's files, in memory (`dir` names the folder in diagnostics). */
export function gameSource(spec: GameSpec, dir = 'generated'): GameSources {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const file = (name: string, text: string) => ({ file: `${dir}/${name}`, text });
  return {
    dir,
    files: {
      game: file('game.json', json(GAME)),
      map: file('map.json', json(MAP)),
      terrain: file('terrain.json', json(TERRAIN)),
      tracks: file('tracks.json', json(TRACKS)),
      units: file('units.csv', unitsCsv(spec)),
      counters: file('counters.json', json(countersJson(spec))),
    },
  };
}

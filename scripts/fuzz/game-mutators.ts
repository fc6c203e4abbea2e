/**
 * Structure-aware mutations of a game folder. A mutation is a list of edits, each a plain object
 * (so a failure can be replayed, shrunk to fewer edits and written down). Edits that make the data
 * invalid for certain carry `mustReject`: validate must refuse them (the oracle for "accepted but
 * wrong"); the others may be accepted or refused, as long as the contract holds.
 */
import { dataRecordCount, fieldValue, joinCsv, splitCsv } from './csv-records';
import { type Rng } from './rng';

export type FsReplacement = 'folder' | 'dangling-link' | 'link-loop' | 'pipe' | 'empty' | 'missing';

export type GameEdit =
  | { op: 'json-set'; file: string; pointer: string; value?: unknown; raw?: string; mustReject?: string }
  | { op: 'json-delete'; file: string; pointer: string }
  | { op: 'json-add'; file: string; pointer: string; key: string; value: unknown }
  | { op: 'text-insert'; file: string; at: number; text: string; mustReject?: string }
  | { op: 'csv-cell'; file: string; row: number; column: number; text: string; mustReject?: string }
  | { op: 'csv-column'; file: string; name: string; copyOf?: number; value?: string; mustReject?: string }
  | { op: 'line-endings'; file: string; style: 'cr' | 'crlf' | 'mixed' }
  | { op: 'flip'; file: string; at: number; xor: number }
  | { op: 'truncate'; file: string; length: number }
  | { op: 'encoding'; file: string; to: 'utf16le' | 'latin1' | 'bom' }
  | { op: 'replace-file'; file: string; with: FsReplacement; mustReject?: string };

/** A game folder in memory: file name → bytes, plus what the mutators need to know of its data. */
export interface GameBase {
  name: string;
  files: Map<string, Uint8Array>;
}

export interface GameState {
  files: Map<string, Uint8Array>;
  /** Files to be replaced on disk by something other than a regular file. */
  special: Map<string, FsReplacement>;
}

const REQUIRED = ['game.json', 'map.json', 'terrain.json', 'units.csv', 'tracks.json'];
const decoder = new TextDecoder();
const encoder = new TextEncoder();

export function mustReject(edits: readonly GameEdit[]): string | undefined {
  for (const e of edits) if ('mustReject' in e && e.mustReject) return e.mustReject;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Applying edits

function parsePointer(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

// Stands in for a raw number text (1e400, 20 digits) that no JS value serializes to. Printable, so
// JSON.stringify writes it as it is and the marker can be found and replaced.
const RAW_MARKER = '@@hexforge-fuzz-raw-number@@';

function jsonEdit(text: string, edit: Extract<GameEdit, { op: 'json-set' | 'json-delete' | 'json-add' }>): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text; // an earlier edit broke the syntax: nothing structural left to edit
  }
  const path = parsePointer(edit.pointer);
  const setAt = (root: unknown, keys: string[], make: (parent: Record<string, unknown>, key: string) => void): unknown => {
    if (keys.length === 0) return root;
    let node = root as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      if (node === null || typeof node !== 'object') return root;
      node = node[key] as Record<string, unknown>;
    }
    if (node !== null && typeof node === 'object') make(node, keys[keys.length - 1]);
    return root;
  };
  if (edit.op === 'json-set') {
    const replacement = edit.raw !== undefined ? RAW_MARKER : edit.value;
    value = path.length === 0 ? replacement : setAt(value, path, (parent, key) => (parent[key] = replacement));
  } else if (edit.op === 'json-delete') {
    value = setAt(value, path, (parent, key) => {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    });
  } else {
    value = setAt(value, [...path, edit.key], (parent, key) => {
      if (Array.isArray(parent)) parent.push(edit.value);
      else parent[key] = edit.value;
    });
  }
  const out = JSON.stringify(value, null, 2);
  return edit.op === 'json-set' && edit.raw !== undefined ? out.replace(JSON.stringify(RAW_MARKER), edit.raw) : out;
}

export function applyGameEdits(base: GameBase, edits: readonly GameEdit[]): GameState {
  const files = new Map(base.files);
  const special = new Map<string, FsReplacement>();
  const text = (file: string) => decoder.decode(files.get(file) ?? new Uint8Array());
  const setText = (file: string, value: string) => files.set(file, encoder.encode(value));
  for (const e of edits) {
    if (!files.has(e.file) && e.op !== 'replace-file') continue;
    switch (e.op) {
      case 'json-set':
      case 'json-delete':
      case 'json-add':
        setText(e.file, jsonEdit(text(e.file), e));
        break;
      case 'text-insert': {
        const t = text(e.file);
        const at = Math.min(e.at, t.length);
        setText(e.file, t.slice(0, at) + e.text + t.slice(at));
        break;
      }
      case 'csv-cell': {
        const records = splitCsv(text(e.file));
        const fields = records[e.row]?.fields;
        if (fields && e.column < fields.length) fields[e.column] = e.text;
        setText(e.file, joinCsv(records));
        break;
      }
      case 'csv-column': {
        const records = splitCsv(text(e.file));
        records.forEach(({ fields }, i) => {
          if (i === 0) fields.push(e.name);
          else if (fields.length > 1) fields.push(e.copyOf !== undefined ? (fields[e.copyOf] ?? '') : (e.value ?? ''));
        });
        setText(e.file, joinCsv(records));
        break;
      }
      case 'line-endings': {
        const lines = text(e.file).split(/\r\n|\r|\n/);
        const breaks = ['\n', '\r\n', '\r'];
        setText(
          e.file,
          e.style === 'cr'
            ? lines.join('\r')
            : e.style === 'crlf'
              ? lines.join('\r\n')
              : lines.map((l, i) => l + (i < lines.length - 1 ? breaks[i % 3] : '')).join(''),
        );
        break;
      }
      case 'flip': {
        const bytes = new Uint8Array(files.get(e.file)!);
        if (bytes.length > 0) bytes[e.at % bytes.length] ^= e.xor;
        files.set(e.file, bytes);
        break;
      }
      case 'truncate':
        files.set(e.file, files.get(e.file)!.subarray(0, e.length));
        break;
      case 'encoding': {
        const t = text(e.file);
        if (e.to === 'bom') setText(e.file, '\uFEFF' + t);
        else if (e.to === 'utf16le') files.set(e.file, new Uint8Array(Buffer.from('\uFEFF' + t, 'utf16le')));
        else files.set(e.file, new Uint8Array(Buffer.from(t.replace(/[a-z]/, 'é'), 'latin1')));
        break;
      }
      case 'replace-file':
        special.set(e.file, e.with);
        break;
    }
  }
  return { files, special };
}

// ---------------------------------------------------------------------------------------------
// Choosing edits

interface JsonNode {
  pointer: string;
  value: unknown;
}

function jsonNodes(value: unknown, limit = 5000): JsonNode[] {
  const out: JsonNode[] = [];
  const pending: JsonNode[] = [{ pointer: '', value }];
  while (pending.length > 0 && out.length < limit) {
    const node = pending.pop()!;
    out.push(node);
    if (node.value !== null && typeof node.value === 'object') {
      for (const [k, v] of Object.entries(node.value))
        pending.push({ pointer: `${node.pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, value: v });
    }
  }
  return out;
}

/**
 * A node to mutate: half the time any node, half the time one at a depth picked first, so the top
 * level and shallow lists (a file's root, tracks.json "sequence") are hit as often as deep leaves.
 */
function pickNode(rng: Rng, nodes: readonly JsonNode[]): JsonNode {
  if (rng.chance(0.5)) return rng.pick(nodes);
  const depthOf = (n: JsonNode) => (n.pointer.match(/\//g) ?? []).length;
  const depths = [...new Set(nodes.map(depthOf))];
  const depth = rng.pick(depths);
  return rng.pick(nodes.filter((n) => depthOf(n) === depth));
}

/**
 * Text no output can carry (src/data/forbidden-chars.ts): a data file holding it must be refused.
 * A lone surrogate only as JSON writes it (an escape): written to a CSV as UTF-8 it becomes U+FFFD.
 */
const FORBIDDEN_TEXT = ['A\u0000B', 'x\u001b[2J', '\u0007', 'a\ufffeb'];
const FORBIDDEN_JSON_TEXT = [...FORBIDDEN_TEXT, 'half \ud83d'];

const HOSTILE_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '?',
  'x'.repeat(300),
  '\u001b]0;pwned\u0007\u001b[2J',
  'ü\u0000',
  '__proto__',
  '../../etc/passwd',
  '0101..9999',
  'a\nb',
];
const HOSTILE_NUMBERS = [-1, -0.5, 0, 0.5, 1e9, 123456789012345680000, -1e6, 2 ** 31, 7.25];

function wrongValue(rng: Rng, current: unknown): { value?: unknown; raw?: string } {
  const choices: Array<() => { value?: unknown; raw?: string }> = [
    () => ({ value: rng.pick(HOSTILE_STRINGS) }),
    () => ({ value: rng.pick(HOSTILE_NUMBERS) }),
    () => ({ raw: rng.pick(['1e400', '-1e400', '12345678901234567890123', '1e-400', '-0']) }),
    () => ({ value: null }),
    () => ({ value: rng.chance(0.5) }),
    () => ({ value: [] }),
    () => ({ value: {} }),
    () => ({ value: [current, current] }),
    () => ({ value: { unknown: true } }),
  ];
  return rng.pick(choices)();
}

/** Targeted edits that make the data certainly invalid: the oracles. */
function oracleEdits(rng: Rng, base: GameBase): GameEdit[] {
  const options: Array<() => GameEdit | undefined> = [];
  const json = (file: string): Record<string, unknown> | undefined => {
    const bytes = base.files.get(file);
    return bytes ? (JSON.parse(decoder.decode(bytes)) as Record<string, unknown>) : undefined;
  };
  const game = json('game.json') as
    | {
        unitFields?: Array<{ id: string; kind?: string; role?: string }>;
        formations?: Array<{ id: string }>;
        zoc?: unknown;
        stacking?: unknown[];
      }
    | undefined;
  const records = base.files.get('units.csv') ? splitCsv(decoder.decode(base.files.get('units.csv'))) : undefined;
  const units = records?.map((r) => r.fields.map(fieldValue));
  const header = units?.[0] ?? [];
  const dataRows = records ? dataRecordCount(records) : 0;
  const row = () => 1 + rng.int(Math.max(1, dataRows));
  const countRoles = new Set(['attack', 'defense', 'combat', 'movement', 'tactical', 'range', 'steps']);
  const countColumns = (game?.unitFields ?? [])
    .filter((f) => (f.kind ?? 'number') === 'number' && f.role && countRoles.has(f.role))
    .map((f) => header.indexOf(f.id))
    .filter((i) => i >= 0);
  if (units && countColumns.length > 0) {
    options.push(() => ({
      op: 'csv-cell',
      file: 'units.csv',
      row: row(),
      column: rng.pick(countColumns),
      text: rng.pick(['-1', '-7', '-0.5']),
      mustReject: 'negative strength or allowance',
    }));
    options.push(() => ({
      op: 'csv-cell',
      file: 'units.csv',
      row: row(),
      column: rng.pick(countColumns),
      text: rng.pick(['Infinity', 'abc', '1e3', '12345678901234567890']),
      mustReject: 'not a sane number in a number column',
    }));
  }
  const steps = header.indexOf('steps');
  if (steps >= 0)
    options.push(() => ({
      op: 'csv-cell',
      file: 'units.csv',
      row: row(),
      column: steps,
      text: rng.pick(['0', '99', '-1']),
      mustReject: 'steps out of bounds',
    }));
  const textColumns = ['name', 'designation'].map((c) => header.indexOf(c)).filter((i) => i >= 0);
  if (units) {
    options.push(() => ({
      op: 'csv-column',
      file: 'units.csv',
      name: header[rng.int(header.length)],
      value: '99',
      mustReject: 'duplicate CSV header',
    }));
    options.push(() => ({ op: 'csv-column', file: 'units.csv', name: '__proto__', value: '1', mustReject: '__proto__ column' }));
    options.push(() => ({
      op: 'csv-cell',
      file: 'units.csv',
      row: row(),
      // Free text when the file has some: a number or id column refuses any odd text anyway.
      column: textColumns.length > 0 ? rng.pick(textColumns) : rng.int(header.length),
      text: rng.pick(FORBIDDEN_TEXT),
      mustReject: 'a control character in a CSV cell',
    }));
  }
  if (game && typeof (game as { name?: unknown }).name === 'string')
    options.push(() => ({
      op: 'json-set',
      file: 'game.json',
      pointer: '/name',
      value: rng.pick(FORBIDDEN_JSON_TEXT),
      mustReject: 'a control character in a JSON string',
    }));
  const entry = header.indexOf('entry');
  if (entry >= 0)
    options.push(() => ({
      op: 'csv-cell',
      file: 'units.csv',
      row: row(),
      column: entry,
      text: rng.pick(['0', '999']),
      mustReject: 'entry turn outside the track',
    }));
  const setup = header.indexOf('setup');
  if (setup >= 0 && units?.some((r, i) => i > 0 && /^\d{4}$/.test(r[setup] ?? ''))) {
    const hexRows = units.map((r, i) => (i > 0 && /^\d{4}$/.test(r[setup] ?? '') ? i : -1)).filter((i) => i > 0);
    options.push(() => ({
      op: 'csv-cell',
      file: 'units.csv',
      row: rng.pick(hexRows),
      column: setup,
      text: '9999',
      mustReject: 'setup hex off the map',
    }));
  }
  if (game?.formations?.length) {
    const i = rng.int(game.formations.length);
    options.push(() => ({
      op: 'json-set',
      file: 'game.json',
      pointer: `/formations/${i}/parent`,
      value: game.formations![i].id,
      mustReject: 'formation contains itself',
    }));
  }
  if (game?.zoc)
    options.push(() => ({ op: 'json-set', file: 'game.json', pointer: '/zoc/enterCost', value: -2, mustReject: 'negative ZOC cost' }));
  if (game?.stacking?.length)
    options.push(() => ({
      op: 'json-set',
      file: 'game.json',
      pointer: `/stacking/${rng.int(game.stacking!.length)}/limit`,
      value: -1,
      mustReject: 'negative stacking limit',
    }));
  const tracks = json('tracks.json') as { records?: Array<{ min?: unknown; max?: unknown }> } | undefined;
  const numeric = (tracks?.records ?? []).map((r, i) => (typeof r.max === 'number' ? i : -1)).filter((i) => i >= 0);
  if (numeric.length > 0) {
    const i = rng.pick(numeric);
    options.push(() => ({
      op: 'json-set',
      file: 'tracks.json',
      pointer: `/records/${i}/min`,
      value: (tracks!.records![i].max as number) + 5,
      mustReject: 'record track min > max',
    }));
  }
  const tables = json('tables.json') as { tables?: Array<{ rows?: Array<{ min: number; max: number }> }> } | undefined;
  const withRows = (tables?.tables ?? []).map((t, i) => (t.rows?.some((r) => r.min < r.max) ? i : -1)).filter((i) => i >= 0);
  if (withRows.length > 0) {
    const t = rng.pick(withRows);
    const rows = tables!.tables![t].rows!;
    const r = rows.findIndex((x) => x.min < x.max);
    options.push(() => ({
      op: 'json-set',
      file: 'tables.json',
      pointer: `/tables/${t}/rows/${r}/min`,
      value: rows[r].max + 1,
      mustReject: 'inverted die-roll range',
    }));
  }
  const scenarios = json('scenarios.json') as { scenarios?: unknown[] } | undefined;
  if (scenarios?.scenarios?.length) {
    options.push(() => ({
      op: 'json-set',
      file: 'scenarios.json',
      pointer: `/scenarios/${rng.int(scenarios.scenarios!.length)}/firstTurn`,
      value: 999,
      mustReject: 'scenario turn outside the track',
    }));
  }
  const map = json('map.json') as { hexSize?: unknown; image?: unknown } | undefined;
  if (typeof map?.hexSize === 'number' && map.image === undefined) {
    // A slip in the map's scale: a module picture of billions of pixels, or hexes under one pixel.
    options.push(() =>
      rng.pick<GameEdit>([
        {
          op: 'json-set',
          file: 'map.json',
          pointer: '/hexSize',
          value: rng.pick([200, 5000, 999999]),
          mustReject: 'map too large to draw',
        },
        {
          op: 'json-set',
          file: 'map.json',
          pointer: '/moduleScale',
          value: rng.pick([100000, 999999]),
          mustReject: 'map too large to draw',
        },
        { op: 'json-set', file: 'map.json', pointer: '/hexSize', value: rng.pick([1e-300, 0.001]), mustReject: 'hex under a pixel' },
      ]),
    );
  }
  const jsonFiles = [...base.files.keys()].filter((f) => f.endsWith('.json'));
  options.push(() => ({
    op: 'json-set',
    file: rng.pick(jsonFiles),
    pointer: '',
    value: rng.pick<unknown>([null, 0, 'text', [], true]),
    mustReject: 'a data file whose top level is not an object',
  }));
  if (tracks)
    options.push(() => ({
      op: 'json-set',
      file: 'tracks.json',
      pointer: '/sequence',
      value: rng.pick<unknown>([null, 5, 'move, combat', {}, true]),
      mustReject: 'a sequence of play that is not a list',
    }));
  options.push(() => {
    const file = rng.pick(jsonFiles);
    const numbers = jsonNodes(json(file)).filter((n) => typeof n.value === 'number');
    if (numbers.length === 0) return undefined;
    return {
      op: 'json-set',
      file,
      pointer: rng.pick(numbers).pointer,
      raw: rng.pick(['1e400', '-1e400', '123456789012345678901234']),
      mustReject: 'number out of range',
    };
  });
  options.push(() => {
    const file = rng.pick(jsonFiles);
    const t = decoder.decode(base.files.get(file));
    const brace = t.indexOf('{', 1);
    const key = /"([^"\\]+)"\s*:/.exec(t.slice(brace))?.[1];
    return brace > 0 && key
      ? { op: 'text-insert', file, at: brace + 1, text: `"${key}": 1, `, mustReject: 'duplicate JSON key' }
      : undefined;
  });
  options.push(() => ({
    op: 'replace-file',
    file: rng.pick(REQUIRED),
    with: rng.pick<FsReplacement>(['folder', 'dangling-link', 'link-loop', 'pipe', 'missing']),
    mustReject: 'required file not a regular file',
  }));
  for (let tries = 0; tries < 10; tries++) {
    const edit = rng.pick(options)();
    if (edit) return [edit];
  }
  return [];
}

/** Random edits without a known verdict: the contract (exit, time, located diagnostics) still holds. */
function randomEdit(rng: Rng, base: GameBase): GameEdit | undefined {
  const names = [...base.files.keys()];
  const file = rng.pick(names);
  const bytes = base.files.get(file)!;
  const t = decoder.decode(bytes);
  const kind = rng.int(12);
  if (file.endsWith('.json') && kind < 5) {
    const nodes = jsonNodes(JSON.parse(t));
    const node = pickNode(rng, nodes);
    if (kind <= 1) return { op: 'json-set', file, pointer: node.pointer, ...wrongValue(rng, node.value) };
    if (kind === 2) return node.pointer ? { op: 'json-delete', file, pointer: node.pointer } : undefined;
    if (kind === 3) {
      const objects = nodes.filter((n) => n.value !== null && typeof n.value === 'object');
      return {
        op: 'json-add',
        file,
        pointer: rng.pick(objects).pointer,
        key: rng.pick(['extra', 'id', 'notes', '__proto__', 'constructor', 'x'.repeat(40)]),
        value: wrongValue(rng, 1).value ?? 1,
      };
    }
    return {
      op: 'text-insert',
      file,
      at: rng.int(t.length),
      text: rng.pick(['[[[[[[[[', '"', ',', '}', 'NaN', '\u0000', '\u001b[2J', '/* c */', '\\', '\ud800']),
    };
  }
  if (file.endsWith('.csv') && kind < 6) {
    const rows = splitCsv(t);
    const r = rng.int(rows.length);
    if (kind === 5)
      return { op: 'csv-column', file, name: rng.pick(['extra', 'x y', '', 'back.attack', 'notes']), value: rng.pick(HOSTILE_STRINGS) };
    return {
      op: 'csv-cell',
      file,
      row: r,
      column: rng.int(Math.max(1, rows[r].fields.length)),
      text: rng.pick([...HOSTILE_STRINGS, '"', '"a""b"', '1;2', '-3', '5.5', '0']),
    };
  }
  switch (kind) {
    case 6:
      return { op: 'line-endings', file, style: rng.pick(['cr', 'crlf', 'mixed'] as const) };
    case 7:
    case 8:
      return { op: 'flip', file, at: rng.int(Math.max(1, bytes.length)), xor: 1 << rng.int(8) };
    case 9:
      return { op: 'truncate', file, length: rng.int(bytes.length) };
    case 10:
      return { op: 'encoding', file, to: rng.pick(['utf16le', 'latin1', 'bom'] as const) };
    default:
      return {
        op: 'replace-file',
        file,
        with: rng.pick<FsReplacement>(['folder', 'dangling-link', 'link-loop', 'pipe', 'empty', 'missing']),
      };
  }
}

/** One input of a campaign: a third are oracle edits, the rest one to three random edits. */
export function mutateGame(rng: Rng, base: GameBase): GameEdit[] {
  if (rng.chance(0.33)) return oracleEdits(rng, base);
  const edits: GameEdit[] = [];
  const count = 1 + rng.int(3);
  for (let i = 0; i < count * 3 && edits.length < count; i++) {
    const edit = randomEdit(rng, base);
    if (edit) edits.push(edit);
  }
  return edits;
}

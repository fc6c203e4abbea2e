/**
 * Each hole the fuzzing campaign found in reading a game folder, from its smallest reproducer:
 * refused with a located diagnostic (or read correctly), never a crash, a hang or a silent pass.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, chmodSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateGame } from '../../src/data/validate';
import { CHECK_QUERY_CATALOG } from '../../src/engine/checks/catalog';
import { parseCsvSource } from '../../src/data/csv-source';
import { parseJsonSource } from '../../src/data/json-source';
import { closestName } from '../../src/data/did-you-mean';
import { turnSpan } from '../../src/data/crossref-scenarios';
import { decodeUtf8, firstInvalidUtf8 } from '../../src/data/read-input-file';
import type { Diagnostic } from '../../src/diagnostics';
import { runCli } from '../cli/run-cli';
import { MINIMAL_DIR, minimalSources } from './helpers';
import { FILE_NAMES, type GameSources } from '../../src/data/parse-game';
import { FILE_KINDS } from '../../src/data/schemas';
import { existsSync, readFileSync } from 'node:fs';

function gameSources(dir: string): GameSources {
  const sources: GameSources = { dir, files: {} };
  for (const kind of FILE_KINDS) {
    const file = path.join(dir, FILE_NAMES[kind]);
    if (existsSync(file)) sources.files[kind] = { file, text: readFileSync(file, 'utf8') };
  }
  return sources;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'hexforge-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function copyMinimal(name: string): string {
  const dir = path.join(scratch, name);
  cpSync(MINIMAL_DIR, dir, { recursive: true });
  return dir;
}

function errors(edit: Parameters<typeof minimalSources>[0]): Diagnostic[] {
  return validateGame(minimalSources(edit)).diagnostics.filter((d) => d.severity === 'error');
}

const codes = (list: Diagnostic[]) => list.map((d) => d.code);

describe('file-system oddities in a game folder are diagnostics naming the file', () => {
  const cases: Array<[string, (file: string) => void, string]> = [
    ['a folder', (file) => mkdirSync(file), 'file/not-a-file'],
    ['a dangling link', (file) => symlinkSync('nowhere.json', file), 'file/unreadable'],
    ['a link loop', (file) => symlinkSync(path.basename(file), file), 'file/unreadable'],
    ['a named pipe', (file) => execFileSync('mkfifo', [file]), 'file/not-a-file'],
    ['a device', (file) => symlinkSync('/dev/zero', file), 'file/not-a-file'],
  ];
  for (const [what, make, code] of cases) {
    it(`map.json that is ${what}`, async () => {
      const dir = copyMinimal(what.replace(/\W/g, '-'));
      const file = path.join(dir, 'map.json');
      unlinkSync(file);
      make(file);
      const result = await runCli(['validate', '--json', dir]);
      expect(result.code).toBe(1);
      const diagnostics = result.stdout.split('\n').map((l) => JSON.parse(l) as Diagnostic);
      expect(diagnostics.find((d) => d.file === file)?.code).toBe(code);
      // Present but unreadable is not also "missing".
      expect(codes(diagnostics)).not.toContain('file/missing');
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    });
  }

  it.skipIf(process.getuid?.() === 0)('an unreadable file', async () => {
    const dir = copyMinimal('unreadable');
    chmodSync(path.join(dir, 'units.csv'), 0);
    const result = await runCli(['validate', '--json', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('file/unreadable');
    // Not "replace it with the regular file it should be": it is one, only not readable.
    expect(result.stdout).toContain('chmod u+r');
  });

  it('bytes that are not UTF-8 are located', () => {
    const bad = new Uint8Array([...new TextEncoder().encode('{\n  "a": "é'), 0xff, 0x22]);
    expect(firstInvalidUtf8(bad)).toBe(bad.length - 2);
    const { text, diagnostics } = decodeUtf8('x.json', bad);
    expect(text).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({ code: 'file/encoding', line: 2, column: 10 });
    expect(decodeUtf8('x.json', new Uint8Array([0xff, 0xfe, 0x7b, 0]))).toMatchObject({ diagnostics: [{ message: 'file is UTF-16, not UTF-8' }] });
  });

  it('a U+FFFD written in the file is text, the byte sequences UTF-8 forbids are not', () => {
    // EF BF BD is U+FFFD itself, as UTF-8 writes it.
    expect(decodeUtf8('x.json', new Uint8Array([0x22, 0xef, 0xbf, 0xbd, 0x22]))).toEqual({ text: '"\uFFFD"', diagnostics: [] });
    // A surrogate (ED A0 80), an overlong "/" (C0 AF), a sequence cut short (E2 82), a stray continuation byte (80).
    for (const bytes of [[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xe2, 0x82], [0x80]]) {
      const { text, diagnostics } = decodeUtf8('x.json', new Uint8Array([0x61, 0xef, 0xbf, 0xbd, ...bytes, 0x62]));
      expect(text).toBeUndefined();
      expect(diagnostics[0]).toMatchObject({ code: 'file/encoding', message: `byte 0x${bytes[0].toString(16)} at offset 4 is not UTF-8`, line: 1, column: 3 });
    }
  });
});

describe('JSON nesting and numbers', () => {
  it('30,000-deep JSON is refused, not a stack overflow', () => {
    const text = '['.repeat(30_000) + ']'.repeat(30_000);
    const { diagnostics } = parseJsonSource('deep.json', text);
    expect(diagnostics).toMatchObject([{ code: 'json/too-deep', line: 1, column: 65 }]);
  });

  it('64 levels are allowed and the 65th is refused, in a string-holding file too', () => {
    expect(parseJsonSource('ok.json', '['.repeat(64) + ']'.repeat(64)).diagnostics).toEqual([]);
    // Brackets inside a string do not nest: the object is level 1, so the 64th bracket (column 17 + 64) opens level 65.
    const text = '{"a":"[[[[[",' + '"b":' + '['.repeat(64) + ']'.repeat(64) + '}';
    expect(parseJsonSource('deep.json', text).diagnostics).toMatchObject([{ code: 'json/too-deep', line: 1, column: 81 }]);
  });

  it('unbalanced deep JSON is refused too', () => {
    expect(parseJsonSource('deep.json', '{"a":' + '['.repeat(100)).diagnostics[0].code).toBe('json/too-deep');
  });

  it('1e400 and 20-digit numbers are out of range', () => {
    const found = errors({ game: (t) => t.replace('"count": 1,', '"count": 1e400,').replace('"faces": 6', '"faces": 12345678901234567890') });
    expect(found.filter((d) => d.code === 'schema/number-range').map((d) => d.pointer)).toEqual(['/dice/0/count', '/dice/0/faces']);
  });

  it('an out-of-range number gets that one error, not also a schema error that misreads it ("found number null")', () => {
    const found = errors({
      game: (t) => t.replace('"count": 1,', '"count": 1e400,').replace('"faces": 6', '"faces": -12345678'),
    }).filter((d) => d.pointer?.startsWith('/dice/0/'));
    expect(found.map((d) => [d.pointer, d.code])).toEqual([
      ['/dice/0/count', 'schema/number-range'],
      ['/dice/0/faces', 'schema/number-range'],
    ]);
    expect(found.map((d) => d.message).join('\n')).not.toContain('null');
  });
});

describe('a units.csv cell far longer than any counter text', () => {
  it('is csv/cell-too-long at its cell (a 5 MB designation took a minute and 2.7 GB to build, or crashed laying it out)', () => {
    const long = 'x'.repeat(4097);
    const { diagnostics } = parseCsvSource('u.csv', `id,name,notes\na,${long},ok\nb,${'y'.repeat(4096)},ok\n`);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'csv/cell-too-long', line: 2, column: 3 })]);
    expect(diagnostics[0].message).toBe('a cell of 4,097 characters (limit 4,096)');
  });
});

describe('CSV line endings', () => {
  const body = 'id,side\n';
  it('CR-only line endings read as lines', () => {
    const { source, diagnostics } = parseCsvSource('u.csv', 'id,side\ra,b\r\rc,d\r');
    expect(diagnostics).toEqual([]);
    expect(source!.records.map((r) => [r.line, r.cells])).toEqual([
      [2, ['a', 'b']],
      [4, ['c', 'd']],
    ]);
  });
  it('mixed line endings read as lines, quoted cells included', () => {
    const { source } = parseCsvSource('u.csv', `${body}a,"x\r\ny"\r"c",d\n\re,f`);
    expect(source!.records.map((r) => [r.line, r.cells])).toEqual([
      [2, ['a', 'x\ny']],
      [4, ['c', 'd']],
      [6, ['e', 'f']],
    ]);
  });
});

describe('CSV headers', () => {
  it('a duplicated column is an error at the second, and never silently wins', () => {
    const found = errors({ units: (t) => t.replace('setup\n', 'setup,attack\n').replace(/\n(.+)/g, '\n$1,99') });
    expect(found.map((d) => [d.code, d.line, d.column])).toEqual([['csv/duplicate-column', 1, 115]]);
  });
  it('__proto__ as a column name is an error', () => {
    const found = errors({ units: (t) => t.replace('setup\n', 'setup,__proto__\n').replace(/\n(.+)/g, '\n$1,1') });
    expect(codes(found)).toEqual(['csv/bad-column']);
  });
});

describe('did-you-mean', () => {
  it('ignores candidates and names that are not strings', () => {
    expect(closestName('tarrain', [7, null, { id: 'x' }, 'terrain'])).toBe('terrain');
    expect(closestName(42, ['terrain'])).toBeUndefined();
  });
});

describe('numbers carry their domains', () => {
  const unitCell = (column: string, value: string) => (t: string) => {
    const [head, first, ...rest] = t.split('\n');
    const index = head.split(',').indexOf(column);
    const cells = first.split(',');
    cells[index] = value;
    return [head, cells.join(','), ...rest].join('\n');
  };
  const cases: Array<[string, string, string, string]> = [
    ['a negative strength', 'attack', '-3', 'units/value-range'],
    ['a negative movement allowance', 'move', '-1', 'units/value-range'],
    ['text in a number column', 'defense', 'abc', 'units/not-a-number'],
    ['Infinity in a number column', 'attack', 'Infinity', 'units/not-a-number'],
    ['a 20-digit strength', 'attack', '12345678901234567890', 'units/value-range'],
    ['steps 0', 'steps', '0', 'schema/minimum'],
    ['steps 99', 'steps', '99', 'schema/maximum'],
  ];
  for (const [what, column, value, code] of cases) {
    it(`${what} is refused at its cell`, () => {
      const found = errors({ units: unitCell(column, value) });
      expect(found.map((d) => [d.code, d.line, d.pointer])).toEqual([[code, 2, `/0/${column}`]]);
    });
  }
  it('"?" stays a declared unknown', () => {
    expect(errors({ units: unitCell('attack', '?') })).toEqual([]);
  });
  it('an entry turn outside the track is refused', () => {
    const withEntry = (turn: string) => (t: string) => t.replace('setup\n', 'setup,entry\n').replace(/\n(.+)/, `\n$1,${turn}`).replace(/\n(r1.+)/, '\n$1,');
    expect(codes(errors({ units: withEntry('0') }))).toEqual(['units/entry-outside']);
    expect(codes(errors({ units: withEntry('4') }))).toEqual(['units/entry-outside']);
    expect(errors({ units: withEntry('3') })).toEqual([]);
  });
  it('a setup hex off the map is refused, a setup code is not', () => {
    expect(codes(errors({ units: unitCell('setup', '9999') }))).toEqual(['hex/off-map']);
    expect(codes(errors({ units: unitCell('setup', '99999') }))).toEqual(['hex/bad-id']);
    expect(errors({ units: unitCell('setup', 'A') })).toEqual([]);
  });
  it('negative ZOC costs and stacking limits are refused', () => {
    const found = errors({
      game: (t) => t.replace('"weather": [', '"zoc": { "enter": "cost", "enterCost": -1 }, "stacking": [{ "side": "blue", "limit": -2 }], "weather": ['),
    });
    expect(found.map((d) => d.pointer)).toEqual(['/zoc/enterCost', '/stacking/0/limit']);
  });
});

describe('cross-field rules', () => {
  const formations = (list: string) => (t: string) => t.replace('"weather": [', `"formations": ${list}, "weather": [`);
  it('a formation that contains itself', () => {
    const found = errors({ game: formations('[{ "id": "a", "name": "A", "parent": "a" }]') });
    expect(found.map((d) => [d.code, d.pointer])).toEqual([['game/formation-cycle', '/formations/0/parent']]);
  });
  it('a cycle of formations is reported once', () => {
    const found = errors({
      game: formations('[{ "id": "a", "name": "A", "parent": "b" }, { "id": "b", "name": "B", "parent": "c" }, { "id": "c", "name": "C", "parent": "a" }]'),
    });
    expect(found.map((d) => [d.code, d.message])).toEqual([['game/formation-cycle', 'formations contain each other: a → b → c → a']]);
  });
  it('a record track with min > max', () => {
    const found = errors({ tracks: (t) => t.replace('"sequence"', '"records": [{ "id": "vp", "name": "VP", "min": 10, "max": 0 }], "sequence"') });
    expect(found.map((d) => [d.code, d.pointer])).toEqual([['tracks/bad-range', '/records/0/max']]);
  });
  it('an inverted roll range', () => {
    const found = errors({ tables: (t) => t.replace('"rows"', '"drmRange": { "min": 3, "max": -3 }, "rows"') });
    expect(found.map((d) => d.code)).toContain('tables/bad-range');
  });
});

describe('a file that fails its schema does not feed the cross-references', () => {
  it("one slip in kursk's terrain.json gives errors there only, none in scenarios.json", () => {
    const sources = gameSources(path.join(__dirname, '..', '..', 'data', 'kursk'));
    const terrain = sources.files.terrain!;
    terrain.text = terrain.text.replace('"terrain": [', '"terrain": [7, ');
    const found = validateGame(sources).diagnostics.filter((d) => d.severity === 'error');
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((d) => path.basename(d.file!)))).toEqual(new Set(['terrain.json']));
  });
  it("one slip in demo's counters.json gives errors there only, none in units.csv", () => {
    const sources = gameSources(path.join(__dirname, '..', '..', 'data', 'demo'));
    const counters = sources.files.counters!;
    counters.text = counters.text.replace('"templates": [', '"templates": [7, ');
    const found = validateGame(sources).diagnostics.filter((d) => d.severity === 'error');
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((d) => path.basename(d.file!)))).toEqual(new Set(['counters.json']));
  });
  it('one slip in game.json gives errors there only', () => {
    const found = errors({ game: (t) => t.replace('"id": "foot"', '"id": "Foot!"') });
    expect(new Set(found.map((d) => path.basename(d.file!)))).toEqual(new Set(['game.json']));
  });
});

describe('a file or a list of the wrong shape is refused where it is, never a crash', () => {
  const DEMO = path.join(__dirname, '..', '..', 'data', 'demo');
  const NOT_OBJECTS = ['null', '0', '"text"', '[]', 'true'];
  const validateDemo = (edit: (sources: GameSources) => void) => {
    const sources = gameSources(DEMO);
    edit(sources);
    // As the CLI validates a game with checks: with the engine's query declarations.
    return validateGame(sources, { checkQueries: CHECK_QUERY_CATALOG }).diagnostics.filter((d) => d.severity === 'error');
  };

  for (const kind of FILE_KINDS.filter((k) => k !== 'units')) {
    it(`demo's ${FILE_NAMES[kind]} holding a JSON value that is not an object`, () => {
      for (const text of NOT_OBJECTS) {
        const found = validateDemo((sources) => (sources.files[kind]!.text = text));
        expect(found, text).toContainEqual(expect.objectContaining({ code: 'schema/type', pointer: '', line: 1, column: 1 }));
        expect(new Set(found.map((d) => path.basename(d.file!))), text).toEqual(new Set([FILE_NAMES[kind]]));
      }
    });
  }

  it("demo's tracks.json with a sequence of play that is not a list", () => {
    for (const value of ['5', '{}', 'true', 'null', '"move, combat"']) {
      const found = validateDemo((sources) => {
        const tracks = sources.files.tracks!;
        tracks.text = JSON.stringify({ ...JSON.parse(tracks.text), sequence: JSON.parse(value) }, null, 2);
      });
      expect(found.map((d) => [d.code, d.pointer]), value).toContainEqual(['schema/type', '/sequence']);
      expect(new Set(found.map((d) => path.basename(d.file!))), value).toEqual(new Set(['tracks.json']));
    }
  });

  it("game.json's sides that are not a list of sides", () => {
    for (const value of ['5', '[null]']) {
      const found = errors({ game: (t) => JSON.stringify({ ...JSON.parse(t), sides: JSON.parse(value) }, null, 2) });
      expect(found.length, value).toBeGreaterThan(0);
      expect(new Set(found.map((d) => path.basename(d.file!))), value).toEqual(new Set(['game.json']));
    }
  });
});

it('the span of a turn track of 300,000 turns is found without passing them all as arguments (a call-stack overflow)', () => {
  const turns = new Set(Array.from({ length: 300_000 }, (_, i) => i + 1));
  expect(turnSpan(turns)).toEqual([1, 300_000]);
  expect(turnSpan([7, -2, 5])).toEqual([-2, 7]);
});

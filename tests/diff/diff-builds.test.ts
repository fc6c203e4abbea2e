/**
 * What `hexforge diff` names against what really changes: a bundled game is built, then built again
 * with one change of its data, and every output file that differs (bytes compared; the module's
 * archive entries one by one) must be among what the errata name, the module's chart images by their
 * entry. Each case builds from scratch, so the builds' own reuse of unchanged outputs decides nothing.
 * The files named that stay byte for byte the same (they read the change but show nothing of it)
 * are listed per case, as the errata list's note says they may be.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFECTS_MEANING } from '../../src/diff/markdown';
import { runCli } from '../cli/run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-diff-builds-'));
const epochBefore = process.env.SOURCE_DATE_EPOCH;
beforeAll(() => {
  process.env.SOURCE_DATE_EPOCH = '1700000000';
});
afterAll(() => {
  if (epochBefore === undefined) delete process.env.SOURCE_DATE_EPOCH;
  else process.env.SOURCE_DATE_EPOCH = epochBefore;
  rmSync(root, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach into each file's own shape
type Json = Record<string, any>;

interface Case {
  game: string;
  what: string;
  /** Edits the copied game folder (one change of its data). */
  edit(dir: string): void;
  /** The files named that the two builds show byte for byte the same. */
  sameBytes: string[];
}

const editJson = (dir: string, file: string, change: (data: Json) => void) => {
  const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Json;
  change(data);
  writeFileSync(path.join(dir, file), JSON.stringify(data, null, 2));
};

const CASES: Case[] = [
  {
    game: 'demo',
    what: 'a unit value (units.csv attack)',
    sameBytes: ['completeness.md'],
    edit(dir) {
      const file = path.join(dir, 'units.csv');
      const lines = readFileSync(file, 'utf8').split('\n');
      const attack = lines[0].split(',').indexOf('attack');
      const i = lines.findIndex((l) => l.startsWith('a-1c-arty,'));
      const cells = lines[i].split(',');
      expect(cells[attack]).toBe('7');
      cells[attack] = '6';
      lines[i] = cells.join(',');
      writeFileSync(file, lines.join('\n'));
    },
  },
  {
    game: 'demo',
    what: 'a CRT cell',
    sameBytes: ['completeness.md'],
    edit: (dir) =>
      editJson(dir, 'tables.json', (t) => {
        const crt = t.tables.find((x: Json) => x.id === 'crt');
        expect(crt.rows[0].cells[0]).toBe('AE');
        crt.rows[0].cells[0] = 'AR';
      }),
  },
  {
    game: 'demo',
    what: 'a terrain type (forest movement)',
    sameBytes: ['completeness.md', 'counters.pdf', 'map.pdf', 'map.png'],
    edit: (dir) =>
      editJson(dir, 'terrain.json', (t) => {
        const forest = t.terrain.find((x: Json) => x.id === 'forest');
        expect(forest.movement.foot).toBe(2);
        forest.movement.foot = 3;
      }),
  },
  {
    game: 'demo',
    what: 'a marker (its front text)',
    sameBytes: ['aids.pdf', 'completeness.md', 'display.pdf'],
    edit: (dir) =>
      editJson(dir, 'counters.json', (c) => {
        const vp = c.markers.find((x: Json) => x.id === 'vp');
        expect(vp.front.text).toBe('VP');
        vp.front.text = 'VPs';
      }),
  },
  {
    game: 'demo',
    what: "the counter sheet's paper (counters.json sheet)",
    sameBytes: ['completeness.md', 'map.pdf', 'map.png'],
    edit: (dir) =>
      editJson(dir, 'counters.json', (c) => {
        expect(c.sheet.paper).toBe('letter');
        c.sheet.paper = 'a4';
      }),
  },
  {
    game: 'ttt',
    what: 'a turn (its date)',
    sameBytes: [],
    edit: (dir) =>
      editJson(dir, 'tracks.json', (t) => {
        t.turns[1].date = '14-15 May 1942';
      }),
  },
  {
    game: 'ttt',
    what: 'a scenario placement',
    sameBytes: ['aids.pdf', 'completeness.md', 'proof.pdf'],
    edit: (dir) =>
      editJson(dir, 'scenarios.json', (s) => {
        const placement = s.scenarios[0].setup.find((p: Json) => p.units?.includes('208-79'));
        expect(placement.hex).toBe('2104');
        placement.hex = '2105';
      }),
  },
];

/** The entries of a zip archive by name, uncompressed. */
function zipEntries(bytes: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let end = bytes.length - 22;
  while (bytes.readUInt32LE(end) !== 0x06054b50) end--;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30);
    const comment = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(dataAt, dataAt + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** The output files of a built game (not the build's manifest and stores), relative to its folder. */
function outputFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => !f.startsWith('.'))
    .sort();
}

/** What differs between two builds: files, and `<module> <entry>` for the module's entries. */
function differences(a: string, b: string): string[] {
  const out: string[] = [];
  for (const file of [...new Set([...outputFiles(a), ...outputFiles(b)])].sort()) {
    const read = (dir: string) => {
      try {
        return readFileSync(path.join(dir, file));
      } catch {
        return undefined;
      }
    };
    const x = read(a);
    const y = read(b);
    if (x && y && x.equals(y)) continue;
    out.push(file);
    if (x && y && file.endsWith('.vmod')) {
      const ex = zipEntries(x);
      const ey = zipEntries(y);
      for (const entry of [...new Set([...ex.keys(), ...ey.keys()])].sort())
        if (!ex.get(entry)?.equals(ey.get(entry) ?? Buffer.alloc(0)) || !ex.has(entry) || !ey.has(entry)) out.push(`${file} ${entry}`);
    }
  }
  return out;
}

/** What the errata name: each file, and `<file> <words>` for each detail in its parentheses. */
function named(affects: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const text of affects) {
    const open = text.indexOf(' (');
    const file = open < 0 ? text : text.slice(0, open);
    out.add(file);
    if (open >= 0) for (const word of text.slice(open + 2, -1).split('; ')) out.add(`${file} ${word}`);
  }
  return out;
}

async function build(dir: string, out: string): Promise<void> {
  const r = await runCli(['build', dir, '--out', out, '--json']);
  expect(r.code, r.stderr).toBe(0);
}

const builtBefore = new Map<string, Promise<string>>();
function before(game: string): Promise<string> {
  if (!builtBefore.has(game))
    builtBefore.set(
      game,
      (async () => {
        const out = path.join(root, `${game}-before`);
        await build(path.resolve('data', game), out);
        return path.join(out, game);
      })(),
    );
  return builtBefore.get(game)!;
}

describe('diff names every output file a change alters, as two builds show', () => {
  CASES.forEach((c, n) => {
    it(`${c.game}: ${c.what}`, { timeout: 240_000 }, async () => {
      const dir = path.join(root, `case-${n}`, c.game);
      cpSync(path.resolve('data', c.game), dir, { recursive: true });
      c.edit(dir);
      const diff = await runCli(['diff', path.resolve('data', c.game), dir, '--json']);
      expect(diff.code, diff.stderr).toBe(0);
      const errata = (JSON.parse(diff.stdout) as { errata: { affects: string[] }[] }).errata;
      expect(errata.length).toBeGreaterThan(0);
      const names = named(errata.flatMap((e) => e.affects));
      const out = path.join(root, `case-${n}-out`);
      await build(dir, out);
      const changed = differences(await before(c.game), path.join(out, c.game));
      expect(changed.length).toBeGreaterThan(0);
      // Every file that differs is named; of the module, every chart image (the other entries change with it).
      const files = changed.filter((f) => !f.includes(' '));
      const charts = changed.filter((f) => / images\/charts\//.test(f));
      expect(files.filter((f) => !names.has(f))).toEqual([]);
      expect(charts.filter((f) => !names.has(f))).toEqual([]);
      // A file it names may come out the same (it reads the change, shows nothing of it), as the list says under it.
      const namedFiles = [...names].filter((f) => !f.includes(' '));
      expect(namedFiles.filter((f) => !changed.includes(f)).sort()).toEqual(c.sameBytes);
      if (c.sameBytes.length > 0) {
        const markdown = await runCli(['diff', path.resolve('data', c.game), dir]);
        expect(markdown.stdout).toContain(AFFECTS_MEANING);
      }
      // And each aid card image it names does change.
      const cardsNamed = [...names].filter((f) => /^aids\/|images\/charts\//.test(f));
      expect(cardsNamed.filter((f) => !changed.includes(f))).toEqual([]);
    });
  });
});

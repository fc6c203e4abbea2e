/**
 * `hexforge build` twice: the second build redoes exactly the outputs whose inputs changed, leaves
 * every other file untouched, and ends with the same bytes as a clean build of the same data.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_CACHE_FILE, MANIFEST_FILE, PIECE_CACHE_FILE } from '../../src/cli/build-cache';
import { readDrawingPack } from '../../src/cli/drawing-pack';
import { runCli } from './run-cli';

const ALL = ['completeness', 'bundle', 'map', 'counters', 'aids', 'display', 'proof', 'vassal'];
const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-incremental-'));
const gameDir = path.join(root, 'games', 'demo');
const outRoot = path.join(root, 'out');
const outDir = path.join(outRoot, 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The problems a build printed (--json: one line each, before the build's own summary line). */
let printed: string[] = [];

async function build(...args: string[]): Promise<{ built: string[]; reused: string[] }> {
  const { code, stdout, stderr } = await runCli(['build', gameDir, '--out', outRoot, '--json', ...args]);
  expect(code, stderr).toBe(0);
  const lines = stdout.trim().split('\n');
  printed = lines.slice(0, -1);
  const result = JSON.parse(lines.at(-1)!) as { reused: string[] };
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : ALL;
  return { built: only.filter((id) => !result.reused.includes(id)).sort(), reused: [...result.reused].sort() };
}

/** Every output file (not the manifest, not the image cache) with its modification time. */
function outputs(dir: string): Map<string, number> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((f) => f !== MANIFEST_FILE && !f.startsWith('.cache'));
  return new Map(files.sort().map((f) => [f, statSync(path.join(dir, f)).mtimeMs]));
}

/** The names in the image store of the face images (PNG) and of the faces' laid-out drawings (JSON). */
async function cachedImages(): Promise<{ png: Set<string>; layout: Set<string> }> {
  const stored = [...(await readDrawingPack(path.join(outDir, IMAGE_CACHE_FILE)))];
  const isPng = (data: Uint8Array) => Buffer.from(data.subarray(1, 4)).toString() === 'PNG';
  return {
    png: new Set(stored.filter(([, data]) => isPng(data)).map(([name]) => name)),
    layout: new Set(stored.filter(([, data]) => !isPng(data)).map(([name]) => name)),
  };
}

/** The names in the piece store of the module's unit pieces (a definition with its traits, not a check's findings). */
async function keptUnitPieces(): Promise<Set<string>> {
  const stored = [...(await readDrawingPack(path.join(outDir, PIECE_CACHE_FILE)))];
  const isUnitPiece = (data: Uint8Array) => 'traits' in (JSON.parse(Buffer.from(data).toString('utf8')) as object);
  return new Set(stored.filter(([, data]) => isUnitPiece(data)).map(([name]) => name));
}

const added = (before: Set<string>, after: Set<string>) => [...after].filter((name) => !before.has(name));

function editUnits(from: string, to: string): void {
  const file = path.join(gameDir, 'units.csv');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

/**
 * A clean build of the game as it is now, in a folder of its own: the incremental build printed the
 * same problems in the same order, and wrote the same files with the same bytes.
 */
async function expectCleanBuildEqual(folder: string): Promise<void> {
  const rebuiltProblems = printed;
  const cleanRoot = path.join(root, folder);
  const clean = await runCli(['build', gameDir, '--out', cleanRoot, '--json']);
  expect(clean.code, clean.stderr).toBe(0);
  expect(rebuiltProblems).toEqual(clean.stdout.trim().split('\n').slice(0, -1));
  const files = [...outputs(outDir).keys()];
  expect(files).toEqual([...outputs(path.join(cleanRoot, 'demo')).keys()]);
  for (const file of files) {
    expect(readFileSync(path.join(outDir, file)).equals(readFileSync(path.join(cleanRoot, 'demo', file))), file).toBe(true);
  }
}

describe('incremental hexforge build', () => {
  it('a rebuild with nothing changed runs no output and touches no file', async () => {
    expect(await build()).toEqual({ built: [...ALL].sort(), reused: [] });
    const before = outputs(outDir);
    expect(await build()).toEqual({ built: [], reused: [...ALL].sort() });
    expect(outputs(outDir)).toEqual(before);
  }, 600_000);

  it("one unit's value: the outputs showing it are rebuilt, one face redrawn, bytes equal a clean build", async () => {
    const facesBefore = await cachedImages();
    const piecesBefore = await keptUnitPieces();
    const packBefore = readFileSync(path.join(outDir, IMAGE_CACHE_FILE));
    // The 1st Heavy Artillery's front attack 7 → 8 (back unchanged).
    editUnits('1st Heavy Artillery Regiment,7,2,4', '1st Heavy Artillery Regiment,8,2,4');
    expect(await build()).toEqual({ built: ['bundle', 'completeness', 'counters', 'proof', 'vassal'], reused: ['aids', 'display', 'map'] });
    const facesAfter = await cachedImages();
    // The store is appended to, not written anew.
    const packAfter = readFileSync(path.join(outDir, IMAGE_CACHE_FILE));
    expect(packAfter.length).toBeGreaterThan(packBefore.length);
    expect(packAfter.subarray(0, packBefore.length).equals(packBefore)).toBe(true);
    // One face laid out and drawn anew; the image and layout of its former value are dropped.
    expect(added(facesBefore.png, facesAfter.png)).toHaveLength(1);
    expect(added(facesAfter.png, facesBefore.png)).toHaveLength(1);
    expect(added(facesBefore.layout, facesAfter.layout)).toHaveLength(1);
    expect(added(facesAfter.layout, facesBefore.layout)).toHaveLength(1);
    // The module made that unit's palette piece only: every other unit's was kept.
    const piecesAfter = await keptUnitPieces();
    expect(piecesBefore.size).toBeGreaterThan(1);
    expect(added(piecesBefore, piecesAfter)).toHaveLength(1);
    expect(added(piecesAfter, piecesBefore)).toHaveLength(1);
    await expectCleanBuildEqual('clean');
  }, 600_000);

  it('a face kept from the last build reports the problems laying it out reported, as a clean build does', async () => {
    // A designation too long for its slot: laying the face out warns (shrunk or cut).
    editUnits(',a-1c,1 Eng,', ',a-1c,1st Corps Combat Engineer Battalion (Reinforced),');
    await build();
    expect(printed.some((line) => line.includes('counters/'))).toBe(true);
    // Another unit changes: the long designation's face is kept, its problem printed all the same.
    const facesBefore = await cachedImages();
    editUnits('1st Corps Anti-tank Battalion,2,4,6', '1st Corps Anti-tank Battalion,3,4,6');
    expect((await build()).built).toContain('counters');
    expect(added(facesBefore.layout, (await cachedImages()).layout)).toHaveLength(1);
    expect(printed.some((line) => line.includes('counters/'))).toBe(true);
    await expectCleanBuildEqual('clean-kept-faces');
  }, 600_000);

  it("a table's title: the aid cards and the module's charts are drawn again, bytes equal a clean build", async () => {
    const file = path.join(gameDir, 'tables.json');
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"name": "Combat Results Table"');
    writeFileSync(file, text.replace('"name": "Combat Results Table"', '"name": "Combat Results Table (revised)"'));
    const { built } = await build();
    expect(built).toEqual(expect.arrayContaining(['aids', 'vassal']));
    await expectCleanBuildEqual('clean-table');
  }, 600_000);

  // A unit's faces are kept by the unit's record and the game's info, counters.json and art: a change
  // to one of those parts, with no unit changed, draws the faces it shows on again.
  it.each([
    ['a nationality colour (game.json)', 'game.json', '"rgb": "#a9c4e0"', '"rgb": "#a0c4e0"'],
    [
      "a template slot's type size (counters.json)",
      'counters.json',
      '"align": "right", "fontSize": 4.5 }',
      '"align": "right", "fontSize": 4 }',
    ],
  ])(
    '%s: the faces showing it are drawn again, bytes equal a clean build',
    async (_, file, from, to) => {
      const facesBefore = await cachedImages();
      const data = path.join(gameDir, file);
      const text = readFileSync(data, 'utf8');
      expect(text).toContain(from);
      writeFileSync(data, text.replace(from, to));
      expect((await build()).built).toEqual(expect.arrayContaining(['counters', 'vassal']));
      expect(added(facesBefore.layout, (await cachedImages()).layout).length).toBeGreaterThan(0);
      await expectCleanBuildEqual(`clean-${file}`);
    },
    600_000,
  );

  it('a deleted or edited output file is built again, and only its output', async () => {
    rmSync(path.join(outDir, 'counters.pdf'));
    const aidImage = readdirSync(path.join(outDir, 'aids'))[0];
    writeFileSync(path.join(outDir, 'aids', aidImage), 'edited by hand');
    expect(await build()).toEqual({ built: ['aids', 'counters'], reused: ['bundle', 'completeness', 'display', 'map', 'proof', 'vassal'] });
    expect(
      readFileSync(path.join(outDir, 'aids', aidImage))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  }, 600_000);

  it('an output file edited by hand to other bytes of the same length is written again, though the build makes the bytes it last wrote', async () => {
    const file = path.join(outDir, 'counters.pdf');
    const written = readFileSync(file);
    const edited = Buffer.from(written);
    edited[edited.length - 2] ^= 0xff;
    writeFileSync(file, edited);
    expect((await build()).built).toEqual(['counters']);
    expect(readFileSync(file).equals(written)).toBe(true);
  }, 600_000);

  it('a corrupt manifest means a full build, without a crash, and --force builds everything', async () => {
    writeFileSync(path.join(outDir, MANIFEST_FILE), '{"format": 1, "outputs": {"map": 3');
    expect(await build('--only', 'bundle,map')).toEqual({ built: ['bundle', 'map'], reused: [] });
    expect(await build('--only', 'bundle,map')).toEqual({ built: [], reused: ['bundle', 'map'] });
    expect(await build('--only', 'bundle,map', '--force')).toEqual({ built: ['bundle', 'map'], reused: [] });
  }, 600_000);

  it('a changed setting rebuilds the outputs that read it', async () => {
    await build('--only', 'bundle,map,counters');
    expect(await build('--only', 'bundle,map,counters', '--set', 'tile=true')).toEqual({
      built: ['map'],
      reused: ['bundle', 'counters'],
    });
    expect(await build('--only', 'bundle,map,counters', '--set', 'tile=true', 'paper=a4')).toEqual({
      built: ['counters', 'map'],
      reused: ['bundle'],
    });
  }, 600_000);
});

/**
 * `hexforge build` twice: the second build redoes exactly the outputs whose inputs changed, leaves
 * every other file untouched, and ends with the same bytes as a clean build of the same data.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_CACHE_FILE, MANIFEST_FILE } from '../../src/cli/build-cache';
import { readDrawingPack } from '../../src/cli/drawing-pack';
import { runCli } from './run-cli';

const ALL = ['completeness', 'bundle', 'map', 'counters', 'aids', 'display', 'proof', 'vassal'];
const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-incremental-'));
const gameDir = path.join(root, 'games', 'demo');
const outRoot = path.join(root, 'out');
const outDir = path.join(outRoot, 'demo');
cpSync(path.resolve('data/demo'), gameDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function build(...args: string[]): Promise<{ built: string[]; reused: string[] }> {
  const { code, stdout, stderr } = await runCli(['build', gameDir, '--out', outRoot, '--json', ...args]);
  expect(code, stderr).toBe(0);
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { reused: string[] };
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

const cachedImages = async () => new Set((await readDrawingPack(path.join(outDir, IMAGE_CACHE_FILE))).keys());

function editUnits(from: string, to: string): void {
  const file = path.join(gameDir, 'units.csv');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
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
    // The 1st Heavy Artillery's front attack 7 → 8 (back unchanged).
    editUnits('1st Heavy Artillery Regiment,7,2,4', '1st Heavy Artillery Regiment,8,2,4');
    expect(await build()).toEqual({ built: ['bundle', 'completeness', 'counters', 'proof', 'vassal'], reused: ['aids', 'display', 'map'] });
    const facesAfter = await cachedImages();
    expect([...facesAfter].filter((f) => !facesBefore.has(f))).toHaveLength(1);
    expect([...facesBefore].filter((f) => !facesAfter.has(f))).toHaveLength(1);

    const cleanRoot = path.join(root, 'clean');
    const clean = await runCli(['build', gameDir, '--out', cleanRoot, '--quiet']);
    expect(clean.code, clean.stderr).toBe(0);
    const files = [...outputs(outDir).keys()];
    expect(files).toEqual([...outputs(path.join(cleanRoot, 'demo')).keys()]);
    for (const file of files) {
      expect(readFileSync(path.join(outDir, file)).equals(readFileSync(path.join(cleanRoot, 'demo', file))), file).toBe(true);
    }
  }, 600_000);

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

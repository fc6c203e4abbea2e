/** Shared test helpers: the fixture game, golden image comparison. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { loadGame } from '../../src/cli/load-game';
import type { Game } from '../../src/model/game';

export async function fixtureGame(dir = 'tests/fixtures/minimal'): Promise<Game> {
  const { game, diagnostics } = await loadGame(dir);
  if (!game) throw new Error(`fixture ${dir} did not load: ${JSON.stringify(diagnostics)}`);
  return game;
}

/** A deep copy to modify in a test. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

const GOLDEN_DIR = 'tests/golden';

/**
 * Compares a PNG with tests/golden/<name>; UPDATE_GOLDEN=1 writes it instead (review the image
 * before committing). Returns the number of differing pixels; a diff image goes to out/test-diffs.
 */
export function compareGolden(name: string, png: Uint8Array): { mismatched: number; total: number } {
  const file = path.join(GOLDEN_DIR, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`golden ${file} is missing; run with UPDATE_GOLDEN=1 and review it`);
    writeFileSync(file, png);
  }
  const expected = PNG.sync.read(readFileSync(file));
  const actual = PNG.sync.read(Buffer.from(png));
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return { mismatched: expected.width * expected.height, total: expected.width * expected.height };
  }
  const diff = new PNG({ width: expected.width, height: expected.height });
  const mismatched = pixelmatch(expected.data, actual.data, diff.data, expected.width, expected.height, { threshold: 0.1 });
  if (mismatched > 0) {
    mkdirSync('out/test-diffs', { recursive: true });
    writeFileSync(path.join('out/test-diffs', name), PNG.sync.write(diff));
  }
  return { mismatched, total: expected.width * expected.height };
}

/** RGBA of one pixel of a PNG. */
export function pixelAt(png: Uint8Array, x: number, y: number): [number, number, number, number] {
  const img = PNG.sync.read(Buffer.from(png));
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2], img.data[i + 3]];
}

/**
 * map.png of the monster game (scripts/make-monster.ts, ≥ 20,000 hexes), target ≤ 2× its floor:
 * allocating a blank image of the same size and sharp encoding it with the same PNG settings.
 * The figure is the whole of renderMapPng (drawing, rasterising, encoding). Figure and floor are
 * interleaved, median of RUNS, the first (cold) render counted: nothing is rendered before it in
 * this function. Wall time and process CPU time (user + system, all threads) are both given: on a
 * shared machine the CPU figure is the one that depends least on the neighbours.
 *
 *   npx tsx scripts/bench-map.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadGame } from '../src/cli/load-game';
import { loadFonts } from '../src/assets/fonts';
import type { Game } from '../src/model/game';
import { renderMapPng } from '../src/render/map-png';
import { LARGE_PNG_ENCODING } from '../src/render/raster';
import { type Sample, measure, median, printRow } from './bench-format';
import { writeMonster } from './make-monster';

const RUNS = 5;

/** The floor: a blank opaque image of width × height, encoded as map.png is. */
async function encodeBlank(width: number, height: number): Promise<void> {
  const blank = new Uint8Array(width * height * 4).fill(255);
  await sharp(blank, { raw: { width, height, channels: 4 }, limitInputPixels: false, unlimited: true })
    .removeAlpha()
    .png(LARGE_PNG_ENCODING)
    .toBuffer();
}

export async function benchMap(game: Game): Promise<void> {
  const fonts = loadFonts();
  const figures: Sample[] = [];
  const floors: Sample[] = [];
  let map: Awaited<ReturnType<typeof renderMapPng>> | undefined;
  for (let i = 0; i < RUNS; i++) {
    figures.push(
      await measure(async () => {
        map = await renderMapPng(game, fonts);
      }),
    );
    const { width, height } = map!.geometry;
    floors.push(await measure(() => encodeBlank(width, height)));
  }
  const { width, height } = map!.geometry;
  const m = (list: Sample[], key: keyof Sample) => median(list.map((s) => s[key]));
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const what = `map.png, ${game.map.hexes.length} hexes, ${width}×${height} px (${(map!.png.length / 1e6).toFixed(1)} MB; median of ${RUNS}, load average ${load})`;
  printRow(`${what}, wall`, m(figures, 'wall'), m(floors, 'wall'), 'ms', 'sharp PNG encode of a blank image of the same size', 2);
  printRow(`${what}, CPU`, m(figures, 'cpu'), m(floors, 'cpu'), 'ms', 'same', 2);
  const first = figures[0];
  console.log(`  first (cold) render: ${first.wall.toFixed(0)} ms wall, ${first.cpu.toFixed(0)} ms CPU`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hexforge-bench-map-'));
  try {
    await writeMonster(dir);
    const { game } = await loadGame(dir);
    if (!game) throw new Error('monster game did not load');
    await benchMap(game);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

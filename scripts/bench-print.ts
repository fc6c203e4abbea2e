/**
 * Print outputs on the monster game (scripts/make-monster.ts):
 *  - counters.pdf for 1,000 two-sided counters (target < 3 s), next to a floor: pdf-lib writing the
 *    same pages with both fonts embedded and one plain rectangle per counter face;
 *  - the same 1,000 counters built by the CLI in a child process, start-up included
 *    (scripts/bench-counters-cli.ts: CPU and peak memory against their goals and a floor process);
 *  - map.png of the ≥ 20,000-hex map (target ≤ 2× floor; scripts/bench-map.ts), next to a floor:
 *    allocating a blank image of the same size and sharp encoding it with the same PNG settings.
 * Each line gives wall time and process CPU time (user + system, all threads): on a shared machine
 * the CPU figure is the one that does not depend on the neighbours.
 *
 *   npx tsx scripts/bench-print.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadGame } from '../src/cli/load-game';
import type { Game } from '../src/model/game';
import { MM, PAPER, planCounters, sheetGrid } from '../src/plan';
import { renderCountersPdf } from '../src/print/counters-pdf';
import { createPdf, savePdf } from '../src/print/pdf-doc';
import { loadFonts } from '../src/assets/fonts';
import { measure, printRow } from './bench-format';
import { benchCountersCli } from './bench-counters-cli';
import { benchMap } from './bench-map';
import { writeMonster } from './make-monster';

const COUNTERS = 1000;

/** The first 1,000 units, each made two-sided (reduced back with halved factors) for the measure. */
function thousandTwoSided(game: Game): Game {
  const units = game.units.slice(0, COUNTERS).map((u) => ({
    ...u,
    count: 1,
    back: 'reduced' as const,
    reverse: Object.fromEntries(Object.entries(u.front).map(([k, v]) => [k, typeof v === 'number' ? Math.floor(v / 2) : v])),
  }));
  return { ...game, units, counters: { ...game.counters, markers: [], chits: [] } };
}

/** The sheet grid of the floors: 36 pt counters butted on letter paper. */
function floorGrid(): ReturnType<typeof sheetGrid> {
  return sheetGrid({
    paper: PAPER.letter,
    size: 36,
    layout: 'butted',
    gutter: 0,
    bleed: 3 * MM,
    flip: 'long-edge',
    backOffset: { x: 0, y: 0 },
  });
}

async function countersFloor(faces: number): Promise<void> {
  const { doc } = await createPdf(loadFonts(), { title: 'floor', epoch: 0 });
  const grid = floorGrid();
  let page = doc.addPage([612, 792]);
  for (let i = 0; i < faces; i++) {
    const slot = grid.slots[(i >> 1) % grid.slots.length];
    if (i > 0 && i % (2 * grid.slots.length) === 0) page = doc.addPage([612, 792]);
    page.drawRectangle({ x: slot.front.x, y: slot.front.y, width: 36, height: 36 });
  }
  await savePdf(doc);
}

export async function benchPrint(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hexforge-bench-print-'));
  try {
    await writeMonster(dir);
    const { game } = await loadGame(dir);
    if (!game) throw new Error('monster game did not load');
    loadFonts();

    const small = thousandTwoSided(game);
    // The figure includes planning the counters, as a build does once.
    const render = () => renderCountersPdf(small, planCounters(small), loadFonts(), { epoch: 0 });
    await render(); // warm-up (font parsing, JIT)
    let pdf: Uint8Array = new Uint8Array();
    const figure = await measure(async () => {
      pdf = (await render()).pdf;
    });
    const floor = await measure(() => countersFloor(2 * COUNTERS));
    const what = `counters.pdf, ${COUNTERS} two-sided counters (${(pdf.length / 1e6).toFixed(1)} MB; target < 3000 ms)`;
    printRow(`${what}, wall`, figure.wall, floor.wall, 'ms', 'pdf-lib, same pages, one rectangle per face');
    printRow(`${what}, CPU`, figure.cpu, floor.cpu, 'ms', 'same');
    console.log(`  target < 3 s: ${figure.wall < 3000 ? 'met' : 'NOT met'} (wall), ${figure.cpu < 3000 ? 'met' : 'NOT met'} (CPU)`);
    await benchCountersCli(floorGrid().slots.length);

    await benchMap(game);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPrint();

/**
 * 1,000 two-sided counters from the CLI, as a user runs it, start-up included:
 * `node bin/hexforge.mjs build <game> --only counters` (the compiled CLI) on a generated game of
 * 1,000 two-sided units (the monster game's first 1,000 rows, no scenarios), each run into a fresh
 * output folder, so nothing is reused from an earlier build. Next to its floor, also a Node process
 * of its own: scripts/counters-floor.mjs (pdf-lib, both fonts embedded, one rectangle per face on
 * the same number of pages). Interleaved, median of 5, the first (cold) runs counted. CPU (user +
 * system, every thread) and peak resident memory come from the child itself
 * (scripts/usage-at-exit.mjs). Goals: ≤ 4.8 s CPU (100× faster than the Inkscape countersheets
 * extension's 480 s) and ≤ 209 MiB peak (a quarter of its 836 MiB).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { distIsFresh } from '../bin/dist-freshness.mjs';
import { median, printRow } from './bench-format';
import { buildDist } from './build-dist';
import { writeMonster } from './make-monster';

const root = path.join(import.meta.dirname, '..');
const COUNTERS = 1000;
const RUNS = 5;
const GOAL_CPU_MS = 4800;
const GOAL_PEAK_MIB = 209;

interface Usage {
  wallMs: number;
  cpuMs: number;
  peakMiB: number;
}

/** A game folder of the monster game's first `count` units (all two-sided), without scenarios. */
async function writeCountersGame(dir: string, count: number): Promise<void> {
  await writeMonster(dir);
  await rm(path.join(dir, 'scenarios.json'));
  const rows = (await readFile(path.join(dir, 'units.csv'), 'utf8')).trimEnd().split('\n');
  // The setup hex would be printed on each counter, where a 6-digit id overflows its slot.
  const setup = rows[0].split(',').indexOf('setup');
  const kept = rows.slice(0, count + 1).map((row) => row.split(',').filter((_, i) => i !== setup));
  if (kept.slice(1).some((cells) => cells[rows[0].split(',').indexOf('back')] !== 'reduced')) throw new Error('a counter is not two-sided');
  await writeFile(path.join(dir, 'units.csv'), `${kept.map((cells) => cells.join(',')).join('\n')}\n`);
}

function run(args: string[], usageFile: string): Usage {
  const t0 = performance.now();
  const result = spawnSync(process.execPath, ['--import', path.join(import.meta.dirname, 'usage-at-exit.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, HEXFORGE_USAGE_FILE: usageFile },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const wallMs = performance.now() - t0;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { wallMs, ...(JSON.parse(readFileSync(usageFile, 'utf8')) as Omit<Usage, 'wallMs'>) };
}

/** Runs the CLI figure and its floor, interleaved; `facesPerPage` is the floor's sheet grid. */
export async function benchCountersCli(facesPerPage: number): Promise<void> {
  if (!distIsFresh(root)) await buildDist();
  const dir = await mkdtemp(path.join(tmpdir(), 'hexforge-bench-cli-'));
  try {
    const game = path.join(dir, 'game');
    await writeCountersGame(game, COUNTERS);
    const usageFile = path.join(dir, 'usage.json');
    const figures: Usage[] = [];
    const floors: Usage[] = [];
    for (let i = 0; i < RUNS; i++) {
      const out = path.join(dir, `out-${i}`);
      floors.push(
        run(
          [path.join('scripts', 'counters-floor.mjs'), path.join(dir, `floor-${i}.pdf`), String(2 * COUNTERS), String(facesPerPage)],
          usageFile,
        ),
      );
      figures.push(run([path.join('bin', 'hexforge.mjs'), 'build', game, '--only', 'counters', '--quiet', '--out', out], usageFile));
    }
    const m = (list: Usage[], key: keyof Usage) => median(list.map((u) => u[key]));
    const what = `CLI: build --only counters, ${COUNTERS} two-sided counters, start-up included (median of ${RUNS}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`;
    const floorName = 'node + pdf-lib, fonts embedded, one rectangle per face';
    printRow(`${what}, CPU`, m(figures, 'cpuMs'), m(floors, 'cpuMs'), 'ms', floorName);
    printRow(`${what}, peak memory (RSS)`, m(figures, 'peakMiB'), m(floors, 'peakMiB'), 'MiB', floorName);
    printRow(`${what}, wall`, m(figures, 'wallMs'), m(floors, 'wallMs'), 'ms', floorName);
    const cpuMet = m(figures, 'cpuMs') <= GOAL_CPU_MS;
    const peakMet = m(figures, 'peakMiB') <= GOAL_PEAK_MIB;
    console.log(
      `  goals: CPU ≤ ${GOAL_CPU_MS} ms (100× the Inkscape extension's 480 s): ${cpuMet ? 'met' : 'NOT met'}; peak ≤ ${GOAL_PEAK_MIB} MiB: ${peakMet ? 'met' : 'NOT met'}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

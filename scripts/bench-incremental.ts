/**
 * Incremental `hexforge build`, from the CLI as a user runs it (the compiled CLI): a full build into
 * an empty out folder, a rebuild with nothing changed, and a rebuild after one unit's attack
 * factor changed, interleaved round by round, median of 5. The game is the synthetic monster of
 * scripts/make-monster.ts at a quarter of its size (a full monster build takes minutes on a
 * loaded two-core machine, five of them too long for a routine bench). CPU is the kernel's account of
 * waited-for children, so load from neighbours does not inflate it the way it inflates wall time.
 *
 *   npx tsx scripts/bench-incremental.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { distIsFresh } from '../bin/dist-freshness.mjs';
import { median } from './bench-format';
import { buildDist } from './build-dist';
import { type MonsterSize, writeMonster } from './make-monster';

const root = path.join(import.meta.dirname, '..');
const bin = path.join(root, 'bin', 'hexforge.mjs');
const TICKS_PER_SECOND = 100;
const RUNS = 5;
const QUARTER_MONSTER: MonsterSize = { columns: 80, rows: 65, units: 1500, tables: 10, scenarios: 3 };

/** User + system CPU (ms) of this process's waited-for children so far. */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

function timeBuild(gameDir: string, outRoot: string): { wall: number; cpu: number } {
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const result = spawnSync(process.execPath, [bin, 'build', gameDir, '--out', outRoot, '--quiet'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`hexforge build exited ${result.status}: ${result.stderr}`);
  return { wall: performance.now() - t0, cpu: childrenCpu() - cpu0 };
}

/** Gives the first unit a new attack factor, a different one each round. */
async function changeOneUnit(gameDir: string, round: number): Promise<void> {
  const file = path.join(gameDir, 'units.csv');
  const lines = (await readFile(file, 'utf8')).split('\n');
  const header = lines[0].split(',');
  const cells = lines[1].split(',');
  const attack = header.indexOf('attack');
  cells[attack] = String(20 + round);
  lines[1] = cells.join(',');
  await writeFile(file, lines.join('\n'));
}

function row(what: string, samples: { wall: number; cpu: number }[], full: { wall: number; cpu: number }, target?: number): void {
  const wall = median(samples.map((s) => s.wall));
  const cpu = median(samples.map((s) => s.cpu));
  const ratio = cpu / full.cpu;
  const verdict = target === undefined ? '' : `  (target ≤ ${target * 100} %: ${ratio <= target ? 'met' : 'NOT met'})`;
  console.log(
    `${what}\n  ${(cpu / 1000).toFixed(2)} s CPU (${((100 * cpu) / full.cpu).toFixed(1)} % of the full build), ${(wall / 1000).toFixed(2)} s wall (${((100 * wall) / full.wall).toFixed(1)} %)${verdict}`,
  );
}

export async function benchIncremental(): Promise<void> {
  if (!distIsFresh(root)) await buildDist();
  const dir = await mkdtemp(path.join(tmpdir(), 'hexforge-bench-incremental-'));
  try {
    const gameDir = path.join(dir, 'games', 'monster');
    await writeMonster(gameDir, QUARTER_MONSTER);
    const full: { wall: number; cpu: number }[] = [];
    const unchanged: typeof full = [];
    const oneUnit: typeof full = [];
    for (let round = 0; round < RUNS; round++) {
      const outRoot = path.join(dir, `out-${round}`);
      full.push(timeBuild(gameDir, outRoot));
      unchanged.push(timeBuild(gameDir, outRoot));
      await changeOneUnit(gameDir, round);
      oneUnit.push(timeBuild(gameDir, outRoot));
      await rm(outRoot, { recursive: true, force: true });
      const cpu = [full, unchanged, oneUnit].map((samples) => `${(samples[round].cpu / 1000).toFixed(1)} s`);
      console.error(`round ${round + 1} of ${RUNS}: full ${cpu[0]}, nothing changed ${cpu[1]}, one unit ${cpu[2]} CPU`);
    }
    const fullMedian = { wall: median(full.map((s) => s.wall)), cpu: median(full.map((s) => s.cpu)) };
    const size = `${QUARTER_MONSTER.columns * QUARTER_MONSTER.rows} hexes, ${QUARTER_MONSTER.units} units`;
    console.log(
      `Incremental build — synthetic monster at a quarter (${size}), CLI, median of ${RUNS} interleaved (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(
      `full build (empty out folder)\n  ${(fullMedian.cpu / 1000).toFixed(2)} s CPU, ${(fullMedian.wall / 1000).toFixed(2)} s wall`,
    );
    row('rebuild, nothing changed', unchanged, fullMedian, 0.05);
    row("rebuild after one unit's attack factor changed", oneUnit, fullMedian, 0.15);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await benchIncremental();

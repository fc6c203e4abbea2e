/**
 * Incremental `hexforge build`, from the CLI as a user runs it (the compiled CLI): a full build into
 * an empty out folder, a rebuild with nothing changed, and a rebuild after one unit's attack
 * factor changed, interleaved round by round, median of 5. The game is the synthetic monster of
 * scripts/make-monster.ts at a quarter of its size (a full monster build takes minutes on a
 * loaded two-core machine, five of them too long for a routine bench). CPU is the kernel's account of
 * waited-for children, so load from neighbours does not inflate it the way it inflates wall time.
 *
 * Then one whole `hexforge build` of the full monster, every output: a crash or a failure in any
 * output fails the bench, and its time and peak memory are printed.
 *
 *   npx tsx scripts/bench-incremental.ts [--no-whole]     --no-whole: the quarter-monster figures only
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { distIsFresh } from '../bin/dist-freshness.mjs';
import { median } from './bench-format';
import { buildDist } from './build-dist';
import { MONSTER, type MonsterSize, writeMonster } from './make-monster';

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

/** GNU time's report of the child's peak resident memory (KiB), where it is installed. */
const GNU_TIME = '/usr/bin/time';
/** A whole monster build warns about thousands of counters (megabytes): more than spawnSync's default buffer. */
const STDERR_LIMIT = 1024 * 1024 * 1024;

interface BuildRun {
  wall: number;
  cpu: number;
  /** Peak resident memory in MiB, when GNU time measured it. */
  peakMiB?: number;
}

function timeBuild(gameDir: string, outRoot: string): BuildRun {
  const withTime = existsSync(GNU_TIME);
  const command = [process.execPath, bin, 'build', gameDir, '--out', outRoot, '--quiet'];
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const result = withTime
    ? spawnSync(GNU_TIME, ['-f', 'peak %M', ...command], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: STDERR_LIMIT })
    : spawnSync(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: STDERR_LIMIT });
  const wall = performance.now() - t0;
  if (result.status !== 0) throw new Error(`hexforge build exited ${result.status}: ${result.stderr.slice(-4000)}`);
  const peak = /peak (\d+)\s*$/.exec(result.stderr);
  return { wall, cpu: childrenCpu() - cpu0, ...(peak ? { peakMiB: Number(peak[1]) / 1024 } : {}) };
}

/** Every output of a whole build is on disk (and no build left its "incomplete" marker). */
async function checkEveryOutput(outDir: string, gameId: string): Promise<void> {
  const expected = ['completeness.md', `${gameId}.bundle.json`, 'map.png', 'map.pdf', 'counters.pdf', 'aids.pdf', `${gameId}.vmod`];
  const present = new Set(await readdir(outDir));
  const missing = expected.filter((file) => !present.has(file));
  if (present.has('BUILD-INCOMPLETE.txt')) missing.push('(the build left BUILD-INCOMPLETE.txt)');
  if (missing.length > 0) throw new Error(`the monster build did not write ${missing.join(', ')}`);
}

/** One whole build of the full monster: fails the bench when any output fails. */
async function benchWholeMonster(dir: string): Promise<void> {
  const gameDir = path.join(dir, 'games', 'whole-monster');
  await writeMonster(gameDir, MONSTER);
  const outRoot = path.join(dir, 'out-whole');
  const run = timeBuild(gameDir, outRoot);
  await checkEveryOutput(path.join(outRoot, 'monster'), 'monster');
  const size = `${MONSTER.columns * MONSTER.rows} hexes, ${MONSTER.units} units`;
  const peak = run.peakMiB === undefined ? '' : `, peak ${run.peakMiB.toFixed(0)} MiB`;
  console.log(
    `whole build of the full monster (${size}), every output written\n  ${(run.cpu / 1000).toFixed(2)} s CPU, ${(run.wall / 1000).toFixed(2)} s wall${peak}`,
  );
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
    for (let round = 0; round < RUNS; round++) await rm(path.join(dir, `out-${round}`), { recursive: true, force: true });
    if (process.argv.includes('--no-whole')) console.log('whole build of the full monster: skipped (--no-whole)');
    else await benchWholeMonster(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await benchIncremental();

/**
 * Validation of the monster game against its floor: reading the same files and JSON.parse-ing
 * them (the CSV split into cells). Time is CPU time (user + system, every thread) per run: on a
 * shared machine wall time counts the waits for a core, CPU time only the work.
 *
 * Each side is sampled in Node processes of its own, which alternate (floor, figure, floor, …) so
 * that a burst of load on the machine hits both alike. In one process, with figure and floor
 * alternating, the garbage collector's threads finished the validation's collections during
 * whichever floor sample came next and billed their CPU time to it: the ratio then hung on where
 * collections fell (2.8× on one machine, 4.3× on another, same validation code). Alone in its
 * process, each side pays for its own garbage and for nothing else. A process runs its side
 * WARM_RUNS times untimed (schema compilation and JIT happen once per process; the heap grows to
 * its working size) and then times SAMPLES_PER_PROCESS runs; the figure is the median of every
 * timed run of that side. Peak memory is measured in a fresh child process per side too.
 *
 *   npx tsx scripts/bench-validate.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readGameDir } from '../src/data/read-game-dir';
import { validateGame } from '../src/data/validate';
import { median, printRow } from './bench-format';
import { writeMonster } from './make-monster';

async function floor(dir: string): Promise<number> {
  let cells = 0;
  for (const name of (await readdir(dir)).sort()) {
    const text = await readFile(path.join(dir, name), 'utf8');
    if (name.endsWith('.json')) JSON.parse(text);
    else cells += text.split('\n').map((line) => line.split(',')).length;
  }
  return cells;
}

async function validate(dir: string): Promise<number> {
  const { sources } = await readGameDir(dir);
  const { diagnostics, game } = validateGame(sources!);
  if (diagnostics.length > 0 || !game) throw new Error(`monster game did not validate: ${JSON.stringify(diagnostics.slice(0, 3))}`);
  return game.map.hexes.length;
}

const WARM_RUNS = 5;
const SAMPLES_PER_PROCESS = 5;
/** Processes per side: 3 × 5 = 15 timed runs of each. */
const PROCESSES = 3;

type Side = 'floor' | 'validate';

const run = (side: Side, dir: string) => (side === 'floor' ? floor(dir) : validate(dir));

/** CPU time (ms, user + system, every thread of the process) of one run. */
async function cpuTime(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** In a child process: the side's warm-up runs, then its timed runs (ms CPU each, as JSON). */
async function sampleSide(side: Side, dir: string): Promise<number[]> {
  for (let i = 0; i < WARM_RUNS; i++) await run(side, dir);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES_PER_PROCESS; i++) samples.push(await cpuTime(() => run(side, dir)));
  return samples;
}

function childProcess(mode: string, dir: string): string {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bench-validate.ts'), `--child=${mode}`, dir], {
    encoding: 'utf8',
  }).trim();
}

/** Peak resident memory (MiB) of a child process doing one side of the comparison. */
function peakMemory(side: Side, dir: string): number {
  return Number(childProcess(`peak-${side}`, dir));
}

export async function benchValidate(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hexforge-monster-'));
  try {
    await writeMonster(dir);
    await validate(dir); // the monster must validate before anything is timed
    const floorSamples: number[] = [];
    const validateSamples: number[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      floorSamples.push(...(JSON.parse(childProcess('samples-floor', dir)) as number[]));
      validateSamples.push(...(JSON.parse(childProcess('samples-validate', dir)) as number[]));
    }
    const floorMs = median(floorSamples);
    const validateMs = median(validateSamples);
    printRow(
      `validate monster (20,800 hexes, 6,000 units, 40 tables, 10 scenarios; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
      validateMs,
      floorMs,
      'ms CPU',
      'read + JSON.parse',
      3,
    );
    const floorMb = peakMemory('floor', dir);
    const validateMb = peakMemory('validate', dir);
    printRow('validate monster: peak memory (process RSS)', validateMb, floorMb, 'MiB', 'read + JSON.parse');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const child = process.argv.find((a) => a.startsWith('--child='))?.slice(8);
if (child) {
  const dir = process.argv[process.argv.length - 1];
  if (child.startsWith('samples-')) console.log(JSON.stringify(await sampleSide(child.slice(8) as Side, dir)));
  else {
    await run(child.slice(5) as Side, dir);
    console.log((process.resourceUsage().maxRSS / 1024).toFixed(1));
  }
} else if (import.meta.url === `file://${process.argv[1]}`) {
  await benchValidate();
}

/**
 * Validation of the monster game against its floor: reading the same files and JSON.parse-ing
 * them (the CSV split into cells). Time is the process's CPU time (user + system) per run, the
 * median of several runs in this process with figure and floor alternating: on a shared machine
 * wall time counts the waits for a core, CPU time only the work. Peak memory is measured in a
 * fresh child process per side, so the two do not share a heap.
 *
 *   npx tsx scripts/bench-validate.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

/** CPU time (ms, user + system, every thread of the process) of one run. */
async function cpuTime(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Peak resident memory (MiB) of a child process doing one side of the comparison. */
function peakMemory(mode: 'floor' | 'validate', dir: string): number {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bench-validate.ts'), `--child=${mode}`, dir],
    { encoding: 'utf8' },
  );
  return Number(out.trim());
}

export async function benchValidate(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hexforge-monster-'));
  try {
    await writeMonster(dir);
    await validate(dir); // warm up: schema compilation and JIT happen once per process
    await floor(dir);
    // Alternate the two, so a burst of load on a shared machine hits both sides alike.
    const floorSamples: number[] = [];
    const validateSamples: number[] = [];
    for (let i = 0; i < 15; i++) {
      floorSamples.push(await cpuTime(() => floor(dir)));
      validateSamples.push(await cpuTime(() => validate(dir)));
    }
    const floorMs = median(floorSamples);
    const validateMs = median(validateSamples);
    printRow(
      'validate monster (20,800 hexes, 6,000 units, 40 tables, 10 scenarios)',
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
  await (child === 'floor' ? floor(dir) : validate(dir));
  console.log((process.resourceUsage().maxRSS / 1024).toFixed(1));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  await benchValidate();
}

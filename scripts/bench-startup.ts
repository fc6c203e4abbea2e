/**
 * CLI start-up as a user pays it: CPU time of `hexforge --version` and `hexforge validate data/demo`
 * (the compiled CLI, as `npm ci` builds it), each interleaved with its floor `node -e 0`, median of
 * 7. CPU comes from the kernel's account of waited-for children (/proc/self/stat), so load on a
 * shared machine does not inflate it the way it inflates wall time; load averages are printed.
 *
 *   npx tsx scripts/bench-startup.ts
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { distIsFresh } from '../bin/dist-freshness.mjs';
import { median, printRow } from './bench-format';
import { buildDist } from './build-dist';

const root = path.join(import.meta.dirname, '..');
const bin = path.join(root, 'bin', 'hexforge.mjs');
const TICKS_PER_SECOND = 100;

/** User + system CPU (ms) of this process's waited-for children so far. */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
}

function cpuOf(args: string[]): number {
  const before = childrenCpu();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return childrenCpu() - before;
}

export async function benchStartup(): Promise<void> {
  if (!distIsFresh(root)) await buildDist();
  const runs = 7;
  const cases: [string, string[], number][] = [
    ['hexforge --version', [bin, '--version'], 2],
    ['hexforge validate data/demo', [bin, 'validate', 'data/demo'], 5],
  ];
  console.log(
    `CLI start-up — CPU ms, median of ${runs} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  for (const [what, args, target] of cases) {
    const figure: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < runs; i++) {
      floor.push(cpuOf(['-e', '0']));
      figure.push(cpuOf(args));
    }
    printRow(what, median(figure), median(floor), 'ms CPU', 'node -e 0', target);
  }
}

if (import.meta.filename === process.argv[1]) await benchStartup();

/**
 * Memory of `build --only vassal` on a folder imported from a save-heavy module
 * (scripts/save-heavy-module.ts), run as a user runs it, in a child process. The module writer makes
 * each setup's placements and stacks when its save is made, checks the save, packs it and lets the
 * rest go; the archive is written to the file as it is made. What the build holds besides the game's
 * data is therefore one setup's pieces, not every setup's.
 *
 * The bound is on the JavaScript heap (--max-old-space-size), not on the peak resident size: V8
 * collects everything it can before it gives up, so whether the build fits depends on what it holds
 * alive, not on when the collector runs. Measured with --trace-gc on 160 saves of 1,000 pieces, the
 * largest heap after a full collection was 74.3 MiB (68.6 MiB when this test was written; the work
 * added since holds a little more); with every setup's placements and stacks held until the module was written, 148.5 MiB.
 * What a save holds while it is packed comes on top: at a 100 MiB cap, 4 builds in 9 died. At
 * 120 MiB, 5 in 5 passed; a build that held every setup (148.5 MiB) cannot fit.
 */
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { runCli, tempWork, type CliRun } from './hostile-module-kit';

const MiB = 1024 * 1024;
const SAVES = 160;
const PIECES = 1000;
/** The build's heap cap, MiB. */
const HEAP_CAP_MIB = 120;
const TIME_LIMIT_MS = 300_000;

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

/** Runs the CLI with the JavaScript heap capped at `capMib`. */
function runCapped(args: string[], outputs: string[], capMib: number): CliRun {
  const before = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${before ?? ''} --max-old-space-size=${capMib}`.trim();
  try {
    return runCli(work, args, outputs, TIME_LIMIT_MS);
  } finally {
    if (before === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = before;
  }
}

describe('save-heavy folders: memory of the module build', () => {
  it(
    `builds ${SAVES} saves of ${PIECES} pieces within a ${HEAP_CAP_MIB} MiB heap`,
    async () => {
      writeFileSync(path.join(work, 'heavy.vmod'), await saveHeavyModule({ saves: SAVES, pieces: PIECES }));
      const imported = runCli(work, ['import', 'heavy.vmod', '--out', 'heavy'], ['heavy'], TIME_LIMIT_MS);
      expect(imported.status, imported.stderr + imported.stdout).toBe(0);
      expect(imported.stdout + imported.stderr).toMatch(new RegExp(`${SAVES} scenarios`));
      const built = runCapped(['build', 'heavy', '--only', 'vassal', '--out', 'heavy.out'], ['heavy.out'], HEAP_CAP_MIB);
      console.log(
        `build --only vassal of ${SAVES} saves of ${PIECES} pieces, heap capped at ${HEAP_CAP_MIB} MiB: ` +
          `exit ${built.status}, peak RSS ${Math.round(built.peakRssBytes / MiB)} MiB, wall ${Math.round(built.ms)} ms`,
      );
      expect(built.stderr).not.toMatch(/heap out of memory/);
      expect(built.status, built.stderr + built.stdout).toBe(0);
      expect(built.stderr + built.stdout).toMatch(/vassal 1 file/);
    },
    3 * TIME_LIMIT_MS,
  );
});

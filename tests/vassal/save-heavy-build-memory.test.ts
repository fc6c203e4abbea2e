/**
 * Memory of `build --only vassal` on a folder imported from a save-heavy module
 * (scripts/save-heavy-module.ts), run as a user runs it, in a child process. The module writer makes
 * each saved game when its checks reach it, checks it, packs it and lets its text go; the archive is
 * written to the file as it is made, and the store kept between builds holds one entry per save, not
 * one per placed piece. An extra save therefore adds to the peak only what the game's data and the
 * setup's stacks hold of its placements, and the packed save (measured: no growth past the
 * collector's noise from 4 to 48 saves of 1,000 pieces). When every save's text was held through
 * the checks, each placed piece in the store and the archive joined in memory, a placed piece cost
 * 2.3 KiB (measured: 244 → 344 MiB).
 */
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { runCli, tempWork, type CliRun } from './hostile-module-kit';

const MiB = 1024 * 1024;
const PIECES = 1000;
const FEW = 4;
const MANY = 48;
/** What one placed piece may add to the build's peak. */
const BYTES_PER_PLACED_PIECE = 1024;
const TIME_LIMIT_MS = 300_000;

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

/** The module of `saves` saves imported to a folder, then built; the build's run. */
async function importAndBuild(name: string, saves: number): Promise<CliRun> {
  writeFileSync(path.join(work, `${name}.vmod`), await saveHeavyModule({ saves, pieces: PIECES }));
  const imported = runCli(work, ['import', `${name}.vmod`, '--out', name], [name], TIME_LIMIT_MS);
  expect(imported.status, imported.stderr + imported.stdout).toBe(0);
  const out = `${name}.out`;
  const built = runCli(work, ['build', name, '--only', 'vassal', '--out', out], [out], TIME_LIMIT_MS);
  expect(built.status, built.stderr + built.stdout).toBe(0);
  expect(built.stderr + built.stdout).toMatch(/vassal 1 file/);
  return built;
}

const mib = (bytes: number) => Math.round(bytes / MiB);

describe('save-heavy folders: peak memory of the module build', () => {
  it(
    'an extra save adds under 1 KiB per placed piece',
    async () => {
      const few = await importAndBuild('few', FEW);
      const many = await importAndBuild('many', MANY);
      const perPiece = (many.peakRssBytes - few.peakRssBytes) / ((MANY - FEW) * PIECES);
      console.log(
        `build --only vassal: ${FEW} saves of ${PIECES} pieces ${mib(few.peakRssBytes)} MiB, ${MANY} saves ${mib(many.peakRssBytes)} MiB: ` +
          `${Math.round(perPiece)} bytes per extra placed piece; wall ${Math.round(few.ms)}/${Math.round(many.ms)} ms`,
      );
      expect(perPiece).toBeLessThan(BYTES_PER_PLACED_PIECE);
    },
    4 * TIME_LIMIT_MS,
  );
});

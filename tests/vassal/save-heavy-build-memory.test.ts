/**
 * Memory of `build --only vassal` on a folder imported from a save-heavy module
 * (scripts/save-heavy-module.ts), run as a user runs it, in a child process. The module writer makes
 * each saved game when its checks reach it, checks it, packs it and lets its text go; each setup's
 * placements and stacks are made when its save is and dropped after it; the archive is written to the
 * file as it is made. An extra save therefore adds to the peak only what the game's data holds of its
 * placements and the packed save (measured: 470 → 401 MiB from 4 to 32 saves of 5,000 pieces, the
 * larger folder built favouring size). When every setup's placements and stacks were held until the
 * module was written, a placed piece cost 140 bytes (454 → 473 MiB); when every save's text was held
 * through the checks as well, 2.3 KiB.
 */
import { writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { runCli, tempWork, type CliRun } from './hostile-module-kit';

const MiB = 1024 * 1024;
const PIECES = 5000;
const FEW = 4;
const MANY = 32;
/** What one placed piece may add to the build's peak. */
const BYTES_PER_PLACED_PIECE = 100;
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
    'an extra save adds under 100 bytes per placed piece',
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

/**
 * Memory of `import` and `roundtrip` on save-heavy modules with art (scripts/save-heavy-module.ts),
 * run as a user runs them, in a child process. Saves are read one at a time and let go, so an extra
 * save adds to the peak only what its placements become in the imported folder (scenarios.json, the
 * unit copies) and the collector's lag: under 1.5 KiB per placed piece (measured 0.7 to 1.1 KiB;
 * when every save's decoded pieces were kept, 3.9 KiB). Images are held once, by the round trip too:
 * it writes the re-exported copy to a file and reads it back one entry at a time.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { saveHeavyModule } from '../../scripts/save-heavy-module';
import { MAX_DATA_FILE_BYTES } from '../../src/data/read-input-file';
import { runCli, tempWork, type CliRun } from './hostile-module-kit';

const MiB = 1024 * 1024;
const PIECES = 3000;
const FEW = 3;
const MANY = 24;
const ART_MIB = 48;
/** What one placed piece may add to the peak. */
const BYTES_PER_PLACED_PIECE = 1536;
const TIME_LIMIT_MS = 240_000;

const work = tempWork();
afterAll(() => rm(work, { recursive: true, force: true }));

async function module(name: string, saves: number, imageMegabytes = 0): Promise<string> {
  writeFileSync(path.join(work, name), await saveHeavyModule({ saves, pieces: PIECES, imageMegabytes }));
  return name;
}

function run(command: 'import' | 'roundtrip', file: string): CliRun {
  const out = `${file}.${command}`;
  const args = command === 'import' ? ['import', file, '--out', out] : ['roundtrip', file];
  const result = runCli(work, args, [out], TIME_LIMIT_MS);
  expect(result.status, result.stderr + result.stdout).toBe(0);
  if (command === 'roundtrip') expect(result.stdout).toContain('no difference');
  return result;
}

const mib = (bytes: number) => Math.round(bytes / MiB);

describe('save-heavy modules: peak memory of import and round trip', () => {
  it.each(['import', 'roundtrip'] as const)(
    '%s: an extra save adds under 1.5 KiB per placed piece, art is held once per module',
    async (command) => {
      const few = run(command, await module('few.vmod', FEW));
      const many = run(command, await module('many.vmod', MANY));
      const art = run(command, await module('art.vmod', FEW, ART_MIB));
      const perSave = (many.peakRssBytes - few.peakRssBytes) / (MANY - FEW);
      const perArtByte = (art.peakRssBytes - few.peakRssBytes) / (ART_MIB * MiB);
      console.log(
        `${command}: ${FEW} saves of ${PIECES} pieces ${mib(few.peakRssBytes)} MiB, ${MANY} saves ${mib(many.peakRssBytes)} MiB, ` +
          `${FEW} saves + ${ART_MIB} MiB art ${mib(art.peakRssBytes)} MiB: ${Math.round(perSave / 1024)} KiB per extra save, ` +
          `${perArtByte.toFixed(2)} bytes per byte of art; wall ${Math.round(few.ms)}/${Math.round(many.ms)}/${Math.round(art.ms)} ms`,
      );
      expect(perSave).toBeLessThan(PIECES * BYTES_PER_PLACED_PIECE);
      // The round trip also holds the imported folder's module files and the copy's entry being compared.
      expect(perArtByte).toBeLessThan(command === 'import' ? 1.25 : 1.6);
    },
    3 * 3 * TIME_LIMIT_MS,
  );
});

/**
 * The same bound, quickly: two small saves with and without art. Holding the re-exported copy as
 * well as the original (an archive buffer of each) cost two bytes per byte of art (1.95 measured);
 * one copy of the art and the collector's slack stay under 1.6 (1.0 to 1.3 measured).
 */
describe("round trip: the module's art is held once, not once more for the re-exported copy", () => {
  it(
    'an extra MiB of art adds under 1.6 MiB to the peak',
    async () => {
      const art = 96;
      writeFileSync(path.join(work, 'small.vmod'), await saveHeavyModule({ saves: 2, pieces: 200 }));
      writeFileSync(path.join(work, 'small-art.vmod'), await saveHeavyModule({ saves: 2, pieces: 200, imageMegabytes: art }));
      const plain = run('roundtrip', 'small.vmod');
      const withArt = run('roundtrip', 'small-art.vmod');
      const perArtByte = (withArt.peakRssBytes - plain.peakRssBytes) / (art * MiB);
      console.log(
        `round trip: ${mib(plain.peakRssBytes)} MiB, with ${art} MiB of art ${mib(withArt.peakRssBytes)} MiB: ${perArtByte.toFixed(2)} bytes per byte of art`,
      );
      expect(perArtByte).toBeLessThan(1.6);
    },
    2 * TIME_LIMIT_MS,
  );
});

/**
 * The shape of the largest module known (189 saves, a few hundred MB of files), scaled down in
 * pieces and art to keep the run short: its setups make more scenario data than one data file
 * should hold, so the import spreads them over scenarios/*.json. Run by hand at full size
 * (scripts/make-save-heavy-module.ts --saves 189 --pieces 10000 --image-mb 150), import peaked at
 * 489 MiB; the figures are in the commit history.
 */
const SAVES = 189;
const SAVE_PIECES = 1300;
const SCALED_ART_MIB = 64;
const PEAK_LIMIT = 500 * MiB;

describe('189 saves: import and round trip under 500 MiB, scenarios over several files', () => {
  it(
    'imports to a folder that validates, one scenario file per setup, each under the data-file limit',
    async () => {
      const file = 'saves-189.vmod';
      writeFileSync(path.join(work, file), await saveHeavyModule({ saves: SAVES, pieces: SAVE_PIECES, imageMegabytes: SCALED_ART_MIB }));
      const imported = runCli(work, ['import', file, '--out', 'out189'], ['out189'], TIME_LIMIT_MS);
      expect(imported.status, imported.stderr + imported.stdout).toBe(0);
      expect(imported.stdout).toContain('validation: 0 errors');
      const parts = readdirSync(path.join(work, 'out189', 'scenarios'));
      expect(parts).toHaveLength(SAVES);
      expect(readdirSync(path.join(work, 'out189'))).not.toContain('scenarios.json');
      for (const part of parts) expect(statSync(path.join(work, 'out189', 'scenarios', part)).size).toBeLessThan(MAX_DATA_FILE_BYTES);
      const roundtrip = runCli(work, ['roundtrip', file], [], TIME_LIMIT_MS);
      expect(roundtrip.status, roundtrip.stderr + roundtrip.stdout).toBe(0);
      expect(roundtrip.stdout).toContain('no difference');
      console.log(
        `${SAVES} saves of ${SAVE_PIECES} pieces + ${SCALED_ART_MIB} MiB art: import ${mib(imported.peakRssBytes)} MiB in ${Math.round(imported.ms)} ms, ` +
          `round trip ${mib(roundtrip.peakRssBytes)} MiB in ${Math.round(roundtrip.ms)} ms`,
      );
      expect(imported.peakRssBytes).toBeLessThan(PEAK_LIMIT);
      expect(roundtrip.peakRssBytes).toBeLessThan(PEAK_LIMIT);
    },
    3 * TIME_LIMIT_MS,
  );
});

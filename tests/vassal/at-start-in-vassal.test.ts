/**
 * At-start stacks seen by VASSAL 3.7.26 itself: File > New Game in the module Hexforge builds from
 * Kassala's imported folder places the same 23 pieces as in the original module, stacked the same
 * way, each on its snap point, in the hex the data names (VASSAL's own location name of the piece's
 * position); the built module's one predefined setup is the original's save, and loading it does not
 * run the stacks again.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import type { ScenariosFile } from '../../src/model/files';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModule } from '../../src/vassal/reader/index';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { KASSALA, fixture, withTempDir } from './import-fixtures';
import { vassalReport, zipped } from './vassal-run';

/** The pieces grouped by the spot they stand on, as sorted name lists, sorted. */
function stacks(pieces: readonly SetupPiece[]): string[][] {
  const bySpot = new Map<string, string[]>();
  for (const p of pieces) bySpot.set(`${p.map}|${p.x}|${p.y}`, [...(bySpot.get(`${p.map}|${p.x}|${p.y}`) ?? []), p.name]);
  return [...bySpot.values()].map((names) => names.sort()).sort((a, b) => a.join().localeCompare(b.join()));
}

describeVassal('at-start stacks in VASSAL itself', () => {
  it("Kassala: a new game in the built module places the original new game's pieces, in the data's hexes", async () => {
    await withTempDir(async (dir) => {
      const limits = readLimits();
      const entries = (await readModuleEntries(fixture(KASSALA), limits)).entries!;
      const original = path.join(dir, 'original.vmod');
      await zipped(original, entries);
      const imported = await importModule((await readModule(entries, { source: 'fixture', limits })).module!, { id: 'game' });
      await writeGameFolder(path.join(dir, 'game'), imported.files);
      const built = path.join(dir, 'built.vmod');
      await zipped(built, await builtModuleEntries(path.join(dir, 'game')));

      const [before, after] = [await vassalReport(original, [], ['UnitId']), await vassalReport(built, [], ['UnitId'])];
      expect(before.atStart).toHaveLength(23);
      expect(after.atStart!.map((p) => p.name).sort()).toEqual(before.atStart!.map((p) => p.name).sort());
      expect(stacks(after.atStart!)).toEqual(stacks(before.atStart!));
      for (const p of after.atStart!) expect([p.x, p.y], p.name).toEqual([p.snapX, p.snapY]);
      // Each piece is where the imported data puts its unit, by VASSAL's name of the spot.
      const scenarios = JSON.parse(imported.files.get('scenarios.json') as string) as ScenariosFile;
      const hexOf = new Map(
        scenarios.scenarios[0].setup!.flatMap((placement) => placement.units!.map((u) => [u, placement.hex!] as [string, string])),
      );
      for (const p of after.atStart!) expect(p.location, p.properties.UnitId).toBe(hexOf.get(p.properties.UnitId));
      expect(after.setups!.map((s) => s.name)).toEqual(before.setups!.map((s) => s.name));
      // The stacks load without a warning or a validation message (bad location names would give one),
      // and the save still loads without placing them again.
      expect(after.log).toEqual([]);
      expect(after.validation).toEqual([]);
      for (const setup of after.setups!) expect([setup.loadError ?? null, setup.pieces.length], setup.name).toEqual([null, 23]);
    });
  }, 900_000);
});

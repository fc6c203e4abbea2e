/**
 * `hexforge update` seen by VASSAL 3.7.26 itself: on every fixture (zipped to a .vmod), import,
 * change one value (a unit's value; a marker's name where the module has no values; a unit's name
 * where it has no markers either; the title where it has no units), and rename a marker where
 * setups place markers; update, and load the original and the updated module in VASSAL. The palette
 * pieces (names, traits, trait states, right-click menus), every predefined setup's pieces and the
 * pieces a new game starts with (names, positions, locations, menus) must be the same, except
 * the traits and names the update reports it changed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SIDECAR_INDEX } from '../../src/vassal/import/sidecar';
import { listingCounts, reportDifferences } from '../../src/vassal/harness/differences';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModuleEntries } from '../../src/vassal/reader/source';
import type { ChangedPlace } from '../../src/vassal/update/update-module';
import { runCli } from '../cli/run-cli';
import { describeVassal } from '../vassal-tier';
import { FIXTURE_NAMES, TEMPLATE, fixture, withTempDir } from './import-fixtures';
import { applyEdit, csvRows, markerEdit, pickEdit, type ChooseEdit, describeEdit, type Edit } from './update-edit';
import { unexplained, vassalReport } from './update-in-vassal-kit';
import { sidecarOf } from './sidecar-of';

/** Imports `vmod` into `game`, makes the one-value edit `choose` picks in its data files, and returns it. */
async function importAndEdit(vmod: string, game: string, choose: ChooseEdit): Promise<Edit> {
  const imported = await runCli(['import', vmod, '--out', game]);
  expect(imported.code, imported.stderr).toBe(0);
  const sidecar = sidecarOf(await readFile(path.join(game, SIDECAR_INDEX), 'utf8'));
  const edit = choose(sidecar, csvRows(await readFile(path.join(game, 'units.csv'), 'utf8')).rows)!;
  await applyEdit(game, edit);
  return edit;
}

/** Imports the fixture, makes the edit, updates, and compares what VASSAL reports of both modules. */
async function checkInVassal(name: string, choose: ChooseEdit): Promise<void> {
  await withTempDir(async (dir) => {
    const limits = readLimits();
    const entries = (await readModuleEntries(fixture(name), limits)).entries!;
    const original = path.join(dir, 'original.vmod');
    await writeFile(
      original,
      await writeZip(
        [...entries].map(([entry, data]) => ({ path: entry, data })),
        0,
      ),
    );
    const game = path.join(dir, 'game');
    const edit = await importAndEdit(original, game, choose);
    const updatedFile = path.join(dir, 'updated.vmod');
    const updated = await runCli(['update', original, game, '--out', updatedFile, '--json']);
    expect(updated.code, updated.stderr + updated.stdout).toBe(0);
    const result = JSON.parse(updated.stdout.split('\n').find((l) => l.startsWith('{"module"'))!) as {
      changes: Array<{ before: string; after: string; places: ChangedPlace[] }>;
    };
    expect(result.changes.map((c) => [c.before, c.after])).toEqual([[edit.before, edit.after]]);
    const places = result.changes[0].places;

    const before = await vassalReport(original);
    const after = await vassalReport(updatedFile);
    const counts = listingCounts(before);
    expect(listingCounts(after)).toEqual(counts);
    if (edit.unit) expect(counts.palette).toBeGreaterThan(0);
    expect(before.palette!.every((p) => p.traits && p.menu)).toBe(true);

    const differences = reportDifferences(before, after);
    expect(differences.map((d) => unexplained(d, places, edit)).filter(Boolean)).toEqual([]);
    // The change is visible to VASSAL: each palette trait the update changed shows changed.
    expect(differences.length).toBeGreaterThan(0);
    const paletteTraits = places.filter(
      (p) => p.entry.startsWith('buildFile') && p.what.startsWith('trait') && /PieceSlot\[/.test(p.where),
    );
    for (const p of paletteTraits)
      expect(
        differences.some((d) => d.where.startsWith('palette') && d.before === p.before && d.after === p.after),
        p.where,
      ).toBe(true);

    const fields = [...new Set(differences.map((d) => d.field.replace(/\[\d+\]$/, '')))].sort().join(', ');
    console.log(
      `${name}: ${describeEdit(edit)}; ` +
        `VASSAL sees ${counts.palette} palette pieces, ${counts.setups} setups with ${counts.setupPieces} pieces, ` +
        `${counts.atStart} new-game pieces, ${counts.menuItems} menu items; ` +
        `${differences.length} differences (${fields}), all in the ${places.length} reported places; menus and locations equal`,
    );
  });
}

describeVassal('update in VASSAL itself: the same pieces, setups and menus, except the changed value', () => {
  it.each(FIXTURE_NAMES)('%s', (name) => checkInVassal(name, pickEdit), 900_000);
  // The fixtures whose setups place markers also get a marker renamed (pickEdit prefers a value).
  it.each([TEMPLATE])('%s, a marker renamed', (name) => checkInVassal(name, markerEdit), 900_000);
});

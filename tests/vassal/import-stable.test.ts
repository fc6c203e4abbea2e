/**
 * Stable conversions: importing the module Hexforge builds from an imported folder gives back the
 * same map extent (a built map's blank margin adds no ring of hexes), unit types, sides and tables (the
 * built module's charts that print other data are no tables) on every fixture, and for Kassala
 * the same units, setups and scenario descriptions. Shared tier.
 */
import { expect, it } from 'vitest';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits, readModule, readModuleFrom } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeShared } from '../shared-dir';
import { FIXTURE_NAMES, KASSALA, fixture, withTempDir } from './import-fixtures';

const limits = readLimits();

async function twice(name: string): Promise<[ImportResult, ImportResult]> {
  const first = await importModule((await readModuleFrom(fixture(name), limits)).module!, { id: 'game' });
  return withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const built = await readModule(await builtModuleEntries(`${dir}/game`), { source: 'built', limits });
    return [first, await importModule(built.module!, { id: 'game' })];
  });
}

const json = (r: ImportResult, file: string) => JSON.parse(r.files.get(file) as string);

/** Each scenario's setup as location → sorted units (the order of placements carries no meaning). */
function setups(r: ImportResult): Record<string, Record<string, string[]>> {
  const out: Record<string, Record<string, string[]>> = {};
  for (const s of json(r, 'scenarios.json').scenarios)
    out[s.id] = Object.fromEntries(
      (s.setup ?? []).map(({ units, ...where }: { units: string[] }) => [JSON.stringify(where), [...units].sort()]),
    );
  return out;
}

const rowsById = (r: ImportResult) => new Set((r.files.get('units.csv') as string).trim().split('\n'));

describeShared('import(build(import(M))) against import(M)', () => {
  it.each(FIXTURE_NAMES)('%s: the same map extent, unit types, sides and tables', async (name) => {
    const [first, second] = await twice(name);
    expect(json(second, 'map.json').extent).toEqual(json(first, 'map.json').extent);
    expect(json(second, 'game.json').unitTypes).toEqual(json(first, 'game.json').unitTypes);
    const sides = (r: ImportResult) => json(r, 'game.json').sides.map((side: { id: string; name: string }) => [side.id, side.name]);
    expect(sides(second)).toEqual(sides(first));
    const tables = (r: ImportResult) =>
      r.files.has('tables.json') ? json(r, 'tables.json').tables.map((t: { id: string; name: string }) => [t.id, t.name]) : [];
    expect(tables(second)).toEqual(tables(first));
  });

  it('Kassala: the same units.csv rows, setups and scenario descriptions', async () => {
    const [first, second] = await twice(KASSALA);
    expect(rowsById(second)).toEqual(rowsById(first));
    expect(setups(second)).toEqual(setups(first));
    const descriptions = (r: ImportResult) => json(r, 'scenarios.json').scenarios.map((s: { description?: string }) => s.description);
    expect(descriptions(second)).toEqual(descriptions(first));
  });
});

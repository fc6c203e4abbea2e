/**
 * A stack off its hex's centre keeps its pixel: the import places it in its hex with the board
 * pixel (scenarios.json `setup[].at`), the built module puts it at that pixel again while the pixel
 * lies in the placement's hex, and the import of that module reads the same data. A stack at the
 * centre keeps no pixel; a placement moved to another hex stands at that hex's centre.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { readModuleSave } from '../../src/vassal/reader/module';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { offCentreEntries } from './off-centre-kit';
import { dataFiles, importEntries, jsonOf, placedWhere, rebuilt } from './rebuild-kit';
import { SETUP_KINDS } from './vassal-run';

/** Where the built module puts each piece: at-start stacks' board pixels, else the save's map pixels. */
async function builtPositions(entries: Map<string, Uint8Array>, atStart: boolean): Promise<Array<[number, number]>> {
  const module = (await readModule(entries, { source: 'built', limits: readLimits() })).module!;
  if (atStart)
    return [...walkElements(module.root)]
      .filter((e) => e.name === 'VASSAL.build.module.map.SetupStack')
      .map((e) => [Number(attribute(e, 'x')), Number(attribute(e, 'y'))]);
  return (await readModuleSave(module, 'opening.vsav'))!.pieces.map((p) => [p.x, p.y]);
}

describe.each(SETUP_KINDS)('a stack off its hex centre, from %s', (_, atStart) => {
  it('is kept in its hex with its pixel, built at that pixel, and imported back the same', async () => {
    const first = await importEntries(await offCentreEntries(atStart), 'off');
    expect(validateGameFiles('off', first.files).filter((d) => d.severity === 'error')).toEqual([]);
    // (50, 45) lies in 0101, whose centre is (40, 40); (40, 104) is the centre of 0102.
    expect(placedWhere(first)).toEqual({ 'red-1': '0101', 'blue-1': '0102' });
    const setup = jsonOf(first, 'scenarios.json').scenarios[0].setup;
    expect(setup.find((p: { units: string[] }) => p.units[0] === 'red-1').at).toEqual({ board: 'Hexes', x: 50, y: 45 });
    expect(setup.find((p: { units: string[] }) => p.units[0] === 'blue-1').at).toBeUndefined();

    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'off');
      expect(await builtPositions(built, atStart)).toEqual([
        [50, 45],
        [40, 104],
      ]);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 120_000);

  it('a placement moved to another hex stands at its centre, not at the kept pixel', async () => {
    const first = await importEntries(await offCentreEntries(atStart), 'off');
    const scenarios = jsonOf(first, 'scenarios.json');
    const red = scenarios.scenarios[0].setup.find((p: { units: string[] }) => p.units[0] === 'red-1');
    red.hex = '0201';
    const files = new Map(first.files);
    files.set('scenarios.json', JSON.stringify(scenarios));
    await withTempDir(async (dir) => {
      await writeGameFolder(path.join(dir, 'game'), files);
      const built = await builtModuleEntries(path.join(dir, 'game'));
      // 0201 is the second column, shifted half a hex down: its centre is (40 + 56, 40 + 32).
      expect((await builtPositions(built, atStart)).sort()).toEqual([
        [40, 104],
        [96, 72],
      ]);
    });
  }, 120_000);
});

describe.each(SETUP_KINDS)('a stack off its hex centre on a board whose picture the module lacks, from %s', (_, atStart) => {
  it('is kept in its hex alone: the built module draws its own map, where the pixel names no place', async () => {
    const entries = await offCentreEntries(atStart);
    entries.delete('images/hexes.png');
    const first = await importEntries(entries, 'off');
    expect(validateGameFiles('off', first.files).filter((d) => d.severity === 'error')).toEqual([]);
    expect(placedWhere(first)).toEqual({ 'red-1': '0101', 'blue-1': '0102' });
    expect(jsonOf(first, 'scenarios.json').scenarios[0].setup.map((p: { at?: unknown }) => p.at)).toEqual([undefined, undefined]);
    await withTempDir(async (dir) => {
      const { second } = await rebuilt(dir, first, 'off');
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 120_000);
});

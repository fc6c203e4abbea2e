/**
 * The Longest Day's chart window "Charts" shows nine maps in its tabs (WidgetMaps). The import keeps
 * each map's window, the build puts them back into one chart window of that name, with the charts
 * the build adds to its own window "Charts" after them (one button, as in the module), and an
 * import of the built module reads the same data back.
 */
import { expect, it } from 'vitest';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModuleEntries } from '../../src/vassal/reader/source';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { readModule } from '../../src/vassal/reader/index';
import { describeShared } from '../shared-dir';
import { TLD, fixture, withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';

describeShared('chart window maps', () => {
  it("a chart window's maps are built again as tabs of one chart window of its name, and read back the same", async () => {
    const entries = (await readModuleEntries(fixture(TLD), readLimits())).entries!;
    const first = await importEntries(entries, 'tld');
    const boards: Array<{ map: string; window?: string }> = jsonOf(first, 'map.json').boards;
    // The module's buildFile: the ChartWindow "Charts" holds nine MapWidgets, one per map of the display boards.
    expect(boards.filter((b) => b.window === 'Charts')).toHaveLength(9);
    expect(boards.find((b) => b.map === 'Normandy')?.window).toBeUndefined();
    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'tld');
      const root = (await readModule(built, { source: 'built', limits: readLimits() })).module!.root;
      const windows = [...walkElements(root)].filter((e) => e.name === 'VASSAL.build.module.ChartWindow');
      expect(windows.map((w) => attribute(w, 'name'))).toEqual(['Charts']);
      const tabs = windows[0].children[0].children.map((c) => [
        c.name.split('.').pop(),
        attribute(c, 'entryName') ?? attribute(c, 'chartName'),
      ]);
      const maps = boards.filter((b) => b.window === 'Charts').map((b) => ['MapWidget', b.map]);
      expect(tabs.slice(0, 9)).toEqual(maps);
      expect(tabs.slice(9).every(([kind]) => kind === 'Chart' || kind === 'HtmlChart')).toBe(true);
      expect(tabs.length).toBeGreaterThan(9);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 300_000);
});

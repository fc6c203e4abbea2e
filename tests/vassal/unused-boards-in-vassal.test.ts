/**
 * Boards no setup uses, seen by VASSAL 3.7.26 itself (./unused-boards-kit.ts): the module built from
 * the import offers every map and board the original offers (a chart window's map again as a chart
 * window's WidgetMap), each board with its picture at the picture's size, beside the map of the
 * holding boxes the build adds.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport } from '../../src/vassal/harness/report';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { HOLDING_MAP } from '../../src/vassal/module/names';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries } from './rebuild-kit';
import { BUILD_FILE, PICTURES, PICTURE_SIZES, WITH_TRACK_GRID } from './unused-boards-kit';
import { vassalReport, zipped } from './vassal-run';

/** Each board VASSAL offers as "map / board: picture width×height", sorted. */
const offered = (report: HarnessReport) =>
  (report.maps ?? []).flatMap((m) => m.boards.map((b) => `${m.name} / ${b.name}: ${b.image} ${b.width}×${b.height}`)).sort();

/** VASSAL's reports on the module of `buildFile` (with the pictures) and on the module built from its import. */
async function reportsOf(buildFile: string): Promise<{ before: HarnessReport; after: HarnessReport }> {
  return withTempDir(async (dir) => {
    const entries = new Map<string, Uint8Array>([
      ['buildFile.xml', new TextEncoder().encode(buildFile)],
      ...Object.entries(PICTURES).map(([name, data]): [string, Uint8Array] => [`images/${name}`, data]),
    ]);
    const original = path.join(dir, 'original.vmod');
    await zipped(original, entries);
    await writeGameFolder(path.join(dir, 'game'), (await importEntries(entries, 'spare')).files);
    const built = path.join(dir, 'built.vmod');
    await zipped(built, await builtModuleEntries(path.join(dir, 'game')));
    return { before: await vassalReport(original), after: await vassalReport(built) };
  });
}

describeVassal('boards no setup uses in VASSAL itself', () => {
  it('the built module offers every map and board of the original, with its picture', async () => {
    const { before, after } = await reportsOf(BUILD_FILE);
    const size = (image: string) => `${PICTURE_SIZES[image].width}×${PICTURE_SIZES[image].height}`;
    const expected = [
      `Main Map / Field: Field.png ${size('Field.png')}`,
      `Main Map / Spare: Spare.png ${size('Spare.png')}`,
      `Rail, Port / Rail, Port: Rail.png ${size('Rail.png')}`,
      `Charts / Tracks: Tracks.png ${size('Tracks.png')}`,
    ].sort();
    expect(offered(before)).toEqual(expected);
    expect(offered(after).filter((b) => !b.startsWith(`${HOLDING_MAP} /`))).toEqual(expected);
    expect(after.validation).toEqual([]);
    // Each map of the same kind: a window of its own, or the chart window's tab.
    const kinds = (report: HarnessReport) => (report.maps ?? []).filter((m) => m.name !== HOLDING_MAP).map((m) => `${m.name}: ${m.kind}`);
    expect(kinds(before)).toEqual(['Main Map: Map', 'Rail, Port: WidgetMap', 'Charts: Map']);
    expect(kinds(after)).toEqual(kinds(before));
  }, 900_000);

  it('the built module names the locations of a board no setup uses by its zones and grid, as the original does', async () => {
    const { before, after } = await reportsOf(WITH_TRACK_GRID);
    const onTracks = (r: HarnessReport) => ({
      zones: (r.zones ?? []).filter((z) => z.board === 'Tracks'),
      grids: (r.grids ?? []).filter((g) => g.board === 'Tracks').map((g) => ({ grid: g.grid, cells: g.cells, named: g.named })),
    });
    // The original as its buildFile states it: the zone "Turns" names its squares "Turn <n>", "Rail" by its name.
    expect(onTracks(before).zones.map((z) => z.zone)).toEqual(['Turns', 'Rail']);
    expect(onTracks(before).zones[0].location).toMatch(/^Turn \d+$/);
    expect(onTracks(before).zones[1].location).toBe('Rail');
    expect(onTracks(after)).toEqual(onTracks(before));
    expect(after.validation).toEqual([]);
  }, 900_000);
});

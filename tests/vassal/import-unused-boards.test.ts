/**
 * Boards no setup uses: a spare board of the game map that a new game leaves out (its BoardPicker's
 * default setup names only "Field"), a map of its own ("Charts") and a map a chart window shows in
 * a tab (a WidgetMap, "Rail, Port", a name with a comma), none with a piece on it. VASSAL offers
 * every one of them, so map.json lists them all with their pictures and sizes (the game map's board
 * first, the spare one in the first free column and out of a new game, then the other maps in the
 * module's order), the built module shows each board on its map with the same picture (the chart
 * window's map again a WidgetMap in a tab of a chart window of that name), and its
 * import reads the same data back: the holding boxes' map the built module adds comes back as no
 * board. A game map without any board (VASSAL shows a blank map) gets a plain board "Map" from the
 * build, which its import does not list either.
 */
import { expect, it } from 'vitest';
import { writeZip } from '../../src/vassal/module/zip';
import { HOLDING_MAP } from '../../src/vassal/module/names';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';
import { BUILD_FILE, PALETTE, PICTURES, WITH_TRACK_GRID } from './unused-boards-kit';

async function importModuleOf(id: string, buildFile: string, pictures: Record<string, Uint8Array>) {
  const entries = [
    { path: 'buildFile.xml', data: buildFile },
    ...Object.entries(pictures).map(([name, data]) => ({ path: `images/${name}`, data })),
  ];
  const zip = await writeZip(entries, 1767225600);
  return importEntries((await readZip(zip, { file: `${id}.vmod`, limits: readLimits() })).entries, id);
}

/** Each Board element of a buildFile: its map's name and its own attributes. */
function builtBoards(buildFile: string): string[] {
  const out: string[] = [];
  const maps = /<VASSAL\.build\.(module\.Map|widget\.WidgetMap) [^>]*mapName="([^"]*)"[^>]*>([\s\S]*?)<\/VASSAL\.build\.\1>/g;
  for (const [, , name, inside] of buildFile.matchAll(maps))
    for (const b of inside.matchAll(/<VASSAL\.build\.module\.map\.boardPicker\.Board ([^>]*?)\/?>/g)) out.push(`${name}: ${b[1]}`);
  return out;
}

it('every board of every map is listed with its picture, built on its map, and read back the same', async () => {
  const first = await importModuleOf('spare', BUILD_FILE, PICTURES);
  const pictureOf = (name: string) => `vassal/module/images/${name}`;
  expect(jsonOf(first, 'map.json').boards).toEqual([
    { name: 'Field', map: 'Main Map' },
    { name: 'Spare', map: 'Main Map', image: pictureOf('Spare.png'), width: 200, height: 100, column: 1, newGame: false },
    { name: 'Rail, Port', map: 'Rail, Port', image: pictureOf('Rail.png'), width: 250, height: 150, window: 'Charts window', tab: 'Rail' },
    { name: 'Tracks', map: 'Charts', image: pictureOf('Tracks.png'), width: 500, height: 120 },
  ]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'spare');
    const buildFile = new TextDecoder().decode(built.get('buildFile.xml'));
    const boards = builtBoards(buildFile);
    expect(boards.filter((b) => !b.startsWith(`${HOLDING_MAP}:`))).toEqual([
      'Main Map: image="Field.png" name="Field" reversible="false"',
      'Main Map: image="Spare.png" name="Spare" reversible="false"',
      'Rail, Port: image="Rail.png" name="Rail, Port" reversible="false"',
      'Charts: image="Tracks.png" name="Tracks" reversible="false"',
    ]);
    // The chart window's map is again a WidgetMap in a tab of that window, not a window of its own.
    const inWindow =
      /<VASSAL\.build\.module\.ChartWindow [^>]*name="Charts window"[^>]*>\s*<VASSAL\.build\.widget\.TabWidget [^>]*>\s*<VASSAL\.build\.widget\.MapWidget entryName="Rail">\s*<VASSAL\.build\.widget\.WidgetMap [^>]*mapName="Rail, Port"/;
    expect(buildFile).toMatch(inWindow);
    expect(buildFile).not.toMatch(/<VASSAL\.build\.module\.Map [^>]*mapName="Rail, Port"/);
    // A new game starts with Field alone, as in the module.
    expect([...buildFile.matchAll(/<setup>([^<]*)<\/setup>/g)].map((m) => m[1])).toEqual(['Main MapBoardPicker\tField\t0\t0']);
    for (const name of ['Spare.png', 'Rail.png', 'Tracks.png'])
      expect(Buffer.from(built.get(`images/${name}`)!).equals(Buffer.from(PICTURES[name]))).toBe(true);
    // No setup puts a piece in a box: the built module has no holding boxes' window either.
    expect(jsonOf(first, 'map.json').boxes).toBeUndefined();
    expect(boards.some((b) => b.startsWith(`${HOLDING_MAP}:`))).toBe(false);
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

it('a game map without a board reads back without one after a build gives it a board', async () => {
  const bare = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Bare" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker/></VASSAL.build.module.Map>
  ${PALETTE}
</VASSAL.build.GameModule>`;
  const first = await importModuleOf('bare', bare, {});
  expect(jsonOf(first, 'map.json').boards).toBeUndefined();
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'bare');
    expect(builtBoards(new TextDecoder().decode(built.get('buildFile.xml')))).toContainEqual(
      expect.stringMatching(/^Main Map: .*name="Map"/),
    );
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

it("map.json reads back as the same text: the game grid's attributes in the order the built module writes them", async () => {
  const first = await importModuleOf('spare', BUILD_FILE, PICTURES);
  const kept = jsonOf(first, 'map.json').vassal;
  // The module writes HexGridNumbering's attributes unsorted (first, sep, hType, …); map.json sorts them.
  expect(Object.keys(kept.hexGridNumbering)).toEqual([...Object.keys(kept.hexGridNumbering)].sort());
  await withTempDir(async (dir) => {
    const { second } = await rebuilt(dir, first, 'spare');
    expect(second.files.get('map.json')).toBe(first.files.get('map.json'));
  });
}, 120_000);

it('the grid and zones of a board no setup uses are kept as the module had them, built back, and read back the same', async () => {
  expect(WITH_TRACK_GRID).not.toBe(BUILD_FILE);
  const first = await importModuleOf('spare', WITH_TRACK_GRID, PICTURES);
  const tracks = jsonOf(first, 'map.json').boards.find((b: { name: string }) => b.name === 'Tracks');
  const Z = 'VASSAL.build.module.map.boardPicker.board';
  // Each element's attributes as the buildFile states them, sorted by name.
  expect(tracks.grid).toEqual({
    class: `${Z}.ZonedGrid`,
    children: [
      {
        class: `${Z}.mapgrid.Zone`,
        attributes: { locationFormat: 'Turn $gridLocation$', name: 'Turns', path: '0,0;300,0;300,60;0,60', useParentGrid: 'false' },
        children: [
          {
            class: `${Z}.SquareGrid`,
            attributes: { dx: '60.0', dy: '60.0', visible: 'false', x0: '30', y0: '30' },
            children: [
              {
                class: `${Z}.mapgrid.SquareGridNumbering`,
                attributes: {
                  first: 'H',
                  hDescend: 'false',
                  hLeading: '0',
                  hOff: '1',
                  hType: 'N',
                  locationFormat: '$gridLocation$',
                  sep: '',
                  vDescend: 'false',
                  vLeading: '0',
                  vOff: '1',
                  vType: 'N',
                  visible: 'false',
                },
              },
            ],
          },
        ],
      },
      {
        class: `${Z}.mapgrid.Zone`,
        attributes: { locationFormat: '$name$', name: 'Rail', path: '0,60;500,60;500,120;0,120', useParentGrid: 'false' },
      },
    ],
  });
  // The game board's grid is the data's hexes, not kept so.
  expect(jsonOf(first, 'map.json').boards[0].grid).toBeUndefined();
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'spare');
    const buildFile = new TextDecoder().decode(built.get('buildFile.xml'));
    const board =
      /<VASSAL\.build\.module\.map\.boardPicker\.Board [^>]*name="Tracks"[^>]*>([\s\S]*?)<\/VASSAL\.build\.module\.map\.boardPicker\.Board>/.exec(
        buildFile,
      );
    expect(board?.[1]).toContain(`<${Z}.mapgrid.Zone locationFormat="Turn $gridLocation$" name="Turns"`);
    expect(board?.[1]).toContain(`<${Z}.mapgrid.Zone locationFormat="$name$" name="Rail"`);
    expect(second.files.get('map.json')).toBe(first.files.get('map.json'));
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

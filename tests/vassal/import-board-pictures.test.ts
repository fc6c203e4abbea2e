/**
 * Board pictures other than the game map's picture: the board of a second map ("Europe"), and the
 * game map's own board when the map has no hex grid (its picture is then no map.json `image`).
 * VASSAL draws each board from its `image` and takes the board's size from it. The import names
 * each picture in map.json `boards[].image` (the module's file, kept under vassal/module/images/);
 * the built module shows each board with that picture, the same bytes under the same name, so its
 * import reads the same boards again. A picture the game folder cannot take as art (an SVG board,
 * which VASSAL shows) is not named: the folder must validate.
 */
import { expect, it } from 'vitest';
import { loadGame } from '../../src/cli/load-game';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { withTempDir } from './import-fixtures';
import { dataFiles, greyPicture, importEntries, jsonOf, rebuilt, sideSlot } from './rebuild-kit';

const B = 'VASSAL.build.module.map.boardPicker';

const stack = (name: string, board: string, x: number, y: number, gpid: number, side: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="${board}" useGridLocation="false" x="${x}" y="${y}">${sideSlot(name, gpid, side)}</VASSAL.build.module.map.SetupStack>`;
const map = (name: string, board: string, image: string, stacks: string) =>
  `<VASSAL.build.module.Map mapName="${name}" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="${board}" image="${image}"/></VASSAL.build.module.map.BoardPicker>${stacks}</VASSAL.build.module.Map>`;

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Pictures" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  ${map('Main Map', 'Table', 'Table.png', stack('Red 1', 'Table', 50, 60, 11, 'Red'))}
  ${map('Europe', 'West', 'maps/West.png', stack('Blue 1', 'West', 150, 160, 12, 'Blue'))}
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${sideSlot('Red 1', 1, 'Red')}${sideSlot('Blue 1', 2, 'Blue')}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

const TABLE = greyPicture(300, 200, 90);
const WEST = greyPicture(500, 400, 180);

/** The module with West's picture under `westPath` (the buildFile naming it there), imported. */
async function importWithWest(westPath: string, west: Uint8Array | string) {
  const entries = [
    { path: 'buildFile.xml', data: BUILD_FILE.replace('maps/West.png', westPath) },
    { path: 'images/Table.png', data: TABLE },
    { path: `images/${westPath}`, data: west },
  ];
  const zip = await writeZip(entries, 1767225600);
  return importEntries((await readZip(zip, { file: 'pictures.vmod', limits: readLimits() })).entries, 'pictures');
}

it('the pictures of boards other than the map picture are kept, built, and read back the same', async () => {
  const first = await importWithWest('maps/West.png', WEST);
  expect(jsonOf(first, 'map.json').boards).toEqual([
    { name: 'Table', map: 'Main Map', image: 'vassal/module/images/Table.png', width: 300, height: 200 },
    { name: 'West', map: 'Europe', image: 'vassal/module/images/maps/West.png', width: 500, height: 400 },
  ]);
  await withTempDir(async (dir) => {
    const { built, second } = await rebuilt(dir, first, 'pictures');
    const buildFile = new TextDecoder().decode(built.get('buildFile.xml'));
    expect(buildFile).toMatch(/<VASSAL\.build\.module\.map\.boardPicker\.Board image="Table\.png" name="Table"/);
    expect(buildFile).toMatch(/<VASSAL\.build\.module\.map\.boardPicker\.Board image="maps\/West\.png" name="West"/);
    expect(Buffer.from(built.get('images/Table.png')!).equals(Buffer.from(TABLE))).toBe(true);
    expect(Buffer.from(built.get('images/maps/West.png')!).equals(Buffer.from(WEST))).toBe(true);
    expect(dataFiles(second)).toEqual(dataFiles(first));
  });
}, 120_000);

it('a board picture a game folder cannot take as art (SVG) is not named, and the folder validates', async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300"/></svg>';
  const first = await importWithWest('West.svg', svg);
  expect(jsonOf(first, 'map.json').boards.map((b: { name: string; image?: string }) => [b.name, b.image])).toEqual([
    ['Table', 'vassal/module/images/Table.png'],
    ['West', undefined],
  ]);
  await withTempDir(async (dir) => {
    await writeGameFolder(`${dir}/game`, first.files);
    const { diagnostics } = await loadGame(`${dir}/game`);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
}, 120_000);

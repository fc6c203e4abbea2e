/**
 * A position VASSAL holds off every board (a stack past its board's edge, a saved piece beyond the
 * boards of its map) is kept in the map's box in words, `where` "pixel (x, y)": VASSAL names no
 * location there and the data keeps no board pixel off a board. The module built from the data
 * places the pieces at that pixel again (an at-start stack owned by the board at that pixel, a
 * saved piece at the board's origin plus it), so that its import reads the same data.
 */
import { describe, expect, it } from 'vitest';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { COMMAND_SEPARATOR } from '../../src/vassal/reader/saved-game';
import { dataFiles, greyPicture, jsonOf, rebuilt, sideSlot, sideSlotText } from './rebuild-kit';
import { importBuildFile, oneMapBuildFile } from './synthetic-module';
import { withTempDir } from './import-fixtures';

const B = 'VASSAL.build.module.map.boardPicker';
const HEX_BOARD = `<${B}.Board name="Hexes" image="hexes.png" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board>`;
const stack = (board: string, x: number, y: number, unit: string, gpid: number) =>
  `<VASSAL.build.module.map.SetupStack name="" owningBoard="${board}" useGridLocation="false" x="${x}" y="${y}">${sideSlot(unit, gpid, 'Red')}</VASSAL.build.module.map.SetupStack>`;
/** A second map, "Reserve", of one 200 × 200 board "Pool" (its picture held), holding `stacks`. */
const RESERVE = (stacks: string) =>
  `<VASSAL.build.module.Map mapName="Reserve" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><${B}.Board name="Pool" image="pool.png" width="200" height="200"/></VASSAL.build.module.map.BoardPicker>${stacks}</VASSAL.build.module.Map>`;

function buildFile(reserveStacks: string, save: boolean): string {
  const xml = oneMapBuildFile({
    name: 'Off the boards',
    sides: ['Red'],
    palette: sideSlot('Red 1', 1, 'Red') + sideSlot('Red 2', 2, 'Red'),
    board: HEX_BOARD,
    stacks: save ? '' : stack('Hexes', 40, 40, 'Red 2', 11),
  });
  const setup = save ? '<VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>' : '';
  return xml.replace('</VASSAL.build.GameModule>', `${RESERVE(reserveStacks)}${setup}</VASSAL.build.GameModule>`);
}

const pictures = [
  { path: 'images/hexes.png', data: greyPicture(400, 300, 200) },
  { path: 'images/pool.png', data: greyPicture(200, 200, 120) },
];

/** A saved game placing "Red 2" in hex 0101 of the main map and "Red 1" at map pixel (x, y) of the Reserve map. */
async function openingSave(x: number, y: number): Promise<{ path: string; data: Uint8Array }> {
  const piece = (id: number, unit: string, gpid: number, map: string, px: number, py: number) =>
    `+/${id}/${sideSlotText(unit, gpid, 'Red').slice('+/null/'.length).replace('null;0;0;', `${map};${px};${py};`)}`;
  const commands = ['begin_save', '', piece(1000, 'Red 2', 2, 'Main Map', 40, 40), piece(1001, 'Red 1', 1, 'Reserve', x, y), 'end_save'];
  const identity = { name: 'Off the boards', version: '1', description: '', dateSaved: 0 };
  return { path: 'opening.vsav', data: await savedGameArchive(commands.join(COMMAND_SEPARATOR), identity, 'Opening', 0) };
}

describe('a position off every board', () => {
  for (const [x, y, words] of [
    [250, 50, 'pixel (250, 50)'],
    [-5, 60, 'pixel (-5, 60)'],
  ] as const) {
    it(`of an at-start stack at (${x}, ${y}) of a 200 × 200 board is kept in words and placed there again by the built module`, async () => {
      const first = await importBuildFile(buildFile(stack('Pool', x, y, 'Red 1', 10), false), pictures);
      const placed = jsonOf(first, 'scenarios.json').scenarios[0].setup;
      expect(placed).toContainEqual({ units: ['red-1'], box: 'reserve', where: words });
      await withTempDir(async (dir) => {
        const { built, second } = await rebuilt(dir, first, 'synthetic');
        // VASSAL's SetupStack: owned by the board, at that board pixel (its origin is the map's corner).
        const xml = new TextDecoder().decode(built.get('buildFile.xml'));
        expect(xml).toMatch(new RegExp(`<VASSAL\\.build\\.module\\.map\\.SetupStack [^>]*owningBoard="Pool"[^>]*x="${x}" y="${y}"`));
        expect(dataFiles(second)).toEqual(dataFiles(first));
      });
    }, 60_000);
  }

  it('of a saved piece beyond the boards of its map is kept in words and saved there again by the built module', async () => {
    const first = await importBuildFile(buildFile('', true), [...pictures, await openingSave(260, 30)]);
    expect(jsonOf(first, 'scenarios.json').scenarios[0].setup).toContainEqual({
      units: ['red-1'],
      box: 'reserve',
      where: 'pixel (260, 30)',
    });
    await withTempDir(async (dir) => {
      const { second } = await rebuilt(dir, first, 'synthetic');
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 60_000);
});

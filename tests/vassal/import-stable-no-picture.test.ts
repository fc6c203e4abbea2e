/**
 * A module whose board picture is missing (Kassala's buildFile, moduledata and save, no images/):
 * its board has neither picture nor size, so a module built from the data draws nothing there and
 * the author's grid is the one to follow. The import keeps it (map.json `vassal`), the built module
 * writes it again with the stacks and saved pieces at the original's pixels, and the import of that
 * module reads the same data. A board that states its size but lacks its picture is drawn from the
 * data instead, on a regular grid of its own: the import keeps no grid there. Shared tier.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { readSavedGame } from '../../src/vassal/reader/saved-game';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { describeShared } from '../shared-dir';
import { KASSALA, fixture, withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';

const V = 'VASSAL.build.module.map.';
const HEX_GRID = `${V}boardPicker.board.HexGrid`;
const SAVE = 'Default Setup.vsav';
const limits = readLimits();

/** Kassala without its images: the board names Mapboard.png, which the module no longer holds. */
async function withoutPictures(buildFile?: (xml: string) => string): Promise<Map<string, Uint8Array>> {
  const read = async (name: string) => new Uint8Array(await readFile(`${fixture(KASSALA)}/${name}`));
  const xml = new TextDecoder().decode(await read('buildFile.xml'));
  return new Map([
    ['buildFile.xml', new TextEncoder().encode(buildFile ? buildFile(xml) : xml)],
    ['moduledata', await read('moduledata')],
    [SAVE, await read(SAVE)],
  ]);
}

const named = (root: XmlElement, name: string) => [...walkElements(root)].filter((e) => e.name === name);
const rootOf = (entries: Map<string, Uint8Array>) => parseXml(new TextDecoder().decode(entries.get('buildFile.xml')));
const stackPixels = (root: XmlElement) =>
  named(root, `${V}SetupStack`).map((s) => [attribute(s, 'name'), attribute(s, 'x'), attribute(s, 'y')]);
const savedPixels = async (bytes: Uint8Array) =>
  (await readSavedGame(bytes, { file: SAVE, limits })).pieces
    .filter((p) => p.mapId !== 'null')
    .map((p) => `${p.x},${p.y}`)
    .sort();

describeShared('a hex board whose picture the module lacks', () => {
  it("of no size: the author's grid is kept, built again with the original's pixels, and imported back the same", async () => {
    const original = await withoutPictures();
    const originalRoot = rootOf(original);
    const board = named(originalRoot, `${V}boardPicker.Board`);
    expect(board.map((b) => [attribute(b, 'image'), attribute(b, 'width'), attribute(b, 'height')])).toEqual([
      ['Mapboard.png', undefined, undefined],
    ]);
    const first = await importEntries(original, 'kassala');
    const map = jsonOf(first, 'map.json');
    expect(map.image).toBeUndefined();
    expect(map.unstated['/extent']).toBeDefined();
    // The grid as the module writes it: the author's 227.9 px columns (regular hexes 265.9 px across are 230.28 apart).
    const grid = named(originalRoot, HEX_GRID)[0];
    expect(map.vassal.hexGrid).toEqual(Object.fromEntries(grid.attributes));
    expect(Number(map.vassal.hexGrid.dx)).toBeCloseTo(227.9, 6);

    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'kassala');
      const builtRoot = rootOf(built);
      expect(named(builtRoot, HEX_GRID).map((g) => Object.fromEntries(g.attributes))).toEqual([Object.fromEntries(grid.attributes)]);
      expect(stackPixels(originalRoot)).toHaveLength(21);
      expect(stackPixels(builtRoot)).toEqual(stackPixels(originalRoot));
      const originalSave = await savedPixels(original.get(SAVE)!);
      expect(originalSave).toHaveLength(23);
      expect(await savedPixels(built.get(SAVE)!)).toEqual(originalSave);
      expect(dataFiles(second)).toEqual(dataFiles(first));
      expect((await readModule(built, { source: 'built', limits })).module).toBeDefined();
    });
  }, 120_000);

  it('of a stated size: the built module draws the map from the data, on a regular grid, and no grid is kept', async () => {
    const sized = await withoutPictures((xml) =>
      xml.replace('image="Mapboard.png" name="Kassala"', 'image="Mapboard.png" width="2048" height="2593" name="Kassala"'),
    );
    expect(named(rootOf(sized), `${V}boardPicker.Board`).map((b) => attribute(b, 'width'))).toEqual(['2048']);
    const first = await importEntries(sized, 'kassala');
    expect(jsonOf(first, 'map.json').vassal).toBeUndefined();
    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'kassala');
      // Regular hexes 265.9 px across the flats: dx is three quarters of their corner-to-corner width.
      const dx = Number(attribute(named(rootOf(built), HEX_GRID)[0], 'dx'));
      expect(dx).toBeCloseTo((265.8999999999995 * Math.sqrt(3)) / 2, 6);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 120_000);
});

/**
 * A hex grid inside a ZonedGrid (./zoned-hex-grid-kit.ts): map.json `vassal` keeps the grid as the
 * module writes it and the ZonedGrid's zones, also those where nothing stands (a turn track, a
 * reserve box); the module built from the data writes the same grid in the same place (background,
 * or the zone's own) with every zone, and its import reads the same data back.
 */
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { attribute, walkElements, type XmlElement } from '../../src/vassal/xml-tree';
import { withTempDir } from './import-fixtures';
import { dataFiles, importEntries, jsonOf, rebuilt } from './rebuild-kit';
import { GRID_PLACES, HEX_GRID, HEX_NUMBERING, HEX_ZONE, SIDE_ZONES, zonedHexEntries } from './zoned-hex-grid-kit';

const B = 'VASSAL.build.module.map.boardPicker';
const sorted = (a: Record<string, string>) => Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1)));
const attributesOf = (e: XmlElement) => Object.fromEntries(e.attributes);

/** The zones of the game board's ZonedGrid, each with its path and whether the hex grid is its own. */
function builtZones(root: XmlElement) {
  const board = [...walkElements(root)].find((e) => e.name === `${B}.Board` && attribute(e, 'name') === 'Field')!;
  const zoned = board.children.find((c) => c.name === `${B}.board.ZonedGrid`)!;
  const zones = zoned.children.filter((c) => c.name === `${B}.board.mapgrid.Zone`);
  const hexGrid = [...walkElements(zoned)].find((e) => e.name === `${B}.board.HexGrid`)!;
  const host = zones.find((z) => z.children.includes(hexGrid));
  return {
    zones: zones.map((z) => ({ name: attribute(z, 'name'), path: attribute(z, 'path') })),
    hexGrid: attributesOf(hexGrid),
    numbering: attributesOf(hexGrid.children[0]),
    gridIn: host ? attribute(host, 'name') : zoned.children.includes(hexGrid) ? 'background' : 'elsewhere',
  };
}

describe.each(GRID_PLACES)('a hex grid as the %s grid of a ZonedGrid', (place) => {
  const zones = place === 'zone' ? [HEX_ZONE, ...SIDE_ZONES] : SIDE_ZONES;

  it('is kept with every zone of the board, built again in its place, and read back alike', async () => {
    const first = await importEntries(zonedHexEntries(place), 'zoned');
    const kept = jsonOf(first, 'map.json').vassal;
    expect(kept.hexGrid).toEqual(sorted(HEX_GRID));
    expect(kept.hexGridNumbering).toEqual(sorted(HEX_NUMBERING));
    expect(kept.gridZone).toEqual(place === 'zone' ? HEX_ZONE.name : undefined);
    const keptZones = (kept.zonedGrid.children as Array<{ attributes?: Record<string, string> }>).map((z) => z.attributes);
    expect(keptZones.map((z) => ({ name: z?.name, path: z?.path }))).toEqual(zones);
    // Nothing stands in "Turn 2" or "Reserve": the data's boxes know only "Turn 1".
    expect(jsonOf(first, 'map.json').boxes.map((b: { name: string }) => b.name)).toEqual(['Turn 1']);

    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'zoned');
      const board = builtZones(parseXml(new TextDecoder().decode(built.get('buildFile.xml'))));
      expect(board.hexGrid).toEqual(HEX_GRID);
      expect(board.numbering).toEqual(HEX_NUMBERING);
      expect(board.gridIn).toBe(place === 'zone' ? HEX_ZONE.name : 'background');
      expect(board.zones).toEqual(zones);
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  });
});

it('a zone the data moves takes its new corners; one the data adds comes after the module’s', async () => {
  const first = await importEntries(zonedHexEntries('background'), 'zoned');
  const map = jsonOf(first, 'map.json');
  const field = map.boards.find((b: { name: string }) => b.name === 'Field');
  field.zones = [
    {
      ...field.zones[0],
      polygon: [
        [505, 10],
        [590, 10],
        [590, 95],
        [505, 95],
      ],
    },
    {
      name: 'Aid Station',
      box: field.zones[0].box,
      polygon: [
        [10, 380],
        [40, 380],
        [40, 395],
        [10, 395],
      ],
    },
  ];
  first.files.set('map.json', JSON.stringify(map));
  await withTempDir(async (dir) => {
    const { built } = await rebuilt(dir, first, 'zoned');
    const board = builtZones(parseXml(new TextDecoder().decode(built.get('buildFile.xml'))));
    expect(board.zones).toEqual([
      { name: 'Turn 1', path: '505,10;590,10;590,95;505,95' },
      ...SIDE_ZONES.slice(1),
      { name: 'Aid Station', path: '10,380;40,380;40,395;10,395' },
    ]);
  });
});

it('on a board of unknown size that shows no picture, a kept grid and its zones are written as the module has them', async () => {
  const withPicture = await importEntries(zonedHexEntries('background'), 'zoned');
  const entries = zonedHexEntries('background');
  entries.delete('images/field.png');
  const first = await importEntries(entries, 'zoned');
  const map = jsonOf(first, 'map.json');
  expect(map.image).toBeUndefined();
  expect(map.unstated['/extent']).toBeDefined();
  map.vassal = jsonOf(withPicture, 'map.json').vassal;
  first.files.set('map.json', JSON.stringify(map));
  await withTempDir(async (dir) => {
    const { built } = await rebuilt(dir, first, 'zoned');
    const board = builtZones(parseXml(new TextDecoder().decode(built.get('buildFile.xml'))));
    expect(board.hexGrid).toEqual(HEX_GRID);
    expect(board.numbering).toEqual(HEX_NUMBERING);
    expect(board.zones).toEqual(SIDE_ZONES);
  });
});

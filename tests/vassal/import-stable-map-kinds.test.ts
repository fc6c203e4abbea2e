/**
 * import(build(import(M))) == import(M) on kinds of module the public fixtures lack: no map at all
 * (a piece palette alone), an area map of zones, a square grid, a zoned grid of several zones
 * round a hex grid, a map of two boards, a deck, a second piece window, a private window. Each
 * first import validates, and the import of the module built from it gives the same data files.
 *
 * A module without a map: its import states no map name, numbering, extent or picture, so the
 * built module has no map window either (an empty "Main Map" would be the next import's game map
 * and give map.json a name), and no holding boxes' window, having no boxes.
 */
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import { parseXml } from '../../src/vassal/module/xml-reader';
import { attribute, walkElements } from '../../src/vassal/xml-tree';
import { withTempDir } from './import-fixtures';
import { dataFiles, greyPicture, importEntries, jsonOf, rebuilt } from './rebuild-kit';

const P = 'VASSAL.build.';
const B = `${P}module.map.boardPicker`;
const G = `${B}.board`;

const slot = (name: string, gpid: number, side?: string, kind = 'PieceSlot') =>
  `<${P}widget.${kind} entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/${side ? 'mark;Side\t' : ''}piece;;;;${name}/${side ? `${side}\t` : ''}null;0;0;${gpid};0</${P}widget.${kind}>`;

/** An at-start stack of one unit, by location name or board pixel. */
function stack(unit: string, side: string, gpid: number, where: { name: string } | { x: number; y: number }, board = ''): string {
  const at =
    'name' in where
      ? `useGridLocation="true" location="${where.name}" x="0" y="0"`
      : `useGridLocation="false" x="${where.x}" y="${where.y}"`;
  return `<${P}module.map.SetupStack name="${unit}" owningBoard="${board}" ${at}>${slot(unit, gpid + 50, side)}</${P}module.map.SetupStack>`;
}

const PALETTE = `<${P}module.PieceWindow name="Pieces">
  <${P}widget.ListWidget entryName="Red">${slot('Red 1', 1, 'Red')}${slot('Red 2', 2, 'Red')}</${P}widget.ListWidget>
  <${P}widget.ListWidget entryName="Blue">${slot('Blue 1', 3, 'Blue')}${slot('Blue 2', 4, 'Blue')}</${P}widget.ListWidget>
</${P}module.PieceWindow>`;

const buildFile = (name: string, components: string) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<${P}GameModule name="${name}" version="1" VassalVersion="3.7.0" nextPieceSlotId="100"><${P}module.BasicCommandEncoder/>
  <${P}module.PlayerRoster><entry>Red</entry><entry>Blue</entry></${P}module.PlayerRoster>
  ${components}
  ${PALETTE}
</${P}GameModule>`;

const map = (boards: string, stacks: string, element = 'Map', extra = '') =>
  `<${P}module.${element} mapName="${element === 'Map' ? 'Main Map' : 'Blue Board'}" edgeWidth="0" edgeHeight="0" ${extra}><${P}module.map.BoardPicker>${boards}</${P}module.map.BoardPicker>${stacks}</${P}module.${element}>`;
const HEX = `<${G}.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${G}.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${G}.HexGrid>`;
const zone = (name: string, path: string, inner = '', format = '$name$') =>
  `<${G}.mapgrid.Zone name="${name}" locationFormat="${format}" path="${path}" useParentGrid="false">${inner}</${G}.mapgrid.Zone>`;

interface Kind {
  components: string;
  pictures: Record<string, [number, number]>;
}

const KINDS: Record<string, Kind> = {
  'an area map of zones': {
    components: map(
      `<${B}.Board name="France" image="France.png"><${G}.ZonedGrid>${zone('Paris', '0,0;200,0;200,200;0,200')}${zone('Lyon', '200,0;400,0;400,200;200,200')}</${G}.ZonedGrid></${B}.Board>`,
      stack('Red 1', 'Red', 1, { name: 'Paris' }) +
        stack('Blue 1', 'Blue', 3, { x: 300, y: 100 }) +
        stack('Blue 2', 'Blue', 4, { x: 300, y: 250 }),
    ),
    pictures: { 'France.png': [400, 300] },
  },
  'a square grid': {
    components: map(
      `<${B}.Board name="Chess" image="Chess.png"><${G}.SquareGrid dx="50.0" dy="50.0" x0="25" y0="25"><${G}.mapgrid.SquareGridNumbering first="H" sep="" hType="A" vType="N" hLeading="0" vLeading="0" hOff="0" vOff="1"/></${G}.SquareGrid></${B}.Board>`,
      stack('Red 1', 'Red', 1, { name: 'C3' }) +
        stack('Blue 1', 'Blue', 3, { x: 130, y: 80 }) +
        stack('Blue 2', 'Blue', 4, { x: 137, y: 91 }),
    ),
    pictures: { 'Chess.png': [400, 400] },
  },
  'a zoned grid of several zones round a hex grid': {
    components: map(
      `<${B}.Board name="Field" image="Field.png"><${G}.ZonedGrid>${zone('Hexes', '0,0;500,0;500,400;0,400', HEX)}${zone('Turn', '500,0;700,0;700,100;500,100', '', 'Turn $name$')}${zone('Reserve', '500,100;700,100;700,400;500,400')}</${G}.ZonedGrid></${B}.Board>`,
      stack('Red 1', 'Red', 1, { name: '0203' }) +
        stack('Red 2', 'Red', 2, { x: 600, y: 50 }) +
        stack('Blue 1', 'Blue', 3, { name: 'Reserve' }) +
        stack('Blue 2', 'Blue', 4, { x: 96, y: 200 }),
    ),
    pictures: { 'Field.png': [700, 400] },
  },
  'a map of two boards': {
    components: map(
      `<setup>Main MapBoardPicker\tNorth\t0\t0\tSouth\t0\t1</setup><${B}.Board name="North" image="North.png">${HEX}</${B}.Board><${B}.Board name="South" image="South.png">${HEX}</${B}.Board>`,
      stack('Red 1', 'Red', 1, { name: '0101' }, 'North') +
        stack('Blue 1', 'Blue', 3, { name: '0203' }, 'South') +
        stack('Blue 2', 'Blue', 4, { x: 96, y: 72 }, 'South'),
    ),
    pictures: { 'North.png': [400, 300], 'South.png': [400, 300] },
  },
  'a deck': {
    components: map(
      `<${B}.Board name="Table" image="Table.png"/>`,
      stack('Red 1', 'Red', 1, { x: 50, y: 60 }) +
        `<${P}module.map.DrawPile name="Event Deck" owningBoard="Table" x="300" y="200" faceDown="Always" draw="true" width="70" height="130">${slot('Ambush', 21, undefined, 'CardSlot')}${slot('Blue 1', 22, 'Blue', 'CardSlot')}${slot('Rain', 23, undefined, 'CardSlot')}</${P}module.map.DrawPile>`,
    ),
    pictures: { 'Table.png': [600, 400] },
  },
  'a second piece window': {
    components:
      map(`<${B}.Board name="Field" image="Field.png">${HEX}</${B}.Board>`, stack('Red 1', 'Red', 1, { name: '0203' })) +
      `<${P}module.PieceWindow name="Markers"><${P}widget.ListWidget entryName="Markers">${slot('Control', 7)}${slot('Turn', 8)}</${P}widget.ListWidget></${P}module.PieceWindow>`,
    pictures: { 'Field.png': [400, 300] },
  },
  'a private window': {
    components:
      map(`<${B}.Board name="Field" image="Field.png">${HEX}</${B}.Board>`, stack('Red 1', 'Red', 1, { name: '0203' })) +
      map(
        `<${B}.Board name="BlueBoard" image="BlueBoard.png"/>`,
        stack('Blue 1', 'Blue', 3, { x: 80, y: 60 }, 'BlueBoard'),
        'PrivateMap',
        'side="Blue" visible="true"',
      ),
    pictures: { 'Field.png': [400, 300], 'BlueBoard.png': [200, 150] },
  },
  // No hex grid anywhere, the player's private window first in the file: the table is the game map,
  // and the private window stays a window of its side (it was rebuilt as a public map).
  'a private window before a table of zones, without a hex grid': {
    components:
      map(
        `<${B}.Board name="BlueBoard" image="BlueBoard.png"/>`,
        stack('Blue 1', 'Blue', 3, { x: 80, y: 60 }, 'BlueBoard'),
        'PrivateMap',
        'side="Blue"',
      ) +
      map(
        `<${B}.Board name="Table" image="Table.png"><${G}.ZonedGrid>${zone('Field', '0,0;300,0;300,300;0,300')}</${G}.ZonedGrid></${B}.Board>`,
        stack('Red 1', 'Red', 1, { x: 100, y: 100 }) + stack('Red 2', 'Red', 2, { x: 350, y: 100 }),
      ),
    pictures: { 'BlueBoard.png': [200, 150], 'Table.png': [400, 300] },
  },
  // A window whose map name holds a slash ("Land/Naval Units", as Tanto Monta's): VASSAL's BoardPicker
  // command only begins with the map's name, and splits a board entry on '/' ("name/rev"), so a slash
  // is barred from board names alone. Its plain board (colour and size, a square grid) was left out
  // of the built module, and the second import lost the board and the window's toolbar entries.
  'a second window whose map name holds a slash': {
    components:
      map(`<${B}.Board name="Field" image="Field.png">${HEX}</${B}.Board>`, stack('Red 1', 'Red', 1, { name: '0203' })) +
      `<${P}module.Map mapName="Land/Naval Units" edgeWidth="0" edgeHeight="0" launch="true" tooltip="Forces"><${P}module.map.BoardPicker><setup>Land/Naval UnitsBoardPicker\tForces\t0\t0</setup><${B}.Board name="Forces" color="255,153,153" width="700" height="500"><${G}.SquareGrid dx="100.0" dy="100.0" x0="25" y0="50"/></${B}.Board></${P}module.map.BoardPicker>${stack('Blue 1', 'Blue', 3, { x: 130, y: 160 }, 'Forces')}</${P}module.Map>`,
    pictures: { 'Field.png': [400, 300] },
  },
};

const entriesOf = (xml: string, pictures: Kind['pictures'] = {}) =>
  new Map<string, Uint8Array>([
    ['buildFile.xml', new TextEncoder().encode(xml)],
    ...Object.entries(pictures).map(([file, [w, h]]): [string, Uint8Array] => [`images/${file}`, greyPicture(w, h, 180)]),
  ]);

const errors = (files: Map<string, string | Uint8Array>) => validateGameFiles('kinds', files).filter((d) => d.severity === 'error');

/** The maps a buildFile holds, by name. */
const mapNames = (built: Map<string, Uint8Array>) =>
  [...walkElements(parseXml(new TextDecoder().decode(built.get('buildFile.xml')!)))]
    .filter((e) => e.name === `${P}module.Map`)
    .map((e) => attribute(e, 'mapName'));

describe('import(build(import(M))) == import(M) on kinds of module the fixtures lack', () => {
  it('a module without a map (a piece palette alone) is built without one and reads back the same', async () => {
    const first = await importEntries(entriesOf(buildFile('No map', '')), 'kinds');
    expect(errors(first.files)).toEqual([]);
    expect(jsonOf(first, 'map.json').name).toBeUndefined();
    await withTempDir(async (dir) => {
      const { built, second } = await rebuilt(dir, first, 'kinds');
      // As the original: no map window, and no holding boxes (the data has none).
      expect(mapNames(built)).toEqual([]);
      expect(jsonOf(first, 'map.json').boxes).toBeUndefined();
      expect(dataFiles(second)).toEqual(dataFiles(first));
    });
  }, 60_000);

  it("a stack just past its board, kept in its map's box without a pixel, reads back in that box", async () => {
    // Blue 2 stands at x = the board's width, off the board (VASSAL's Board.bounds() holds x < width):
    // the data keeps it in the window's box, with the pixel in words. The built module puts it in
    // the holding boxes' zone of that box's name, which is the same box of the data, not a second one.
    const components = map(
      `<${B}.Board name="BlueBoard" image="BlueBoard.png"/>`,
      stack('Blue 1', 'Blue', 3, { x: 80, y: 60 }, 'BlueBoard') + stack('Blue 2', 'Blue', 4, { x: 200, y: 60 }, 'BlueBoard'),
      'PrivateMap',
      'side="Blue"',
    );
    const first = await importEntries(entriesOf(buildFile('Past the edge', components), { 'BlueBoard.png': [200, 150] }), 'kinds');
    expect(errors(first.files)).toEqual([]);
    const boxOf = (r: typeof first) =>
      Object.fromEntries(jsonOf(r, 'scenarios.json').scenarios[0].setup.map((p: { units: string[]; box: string }) => [p.units[0], p.box]));
    expect(boxOf(first)).toEqual({ 'blue-1': 'blue-board', 'blue-2': 'blue-board' });
    await withTempDir(async (dir) => {
      const { second } = await rebuilt(dir, first, 'kinds');
      expect(jsonOf(second, 'map.json').boxes).toEqual(jsonOf(first, 'map.json').boxes);
      expect(boxOf(second)).toEqual(boxOf(first));
    });
  }, 60_000);

  it.each(Object.keys(KINDS))(
    '%s',
    async (kind) => {
      const { components, pictures } = KINDS[kind];
      const first = await importEntries(entriesOf(buildFile(kind, components), pictures), 'kinds');
      expect(errors(first.files)).toEqual([]);
      await withTempDir(async (dir) => {
        const { second } = await rebuilt(dir, first, 'kinds');
        expect(dataFiles(second)).toEqual(dataFiles(first));
      });
    },
    60_000,
  );
});

/**
 * Imports always validate, whatever the map: small modules of each map kind VASSAL has (hex grids
 * with and without numbering, descending numbering, several boards, a board of unknown size, zones,
 * regions, square grids, a map with no grid) are written with the repo's own zip writer, read back,
 * imported and validated; every setup placement is kept, in the hex or under the location name
 * VASSAL gives it (reference §4.3, §5.1; VASSAL's Zone, Region and SquareGrid name their locations).
 */
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { importBuildFile } from './synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const SLOT = (name: string, gpid: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">+/null/piece;;;;${name}/null;0;0;${gpid};0</VASSAL.build.widget.PieceSlot>`;

/** A module with sides Red and Blue, two units per side in the palette, the given boards and at-start stacks. */
function buildFile(boards: string, stacks: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Kinds" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0">
    <VASSAL.build.module.map.BoardPicker>${boards}</VASSAL.build.module.map.BoardPicker>
    ${stacks}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}${SLOT('Red 2', 2)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 3)}${SLOT('Blue 2', 4)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;
}

/** An at-start stack of one unit, by grid location name or by board pixel. */
function stack(unit: string, gpid: number, where: { name: string } | { x: number; y: number }, board = ''): string {
  const at =
    'name' in where
      ? `useGridLocation="true" location="${where.name}" x="0" y="0"`
      : `useGridLocation="false" x="${where.x}" y="${where.y}"`;
  return `<VASSAL.build.module.map.SetupStack name="${unit}" owningBoard="${board}" ${at}>${SLOT(unit, gpid + 10)}</VASSAL.build.module.map.SetupStack>`;
}

const HEX = (numbering: string) =>
  `<${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true">${numbering}</${B}.board.HexGrid>`;
const NUMBERING = (over = '') =>
  `<${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false" ${over}/>`;

const imported = importBuildFile;

function text(result: ImportResult, file: string): string {
  return result.files.get(file) as string;
}

/** Each unit's location in the first scenario: "hex 0203" or "box <name>". */
function placements(result: ImportResult): Record<string, string> {
  const scenario = JSON.parse(text(result, 'scenarios.json')).scenarios[0];
  const boxes = new Map<string, string>(
    JSON.parse(text(result, 'map.json')).boxes?.map((b: { id: string; name: string }) => [b.id, b.name]) ?? [],
  );
  const out: Record<string, string> = {};
  for (const p of scenario.setup ?? []) for (const u of p.units) out[u] = p.hex !== undefined ? `hex ${p.hex}` : `box ${boxes.get(p.box)}`;
  return out;
}

function expectValidWithAllPlaced(result: ImportResult, placed: number): void {
  expect(validateGameFiles('kinds', result.files).filter((d) => d.severity === 'error')).toEqual([]);
  expect(result.summary.placements).toEqual({ total: placed, located: placed, listed: placed });
}

describe('imports of every kind of map validate and keep every placement', () => {
  it('a hex grid without numbering: pixels become the hexes the grid puts there, and the message says VASSAL names none', async () => {
    // Board 400×300; with x0=40, y0=40, dx=56, dy=64 (stagger off, reference §4.2 golden values)
    // the hex centres (40,40), (96,72) and (96,200) are raw (0,0), (1,0) and (1,2).
    const board = `<${B}.Board name="B" width="400" height="300">${HEX('')}</${B}.Board>`;
    const result = await imported(buildFile(board, stack('Red 1', 1, { x: 40, y: 40 }) + stack('Blue 1', 3, { x: 96, y: 200 })));
    expectValidWithAllPlaced(result, 2);
    expect(placements(result)).toEqual({ 'red-1': 'hex 0101', 'blue-1': 'hex 0204' });
    const message = result.diagnostics.find((d) => d.code === 'vassal/no-numbering')!.message;
    expect(message).toMatch(/offboard/);
    expect(message).not.toMatch(/VASSAL's default numbering/);
  });

  it('a board with no image and no size: named hexes are kept and the extent covers them', async () => {
    const board = `<${B}.Board name="B" image="missing.png">${HEX(NUMBERING())}</${B}.Board>`;
    const result = await imported(buildFile(board, stack('Red 1', 1, { name: '0712' }) + stack('Blue 1', 3, { name: '0203' })));
    expectValidWithAllPlaced(result, 2);
    expect(placements(result)).toEqual({ 'red-1': 'hex 0712', 'blue-1': 'hex 0203' });
    const map = JSON.parse(text(result, 'map.json'));
    expect(map.unstated['/extent'].unknown).toBe(true);
  });

  it('descending numbering: a name is the hex VASSAL puts it in on the board', async () => {
    // 400×300 board, vDescend: maxRows = floor(300/56 + 0.5) = 5 (HexGridNumbering.getMaxRows
    // divides the height by dx), so name 0105 is raw row 5 − (5 − 1) = 1, at (40, 40 + 64) =
    // (40, 104): the second hex of the first column, Hexforge id 0102 (ids always ascend).
    const board = `<${B}.Board name="B" width="400" height="300">${HEX(NUMBERING('vDescend="true"'))}</${B}.Board>`;
    const byName = await imported(buildFile(board, stack('Red 1', 1, { name: '0105' })));
    const byPixel = await imported(buildFile(board, stack('Red 1', 1, { x: 40, y: 104 })));
    expectValidWithAllPlaced(byName, 1);
    expectValidWithAllPlaced(byPixel, 1);
    expect(placements(byName)).toEqual({ 'red-1': 'hex 0102' });
    expect(placements(byPixel)).toEqual({ 'red-1': 'hex 0102' });
  });

  it('several boards: a stack on the second board is kept under the name VASSAL gives it there, not read as if on the first', async () => {
    // VASSAL names a location by the board's grid alone (Map.locationName → Board.locationName →
    // the grid's name), whichever board of the map it is on: South's 0203 is "0203", a box of South's.
    const boards = `<${B}.Board name="North" width="400" height="300">${HEX(NUMBERING())}</${B}.Board><${B}.Board name="South" width="400" height="300">${HEX(NUMBERING())}</${B}.Board>`;
    const result = await imported(
      buildFile(boards, stack('Red 1', 1, { name: '0101' }, 'North') + stack('Blue 1', 3, { name: '0203' }, 'South')),
    );
    expectValidWithAllPlaced(result, 2);
    expect(placements(result)['red-1']).toBe('hex 0101');
    expect(placements(result)['blue-1']).toBe('box 0203');
  });

  it('boards chosen by the default setup: the game is read on the board VASSAL starts with, not on the first listed', async () => {
    // BoardPicker's <setup> is a SetBoards command (map/BoardPicker.java decode): a new game starts
    // with board "Second" alone, so a stack with no owning board is placed from its origin
    // (SetupStack.setup offsets by the map's edge) and VASSAL names its location by Second's zone.
    const zones = `<${B}.board.ZonedGrid><${B}.board.mapgrid.Zone name="Paris" locationFormat="$name$" path="0,0;200,0;200,200;0,200"/></${B}.board.ZonedGrid>`;
    const boards = `<setup>Main MapBoardPicker\tSecond\t0\t0</setup><${B}.Board name="First" width="300" height="300"/><${B}.Board name="Second" width="800" height="600">${zones}</${B}.Board>`;
    const result = await imported(
      buildFile(
        boards,
        stack('Red 1', 1, { x: 100, y: 100 }) +
          stack('Blue 1', 3, { x: 50, y: 50 }, 'Second') +
          stack('Blue 2', 4, { x: 10, y: 10 }, 'First'),
      ),
    );
    expectValidWithAllPlaced(result, 3);
    // A stack of a board the setup leaves out is not placed by VASSAL; it is kept under that board's name.
    expect(placements(result)).toEqual({ 'red-1': 'box Paris', 'blue-1': 'box Paris', 'blue-2': 'box First' });
    expect(result.diagnostics.map((d) => d.code)).not.toContain('vassal/several-boards');
  });

  it('an area map of zones: stacks named by zone and by a pixel inside it land in that zone', async () => {
    const zones = `<${B}.board.ZonedGrid><${B}.board.mapgrid.Zone name="Paris" locationFormat="$name$" path="0,0;200,0;200,200;0,200"/><${B}.board.mapgrid.Zone name="Lyon" locationFormat="$name$" path="200,0;400,0;400,200;200,200"/></${B}.board.ZonedGrid>`;
    const board = `<${B}.Board name="France" width="400" height="300">${zones}</${B}.Board>`;
    const result = await imported(
      buildFile(
        board,
        stack('Red 1', 1, { name: 'Paris' }) + stack('Blue 1', 3, { x: 300, y: 100 }) + stack('Blue 2', 4, { x: 300, y: 250 }),
      ),
    );
    expectValidWithAllPlaced(result, 3);
    expect(placements(result)).toEqual({ 'red-1': 'box Paris', 'blue-1': 'box Lyon', 'blue-2': 'box Main Map' });
  });

  it('a zone where only a marker stands is a box: the marker is placed there, and counted in counters.json', async () => {
    const zones = `<${B}.board.ZonedGrid><${B}.board.mapgrid.Zone name="Paris" locationFormat="$name$" path="0,0;200,0;200,200;0,200"/><${B}.board.mapgrid.Zone name="Lyon" locationFormat="$name$" path="200,0;400,0;400,200;200,200"/></${B}.board.ZonedGrid>`;
    const board = `<${B}.Board name="France" width="400" height="300">${zones}</${B}.Board>`;
    // "Control" is in no palette list of a side and has no palette slot: a marker of the stack alone.
    const marker = `<VASSAL.build.module.map.SetupStack name="m" owningBoard="" useGridLocation="true" location="Lyon" x="0" y="0">${SLOT('Control', 50)}</VASSAL.build.module.map.SetupStack>`;
    const result = await imported(buildFile(board, marker + stack('Red 1', 1, { name: 'Paris' })));
    expect(result.summary.placements).toEqual({ total: 2, located: 2, listed: 2 });
    const boxes = JSON.parse(text(result, 'map.json')).boxes.map((b: { id: string; name: string }) => [b.id, b.name]);
    // Boxes where units stand come first, as a module built from the data writes their stacks first.
    expect(boxes).toEqual([
      ['paris', 'Paris'],
      ['lyon', 'Lyon'],
    ]);
    const scenario = JSON.parse(text(result, 'scenarios.json')).scenarios[0];
    expect(scenario.markers).toEqual([{ marker: 'control', box: 'lyon', at: { board: 'France', x: 300, y: 100 }, stack: 'm' }]);
    expect(JSON.parse(text(result, 'counters.json')).markers.map((m: object) => ({ ...m, source: undefined }))).toEqual([
      { id: 'control', name: 'Control', count: 1 },
    ]);
    expect(validateGameFiles('kinds', result.files).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a point-to-point map of regions: stacks named by region and placed on a region point keep the region', async () => {
    const regions = `<${B}.board.RegionGrid snapto="true"><${B}.board.Region name="Moscow" originx="100" originy="100"/><${B}.board.Region name="Kiev" originx="300" originy="200"/></${B}.board.RegionGrid>`;
    const board = `<${B}.Board name="East" width="400" height="300">${regions}</${B}.Board>`;
    const result = await imported(buildFile(board, stack('Red 1', 1, { name: 'Moscow' }) + stack('Blue 1', 3, { x: 300, y: 200 })));
    expectValidWithAllPlaced(result, 2);
    expect(placements(result)).toEqual({ 'red-1': 'box Moscow', 'blue-1': 'box Kiev' });
  });

  it('a square grid: a stack named by its square keeps that name', async () => {
    const grid = `<${B}.board.SquareGrid dx="50.0" dy="50.0" x0="25" y0="25"><${B}.board.mapgrid.SquareGridNumbering first="H" sep="" hType="A" vType="N" hLeading="0" vLeading="0" hOff="0" vOff="1"/></${B}.board.SquareGrid>`;
    const board = `<${B}.Board name="Chess" width="400" height="400">${grid}</${B}.Board>`;
    const result = await imported(buildFile(board, stack('Red 1', 1, { name: 'C3' }) + stack('Blue 1', 3, { name: 'E7' })));
    expectValidWithAllPlaced(result, 2);
    expect(placements(result)).toEqual({ 'red-1': 'box C3', 'blue-1': 'box E7' });
  });

  it('a square grid: a stack placed by pixel is kept under the name VASSAL gives its square, in any location format', async () => {
    // SquareGridNumbering: column = floor((x − x0)/dx + 0.5), row = (int)((y − y0)/dy + 0.5),
    // descending rows count from (int)(height/dy + 0.5); RegularGridNumbering names them.
    // (130, 80) on dx=dy=50, origin (25, 25): column 2 → "C" (hOff 0), row 1 → 2 (vOff 1): "C2".
    const lettered = `<${B}.board.SquareGrid dx="50.0" dy="50.0" x0="25" y0="25"><${B}.board.mapgrid.SquareGridNumbering first="H" sep="" hType="A" vType="N" hLeading="0" vLeading="0" hOff="0" vOff="1"/></${B}.board.SquareGrid>`;
    const chess = await imported(
      buildFile(`<${B}.Board name="Chess" width="400" height="400">${lettered}</${B}.Board>`, stack('Red 1', 1, { x: 130, y: 80 })),
    );
    expectValidWithAllPlaced(chess, 1);
    expect(placements(chess)).toEqual({ 'red-1': 'box C2' });
    // (250, 150) on dx=dy=100, origin (50, 50), 400 px high, rows descending: column 2 → 3 → "03";
    // row 1 → 4 − 1 = 3 → 4 → "04"; the format spells them out.
    const spelled = `<${B}.board.SquareGrid dx="100.0" dy="100.0" x0="50" y0="50"><${B}.board.mapgrid.SquareGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" vDescend="true" locationFormat="Row $row$, Column $column$"/></${B}.board.SquareGrid>`;
    const cards = await imported(
      buildFile(`<${B}.Board name="Cards" width="400" height="400">${spelled}</${B}.Board>`, stack('Blue 1', 3, { x: 250, y: 150 })),
    );
    expectValidWithAllPlaced(cards, 1);
    expect(placements(cards)).toEqual({ 'blue-1': 'box Row 04, Column 03' });
  });

  it('a map with no grid at all: pixel placements are kept, in a box of the map, at their board pixels', async () => {
    const board = `<${B}.Board name="Plain" width="400" height="300"/>`;
    const result = await imported(buildFile(board, stack('Red 1', 1, { x: 10, y: 20 }) + stack('Blue 1', 3, { x: 300, y: 200 })));
    expectValidWithAllPlaced(result, 2);
    expect(placements(result)).toEqual({ 'red-1': 'box Main Map', 'blue-1': 'box Main Map' });
    const setup = JSON.parse(text(result, 'scenarios.json')).scenarios[0].setup;
    expect(setup.map((p: { at: unknown }) => p.at)).toEqual([
      { board: 'Plain', x: 10, y: 20 },
      { board: 'Plain', x: 300, y: 200 },
    ]);
    expect(JSON.parse(text(result, 'map.json')).boards).toEqual([{ name: 'Plain', map: 'Main Map', width: 400, height: 300 }]);
  });
});

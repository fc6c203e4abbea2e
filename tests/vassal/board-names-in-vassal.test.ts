/**
 * Location names on the second board of a map, as VASSAL 3.7.26 itself gives them: Map.locationName
 * asks the board under the point for its grid's name, and Board.locationName answers with the
 * grid's name alone (no board name in front). A stack in the zone "Reserve" of the second board
 * "East" is in the location "Reserve", and the import keeps it in a box of that name; a zone of
 * that name on a third board is a box of its own.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { importEntries, jsonOf } from './rebuild-kit';
import { vassalReport, zipped } from './vassal-run';

const B = 'VASSAL.build.module.map.boardPicker';
const HEX = `<${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>`;
const SLOT = (n: string, g: number) =>
  `<VASSAL.build.widget.PieceSlot entryName="${n}" gpid="${g}" height="0" width="0">+/null/piece;;;;${n}/null;0;0;${g};0</VASSAL.build.widget.PieceSlot>`;
const STACK = (n: string, board: string, x: number, y: number, g: number) =>
  `<VASSAL.build.module.map.SetupStack name="${n}" owningBoard="${board}" useGridLocation="false" x="${x}" y="${y}">${SLOT(n, g)}</VASSAL.build.module.map.SetupStack>`;

// West (the hexes) and East side by side; East's lower right quarter is the zone "Reserve".
const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Names" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker><setup>Main MapBoardPicker\tWest\t0\t0\tEast\t1\t0</setup>
    <${B}.Board name="West" width="400" height="300">${HEX}</${B}.Board>
    <${B}.Board name="East" width="400" height="300"><${B}.board.ZonedGrid><${B}.board.mapgrid.Zone name="Reserve" locationFormat="$name$" path="200,150;400,150;400,300;200,300" useParentGrid="false"/></${B}.board.ZonedGrid></${B}.Board>
  </VASSAL.build.module.map.BoardPicker>
  ${STACK('Hex piece', 'West', 40, 104, 11)}${STACK('Reserve piece', 'East', 300, 200, 12)}
  </VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Hex piece', 1)}${SLOT('Reserve piece', 2)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;

describeVassal("a second board's location names in VASSAL itself", () => {
  it("VASSAL names the zone of the second board without the board's name, and the import's box has that name", async () => {
    const entries = new Map([['buildFile.xml', new TextEncoder().encode(BUILD_FILE)]]);
    const report = await withTempDir(async (dir) => {
      await zipped(path.join(dir, 'names.vmod'), entries);
      return vassalReport(path.join(dir, 'names.vmod'));
    });
    const location = new Map(report.atStart!.map((p) => [p.name, p.location]));
    expect(location.get('Reserve piece')).toBe('Reserve');
    expect(location.get('Hex piece')).toBe('0102');

    const imported = await importEntries(entries, 'names');
    const boxes = new Map<string, string>(jsonOf(imported, 'map.json').boxes.map((b: { id: string; name: string }) => [b.id, b.name]));
    const setup = jsonOf(imported, 'scenarios.json').scenarios[0].setup as Array<{ units: string[]; hex?: string; box?: string }>;
    const where = Object.fromEntries(setup.map((p) => [p.units[0], p.hex ?? boxes.get(p.box!)]));
    expect(where).toEqual({ 'hex-piece': location.get('Hex piece'), 'reserve-piece': location.get('Reserve piece') });
  }, 900_000);
});

it('a zone of one name on two boards is two boxes: the second named after its board too', async () => {
  const south = `<${B}.Board name="South" width="400" height="300"><${B}.board.ZonedGrid><${B}.board.mapgrid.Zone name="Reserve" locationFormat="$name$" path="200,150;400,150;400,300;200,300" useParentGrid="false"/></${B}.board.ZonedGrid></${B}.Board>`;
  const xml = BUILD_FILE.replace('East\t1\t0</setup>', 'East\t1\t0\tSouth\t0\t1</setup>')
    .replace('</VASSAL.build.module.map.BoardPicker>', `${south}</VASSAL.build.module.map.BoardPicker>`)
    .replace('</VASSAL.build.module.Map>', `${STACK('South piece', 'South', 300, 200, 13)}</VASSAL.build.module.Map>`)
    .replace('</VASSAL.build.widget.ListWidget>', `${SLOT('South piece', 3)}</VASSAL.build.widget.ListWidget>`);
  const imported = await importEntries(new Map([['buildFile.xml', new TextEncoder().encode(xml)]]), 'names');
  const boxes = new Map<string, string>(jsonOf(imported, 'map.json').boxes.map((b: { id: string; name: string }) => [b.id, b.name]));
  const setup = jsonOf(imported, 'scenarios.json').scenarios[0].setup as Array<{ units: string[]; box?: string }>;
  const where = Object.fromEntries(setup.filter((p) => p.box).map((p) => [p.units[0], boxes.get(p.box!)]));
  expect(where).toEqual({ 'reserve-piece': 'Reserve', 'south-piece': 'Reserve (South)' });
}, 60_000);

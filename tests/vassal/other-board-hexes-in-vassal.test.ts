/**
 * Hexes of a board other than the game's, seen by VASSAL 3.7.26 itself: a piece at a pixel of a
 * second map's numbered hex grid (sideways, letters, descending, staggered, a location format of
 * its own) is imported into a box named as VASSAL's Map.locationName names its position, and the
 * module built from the import places it at the same board pixel, where VASSAL names the same hex.
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { writeZip } from '../../src/vassal/module/zip';
import { readLimits, readZip } from '../../src/vassal/reader/index';
import { describeVassal } from '../vassal-tier';
import { importEntries, jsonOf, sideSlot } from './rebuild-kit';
import { placedBeforeAndAfter } from './vassal-run';

const B = 'VASSAL.build.module.map.boardPicker';
const GAME_BOARD = `<${B}.Board name="Table" width="400" height="300"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid></${B}.Board>`;
const RESERVE_BOARD = `<${B}.Board name="Reserve" width="500" height="420"><${B}.board.HexGrid dx="50.0" dy="58.0" x0="30" y0="20" sideways="true" snapTo="false"><${B}.board.mapgrid.HexGridNumbering first="V" sep="-" hType="A" vType="N" hLeading="0" vLeading="1" hOff="0" vOff="2" hDescend="false" vDescend="true" stagger="true" locationFormat="R $gridLocation$"/></${B}.board.HexGrid></${B}.Board>`;

/** Pixels of the Reserve board, on hex centres and off them; one unit on the game board. */
const STANDS = [
  { unit: 'Red 1', map: 'Main Map', board: 'Table', x: 40, y: 40 },
  { unit: 'Blue 1', map: 'Reserve', board: 'Reserve', x: 20, y: 30 },
  { unit: 'Blue 2', map: 'Reserve', board: 'Reserve', x: 137, y: 81 },
  { unit: 'Blue 3', map: 'Reserve', board: 'Reserve', x: 301, y: 190 },
  { unit: 'Blue 4', map: 'Reserve', board: 'Reserve', x: 455, y: 402 },
];

function buildFile(): string {
  const stacks = (map: string) =>
    STANDS.filter((s) => s.map === map)
      .map(
        (s, i) =>
          `<VASSAL.build.module.map.SetupStack name="${s.unit}" owningBoard="${s.board}" useGridLocation="false" x="${s.x}" y="${s.y}">${sideSlot(s.unit, 50 + i, s.unit.split(' ')[0])}</VASSAL.build.module.map.SetupStack>`,
      )
      .join('');
  const map = (name: string, board: string) =>
    `<VASSAL.build.module.Map mapName="${name}" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${board}</VASSAL.build.module.map.BoardPicker>${stacks(name)}</VASSAL.build.module.Map>`;
  const slots = STANDS.map((s, i) => sideSlot(s.unit, i + 1, s.unit.split(' ')[0])).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Reserve hexes" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  ${map('Main Map', GAME_BOARD)}${map('Reserve', RESERVE_BOARD)}
  <VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget entryName="All">${slots}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>`;
}

const onReserve = (pieces: readonly SetupPiece[]) =>
  pieces
    .filter((p) => p.map === 'Reserve')
    .map((p) => `${p.name}: (${p.x}, ${p.y}) ${p.location}`)
    .sort();

describeVassal('hexes of another board in VASSAL itself', () => {
  it('a piece there is in the box of the hex VASSAL names, and the built module puts it at its pixel, in that hex', async () => {
    const entries = (
      await readZip(await writeZip([{ path: 'buildFile.xml', data: buildFile() }], 1767225600), {
        file: 'reserve.vmod',
        limits: readLimits(),
      })
    ).entries;
    const { before, after, validation } = await placedBeforeAndAfter(entries, 'reserve', true);
    // The original places each piece at its pixel.
    expect(onReserve(before).map((l) => l.replace(/\) .*$/, ')'))).toEqual(
      STANDS.filter((s) => s.map === 'Reserve').map((s) => `${s.unit}: (${s.x}, ${s.y})`),
    );
    // The import names each piece's box as VASSAL names its position.
    const imported = await importEntries(entries, 'reserve');
    const boxes = new Map<string, string>(jsonOf(imported, 'map.json').boxes.map((b: { id: string; name: string }) => [b.id, b.name]));
    const setup = jsonOf(imported, 'scenarios.json').scenarios[0].setup as Array<{ box?: string; units: string[] }>;
    const boxOf = (unit: string) => boxes.get(setup.find((p) => p.units.includes(unit))?.box ?? '');
    const named = before.filter((p) => p.map === 'Reserve').map((p) => [p.name, p.location]);
    expect(named.map(([name]) => [name, boxOf(name.toLowerCase().replace(' ', '-'))])).toEqual(named);
    expect(new Set(named.map(([, location]) => location)).size).toBe(named.length);
    // The built module places them at the same pixels, in the same hexes.
    expect(onReserve(after)).toEqual(onReserve(before));
    expect(validation).toEqual([]);
  }, 900_000);
});

/**
 * An at-start stack placed by a grid location its grid does not name: "C4" on a hex grid lettered
 * across whose rows are padded to two digits (vLeading 1). VASSAL's RegularGridNumbering.getLocation
 * matches rows of at least two digits ("C04"), so "C4" is a BadCoords: SetupStack reports "Bad
 * location name" and places the stack at its own x/y. The import reads the stack there, with a
 * warning, as it does for a name no zone or region has; "C04" is the hex VASSAL names so (0204).
 */
import { expect, it } from 'vitest';
import { importBuildFile, oneMapBuildFile } from '../synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const LETTERED = `<${B}.Board name="Front" width="400" height="360"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="30" y0="30" sideways="false"><${B}.board.mapgrid.HexGridNumbering first="H" hLeading="1" hOff="0" hType="A" sep="" stagger="true" vLeading="1" vOff="1" vType="N"/></${B}.board.HexGrid></${B}.Board>`;
const piece = (name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;${name}.png;${name}/German\tnull;0;0</VASSAL.build.widget.PieceSlot>`;
const stack = (location: string, name: string) =>
  `<VASSAL.build.module.map.SetupStack location="${location}" name="" owningBoard="Front" useGridLocation="true" x="200" y="140">${piece(name)}</VASSAL.build.module.map.SetupStack>`;

it('a location the grid does not name places the stack at its pixel, with a warning; a named one is its hex', async () => {
  const result = await importBuildFile(
    oneMapBuildFile({
      name: 'Lettered',
      sides: ['German'],
      palette: piece('Rifles'),
      board: LETTERED,
      stacks: stack('C4', 'Rifles') + stack('C04', 'Rifles'),
    }),
  );
  const setup = (JSON.parse(result.files.get('scenarios.json') as string) as { scenarios: { setup: unknown[] }[] }).scenarios[0].setup;
  // VASSAL's name at (200, 140) (HexGrid.getRawColumn/getRawRow, HexGridNumbering.getRow): raw column
  // round((200 - 30) / 56) = 3, odd, so raw row round((140 - 30 - 32) / 64) = 1, staggered + 1, + vOff 1:
  // "D03", hex 0303 (a board with a size and no picture is drawn from the data: no pixel is kept).
  expect(setup).toEqual([
    { units: ['rifles'], hex: '0303' },
    { units: ['rifles-2'], hex: '0204' },
  ]);
  expect(result.diagnostics.filter((d) => d.code === 'vassal/setup-location-unknown').map((d) => d.message)).toEqual([
    expect.stringContaining('names the location "C4", which no zone, region or grid numbering of board "Front"'),
  ]);
}, 60_000);

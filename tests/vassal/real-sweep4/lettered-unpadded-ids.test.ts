/**
 * "A1" style: columns lettered, rows unpadded (hType A, hLeading 0, vLeading 0), on a board wider
 * than ten columns. VASSAL pads no letters (RegularGridNumbering.getName ignores `leading` for
 * them) and reads "L6" as column 11, row 6. Hexforge ids hold those values, so the letters' part
 * needs two digits (A = 0 … Z = 25): "L6" is hex 1106, not a hex too wide for one digit that falls
 * into the offboard box and loses its place.
 */
import { expect, it } from 'vitest';
import { importBuildFile, importBuiltModule, oneMapBuildFile } from '../synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const WIDE = `<${B}.Board name="Wide" width="900" height="500"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false"><${B}.board.mapgrid.HexGridNumbering first="H" hLeading="0" hOff="0" hType="A" sep="" stagger="false" vLeading="0" vOff="1" vType="N"/></${B}.board.HexGrid></${B}.Board>`;
const piece = (name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;${name}.png;${name}/Red\tnull;0;0</VASSAL.build.widget.PieceSlot>`;
const named = (location: string) =>
  `<VASSAL.build.module.map.SetupStack location="${location}" name="" owningBoard="Wide" useGridLocation="true">${piece('Rifles')}</VASSAL.build.module.map.SetupStack>`;
const atPixel = `<VASSAL.build.module.map.SetupStack name="" owningBoard="Wide" useGridLocation="false" x="600" y="300">${piece('Rifles')}</VASSAL.build.module.map.SetupStack>`;

const setupOf = (files: Map<string, string | Uint8Array>) =>
  (JSON.parse(files.get('scenarios.json') as string) as { scenarios: { setup: { hex?: string; box?: string }[] }[] }).scenarios[0].setup;

it('lettered columns past J keep their hexes: ids of two digits per part', async () => {
  const first = await importBuildFile(
    oneMapBuildFile({ name: 'A1', sides: ['Red'], palette: piece('Rifles'), board: WIDE, stacks: named('A1') + named('L6') + atPixel }),
  );
  // (600, 300): column round((600 - 40) / 56) = 10 (K), row round((300 - 40) / 64) = 4, + vOff 1: "K5".
  expect(setupOf(first.files).map((p) => p.hex ?? `box ${p.box}`)).toEqual(['0001', '1106', '1005']);
  const again = await importBuiltModule(first);
  expect(setupOf(again.files)).toEqual(setupOf(first.files));
}, 60_000);

/**
 * A hex grid VASSAL names with letters across and padded numbers down ("C04": column C, row 04,
 * as RegularGridNumbering writes hType="A", vLeading="1"). Hexforge ids hold VASSAL's values
 * (A = 0, B = 1 …: RegularGridNumbering.parseName), so "C04" is hex 0204. `verify --module` must
 * compare the game's ids with the grid as VASSAL names it: the id 0204 is the location "C04",
 * not a location "0204" the grid cannot parse.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadGame } from '../../../src/cli/load-game';
import type { Game } from '../../../src/model/game';
import { importModule } from '../../../src/vassal/import/import-module';
import { gameMapGeometry, moduleMaps } from '../../../src/vassal/import/map';
import { verifyModuleAgainstGame } from '../../../src/vassal/import/verify-module';
import { writeGameFolder } from '../../../src/vassal/import/write-folder';
import { writeZip } from '../../../src/vassal/module/zip';
import { readLimits, readModule, readZip } from '../../../src/vassal/reader/index';
import { withTempDir } from '../import-fixtures';
import { oneMapBuildFile } from '../synthetic-module';

const B = 'VASSAL.build.module.map.boardPicker';
const LETTERED = `<${B}.Board name="Front" width="400" height="360"><${B}.board.HexGrid dx="56.0" dy="64.0" x0="30" y0="30" sideways="false"><${B}.board.mapgrid.HexGridNumbering first="H" hLeading="1" hOff="0" hType="A" sep="" stagger="true" vLeading="1" vOff="1" vType="N"/></${B}.board.HexGrid></${B}.Board>`;
const piece = (name: string) =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="1" height="0" width="0">+/null/mark;Side\tpiece;;;${name}.png;${name}/German\tnull;0;0</VASSAL.build.widget.PieceSlot>`;
const stack = (location: string, name: string) =>
  `<VASSAL.build.module.map.SetupStack location="${location}" name="" owningBoard="Front" useGridLocation="true">${piece(name)}</VASSAL.build.module.map.SetupStack>`;

const BUILD_FILE = oneMapBuildFile({
  name: 'Lettered',
  sides: ['German'],
  palette: piece('Grenadiers'),
  board: LETTERED,
  stacks: stack('C04', 'Grenadiers') + stack('E02', 'Grenadiers'),
});

it('a lettered grid: the hexes of the game read back as the same locations, and a changed numbering still shows', async () => {
  const limits = readLimits();
  const zip = await writeZip([{ path: 'buildFile.xml', data: BUILD_FILE }], 1767225600);
  const module = (await readModule((await readZip(zip, { file: 'l.vmod', limits })).entries, { source: 'l.vmod', limits })).module!;
  const grid = gameMapGeometry(moduleMaps(module.root, () => undefined)).grid;
  await withTempDir(async (dir) => {
    const out = path.join(dir, 'game');
    await writeGameFolder(out, (await importModule(module, { id: 'lettered' })).files);
    const game = (await loadGame(out)).game!;
    expect(game.scenarios[0].setup!.map((p) => p.hex)).toEqual(['0204', '0402']);
    expect(verifyModuleAgainstGame(game, grid, game)).toEqual([]);
    const renumbered: Game = structuredClone(game);
    renumbered.map.numbering = { ...game.map.numbering, stagger: game.map.numbering.stagger === 'odd-up' ? 'even-up' : 'odd-up' };
    expect(verifyModuleAgainstGame(game, grid, renumbered).map((d) => d.subject)).toEqual(['numbering.stagger', 'hex ids']);
  });
}, 60_000);

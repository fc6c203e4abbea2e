/**
 * Every setup placement is kept, markers too: pieces a setup places that are no unit — a palette
 * marker (a slot in no side's list), a piece only an at-start stack holds (a location tile), a
 * piece only a saved game holds (a cube) — become counters.json markers and scenarios.json marker
 * placements in their hex or box (with the board pixel and the at-start stack, as units get), the
 * folder validates, the module built from it places them again, so that its import is the first, and
 * `verify --module` finds nothing; the round trip writes the kept module back unchanged.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame, validateGameFiles } from '../../src/cli/load-game';
import { importModule, type ImportResult } from '../../src/vassal/import/import-module';
import { gameMapGeometry, moduleMaps } from '../../src/vassal/import/map';
import { verifyModuleAgainstGame } from '../../src/vassal/import/verify-module';
import { roundTrip } from '../../src/vassal/roundtrip/roundtrip';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { savedGameArchive } from '../../src/vassal/module/saved-game';
import { setBoardsCommand } from '../../src/vassal/board-layout';
import { writeZip } from '../../src/vassal/module/zip';
import { decodePiece } from '../../src/vassal/piece';
import { readLimits, readModule, readZip } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { dataFiles } from './rebuild-kit';

const limits = readLimits();
const B = 'VASSAL.build.module.map.boardPicker';
const pieceText = (name: string, gpid: number, image = '') => `+/null/piece;;;${image};${name}/null;0;0;${gpid};0`;
const SLOT = (name: string, gpid: number, image = '') =>
  `<VASSAL.build.widget.PieceSlot entryName="${name}" gpid="${gpid}" height="0" width="0">${pieceText(name, gpid, image)}</VASSAL.build.widget.PieceSlot>`;
const STACK = (name: string, board: string, x: number, y: number, slots: string) =>
  `<VASSAL.build.module.map.SetupStack name="${name}" owningBoard="${board}" useGridLocation="false" x="${x}" y="${y}">${slots}</VASSAL.build.module.map.SetupStack>`;

// The hex board of the board-pixel tests: hexes 56 px apart from (40, 40), numbered from 0101
// (reference §4.2 golden grid: (40, 40) is raw hex (0, 0), 0101; (40, 168), two rows down
// the same column, raw (0, 2), 0103); the zone "Reserve" (its lower
// right quarter) has no grid, VASSAL names every position in it "Reserve". A second map without a grid.
const HEX_BOARD = `<${B}.Board name="Hexes" width="400" height="300"><${B}.board.ZonedGrid>
  <${B}.board.mapgrid.Zone name="Reserve" locationFormat="$name$" path="200,150;400,150;400,300;200,300" useParentGrid="false"/>
  <${B}.board.HexGrid dx="56.0" dy="64.0" x0="40" y0="40" sideways="false" snapTo="true"><${B}.board.mapgrid.HexGridNumbering first="H" sep="" hType="N" vType="N" hLeading="1" vLeading="1" hOff="1" vOff="1" stagger="false"/></${B}.board.HexGrid>
</${B}.board.ZonedGrid></${B}.Board>`;
const PLAIN_BOARD = `<${B}.Board name="West" width="600" height="400"/>`;

const MAIN_STACKS = [
  STACK('Red HQ', 'Hexes', 40, 40, SLOT('Red 1', 50) + SLOT('Control', 51)),
  STACK('Controls', 'Hexes', 40, 168, SLOT('Control', 52) + SLOT('Control', 53)),
  STACK('Reserve cube', 'Hexes', 300, 200, SLOT('Cube', 54)),
  STACK('Blue 1', 'Hexes', 152, 40, SLOT('Blue 1', 55)),
].join('');
const WEST_STACKS = STACK('Tiles', 'West', 120, 80, SLOT('Location Paris', 56, 'paris.png'));

const BUILD_FILE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule name="Markers" version="1" VassalVersion="3.7.0" nextPieceSlotId="100">
  <VASSAL.build.module.BasicCommandEncoder/>
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main Map" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${HEX_BOARD}</VASSAL.build.module.map.BoardPicker>${MAIN_STACKS}</VASSAL.build.module.Map>
  <VASSAL.build.module.Map mapName="Europe" edgeWidth="0" edgeHeight="0"><VASSAL.build.module.map.BoardPicker>${PLAIN_BOARD}</VASSAL.build.module.map.BoardPicker>${WEST_STACKS}</VASSAL.build.module.Map>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <VASSAL.build.widget.ListWidget entryName="Red">${SLOT('Red 1', 1)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Blue">${SLOT('Blue 1', 2)}</VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Markers">${SLOT('Control', 3)}</VASSAL.build.widget.ListWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.PredefinedSetup name="Opening" file="opening.vsav" useFile="true" isMenu="false"/>
</VASSAL.build.GameModule>`;

/** The saved game: Blue 1 and a Control in 0101, two cubes (no palette slot) in 0103. */
async function openingSave(): Promise<Uint8Array> {
  const piece = (name: string, id: number) => decodePiece(pieceText(name, id)).piece!;
  const stacks = [
    { mapId: 'Main Map', x: 40, y: 40, pieces: [piece('Blue 1', 2), piece('Control', 3)] },
    { mapId: 'Main Map', x: 40, y: 168, pieces: [piece('Cube', 90), piece('Cube', 91)] },
  ];
  const identity = { name: 'Markers', version: '1', description: '', dateSaved: 0 };
  return savedGameArchive(
    { stacks, boards: [setBoardsCommand('Main Map', [{ name: 'Hexes', column: 0, row: 0 }])] },
    identity,
    '',
    1767225600,
  );
}

async function importEntries(entries: Map<string, Uint8Array>): Promise<ImportResult> {
  const module = (await readModule(entries, { source: 'markers.vmod', limits })).module!;
  return importModule(module, { id: 'markers' });
}

async function moduleEntries(): Promise<Map<string, Uint8Array>> {
  const files = [
    { path: 'buildFile.xml', data: BUILD_FILE },
    { path: 'opening.vsav', data: await openingSave() },
  ];
  return (await readZip(await writeZip(files, 1767225600), { file: 'markers.vmod', limits })).entries;
}

const json = (r: ImportResult, file: string) => JSON.parse(r.files.get(file) as string);

describe('markers a setup places are kept', () => {
  it('imports palette markers and pieces without a palette slot as marker placements, validates, and rebuilds to the same data', async () => {
    const first = await importEntries(await moduleEntries());
    expect(validateGameFiles('markers', first.files).filter((d) => d.severity === 'error')).toEqual([]);
    // 5 at-start units and markers (Red 1, Control ×3, Cube, Blue 1, the tile: 7), 4 in the save.
    expect(first.summary.placements).toEqual({ total: 11, located: 11, listed: 11 });

    const [atStart, opening] = json(first, 'scenarios.json').scenarios;
    expect(atStart.markers).toEqual([
      { marker: 'control', hex: '0101', stack: 'Red HQ' },
      { marker: 'control', hex: '0103', stack: 'Controls' },
      { marker: 'control', hex: '0103', stack: 'Controls' },
      // Places without units by place (box Europe before Reserve), whatever order the module holds them in.
      { marker: 'location-paris', box: 'europe', at: { board: 'West', x: 120, y: 80 }, stack: 'Tiles' },
      { marker: 'cube', box: 'reserve', at: { board: 'Hexes', x: 300, y: 200 }, stack: 'Reserve cube' },
    ]);
    expect(opening.markers).toEqual([
      { marker: 'control', hex: '0101' },
      { marker: 'cube', hex: '0103' },
      { marker: 'cube', hex: '0103' },
    ]);
    expect(atStart.notes ?? '').not.toMatch(/not listed/);
    // Counts: the most copies one setup places (Control 3 at the start, Cube 2 in the save); in the
    // order the scenarios first list them.
    const markers = json(first, 'counters.json').markers.map((m: { id: string; name: string; count: number }) => [m.id, m.name, m.count]);
    expect(markers).toEqual([
      ['control', 'Control', 3],
      ['location-paris', 'Location Paris', 1],
      ['cube', 'Cube', 2],
    ]);
    const origins = json(first, 'vassal/import.json').markerOrigins;
    expect(origins.control).toMatchObject({ from: 'palette slot', gpid: '3', entryName: 'Control' });
    expect(origins.cube).toEqual({ from: 'at-start stack', stack: 'Reserve cube', image: '' });
    expect(origins['location-paris']).toEqual({ from: 'at-start stack', stack: 'Tiles', image: 'paris.png' });
    expect(
      json(first, 'map.json')
        .boxes.map((b: { id: string }) => b.id)
        .sort(),
    ).toEqual(['europe', 'reserve']);

    await withTempDir(async (dir) => {
      await writeGameFolder(path.join(dir, 'game'), first.files);
      const built = await builtModuleEntries(path.join(dir, 'game'));
      const second = await importEntries(built);
      expect(dataFiles(second)).toEqual(dataFiles(first));

      // verify --module: the built module against the folder finds nothing; a marker moved in the data is a
      // discrepancy at both places (in the game's order of places).
      await writeGameFolder(path.join(dir, 'module'), second.files);
      const moduleGame = (await loadGame(path.join(dir, 'module'))).game!;
      const game = (await loadGame(path.join(dir, 'game'))).game!;
      const root = (await readModule(built, { source: 'm.vmod', limits })).module!.root;
      const grid = gameMapGeometry(moduleMaps(root, () => undefined)).grid;
      expect(verifyModuleAgainstGame(moduleGame, grid, game)).toEqual([]);
      const moved = structuredClone(game);
      moved.scenarios[1].markers![1].hex = '0102';
      expect(verifyModuleAgainstGame(moduleGame, grid, moved).map((d) => d.message)).toEqual([
        'marker "Cube" in hex 0102: the game places 1, the module 0',
        'marker "Cube" in hex 0103: the game places 1, the module 2',
      ]);
    });
  }, 120_000);

  it('round-trips with no difference: the kept module is written back as it was', async () => {
    const original = (await readModule(await moduleEntries(), { source: 'markers.vmod', limits })).module!;
    const result = await roundTrip(original, { id: 'markers', limits, epoch: 0 });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.comparison?.differences).toEqual([]);
  }, 60_000);
});

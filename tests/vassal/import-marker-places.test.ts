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
import { readLimits, readModule } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { withTempDir } from './import-fixtures';
import { markersModuleEntries as moduleEntries } from './marker-module-kit';
import { dataFiles } from './rebuild-kit';

const limits = readLimits();
async function importEntries(entries: Map<string, Uint8Array>): Promise<ImportResult> {
  const module = (await readModule(entries, { source: 'markers.vmod', limits })).module!;
  return importModule(module, { id: 'markers' });
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
    // With the name and match key (name and picture) update finds the marker's pieces by.
    expect(origins.cube).toEqual({ from: 'at-start stack', stack: 'Reserve cube', image: '', name: 'Cube', matchKey: 'face:Cube\u0000' });
    expect(origins['location-paris']).toEqual({
      from: 'at-start stack',
      stack: 'Tiles',
      image: 'paris.png',
      name: 'Location Paris',
      matchKey: 'face:Location Paris\u0000paris.png',
    });
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

/**
 * Positions VASSAL names by no location survive import → build → import: a board without a grid, a
 * square grid without numbering, and a zone without a grid of its own over the hexes (VASSAL names
 * every position in it by the zone). Each is kept as the box VASSAL names and the board pixel
 * (scenarios.json `setup[].at`, map.json `boards`); the folder validates; the module built from it
 * places the pieces at those pixels, so its import is the first import again, and `verify --module`
 * finds nothing. Both ways a module holds a setup: at-start stacks, and a saved game (map pixels =
 * board pixels + the map's edge, reference §4.3 "Board → map coordinates").
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateGameFiles } from '../../src/cli/load-game';
import type { ImportResult } from '../../src/vassal/import/import-module';
import { withTempDir } from './import-fixtures';
import { pixelModuleEntries } from './pixel-module-kit';
import { dataFiles, importEntries as importAs, jsonOf as json, moduleVerifier, placedWhere, rebuilt } from './rebuild-kit';

const importEntries = (entries: Map<string, Uint8Array>) => importAs(entries, 'pixels');

async function synthetic(atStart: boolean): Promise<{ result: ImportResult; entries: Map<string, Uint8Array> }> {
  const entries = await pixelModuleEntries(atStart);
  return { result: await importEntries(entries), entries };
}

describe.each([
  ['at-start stacks', true],
  ['a saved game', false],
])('board pixels kept and given back, from %s', (_, atStart) => {
  it('imports each position as its box and board pixel, validates, rebuilds to the same data, and verify finds nothing', async () => {
    const { result: first, entries } = await synthetic(atStart);
    expect(validateGameFiles('pixels', first.files).filter((d) => d.severity === 'error')).toEqual([]);
    expect(first.summary.placements).toEqual({ total: 5, located: 5, listed: 5 });

    // Independently: (40, 40) is the centre of raw hex (0, 0), "0101"; (300, 200) and (350, 250)
    // lie in the zone's rectangle; the plain board and the unnumbered squares name nothing.
    const map = json(first, 'map.json');
    const where = placedWhere(first);
    expect(where).toEqual({
      'red-1': '0101',
      'red-2': ['Reserve', { board: 'Hexes', x: 300, y: 200 }],
      'red-3': ['Reserve', { board: 'Hexes', x: 350, y: 250 }],
      'blue-1': ['Europe', { board: 'West', x: 120, y: 80 }],
      'blue-2': ['Chess', { board: 'Squares', x: 130, y: 80 }],
    });
    expect(map.boards).toEqual([
      {
        name: 'Hexes',
        map: 'Main Map',
        zones: [
          {
            name: 'Reserve',
            box: 'reserve',
            polygon: [
              [200, 150],
              [400, 150],
              [400, 300],
              [200, 300],
            ],
          },
        ],
      },
      { name: 'West', map: 'Europe', width: 600, height: 400 },
      // The square board's grid is kept as the module has it (pixel-module-kit.ts SQUARE_BOARD).
      {
        name: 'Squares',
        map: 'Chess',
        width: 400,
        height: 400,
        grid: {
          class: 'VASSAL.build.module.map.boardPicker.board.SquareGrid',
          attributes: { dx: '50.0', dy: '50.0', x0: '25', y0: '25' },
        },
      },
    ]);

    await withTempDir(async (dir) => {
      const { built, second, game } = await rebuilt(dir, first, 'pixels');
      expect(dataFiles(second)).toEqual(dataFiles(first));

      // verify --module: the built module against the folder, and the source module against its own import.
      for (const [result, moduleEntries] of [
        [second, built],
        [first, entries],
      ] as const) {
        const verify = await moduleVerifier(
          path.join(dir, `module-${moduleEntries === built ? 'built' : 'source'}`),
          result,
          moduleEntries,
        );
        expect(verify(game)).toEqual([]);
        // A pixel moved in the data is a discrepancy, with both pixels.
        const moved = structuredClone(game);
        const placement = moved.scenarios[0].setup!.find((p) => p.units?.includes('blue-1'))!;
        placement.at = { ...placement.at!, x: 121 };
        expect(verify(moved).map((d) => d.message)).toEqual([
          'blue-1: the game sets it up in box "Europe" at pixel (121, 80) of board "West", the module box "Europe" at pixel (120, 80) of board "West"',
        ]);
      }
    });
  }, 120_000);
});

describe('validate checks board pixels', () => {
  /** The at-start import with its first board pixel changed, and the errors validate reports, as "code file:line". */
  async function errorsWith(change: (at: Record<string, unknown>, placement: Record<string, unknown>) => void): Promise<string[]> {
    const files = new Map((await synthetic(true)).result.files);
    const scenarios = JSON.parse(files.get('scenarios.json') as string);
    const placement = scenarios.scenarios[0].setup.find((p: { at?: unknown }) => p.at !== undefined);
    change(placement.at, placement);
    files.set('scenarios.json', JSON.stringify(scenarios, null, 2));
    return validateGameFiles('pixels', files)
      .filter((d) => d.severity === 'error')
      .map((d) => `${d.code} ${path.basename(d.file ?? '')}:${d.line !== undefined ? 'line' : 'no line'}`);
  }

  it('a board map.json does not list, a pixel off the board, and a pixel without its box are errors at their line', async () => {
    expect(await errorsWith((at) => (at.board = 'Nowhere'))).toEqual(['scenarios/unknown-board scenarios.json:line']);
    expect(await errorsWith((at) => (at.map = 'Chess'))).toEqual(['scenarios/unknown-board scenarios.json:line']);
    // The plain board is 600 px wide: x 600 is one past its last column.
    const off = await errorsWith((at, p) => {
      if (at.board === 'Hexes') Object.assign(p, { box: 'europe', at: { board: 'West', x: 600, y: 0 } });
    });
    expect(off).toEqual(['scenarios/pixel-off-board scenarios.json:line']);
    const boxless = await errorsWith((_, p) => delete p.box);
    expect(boxless.length).toBe(1);
    expect(boxless[0]).toMatch(/scenarios\.json:line$/);
  }, 60_000);
});

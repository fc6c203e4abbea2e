/**
 * Stacks where VASSAL names no hex of the game's keep their board pixels (./off-grid-pixels-kit.ts):
 * in a zone of a map without hexes (before: the zone's box alone, so a built module moved them to
 * the holding boxes; a stack placed there by the zone's name too), and in the margin of a descending-numbered hex grid (before: the offboard
 * box alone). The built module puts them there again, and its import reads the same setup.
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../../src/cli/load-game';
import type { ImportResult } from '../../../src/vassal/import/import-module';
import { importBuiltModule } from '../synthetic-module';
import { importEntries } from '../rebuild-kit';
import { areaModuleEntries, descendingModuleEntries } from './off-grid-pixels-kit';

type Placement = { units: string[]; hex?: string; box?: string; at?: { board: string; x: number; y: number } };
const setupOf = (r: ImportResult) =>
  (JSON.parse(r.files.get('scenarios.json') as string) as { scenarios: { setup: Placement[] }[] }).scenarios[0].setup;
const where = (r: ImportResult) =>
  Object.fromEntries(setupOf(r).map((p) => [p.units[0], `${p.hex ?? p.box} ${p.at ? `${p.at.board} (${p.at.x}, ${p.at.y})` : '-'}`]));

it.each([
  [
    'a map without hexes, zones with square grids',
    areaModuleEntries,
    // The boxes of the locations VASSAL names there (kit), each stack at its pixel.
    {
      a: 'field Area (75, 75)',
      b: 'field Area (175, 125)',
      c: 't8-2 Area (375, 75)',
      d: 'main-map Area (100, 300)',
      g: 'field Area (150, 100)',
    },
  ],
  [
    'a descending hex grid, a stack in its margin',
    descendingModuleEntries,
    // F stands off its hex's snap point (raw column 3, row 1: (208, 136)), so its pixel is kept beside the hex.
    { e: 'offboard Field (5, 5)', f: expect.stringMatching(/^\d{4} Field \(200, 150\)$/) },
  ],
])(
  '%s: every stack keeps its board pixel, and a second import reads the same',
  async (_, entries, expected) => {
    const first = await importEntries(entries(), 'offgrid');
    expect(where(first)).toEqual(expected);
    expect(validateGameFiles('offgrid', first.files).filter((d) => d.severity === 'error')).toEqual([]);
    expect(setupOf(await importBuiltModule(first))).toEqual(setupOf(first));
  },
  60_000,
);

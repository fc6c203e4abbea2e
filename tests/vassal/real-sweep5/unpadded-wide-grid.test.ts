/**
 * An unpadded numeric hex grid (hLeading = vLeading = 0) on a board of sixteen columns. VASSAL
 * writes column 12, row 5 as "125", and reads a name back with RegularGridNumbering.getLocation's
 * pattern `(-?[0-9]{1,})(-?[0-9]{1,})`: the greedy first group leaves the row its one digit, so
 * "125" is column 12, row 5, and "1210" (what VASSAL names column 12, row 10) is column 121, row 0,
 * far off the board. VASSAL 3.7.26 itself (the harness, this module) places "11" at (40, 40),
 * "125" at (656, 328) and names it "125", "157" at (824, 424), "1210" at (6760, -24) "offboard",
 * and names the pixel (600, 300) "115". Hexforge ids pad both numbers to two digits: 0101, 1205,
 * 1507, 1105 — before, ids of one digit held no column past 9 and these fell into the offboard box.
 */
import { expect, it } from 'vitest';
import { validateGameFiles } from '../../../src/cli/load-game';
import type { ImportResult } from '../../../src/vassal/import/import-module';
import { importBuildFile, importBuiltModule } from '../synthetic-module';
import { UNPADDED_BUILD_FILE } from './unpadded-grid-kit';

const setupOf = (r: ImportResult) =>
  (JSON.parse(r.files.get('scenarios.json') as string) as { scenarios: { setup: { units: string[]; hex?: string; box?: string }[] }[] })
    .scenarios[0].setup;
const placeOf = (r: ImportResult) => Object.fromEntries(setupOf(r).map((p) => [p.units[0], p.hex ?? `box ${p.box}`]));

it('hexes past column 9 of an unpadded grid keep their places, as VASSAL reads the names', async () => {
  const first = await importBuildFile(UNPADDED_BUILD_FILE);
  expect(placeOf(first)).toEqual({ a: '0101', b: '1205', c: 'box offboard', d: '1507', p: '1105' });
  const map = JSON.parse(first.files.get('map.json') as string) as { numbering: { digits: number }; extent: unknown };
  expect(map.numbering.digits).toBe(2);
  // Centres on the 900 × 500 board: raw columns 0–15 (x = 40 + 56·n ≤ 880), raw rows 0–7 (y = 40 + 64·n
  // ≤ 488), and in odd columns (half a hex lower) raw row −1 too (y = 40 − 64 + 32 = 8): printed rows 0–8.
  expect(map.extent).toEqual({ columns: { first: 1, last: 16 }, rows: { first: 0, last: 8 } });
  expect(first.diagnostics.map((d) => d.code)).toContain('vassal/unpadded-numbers');
  expect(validateGameFiles('synthetic', first.files).filter((d) => d.severity === 'error')).toEqual([]);
  const again = await importBuiltModule(first);
  expect(setupOf(again)).toEqual(setupOf(first));
}, 60_000);

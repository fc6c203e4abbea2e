/**
 * counters.pdf rebuilt with some sheets kept from the last build has the bytes of a clean build,
 * also when a changed counter brings letters no sheet drew before: the embedded font subset numbers
 * its glyphs, so new letters on the first sheet renumber glyphs that kept sheets print, and so
 * would a new order of first use were the glyphs numbered that way. A sheet kept whole keeps its
 * faces in the store, for the later build that changes one of them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMonster } from '../../scripts/make-monster';
import { buildGames } from '../../src/cli/build';
import { SHEET_CACHE_FILE } from '../../src/cli/build-cache';
import { readDrawingPack } from '../../src/cli/drawing-pack';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-incremental-counters-'));
const gameDir = path.join(root, 'games', 'monster');
const outRoot = path.join(root, 'out');
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Three unit sheets: the first unit's counter is on the first one.
beforeAll(() => writeMonster(gameDir, { columns: 12, rows: 10, units: 600, tables: 1, scenarios: 1 }));

/** Builds counters.pdf into `out`: its bytes, and which sheet pages the build drew anew. */
async function buildCounters(out: string): Promise<{ pdf: Buffer; drawn: string | undefined }> {
  const [build] = await buildGames([gameDir], { out, only: 'counters', json: true }, { out: () => {}, err: () => {}, color: false });
  expect(build?.failed).toEqual([]);
  return { pdf: readFileSync(path.join(out, 'monster', 'counters.pdf')), drawn: build!.drawn.counters };
}

/** Sets one cell of units.csv: the column named `column` of the unit on line `line` (1: the first unit). */
function setUnitCell(line: number, column: string, value: string): void {
  const file = path.join(gameDir, 'units.csv');
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines[0].split(',').indexOf(column);
  const cells = lines[line].split(',');
  cells[index] = value;
  lines[line] = cells.join(',');
  writeFileSync(file, lines.join('\n'));
}

const setFirstDesignation = (designation: string) => setUnitCell(1, 'designation', designation);

/** The names `.cache/sheets.pack` of an out folder holds. */
async function sheetStore(out: string): Promise<string[]> {
  return [...(await readDrawingPack(path.join(out, 'monster', SHEET_CACHE_FILE))).keys()].sort();
}

describe('incremental counters.pdf', () => {
  // Which pages are drawn again: the first sheet's. Every printable ASCII glyph is embedded whether
  // drawn or not, so letters no counter showed before (or shows any more) change no other text's codes.
  it.each([
    ['a designation with letters no counter shows', 'ZQ', /^pages 1, 2 of \d+ drawn$/],
    ['back to digits alone', '0', /^pages 1, 2 of \d+ drawn$/],
    ['a value that changes which digits come first, not which are drawn', '71', /^pages 1, 2 of \d+ drawn$/],
  ])(
    '%s: the rebuilt file equals a clean build',
    async (_, designation, drawn) => {
      await buildCounters(outRoot);
      setFirstDesignation(designation);
      const rebuilt = await buildCounters(outRoot);
      expect(rebuilt.drawn).toMatch(drawn);
      const clean = await buildCounters(path.join(root, `clean-${designation}`));
      expect(rebuilt.pdf.equals(clean.pdf)).toBe(true);
    },
    600_000,
  );

  // A sheet kept whole still holds its faces' lines in the store: when one of its counters changes
  // later, the others are joined from the store, not drawn again (nor dropped from it).
  it('a sheet kept whole keeps its faces in the store for the build that changes it', async () => {
    const out = path.join(root, 'store');
    await buildCounters(out);
    setUnitCell(1, 'attack', '31');
    expect((await buildCounters(out)).drawn).toMatch(/^pages 1, 2 of \d+ drawn$/);
    // The last unit's counter is on the last unit sheet, kept whole by the build before.
    setUnitCell(600, 'attack', '32');
    expect((await buildCounters(out)).drawn).toMatch(/^pages 5, 6 of \d+ drawn$/);
    const clean = path.join(root, 'store-clean');
    await buildCounters(clean);
    expect(await sheetStore(out)).toEqual(await sheetStore(clean));
  }, 600_000);
});

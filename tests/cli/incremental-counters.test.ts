/**
 * counters.pdf rebuilt with some sheets kept from the last build has the bytes of a clean build,
 * also when a changed counter brings letters no sheet drew before: the embedded font subset numbers
 * its glyphs in the order the document first uses them, so the new letters on the first sheet
 * renumber glyphs that kept sheets print.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMonster } from '../../scripts/make-monster';
import { runCli } from './run-cli';

const root = mkdtempSync(path.join(os.tmpdir(), 'hexforge-incremental-counters-'));
const gameDir = path.join(root, 'games', 'monster');
const outRoot = path.join(root, 'out');
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Three unit sheets: the first unit's counter is on the first one.
beforeAll(() => writeMonster(gameDir, { columns: 12, rows: 10, units: 600, tables: 1, scenarios: 1 }));

async function buildCounters(out: string): Promise<Buffer> {
  const { code, stderr } = await runCli(['build', gameDir, '--out', out, '--only', 'counters', '--json']);
  expect(code, stderr).toBe(0);
  return readFileSync(path.join(out, 'monster', 'counters.pdf'));
}

/** Sets the first unit's designation (the units.csv column of that name). */
function setFirstDesignation(designation: string): void {
  const file = path.join(gameDir, 'units.csv');
  const lines = readFileSync(file, 'utf8').split('\n');
  const column = lines[0].split(',').indexOf('designation');
  const cells = lines[1].split(',');
  cells[column] = designation;
  lines[1] = cells.join(',');
  writeFileSync(file, lines.join('\n'));
}

describe('incremental counters.pdf', () => {
  it.each([
    ['a designation with letters no counter shows', 'ZQ'],
    ['back to digits alone', '0'],
    ['a value that changes no glyph', '7'],
  ])(
    '%s: the rebuilt file equals a clean build',
    async (_, designation) => {
      await buildCounters(outRoot);
      setFirstDesignation(designation);
      const rebuilt = await buildCounters(outRoot);
      const clean = await buildCounters(path.join(root, `clean-${designation}`));
      expect(rebuilt.equals(clean)).toBe(true);
    },
    600_000,
  );
});

/**
 * Board pixels seen by VASSAL 3.7.26 itself: the module built from the import of a module whose
 * positions VASSAL names by no location (./pixel-module-kit.ts) places every piece, on File > New
 * Game (at-start stacks) and in its saved game, on the same map at the same board pixel as the
 * original (the original's map pixel less its map's edge; the built maps have none), where VASSAL
 * names the same location.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import type { HarnessReport, SetupPiece } from '../../src/vassal/harness/report';
import { importModule } from '../../src/vassal/import/import-module';
import { writeGameFolder } from '../../src/vassal/import/write-folder';
import { readLimits } from '../../src/vassal/reader/limits';
import { readModule } from '../../src/vassal/reader/index';
import { builtModuleEntries } from '../../scripts/built-module';
import { describeVassal } from '../vassal-tier';
import { withTempDir } from './import-fixtures';
import { EDGES, STANDS, pixelModuleEntries } from './pixel-module-kit';
import { vassalReport, zipped } from './vassal-run';

/**
 * Each piece as "name: map (board x, board y) location", the map's edge taken off, sorted; a piece
 * in a hex as "name: location" (the built module draws its own map, with its own hex centres).
 */
function placed(pieces: readonly SetupPiece[], edges: Record<string, { x: number; y: number }>): string[] {
  const inHex = new Set(STANDS.filter((s) => s.hex !== undefined).map((s) => s.unit));
  return pieces
    .map((p) =>
      inHex.has(p.name)
        ? `${p.name}: ${p.location}`
        : `${p.name}: ${p.map} (${p.x - (edges[p.map]?.x ?? 0)}, ${p.y - (edges[p.map]?.y ?? 0)}) ${p.location}`,
    )
    .sort();
}

const NO_EDGES: Record<string, { x: number; y: number }> = {};

describeVassal('board pixels in VASSAL itself', () => {
  it.each([
    ['at-start stacks', true],
    ['a saved game', false],
  ])(
    'from %s: the built module places each piece at its board pixel, where the original does',
    async (_, atStart) => {
      await withTempDir(async (dir) => {
        const limits = readLimits();
        const entries = await pixelModuleEntries(atStart);
        const original = path.join(dir, 'original.vmod');
        await zipped(original, entries);
        const imported = await importModule((await readModule(entries, { source: 'pixels', limits })).module!, { id: 'pixels' });
        await writeGameFolder(path.join(dir, 'game'), imported.files);
        const built = path.join(dir, 'built.vmod');
        await zipped(built, await builtModuleEntries(path.join(dir, 'game')));

        const [before, after] = [await vassalReport(original), await vassalReport(built)];
        const pieces = (r: HarnessReport) => (atStart ? r.atStart! : r.setups![0].pieces);
        // The original places each piece at its board pixel, and VASSAL names the hex where there is one.
        const expected = STANDS.map((s) => (s.hex !== undefined ? `${s.unit}: ${s.hex}` : `${s.unit}: ${s.map} (${s.x}, ${s.y})`)).sort();
        expect(placed(pieces(before), EDGES).map((l) => l.replace(/(\(\d+, \d+\)) .*$/, '$1'))).toEqual(expected);
        expect(placed(pieces(after), NO_EDGES)).toEqual(placed(pieces(before), EDGES));
        expect(after.validation).toEqual([]);
      });
    },
    900_000,
  );
});

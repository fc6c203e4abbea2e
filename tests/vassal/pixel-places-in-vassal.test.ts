/**
 * Board pixels seen by VASSAL 3.7.26 itself: the module built from the import of a module whose
 * positions VASSAL names by no location (./pixel-module-kit.ts) places every piece, on File > New
 * Game (at-start stacks) and in its saved game, on the same map at the same board pixel as the
 * original (the original's map pixel less its map's edge; the built maps have none), where VASSAL
 * names the same location.
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { EDGES, STANDS, pixelModuleEntries } from './pixel-module-kit';
import { SETUP_KINDS, placedBeforeAndAfter, placedLines } from './vassal-run';

/**
 * Each piece as "name: map (board x, board y) location", the map's edge taken off, sorted; a piece
 * in a hex as "name: location" (the built module draws its own map, with its own hex centres).
 */
function placed(pieces: readonly SetupPiece[], edges: Record<string, { x: number; y: number }>): string[] {
  const inHex = new Set(STANDS.filter((s) => s.hex !== undefined).map((s) => s.unit));
  return placedLines(pieces, inHex, edges, (p, x, y) => `${p.map} (${x}, ${y}) ${p.location}`);
}

const NO_EDGES: Record<string, { x: number; y: number }> = {};

describeVassal('board pixels in VASSAL itself', () => {
  it.each(SETUP_KINDS)(
    'from %s: the built module places each piece at its board pixel, where the original does',
    async (_, atStart) => {
      const { before, after, validation } = await placedBeforeAndAfter(await pixelModuleEntries(atStart), 'pixels', atStart);
      // The original places each piece at its board pixel, and VASSAL names the hex where there is one.
      const expected = STANDS.map((s) => (s.hex !== undefined ? `${s.unit}: ${s.hex}` : `${s.unit}: ${s.map} (${s.x}, ${s.y})`)).sort();
      expect(placed(before, EDGES).map((l) => l.replace(/(\(\d+, \d+\)) .*$/, '$1'))).toEqual(expected);
      expect(placed(after, NO_EDGES)).toEqual(placed(before, EDGES));
      expect(validation).toEqual([]);
    },
    900_000,
  );
});

/**
 * Seen by VASSAL 3.7.26 itself: the module built from the import of a module whose hex grid lies in
 * a ZonedGrid (./zoned-hex-grid-kit.ts), its spacing tuned by hand, places each at-start stack at
 * the original's pixel, in the same location: the hex on the author's snap point, the zone at its pixel.
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { GRID_PLACES, zonedHexEntries } from './zoned-hex-grid-kit';
import { placedBeforeAndAfter } from './vassal-run';

const where = (pieces: readonly SetupPiece[]) => pieces.map((p) => `${p.name}: ${p.map} (${p.x}, ${p.y}) ${p.location}`).sort();

describeVassal('a hex grid in a ZonedGrid in VASSAL itself', () => {
  it.each(GRID_PLACES)(
    'as the %s grid: each piece stands at the original pixel and location',
    async (place) => {
      const { before, after, validation } = await placedBeforeAndAfter(zonedHexEntries(place), 'zoned', true);
      // The original, as the kit states it: Red 1 in hex 0203, Blue 1 at (540, 50) in zone "Turn 1".
      expect(before.map((p) => `${p.name} ${p.location}`).sort()).toEqual(['Blue 1 Turn 1', 'Red 1 0203']);
      expect(where(before)).toContain('Blue 1: Main Map (540, 50) Turn 1');
      expect(where(after)).toEqual(where(before));
      expect(validation).toEqual([]);
    },
    900_000,
  );
});

/**
 * Seen by VASSAL 3.7.26 itself: the module built from the import of a module whose stack stands off
 * its hex's centre (./off-centre-kit.ts) shows each piece at the original's map pixel, in the same
 * location, from at-start stacks and from a saved game.
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { offCentreEntries } from './off-centre-kit';
import { SETUP_KINDS, placedBeforeAndAfter } from './vassal-run';

const where = (pieces: readonly SetupPiece[]) => pieces.map((p) => `${p.name}: ${p.map} (${p.x}, ${p.y}) ${p.location}`).sort();

describeVassal('stacks off their hex centre in VASSAL itself', () => {
  it.each(SETUP_KINDS)(
    'from %s: each piece stands at the original pixel',
    async (_, atStart) => {
      const { before, after, validation } = await placedBeforeAndAfter(await offCentreEntries(atStart), 'off', atStart);
      // The original, as the kit states it: Red 1 off the centre of 0101, Blue 1 at the centre of 0102.
      expect(where(before)).toEqual(['Blue 1: Main Map (40, 104) 0102', 'Red 1: Main Map (50, 45) 0101']);
      expect(where(after)).toEqual(where(before));
      expect(validation).toEqual([]);
    },
    900_000,
  );
});

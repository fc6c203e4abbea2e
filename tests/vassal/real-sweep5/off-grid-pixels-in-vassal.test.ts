/**
 * VASSAL 3.7.26 itself on ./off-grid-pixels-kit.ts: the module built from each import places every
 * at-start stack at the board pixel, and under the location name, where the original does.
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../../src/vassal/harness/report';
import { describeVassal } from '../../vassal-tier';
import { placedBeforeAndAfter } from '../vassal-run';
import { areaModuleEntries, descendingModuleEntries } from './off-grid-pixels-kit';

const lines = (pieces: readonly SetupPiece[]) => pieces.map((p) => `${p.name}: ${p.map} (${p.x}, ${p.y}) ${p.location}`).sort();

describeVassal('stacks off the game hexes in VASSAL itself', () => {
  it('zones of a map without hexes: where the original places them, as the kit works out', async () => {
    const { before, after, validation } = await placedBeforeAndAfter(areaModuleEntries(), 'area', true);
    expect(lines(before)).toEqual([
      'A: Main Map (75, 75) Field',
      'B: Main Map (175, 125) Field',
      'C: Main Map (375, 75) T8-2',
      'D: Main Map (100, 300) offboard',
      'G: Main Map (150, 100) Field',
    ]);
    expect(lines(after)).toEqual(lines(before));
    expect(validation).toEqual([]);
  }, 600_000);

  it('the margin of a descending hex grid: where the original places them', async () => {
    const { before, after, validation } = await placedBeforeAndAfter(descendingModuleEntries(), 'descending', true);
    expect(before.map((p) => `${p.name} (${p.x}, ${p.y})`).sort()).toEqual(['E (5, 5)', 'F (200, 150)']);
    expect(lines(after)).toEqual(lines(before));
    expect(validation).toEqual([]);
  }, 600_000);
});

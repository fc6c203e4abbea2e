/**
 * VASSAL 3.7.26 itself on the unpadded grid of ./unpadded-wide-grid.test.ts (with the board's
 * picture, so that the built module keeps the module's grid): the module built from the import
 * places each piece at the pixel, and under the name, where the original's at-start stacks do;
 * "1210", which VASSAL reads as column 121, row 0, stands off the map in the original.
 */
import { expect, it } from 'vitest';
import { describeVassal } from '../../vassal-tier';
import { placedBeforeAndAfter } from '../vassal-run';
import { unpaddedWithPicture } from './unpadded-grid-kit';

describeVassal('an unpadded grid of sixteen columns in VASSAL itself', () => {
  it('the built module places every piece where the original does', async () => {
    const { before, after, validation } = await placedBeforeAndAfter(unpaddedWithPicture(), 'unpadded', true);
    const line = (p: { name: string; x: number; y: number; location: string }) => `${p.name}: (${p.x}, ${p.y}) ${p.location}`;
    expect(before.map(line).sort()).toEqual([
      'A: (40, 40) 11',
      'B: (656, 328) 125',
      'C: (6760, -24) offboard',
      'D: (824, 424) 157',
      'P: (600, 300) 115',
    ]);
    const onBoard = (pieces: typeof before) =>
      pieces
        .filter((p) => p.name !== 'C')
        .map(line)
        .sort();
    expect(onBoard(after)).toEqual(onBoard(before));
    expect(validation).toEqual([]);
  }, 600_000);
});

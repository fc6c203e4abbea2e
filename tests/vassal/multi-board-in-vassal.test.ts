/**
 * Maps of several boards seen by VASSAL 3.7.26 itself: the module built from the import of a module
 * whose maps lay out two boards each (./multi-board-kit.ts: 2×1 and 1×2, boards of different sizes)
 * places every piece, on File > New Game (at-start stacks) and in its saved game, on the board and
 * at the board pixel the kit puts it: VASSAL's map pixel less the map's edge and the board's origin
 * in the kit's layout (the built maps have no edge; their boards take the same cells at the same
 * sizes). A piece on the hex board is compared by the hex VASSAL names (the built module draws its
 * own map, with its own hex centres).
 */
import { expect, it } from 'vitest';
import type { SetupPiece } from '../../src/vassal/harness/report';
import { describeVassal } from '../vassal-tier';
import { BOARDS, EDGES, STANDS, multiBoardModuleEntries } from './multi-board-kit';
import { SETUP_KINDS, placedBeforeAndAfter, placedLines } from './vassal-run';

/** The kit's board under a map pixel (edge taken off), and the board pixel there. */
function onBoard(map: string, x: number, y: number): string {
  const board = BOARDS.find(
    (b) => b.map === map && x >= b.origin.x && y >= b.origin.y && x < b.origin.x + b.width && y < b.origin.y + b.height,
  );
  return board ? `${board.name} (${x - board.origin.x}, ${y - board.origin.y})` : `off the boards (${x}, ${y})`;
}

/** Each piece as "name: board (board x, board y)", or "name: location" on a hex; sorted. */
function placed(pieces: readonly SetupPiece[], edges: Record<string, { x: number; y: number }>): string[] {
  const inHex = new Set(STANDS.filter((s) => s.hex !== undefined).map((s) => s.unit));
  return placedLines(pieces, inHex, edges, (p, x, y) => onBoard(p.map, x, y));
}

describeVassal('maps of several boards in VASSAL itself', () => {
  it.each(SETUP_KINDS)(
    'from %s: the built module places each piece on its board at its board pixel, as the original does',
    async (_, atStart) => {
      const { before, after, validation } = await placedBeforeAndAfter(await multiBoardModuleEntries(atStart), 'boards', atStart);
      const expected = STANDS.map((s) => `${s.unit}: ${s.hex ?? `${s.board} (${s.x}, ${s.y})`}`).sort();
      expect(placed(before, EDGES)).toEqual(expected);
      expect(placed(after, {})).toEqual(expected);
      expect(validation).toEqual([]);
    },
    900_000,
  );
});

/**
 * The module keeps each unit's palette piece between builds under a digest of the game's
 * UNIT_PIECE_PARTS and the unit's own record (palette.ts, generator.ts): a unit's piece must read
 * nothing else of the game, or an edit there would leave a kept piece stale.
 */
import { describe, expect, it } from 'vitest';
import { guardGame } from '../../src/pipeline/reads';
import { planCounters } from '../../src/plan';
import { collectArt } from '../../src/vassal/module/collect-art';
import { UNIT_PIECE_PARTS } from '../../src/vassal/module/generator';
import { unitPiece } from '../../src/vassal/module/pieces';
import { mustLoad, standInSources } from './module-helpers';

describe("a unit's palette piece", () => {
  it('reads only the parts of the game its kept copy is scoped to', async () => {
    const game = await mustLoad('data/demo');
    const art = await collectArt(game, standInSources(game));
    const plan = planCounters(game);
    const view = guardGame(game, { game: [...UNIT_PIECE_PARTS], settings: [] }, "a unit's palette piece");
    expect(game.units.length).toBeGreaterThan(0);
    for (const unit of game.units) {
      const counter = plan.units.get(unit.id)!;
      const faces = art.units.get(unit.id)!;
      expect(unitPiece(view, counter, faces, { gpid: 7 })).toEqual(unitPiece(game, counter, faces, { gpid: 7 }));
    }
  });

  it('throws when made from a view without the game info, so the test above can fail', async () => {
    const game = await mustLoad('data/demo');
    const art = await collectArt(game, standInSources(game));
    const unit = game.units[0];
    const view = guardGame(game, { game: ['units'], settings: [] }, "a unit's palette piece");
    expect(() => unitPiece(view, planCounters(game).units.get(unit.id)!, art.units.get(unit.id)!, { gpid: 7 })).toThrow(/game\.info/);
  });
});

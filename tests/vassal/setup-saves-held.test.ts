/**
 * A setup's stacks are made once for the module's diagnostics and held for the first read of its
 * save (setups.ts): that first save must be the one a later read makes anew.
 */
import { describe, expect, it } from 'vitest';
import { planCounters } from '../../src/plan';
import { buildModule } from '../../src/vassal/module/build-file';
import { collectArt } from '../../src/vassal/module/collect-art';
import { savedGameCommands } from '../../src/vassal/module/saved-game';
import { TEST_EPOCH, mustLoad, standInSources } from './module-helpers';

describe("a setup's save", () => {
  it('reads the same from the stacks held since the module was built as from stacks made again', async () => {
    const game = await mustLoad('data/demo');
    const art = await collectArt(game, standInSources(game));
    const module = buildModule(game, art, { version: 'test', epoch: TEST_EPOCH, plan: planCounters(game) });
    expect(module.setups.length).toBeGreaterThan(0);
    for (const setup of module.setups) {
      const first = savedGameCommands(setup.save);
      const again = savedGameCommands(setup.save);
      expect(first.split('\u001b').filter((c) => c.startsWith('+/')).length).toBeGreaterThan(1);
      expect(again).toBe(first);
    }
  });
});

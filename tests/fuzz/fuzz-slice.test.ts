/**
 * The fast slice of the fuzzing campaigns (scripts/fuzz): a fixed seed, a few hundred inputs,
 * the contract asserted for each (exit 0, 1 or 2 in time, located diagnostics, no stack trace,
 * no raw control character, known-invalid mutations refused). `npm run fuzz` runs long campaigns.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCampaign } from '../../scripts/fuzz/campaign';
import { FAILURES } from '../../scripts/fuzz/contract';
import { gameTarget } from '../../scripts/fuzz/game-target';
import { moduleTarget } from '../../scripts/fuzz/module-target';
import { buildBaseModule } from '../../scripts/fuzz/fuzz';
import { CliRunner } from '../../scripts/fuzz/runner';

const ROOT = path.join(__dirname, '..', '..');
const MINIMAL = path.join(ROOT, 'tests', 'fixtures', 'minimal');
const SEED = 20261202;
const runner = new CliRunner({ timeoutMs: 30_000, maxHeapMb: 1024, cwd: ROOT });
afterAll(() => runner.stop());

const failuresOf = (report: Awaited<ReturnType<typeof runCampaign>>) =>
  report.failures.filter((f) => FAILURES.has(f.verdict)).map((f) => `#${f.index} ${f.verdict}: ${f.detail.slice(0, 300)}`);

describe('fuzzing slice', () => {
  it('game folders: 200 mutated copies of the minimal game keep the contract', { timeout: 600_000 }, async () => {
    const report = await runCampaign(gameTarget(MINIMAL), runner, { runs: 200, seed: SEED });
    expect(failuresOf(report)).toEqual([]);
    // The oracle edits were there and were refused.
    expect(report.counts['clean-diagnostic']).toBeGreaterThan(50);
  });

  it('modules: 100 mutated copies of the minimal game module keep the contract', { timeout: 600_000 }, async () => {
    const base = await buildBaseModule(MINIMAL);
    const report = await runCampaign(moduleTarget(base, SEED), runner, { runs: 100, seed: SEED });
    expect(failuresOf(report)).toEqual([]);
  });
});

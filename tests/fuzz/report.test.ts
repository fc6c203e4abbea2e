/** The table `npm run fuzz` ends with: counts per class, a row per campaign and command, totals per command. */
import { describe, expect, it } from 'vitest';
import type { CampaignReport } from '../../scripts/fuzz/campaign';
import { emptyCounts, type Verdict } from '../../scripts/fuzz/contract';
import { formatTable } from '../../scripts/fuzz/report';

function counts(values: Partial<Record<Verdict, number>>): Record<Verdict, number> {
  return { ...emptyCounts(), ...values };
}

function report(target: string, seed: number, byCommand: Record<string, Record<Verdict, number>>): CampaignReport<unknown> {
  return { target, runs: 0, seed, counts: emptyCounts(), byCommand, failures: [], slowestMs: 0 };
}

describe('formatTable', () => {
  it('gives each campaign and command a row, and each command run by several campaigns a total', () => {
    const table = formatTable([
      report('game-demo', 7, {
        validate: counts({ 'clean-diagnostic': 90, 'accepted-rightly': 5, crash: 1 }),
        build: counts({ 'clean-diagnostic': 3, 'accepted-rightly': 1 }),
      }),
      report('game-kursk', 8, { validate: counts({ 'clean-diagnostic': 80, 'accepted-wrongly': 2, hang: 1, unlocated: 3 }) }),
    ]).split('\n');
    expect(table[0]).toBe(
      '| campaign | command | seed | inputs | clean diagnostic | accepted, rightly | accepted but wrong | crash | hang | diagnostic without location | raw control printed |',
    );
    expect(table.slice(2)).toEqual([
      '| game-demo | build | 7 | 4 | 3 | 1 | 0 | 0 | 0 | 0 | 0 |',
      '| game-demo | validate | 7 | 96 | 90 | 5 | 0 | 1 | 0 | 0 | 0 |',
      '| game-kursk | validate | 8 | 86 | 80 | 0 | 2 | 0 | 1 | 3 | 0 |',
      '| all | validate |  | 182 | 170 | 5 | 2 | 1 | 1 | 3 | 0 |',
    ]);
  });
});

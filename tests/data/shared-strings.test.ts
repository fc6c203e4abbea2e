/**
 * shareScenarioNames (src/data/shared-strings.ts) keeps one string per distinct name the
 * placements use: the scenarios read exactly as before, whatever their placements name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shareScenarioNames } from '../../src/data/shared-strings';
import type { ScenarioFile } from '../../src/model/files';

const DEMO_SCENARIOS = path.join(__dirname, '..', '..', 'data', 'demo', 'scenarios.json');

describe('shareScenarioNames', () => {
  it('leaves every placement naming what it named', () => {
    const text = readFileSync(DEMO_SCENARIOS, 'utf8');
    const scenarios = (JSON.parse(text) as { scenarios: ScenarioFile[] }).scenarios;
    expect(scenarios.some((s) => (s.setup ?? []).some((p) => p.units?.length))).toBe(true);
    shareScenarioNames(scenarios);
    expect(scenarios).toEqual((JSON.parse(text) as { scenarios: ScenarioFile[] }).scenarios);
  });

  it('keeps names in boxes, hexes and marker placements, however often they repeat', () => {
    const scenario = (n: number): ScenarioFile =>
      ({
        id: `s${n}`,
        name: `S${n}`,
        setup: [
          { units: ['a', 'b', 'a'], hex: '0101' },
          { units: ['b'], box: 'Pool' },
        ],
        markers: [{ marker: 'm', hex: '0101' }, { marker: 'm', box: 'Pool' }],
      }) as ScenarioFile;
    const scenarios = [scenario(1), scenario(2)];
    shareScenarioNames(scenarios);
    expect(scenarios).toEqual([scenario(1), scenario(2)]);
  });
});

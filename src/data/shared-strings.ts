/**
 * The scenarios name the same units, hexes and boxes over and over, and JSON.parse makes each
 * occurrence a string of its own (some 30 bytes): 189 setups of 10,000 placed pieces are two
 * million unit ids. After loading, every placement names them by one string per distinct value, so
 * a game holds each name once however many setups place it. Values are unchanged; only which copy
 * of equal strings is kept.
 */
import type { ScenarioFile } from '../model/files';

/** Replaces the names in `scenarios`' placements by one shared string per value, in place. */
export function shareScenarioNames(scenarios: readonly ScenarioFile[]): void {
  scenarioNameSharer()(scenarios);
}

/**
 * shareScenarioNames over several lists with one pool: the scenarios files are shared one by one
 * as they are parsed (./parse-game.ts), so the copies in one file are let go before the next is read.
 */
export function scenarioNameSharer(): (scenarios: readonly ScenarioFile[]) => void {
  const pool = new Map<string, string>();
  const shared = (name: string): string => {
    const kept = pool.get(name);
    if (kept !== undefined) return kept;
    pool.set(name, name);
    return name;
  };
  return (scenarios) => {
  for (const scenario of scenarios) {
    for (const placement of scenario.setup ?? []) {
      const { units } = placement;
      if (units) for (let i = 0; i < units.length; i++) units[i] = shared(units[i]);
      if (placement.hex !== undefined) placement.hex = shared(placement.hex);
      if (placement.box !== undefined) placement.box = shared(placement.box);
    }
    for (const marker of scenario.markers ?? []) {
      marker.marker = shared(marker.marker);
      if (marker.hex !== undefined) marker.hex = shared(marker.hex);
      if (marker.box !== undefined) marker.box = shared(marker.box);
    }
  }
  };
}

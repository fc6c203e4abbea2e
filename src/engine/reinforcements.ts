/** Reinforcement arrival and withdrawals: what a scenario's schedule brings on a given turn. */
import { isUnknown } from '../model/common';
import type { ArrivalFile, ScenarioFile } from '../model/files';

export interface Arrival {
  turn: number;
  units: string[];
  formations: string[];
  where: string;
  condition?: string;
  entry: ArrivalFile;
}

function whereText(a: ArrivalFile): string {
  return (
    a.hex ??
    (a.hexes ? a.hexes.join(', ') : undefined) ??
    (a.zone ? `zone ${a.zone}` : undefined) ??
    (a.box ? `box ${a.box}` : undefined) ??
    a.where ??
    a.code ??
    '(not stated)'
  );
}

/** Arrivals scheduled for `turn`; entries whose turn is unknown are returned separately. */
export function arrivalsOn(
  scenario: ScenarioFile,
  turn: number,
  list: 'reinforcements' | 'withdrawals' = 'reinforcements',
): { arrivals: Arrival[]; undated: ArrivalFile[] } {
  const arrivals: Arrival[] = [];
  const undated: ArrivalFile[] = [];
  for (const entry of scenario[list] ?? []) {
    if (isUnknown(entry.turn)) {
      undated.push(entry);
      continue;
    }
    if (entry.turn !== turn) continue;
    arrivals.push({
      turn,
      units: entry.units ?? [],
      formations: entry.formations ?? [],
      where: whereText(entry),
      ...(entry.condition ? { condition: entry.condition } : {}),
      entry,
    });
  }
  return { arrivals, undated };
}

/**
 * Replacements a side receives on a turn (scenarios.json `replacements`): entries for one `turn`,
 * or `available` on a list or range of turns, giving points of a kind and/or counters that become
 * available. An entry whose turns are given only in words, or whose points are unknown, leaves the
 * answer a gap.
 */
import { isUnknown } from '../model/common';
import type { ReplacementFile, ScenarioFile } from '../model/files';
import { inTurnRange, turnRangeText } from './conditions';
import { cite } from './source-text';

export interface ReplacementsOnTurn {
  /** Points by kind ("" when the entry names no kind). */
  points: Record<string, number>;
  units: string[];
  reasons: string[];
  /** Why the answer is not complete, when an entry cannot be decided. */
  undecided?: string;
}

function appliesOn(entry: ReplacementFile, turn: number): boolean | 'undecided' {
  if (entry.turn !== undefined && !isUnknown(entry.turn)) return entry.turn === turn;
  if (entry.available !== undefined) return inTurnRange(entry.available, turn);
  return 'undecided';
}

export function replacementsOn(scenario: ScenarioFile, side: string, turn: number, kind?: string): ReplacementsOnTurn {
  const points: Record<string, number> = {};
  const units: string[] = [];
  const reasons: string[] = [];
  let undecided: string | undefined;
  for (const entry of scenario.replacements ?? []) {
    if (entry.side !== side) continue;
    if (kind !== undefined && entry.kind !== kind) continue;
    const on = appliesOn(entry, turn);
    const label = `${entry.kind ?? 'replacements'}${cite(entry.source)}`;
    if (on === 'undecided') {
      undecided ??= `${label}: the turns are given only in words ("${entry.turns ?? (isUnknown(entry.turn) ? 'turn unknown' : 'no turn')}")`;
      continue;
    }
    if (!on) continue;
    const when = entry.available !== undefined ? ` (${turnRangeText(entry.available)})` : '';
    if (entry.points !== undefined) {
      if (isUnknown(entry.points)) {
        undecided ??= `${label}: the points are not given${entry.points.reason ? ` (${entry.points.reason})` : ''}`;
        continue;
      }
      const key = entry.kind ?? '';
      points[key] = (points[key] ?? 0) + entry.points;
      reasons.push(
        `${entry.points} ${entry.kind ?? 'replacement'} point${entry.points === 1 ? '' : 's'} on turn ${turn}${when}${cite(entry.source)}`,
      );
    }
    if (entry.units?.length) {
      units.push(...entry.units);
      reasons.push(
        `${entry.units.join(', ')} available as replacement${entry.units.length === 1 ? '' : 's'} on turn ${turn}${when}${cite(entry.source)}`,
      );
    }
  }
  if (reasons.length === 0 && !undecided) reasons.push(`no replacements for ${side} on turn ${turn}`);
  return { points, units, reasons, ...(undecided ? { undecided } : {}) };
}

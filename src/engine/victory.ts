/**
 * Victory points from hex control: every victory zone (map) and scenario victory entry with hexes
 * and points scores for the side controlling its hexes.
 */
import { isUnknown } from '../model/common';
import type { Game } from '../model/game';

export function victoryPoints(
  game: Game,
  scenarioId: string | undefined,
  control: Record<string, string>,
): { bySide: Record<string, number>; reasons: string[] } {
  const bySide: Record<string, number> = {};
  const reasons: string[] = [];
  const award = (side: string | undefined, points: number, label: string) => {
    if (!side) return;
    bySide[side] = (bySide[side] ?? 0) + points;
    reasons.push(`${side} +${points}: ${label}`);
  };
  for (const zone of game.map.zones) {
    if (zone.kind !== 'victory' && zone.kind !== 'objective') continue;
    if (zone.value === undefined || isUnknown(zone.value)) continue;
    for (const hex of zone.hexIds) award(control[hex], zone.value, `${zone.name ?? zone.id} ${hex}`);
  }
  const scenario = game.scenarios.find((s) => s.id === scenarioId);
  for (const v of scenario?.victory ?? []) {
    if (v.points === undefined || isUnknown(v.points)) continue;
    const zone = v.zone ? game.map.zones.find((z) => z.id === v.zone) : undefined;
    const hexes = v.hexes ?? zone?.hexIds ?? [];
    for (const hex of hexes) if (v.side === undefined || control[hex] === v.side) award(control[hex], v.points, `${v.id} ${hex}`);
  }
  return { bySide, reasons };
}

/**
 * Victory (16.1, 16.2): town VPs for full Soviet control of every hex of a town, exit VPs per unit
 * (the 16.1 exit values replaced by 16.2's, official clarification), net VPs and the level.
 */
import type { ScenarioFile } from '../../../model/files';
import { QueryInputError, number, optNumber, optStrings, string } from '../../checks/input';
import { unsupported, type QueryHandler } from '../../checks/query';
import type { Engine } from '../../context';
import { cite } from '../../source-text';
import { SIDE_KEYS, list, record, refuseUnreadSideKeys, requiredScenario, sideOf } from './common';
import * as rules from './rules';

function level(engine: Engine, s: ScenarioFile, scorer: number, opponent: number, reasoning: string[]): string | { unknown: string } {
  const { value: levels, cite: where } = rules.victoryLevels(engine);
  const table = levels[s.id];
  if (!table) return { unknown: `no victory levels for scenario ${s.id}` };
  const net = scorer - opponent;
  const band = table.bands.find((b) => b.min === undefined || net >= b.min);
  const id = opponent > scorer ? table.opponentAhead : band?.level;
  if (id === undefined) return { unknown: `net ${net} falls in no victory band of scenario ${s.id}` };
  const entry = (s.victory ?? []).find((v) => v.id === id && v.kind === 'level');
  if (!entry) return { unknown: `scenario ${s.id} has no victory level "${id}"` };
  reasoning.push(
    `net ${net}${opponent > scorer ? ' (the other side has more VPs)' : ''}: ${entry.text}${cite(table.source) || where}${cite(entry.source)}`,
  );
  return id;
}

/** Exit VP entries: scenarios.json "points" entries whose zone holds the exit hex. */
function exitPoints(engine: Engine, s: ScenarioFile, side: string, hex: string): { points: number; label: string } | undefined {
  let best: { points: number; label: string } | undefined;
  for (const v of s.victory ?? []) {
    if (v.kind !== 'points' || v.side !== side || !v.zone || typeof v.points !== 'number') continue;
    const zone = engine.game.map.zones.find((z) => z.id === v.zone);
    // A corner hex lies on two edges: the owner chooses the edge he leaves by.
    if (zone?.hexIds.includes(hex) && (!best || v.points > best.points)) best = { points: v.points, label: `${v.text}${cite(v.source)}` };
  }
  return best;
}

/** The side the net is counted for and its opponent; input and answer keys are named after them (`<side>Vp`). */
function netSides(engine: Engine): { scorer: string; opponent: string } {
  const scorer = rules.victory(engine).value.netFor;
  return { scorer, opponent: engine.game.info.sides.find((x) => x.id !== scorer)!.id };
}

export const victory: QueryHandler = (engine, input) => {
  const s = requiredScenario(engine, input);
  const { townScorer } = rules.victory(engine).value;
  const { scorer, opponent } = netSides(engine);
  refuseUnreadSideKeys(input, SIDE_KEYS.controls, [`${townScorer}Controls`]);
  // Only the other side's VPs come from the input; the net side's are counted here.
  refuseUnreadSideKeys(input, SIDE_KEYS.vp, [`${opponent}Vp`]);
  const controlled = new Set(optStrings(input, `${townScorer}Controls`) ?? []);
  const reasoning: string[] = [];
  const vp: Record<string, number> = Object.fromEntries(engine.game.info.sides.map((x) => [x.id, 0]));
  for (const v of s.victory ?? []) {
    if (v.kind !== 'control' || v.side !== townScorer || typeof v.points !== 'number') continue;
    const hexes = v.hexes ?? [];
    if (hexes.length && hexes.every((h) => controlled.has(h))) {
      vp[townScorer] += v.points;
      reasoning.push(`+${v.points} ${townScorer}: every hex of ${v.text} controlled${cite(v.source)}`);
    } else if (hexes.some((h) => controlled.has(h)))
      reasoning.push(`${v.id}: not every hex is ${townScorer}-controlled, no VPs (all hexes are needed)${cite(v.source)}`);
  }
  for (const [i, e] of list(input, 'exits').entries()) {
    const x = record(e, `input.exits[${i}]`);
    const side = sideOf(engine, x.side, `input.exits[${i}].side`);
    const hex = string(x, 'hex');
    const units = number(x, 'units');
    const p = exitPoints(engine, s, side, hex);
    if (!p) return unsupported(`no exit VPs are stated for ${side} units leaving at ${hex}`, reasoning);
    vp[side] += p.points * units;
    reasoning.push(`+${p.points * units} ${side}: ${units} unit(s) exit at ${hex} — ${p.label}`);
  }
  const extra = optNumber(input, `${opponent}Vp`);
  if (extra !== undefined) vp[opponent] += extra;
  const l = level(engine, s, vp[scorer], vp[opponent], reasoning);
  if (typeof l !== 'string') return unsupported(l.unknown, reasoning);
  return {
    actual: { [`${scorer}Vp`]: vp[scorer], [`${opponent}Vp`]: vp[opponent], net: vp[scorer] - vp[opponent], level: l },
    reasoning,
  };
};

export const victoryLevel: QueryHandler = (engine, input) => {
  const s = requiredScenario(engine, input);
  const { scorer, opponent } = netSides(engine);
  refuseUnreadSideKeys(input, SIDE_KEYS.vp, [`${scorer}Vp`, `${opponent}Vp`]);
  const scored = number(input, `${scorer}Vp`);
  const against = number(input, `${opponent}Vp`);
  const reasoning: string[] = [];
  const l = level(engine, s, scored, against, reasoning);
  if (typeof l !== 'string') return unsupported(l.unknown, reasoning);
  return { actual: { net: scored - against, level: l }, reasoning };
};

/** ring-of-fire.exitVp {scenario, side, edge}: VPs per unit for the scenario's exit entry `exit-<side>-<edge>`. */
export const exitVp: QueryHandler = (engine, input) => {
  const s = requiredScenario(engine, input);
  const side = sideOf(engine, input.side);
  const edge = string(input, 'edge');
  if (!['north', 'south', 'east', 'west'].includes(edge)) throw new QueryInputError('input.edge must be north, south, east or west');
  const entry = (s.victory ?? []).find((v) => v.id === `exit-${side}-${edge}` && v.kind === 'points');
  if (!entry) return { actual: { vp: 0 }, reasoning: [`scenario ${s.name} gives no VPs for ${side} units leaving by the ${edge} edge`] };
  if (typeof entry.points !== 'number') return unsupported(`the VPs of ${entry.id} are not given`);
  return { actual: { vp: entry.points }, reasoning: [`${entry.text}${cite(entry.source)}`] };
};

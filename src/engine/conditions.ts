/**
 * Conditions on rule forms (common.schema.json `condition`): whether a terrain effect, a table
 * modifier or any other conditioned form applies in a situation. Every property of a condition
 * must hold; a list of ids means any of them. A condition that asks about something the situation
 * does not say (the weather, the defender's side) cannot be decided: the caller reports it.
 */
import type { ConditionFile, Ids, TurnRangeFile, UnitPredicateFile } from '../model/files';
import type { Game } from '../model/game';
import { movementClassOf } from './context';

/** What a condition can ask about a unit. */
export interface UnitFacts {
  id?: string;
  side?: string;
  nationality?: string;
  type?: string;
  size?: string;
  formation?: string;
  flags?: string[];
  movementClass?: string;
}

/** The situation a conditioned form is evaluated in; anything left out is not known. */
export interface Situation {
  attackers?: UnitFacts[];
  defenders?: UnitFacts[];
  attackerSide?: string;
  defenderSide?: string;
  weather?: string;
  phase?: string;
  turn?: number;
  scenario?: string;
  /** Terrain ids of the defender's hex (hex terrain and features). */
  defenderTerrain?: readonly string[];
}

/** holds: the condition is met; missing: it cannot be decided, and why. */
export type Verdict = { holds: boolean; missing?: undefined; text: string } | { holds?: undefined; missing: string; text: string };

export const idList = (ids: Ids | undefined): string[] | undefined =>
  ids === undefined ? undefined : typeof ids === 'string' ? [ids] : ids;

export function inTurnRange(range: TurnRangeFile, turn: number): boolean {
  if (Array.isArray(range)) return range.includes(turn);
  if (range.from !== undefined && turn < range.from) return false;
  if (range.to !== undefined && turn > range.to) return false;
  if (range.every !== undefined) return (turn - (range.from ?? 1)) % range.every === 0;
  return true;
}

export function turnRangeText(range: TurnRangeFile): string {
  if (Array.isArray(range)) return `turn${range.length === 1 ? '' : 's'} ${range.join(', ')}`;
  const span =
    range.from !== undefined && range.to !== undefined
      ? `turns ${range.from}-${range.to}`
      : range.from !== undefined
        ? `from turn ${range.from}`
        : `to turn ${range.to}`;
  return range.every !== undefined && range.every > 1 ? `${span}, every ${range.every} turns` : span;
}

function typeOf(game: Game, type: string | undefined) {
  return type === undefined ? undefined : (game.info.unitTypes ?? []).find((t) => t.id === type);
}

/** Whether one unit matches a predicate, or which fact of the unit is missing. */
export function unitMatches(game: Game, predicate: UnitPredicateFile, unit: UnitFacts): boolean | { missing: string } {
  const check = (ids: Ids | undefined, value: string | undefined, what: string): boolean | { missing: string } => {
    const wanted = idList(ids);
    if (wanted === undefined) return true;
    if (value === undefined) return { missing: `the ${what} of ${unit.id ?? 'a unit'}` };
    return wanted.includes(value);
  };
  const movementClass = unit.movementClass ?? movementClassOf(game, unit.type);
  const parts = [
    check(predicate.side, unit.side, 'side'),
    check(predicate.nationality, unit.nationality, 'nationality'),
    check(predicate.type, unit.type, 'type'),
    check(predicate.size, unit.size, 'size'),
    check(predicate.formation, unit.formation, 'formation'),
    check(predicate.movementClass, movementClass, 'movement class'),
  ];
  if (predicate.category !== undefined) {
    const category = typeOf(game, unit.type)?.category;
    parts.push(
      category === undefined ? { missing: `the category of ${unit.id ?? unit.type ?? 'a unit'}` } : predicate.category.includes(category),
    );
  }
  const flags = idList(predicate.flag);
  if (flags !== undefined) {
    const effectOf = (flag: string) => game.info.unitFlags?.find((f) => f.id === flag)?.effect;
    parts.push((unit.flags ?? []).some((f) => flags.includes(f) || flags.includes(effectOf(f) ?? '')));
  }
  const missing = parts.find((p): p is { missing: string } => typeof p === 'object');
  if (parts.some((p) => p === false)) return false;
  return missing ?? true;
}

export function predicateText(predicate: UnitPredicateFile): string {
  const parts: string[] = [];
  const add = (ids: Ids | undefined, what: string) => {
    const list = idList(ids);
    if (list) parts.push(`${what} ${list.join('/')}`);
  };
  add(predicate.side, 'side');
  add(predicate.nationality, 'nationality');
  add(predicate.type, 'type');
  add(predicate.size, 'size');
  add(predicate.movementClass, 'class');
  if (predicate.category) parts.push(`category ${predicate.category.join('/')}`);
  add(predicate.formation, 'formation');
  add(predicate.flag, 'flag');
  return parts.join(', ');
}

/** A whole-combat predicate over the attacking (or defending) units: all of them, or any one. */
function sideMatches(
  game: Game,
  predicate: UnitPredicateFile,
  units: UnitFacts[] | undefined,
  side: string | undefined,
): boolean | { missing: string } {
  if (units && units.length > 0) {
    const results = units.map((u) => unitMatches(game, predicate, u));
    const missing = results.find((r): r is { missing: string } => typeof r === 'object');
    if (predicate.match === 'any') return results.some((r) => r === true) || (missing ?? false);
    return results.every((r) => r === true) || (results.some((r) => r === false) ? false : missing!);
  }
  // No units named: a predicate on the side alone can still be decided from the side.
  const onlySide = Object.keys(predicate).every((k) => k === 'side' || k === 'match');
  if (onlySide && side !== undefined) return idList(predicate.side)!.includes(side);
  return { missing: 'the units concerned' };
}

/**
 * Whether `when` holds in the situation. `perUnit` names a unit the form is applied to one at a
 * time (a strength multiplier): its own side's predicate is tested on that unit alone.
 */
export function conditionHolds(
  game: Game,
  when: ConditionFile | undefined,
  situation: Situation,
  perUnit?: { role: 'attacker' | 'defender'; unit: UnitFacts },
): Verdict {
  if (when === undefined) return { holds: true, text: '' };
  const texts: string[] = [];
  let missing: string | undefined;
  let holds = true;
  const take = (result: boolean | { missing: string }, text: string) => {
    texts.push(text);
    if (result === false) holds = false;
    else if (typeof result === 'object') missing ??= result.missing;
  };
  const fact = <T>(value: T | undefined, what: string, test: (v: T) => boolean): boolean | { missing: string } =>
    value === undefined ? { missing: `the ${what}` } : test(value);
  for (const role of ['attacker', 'defender'] as const) {
    const predicate = when[role];
    if (!predicate) continue;
    const text = `${role}: ${predicateText(predicate)}${predicate.match === 'any' ? ' (any)' : ''}`;
    if (perUnit && perUnit.role === role) take(unitMatches(game, predicate, perUnit.unit), text);
    else
      take(
        sideMatches(
          game,
          predicate,
          role === 'attacker' ? situation.attackers : situation.defenders,
          role === 'attacker' ? situation.attackerSide : situation.defenderSide,
        ),
        text,
      );
  }
  const weather = idList(when.weather);
  if (weather)
    take(
      fact(situation.weather, 'weather', (w) => weather.includes(w)),
      `weather ${weather.join('/')}`,
    );
  const phase = idList(when.phase);
  if (phase)
    take(
      fact(situation.phase, 'phase', (p) => phase.includes(p)),
      `phase ${phase.join('/')}`,
    );
  if (when.turn !== undefined)
    take(
      fact(situation.turn, 'turn', (t) => inTurnRange(when.turn!, t)),
      turnRangeText(when.turn),
    );
  const scenario = idList(when.scenario);
  if (scenario)
    take(
      fact(situation.scenario, 'scenario', (s) => scenario.includes(s)),
      `scenario ${scenario.join('/')}`,
    );
  const terrain = idList(when.terrain);
  if (terrain)
    take(
      fact(situation.defenderTerrain, "defender's terrain", (t) => t.some((x) => terrain.includes(x))),
      `defender in ${terrain.join('/')}`,
    );
  const text = texts.join('; ');
  // A condition already false is decided, whatever else is unknown.
  if (!holds) return { holds: false, text };
  return missing !== undefined ? { missing, text } : { holds: true, text };
}

/** A condition in words, for aid cards and reasoning: "defender: side south; weather mud". */
export function conditionText(when: ConditionFile): string {
  const parts: string[] = [];
  if (when.attacker) parts.push(`attacker ${predicateText(when.attacker)}`);
  if (when.defender) parts.push(`defender ${predicateText(when.defender)}`);
  for (const [key, label] of [
    ['weather', 'in'],
    ['phase', 'phase'],
    ['scenario', 'scenario'],
    ['terrain', 'defender in'],
  ] as const) {
    const ids = idList(when[key]);
    if (ids) parts.push(`${label} ${ids.join('/')}`);
  }
  if (when.turn !== undefined) parts.push(turnRangeText(when.turn));
  return parts.join('; ');
}

/**
 * Movement cost of one step, from the terrain's MovementSpec (per movement class, per weather):
 * entering a hex, crossing a hexside, or following a path (road) from hex to hex.
 *
 * How the pieces combine (the TEC forms of schemas/terrain.schema.json):
 * - Along a path (both hexes on it, consecutive): the path's own cost replaces the hex and hexside
 *   costs, the usual "road rate"; a path cost of "other" means the path does not change the cost.
 * - Otherwise: the most expensive numeric cost among the hex's terrains ("other" defers to the
 *   rest), plus every {"add": N}, plus each hexside feature (a number on a hexside is added: a
 *   river "2" costs 2 on top of the hex). A hexside feature costing "other" (a bridge) means the
 *   crossing costs only the hex entered, cancelling the other features of that side.
 * - "prohibited" anywhere forbids the step; "all" costs all the unit's MP (see reach.ts).
 * - A declared unknown, a hex of unknown terrain, or a class/weather the spec does not cover makes
 *   the cost unknown: the engine does not guess.
 */
import { isUnknown } from '../model/common';
import type { MoveCost, MovementSpec, TerrainTypeFile } from '../model/files';
import { cite } from './source-text';

/** Numeric step costs: finite ≥ 0, or one of these. */
export const PROHIBITED = Number.POSITIVE_INFINITY;
export const ALL_MP = -1;
export const UNKNOWN_COST = Number.NaN;

export type CostAnswer = number | 'prohibited' | 'all' | 'unknown';

export function costAnswer(value: number): CostAnswer {
  if (Number.isNaN(value)) return 'unknown';
  if (value === PROHIBITED) return 'prohibited';
  if (value === ALL_MP) return 'all';
  return value;
}

export interface MoveConditions {
  movementClass?: string;
  weather?: string;
}

/** The one cost a spec gives for a class and weather, or why there is none. */
export function resolveSpec(spec: MovementSpec | undefined, when: MoveConditions): { cost?: MoveCost; missing?: string } {
  if (spec === undefined) return { missing: 'no movement cost given' };
  if (isPlainCost(spec)) return { cost: spec };
  const byClass = spec as Record<string, MoveCost | Record<string, MoveCost>>;
  const key = when.movementClass !== undefined && when.movementClass in byClass ? when.movementClass : 'default';
  const forClass = byClass[key];
  if (forClass === undefined) return { missing: `no cost for movement class "${when.movementClass ?? '(none)'}" and no default` };
  if (isPlainCost(forClass)) return { cost: forClass };
  const byWeather = forClass as Record<string, MoveCost>;
  const wkey = when.weather !== undefined && when.weather in byWeather ? when.weather : 'default';
  const cost = byWeather[wkey];
  if (cost === undefined) return { missing: `no cost for weather "${when.weather ?? '(none)'}" (class ${key}) and no default` };
  return { cost };
}

function isPlainCost(value: unknown): value is MoveCost {
  if (typeof value === 'number' || typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  return 'add' in value || isUnknown(value);
}

export interface StepInput extends MoveConditions {
  /** Terrain ids of the hex entered, or null when the map does not give them. */
  terrain: readonly string[] | null;
  /** Hexside features crossed. */
  hexside?: readonly string[];
  /** Path terrain ids running from the hex left to the hex entered. */
  paths?: readonly string[];
}

export type TerrainLookup = (id: string) => TerrainTypeFile | undefined;

/** Cost of one step with the reasons, each naming the terrain and the rule it comes from. */
export function stepCost(lookup: TerrainLookup, step: StepInput, reasons?: string[]): number {
  const say = (line: string) => reasons?.push(line);
  const costOf = (id: string): { t: TerrainTypeFile | undefined; r: { cost?: MoveCost; missing?: string } } => {
    const t = lookup(id);
    if (!t) return { t, r: { missing: `terrain "${id}" is not in terrain.json` } };
    return { t, r: resolveSpec(t.movement, step) };
  };

  // Along a path: the path's rate replaces hex and hexside costs.
  let best = Number.POSITIVE_INFINITY;
  let bestPath: string | undefined;
  for (const id of step.paths ?? []) {
    const { t, r } = costOf(id);
    if (r.cost !== undefined && typeof r.cost === 'number' && r.cost < best) {
      best = r.cost;
      bestPath = id;
    } else if (r.cost === undefined || isUnknown(r.cost)) {
      say(`path ${id}: cost unknown (${r.missing ?? 'declared unknown'})${cite(t?.source)}`);
    }
  }
  if (bestPath !== undefined) {
    say(`along ${bestPath}: ${best} MP, ignoring other terrain${cite(lookup(bestPath)?.source)}`);
    return best;
  }

  if (step.terrain === null) {
    say('hex terrain unknown on the map');
    return UNKNOWN_COST;
  }
  let base: number | undefined;
  let add = 0;
  let all = false;
  let unknown = false;
  for (const id of step.terrain) {
    const { t, r } = costOf(id);
    const c = r.cost;
    if (c === undefined || isUnknown(c)) {
      say(`${id}: cost unknown (${r.missing ?? (c as { reason?: string })?.reason ?? 'declared unknown'})${cite(t?.source)}`);
      unknown = true;
    } else if (c === 'prohibited') {
      say(`${id}: prohibited${cite(t?.source)}`);
      return PROHIBITED;
    } else if (c === 'all') {
      say(`${id}: all MP${cite(t?.source)}`);
      all = true;
    } else if (c === 'other') {
      say(`${id}: cost of the other terrain${cite(t?.source)}`);
    } else if (typeof c === 'number') {
      say(`${id}: ${c} MP${cite(t?.source)}`);
      base = base === undefined ? c : Math.max(base, c);
    } else {
      say(`${id}: +${c.add} MP${cite(c.source ?? t?.source)}`);
      add += c.add;
    }
  }
  // A hexside feature costing "other" (a bridge) makes the crossing cost only the hex entered:
  // it cancels the costs of the other features on that side.
  const cancelling = (step.hexside ?? []).find((id) => costOf(id).r.cost === 'other');
  if (cancelling) say(`hexside ${cancelling}: crossing costs only the hex entered${cite(lookup(cancelling)?.source)}`);
  for (const id of cancelling ? [] : (step.hexside ?? [])) {
    const { t, r } = costOf(id);
    const c = r.cost;
    if (c === undefined || isUnknown(c)) {
      say(`hexside ${id}: cost unknown (${r.missing ?? 'declared unknown'})${cite(t?.source)}`);
      unknown = true;
    } else if (c === 'prohibited') {
      say(`hexside ${id}: prohibited${cite(t?.source)}`);
      return PROHIBITED;
    } else if (c === 'all') {
      say(`hexside ${id}: all MP${cite(t?.source)}`);
      all = true;
    } else if (c !== 'other') {
      const n = typeof c === 'number' ? c : c.add;
      say(`hexside ${id}: +${n} MP${cite(t?.source)}`);
      add += n;
    }
  }
  if (unknown) return UNKNOWN_COST;
  if (all) return ALL_MP;
  if (base === undefined) {
    say('no terrain in the hex states a base cost');
    return UNKNOWN_COST;
  }
  return base + add;
}

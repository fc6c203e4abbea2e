/**
 * The generic movement queries: the cost of one step, the cost and legality of a path, and the
 * hexes a unit can reach. Each can name the unit (its class and allowance from the data), the
 * weather (terrain chart columns, weather caps), and a movement mode or the phase whose mode applies
 * (game.json movementModes: rail, strategic, road, administrative).
 */
import { isUnknown } from '../../../model/common';
import type { MoveCost } from '../../../model/files';
import { factsOf } from '../../combat';
import type { UnitFacts } from '../../conditions';
import type { Engine } from '../../context';
import { moveRules, nearEnemy, zocForMode, type MoveRules } from '../../modes';
import { costAnswer, resolveSpec, stepCost } from '../../movement';
import { pathCost, reachWorkspace, searchReach } from '../../reach';
import { searchReachCapped } from '../../reach-capped';
import { cite } from '../../source-text';
import { enemyZocMask, zocRules } from '../../zoc';
import { containsAll, matches, sameSet } from '../compare';
import { QueryInputError, hexIndex, mover, optString, optStrings, string, unitFrom, type Input } from '../input';
import { amount, bool, list, object, oneOf, oneOrMany, ref, unitRef, type JsonSchema } from '../input-schema';
import { defineQuery, knownGap, unsupported, type QueryAnswer } from '../query';
import { HEX_SIDES } from '../../../hex';

const MOVER: Record<string, JsonSchema> = {
  unit: unitRef('the moving unit: its movement class and allowance come from the data'),
  movementClass: ref('movementClass', 'movement class, instead of a unit'),
  ma: amount('movement allowance (default: the unit’s printed one)'),
  face: oneOf('the face whose allowance is used', 'front', 'reverse'),
  weather: ref('weather', 'the weather: terrain chart column and weather effects on movement'),
  mode: ref('movementMode', 'a movement mode of game.json movementModes, or "normal"'),
  phase: ref('phase', 'the phase: its movement mode applies'),
};

const ENEMY: JsonSchema = {
  anyOf: [
    ref('hex', 'a hex holding an enemy unit that exerts ZOC'),
    object(
      {
        hex: ref('hex', 'its hex'),
        unit: unitRef('the enemy unit (one flagged no-zoc exerts none)'),
        noZoc: bool('it exerts no ZOC'),
      },
      ['hex'],
    ),
  ],
  description: 'an enemy unit',
};

export const ENEMY_LIST = list(ENEMY, 'enemy units: they block their hexes and exert ZOC by the game’s rules');
const ENEMIES = { enemies: ENEMY_LIST };

/** Enemy hexes from input.enemies: hex ids, or {hex, unit?, noZoc?} objects. */
export function enemies(engine: Engine, value: unknown): { occupied: number[]; zoc: number[] } {
  const occupied: number[] = [];
  const zoc: number[] = [];
  if (value === undefined) return { occupied, zoc };
  if (!Array.isArray(value)) throw new QueryInputError('input.enemies must be a list of hex ids');
  const flagEffect = (flag: string) => engine.game.info.unitFlags?.find((f) => f.id === flag)?.effect;
  for (const e of value) {
    if (typeof e === 'string') {
      const i = hexIndex(engine, e, 'enemy hex');
      occupied.push(i);
      zoc.push(i);
    } else if (e && typeof e === 'object' && typeof (e as { hex?: unknown }).hex === 'string') {
      const spec = e as { hex: string; unit?: unknown; noZoc?: boolean };
      const i = hexIndex(engine, spec.hex, 'enemy hex');
      occupied.push(i);
      const unit = spec.unit !== undefined ? unitFrom(engine, spec.unit, 'enemy unit') : undefined;
      const noZoc = spec.noZoc === true || (unit?.flags ?? []).some((f) => f === 'no-zoc' || flagEffect(f) === 'no-zoc');
      if (!noZoc) zoc.push(i);
    } else throw new QueryInputError('input.enemies must list hex ids or {hex} objects');
  }
  return { occupied, zoc };
}

function zocSetup(engine: Engine, zocHexes: number[], reasoning: string[], mode: MoveRules['zoc'] = 'normal') {
  if (zocHexes.length === 0) return undefined;
  const rules = zocForMode(zocRules(engine), mode);
  if (!rules) {
    reasoning.push(
      mode === 'ignore'
        ? 'this mode of movement ignores enemy ZOC'
        : 'game.json states no ZOC rules: enemy units only block their own hexes',
    );
    return undefined;
  }
  reasoning.push(`enemy ZOC: enter ${rules.enter}, leave ${rules.leave}, ZOC to ZOC ${rules.zocToZoc}${rules.citation}`);
  return { mask: enemyZocMask(engine, zocHexes), rules };
}

/** The mover, its facts for conditions, and the rules of its move (mode, allowance, caps). */
function moveOf(engine: Engine, input: Input) {
  const m = mover(engine, input);
  const unit = input.unit !== undefined ? unitFrom(engine, input.unit) : undefined;
  const facts: UnitFacts = unit ? factsOf(engine, unit) : m.movementClass !== undefined ? { movementClass: m.movementClass } : {};
  const weather = optString(input, 'weather');
  const rules = moveRules(engine, facts, m.ma, {
    movementClass: m.movementClass,
    weather,
    mode: optString(input, 'mode'),
    phase: optString(input, 'phase'),
  });
  if ('error' in rules) throw new QueryInputError(rules.error);
  return { m, facts, weather, rules };
}

/** Hexes a mode forbids besides enemy units' own: those too near an enemy unit. */
function blockedHexes(engine: Engine, occupiedHexes: number[], rules: MoveRules, reasoning: string[]): Uint8Array | undefined {
  if (occupiedHexes.length === 0) return undefined;
  const blocked = new Uint8Array(engine.graph.size);
  for (const i of occupiedHexes) blocked[i] = 1;
  if (rules.minEnemyDistance !== undefined) {
    const near = nearEnemy(engine, occupiedHexes, rules.minEnemyDistance);
    let n = 0;
    for (let i = 0; i < near.length; i++)
      if (near[i]) {
        blocked[i] = 1;
        n++;
      }
    reasoning.push(`${n} hexes lie within ${rules.minEnemyDistance - 1} of an enemy unit and may not be entered`);
  }
  return blocked;
}

export const moveCost = defineQuery({
  summary: 'the movement cost of one step: terrain entered, hexside crossed, road followed (or from one hex to the next on the map)',
  input: object({
    ...MOVER,
    terrain: oneOrMany(ref('terrain', 'terrain id'), 'terrain of the hex entered'),
    hexside: oneOrMany(ref('terrain', 'hexside terrain id'), 'hexside features crossed'),
    road: oneOrMany(ref('terrain', 'path terrain id'), 'paths (roads) followed from hex to hex'),
    from: ref('hex', 'the hex left (with to: terrain, hexside and roads come from the map)'),
    to: ref('hex', 'the hex entered'),
  }),
  flags: { class: 'movementClass' },
  run: (engine, input) => {
    const from = optString(input, 'from');
    const to = optString(input, 'to');
    if ((from === undefined) !== (to === undefined)) throw new QueryInputError('give both from and to, or neither');
    if (from !== undefined && to !== undefined) {
      const path = [hexIndex(engine, from), hexIndex(engine, to)];
      const { m, weather, rules } = moveOf(engine, input);
      const r = pathCost(engine, path, {
        movementClass: m.movementClass,
        weather,
        ...(rules.mode || rules.maxHexes !== undefined ? { costs: rules.costs } : {}),
      });
      const reasoning = [`${m.label}${weather ? `, ${weather}` : ''}`, ...rules.reasons, ...r.reasons];
      if (r.cost === 'unknown') return knownGap('the movement cost is not given by the data', reasoning);
      return { actual: { cost: r.cost }, reasoning };
    }
    const m = mover(engine, input);
    const terrain = optStrings(input, 'terrain') ?? [];
    for (const id of [...terrain, ...(optStrings(input, 'hexside') ?? [])])
      if (!engine.terrain(id)) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    const road = optStrings(input, 'road');
    const reasoning: string[] = [`${m.label}${input.weather ? `, ${input.weather}` : ''}`];
    const c = stepCost(
      (id) => engine.terrain(id),
      { movementClass: m.movementClass, weather: optString(input, 'weather'), terrain, hexside: optStrings(input, 'hexside'), paths: road },
      reasoning,
    );
    const cost = costAnswer(c);
    if (cost === 'unknown') return knownGap('the movement cost is not given by the data', reasoning);
    return { actual: { cost }, reasoning };
  },
});

export const pathCostQuery = defineQuery({
  summary: 'the cost and legality of moving along a path of hexes (terrain, ZOC, mode, weather cap, allowance)',
  input: object(
    {
      ...MOVER,
      path: list(ref('hex', 'hex'), 'the hexes, the first where the unit starts'),
      ...ENEMIES,
      enemyZoc: list(ref('hex', 'hex'), 'hexes in enemy ZOC, stated instead of enemy units'),
    },
    ['path'],
  ),
  flags: { class: 'movementClass' },
  run: (engine, input) => {
    const { m, weather, rules } = moveOf(engine, input);
    const ids = optStrings(input, 'path');
    if (!ids || ids.length < 2) throw new QueryInputError('input.path must list at least two hexes');
    const path = ids.map((id) => hexIndex(engine, id));
    const reasoning: string[] = [
      `${m.label}${rules.allowance !== undefined ? `, ${rules.allowance === Infinity ? 'no MP limit' : `MA ${rules.allowance}`}` : ''}`,
      ...rules.reasons,
    ];
    const en = enemies(engine, input.enemies);
    let zoc = zocSetup(engine, en.zoc, reasoning, rules.zoc);
    const stated = optStrings(input, 'enemyZoc');
    if (stated) {
      const base = zocForMode(zocRules(engine), rules.zoc);
      if (!base) return unsupported('the check names enemy ZOC hexes but game.json states no ZOC rules', reasoning);
      const mask = zoc?.mask ?? new Uint8Array(engine.graph.size);
      for (const id of stated) mask[hexIndex(engine, id)] = 1;
      zoc = { mask, rules: base };
      if (!reasoning.some((r) => r.startsWith('enemy ZOC')))
        reasoning.push(
          `enemy ZOC in ${stated.join(', ')}: enter ${base.enter}, leave ${base.leave}, ZOC to ZOC ${base.zocToZoc}${base.citation}`,
        );
    }
    const occupied = blockedHexes(engine, en.occupied, rules, reasoning);
    const custom = rules.mode !== undefined || rules.costs !== engine.edgeCosts(m.movementClass, weather);
    const r = pathCost(engine, path, {
      movementClass: m.movementClass,
      weather,
      ...(rules.allowance !== undefined && rules.allowance !== Infinity ? { ma: rules.allowance } : {}),
      ...(zoc ? { zoc } : {}),
      ...(occupied ? { occupied } : {}),
      ...(custom ? { costs: rules.costs } : {}),
      ...(rules.maxHexes !== undefined ? { maxHexes: rules.maxHexes } : {}),
    });
    reasoning.push(...r.reasons, `total ${r.cost}, ${r.legal ? 'legal' : 'not legal'}`);
    if (r.cost === 'unknown') return knownGap('a step of the path has a movement cost the data does not give', reasoning);
    return { actual: { cost: r.cost, legal: r.legal }, reasoning };
  },
});

/** The terrain chart row by row as this mover sees it, each cost with its rule: what reach used. */
function terrainCosts(engine: Engine, movementClass: string | undefined, weather: string | undefined): string {
  const show = (cost: MoveCost | undefined): string => {
    if (cost === undefined || isUnknown(cost)) return '?';
    if (typeof cost === 'object') return `+${cost.add}`;
    return String(cost);
  };
  return engine.game.terrain
    .filter((t) => t.movement !== undefined)
    .map((t) => {
      const { cost, missing } = resolveSpec(t.movement, { movementClass, weather });
      return `${t.name} ${missing ? '?' : show(cost)}${cite(t.source)}`;
    })
    .join(', ');
}

export const reach = defineQuery({
  summary: 'the hexes a unit can reach, with the cost of each (terrain, ZOC, mode, weather cap, allowance)',
  input: object(
    {
      ...MOVER,
      from: ref('hex', 'the starting hex'),
      ...ENEMIES,
      explain: list(ref('hex', 'hex'), 'hexes whose cost the reasoning should state'),
    },
    ['from'],
  ),
  expect: object({
    includes: list(ref('hex', 'hex'), 'hexes it can reach'),
    excludes: list(ref('hex', 'hex'), 'hexes it cannot reach'),
    hexes: list(ref('hex', 'hex'), 'exactly the hexes it can reach'),
    costs: { type: 'object', description: 'cost to reach each of these hexes' },
  }),
  flags: { class: 'movementClass' },
  run: (engine, input) => runReach(engine, input),
});

function runReach(engine: Engine, input: Input): QueryAnswer {
  const { m, weather, rules } = moveOf(engine, input);
  if (rules.allowance === undefined) throw new QueryInputError('reach needs input.ma (or a unit with a movement value)');
  const from = hexIndex(engine, string(input, 'from'));
  const reasoning: string[] = [
    `${m.label} from ${input.from} with ${rules.allowance === Infinity ? 'no MP limit' : `${rules.allowance} MP`}${weather ? ` in ${weather}` : ''}`,
    ...rules.reasons,
  ];
  const en = enemies(engine, input.enemies);
  const zoc = zocSetup(engine, en.zoc, reasoning, rules.zoc);
  const occupied = blockedHexes(engine, en.occupied, rules, reasoning);
  const costs = rules.costs;
  if (!rules.mode)
    reasoning.push(
      `terrain chart for ${m.movementClass ?? 'any class'}${weather ? ` in ${weather}` : ''}: ${terrainCosts(engine, m.movementClass, weather)}`,
    );
  const reached = new Map<string, number>();
  const g = engine.graph;
  let order: number[];
  if (rules.maxHexes !== undefined) {
    const found = searchReachCapped(g.neighbors, {
      costs,
      start: from,
      ma: rules.allowance,
      maxHexes: rules.maxHexes,
      ...(occupied ? { occupied } : {}),
      ...(zoc ? { zoc } : {}),
    });
    order = [...found.keys()];
    for (const [i, c] of found) reached.set(g.ids[i], c);
  } else {
    const ws = reachWorkspace(engine);
    const n = searchReach(g.neighbors, ws, {
      costs,
      start: from,
      ma: rules.allowance,
      ...(occupied ? { occupied } : {}),
      ...(zoc ? { zoc } : {}),
    });
    order = Array.from(ws.order.subarray(0, n));
    for (const i of order) reached.set(g.ids[i], ws.costTo(i)!);
  }
  let unknownEdges = 0;
  for (const i of order) for (let d = 0; d < HEX_SIDES; d++) if (Number.isNaN(costs[i * HEX_SIDES + d])) unknownEdges++;
  reasoning.push(`${reached.size} hexes reachable`);
  if (unknownEdges > 0) {
    reasoning.push(`${unknownEdges} steps from reached hexes have a cost the data does not give; they were not taken`);
    if (weather === undefined && (engine.game.info.weather ?? []).length > 0)
      reasoning.push(
        `no weather given: costs the terrain chart gives per weather are unknown (name one of ${engine.game.info.weather!.map((w) => w.id).join(', ')})`,
      );
  }
  const describe = (id: string) => {
    if (g.indexOf(id) === undefined) return;
    const c = reached.get(id);
    reasoning.push(c === undefined ? `${id}: not reachable` : `${id}: ${c} MP`);
  };
  for (const id of [...((input.explain as string[] | undefined) ?? [])]) describe(id);
  const hexes = [...reached.keys()].sort();
  return {
    actual: { hexes, costs: Object.fromEntries(hexes.map((h) => [h, reached.get(h)])) },
    reasoning,
    compare: (expect, actual) => {
      const got = (actual as { hexes: string[] }).hexes;
      for (const id of [...((expect.includes as string[]) ?? []), ...((expect.excludes as string[]) ?? [])]) describe(id);
      if (Array.isArray(expect.includes) && !containsAll(got, expect.includes)) return false;
      if (Array.isArray(expect.excludes) && (expect.excludes as string[]).some((x) => got.includes(x))) return false;
      if (Array.isArray(expect.hexes) && !sameSet(got, expect.hexes)) return false;
      if (expect.costs && !matches(expect.costs, (actual as { costs: unknown }).costs)) return false;
      return true;
    },
  };
}

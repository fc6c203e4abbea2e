/**
 * The generic query vocabulary of checks.json (brief DATA.md): place, hexTerrain, unit, odds,
 * combat, tableLookup, drm, shift, strength, moveCost, pathCost, reach, supply, stack, turn,
 * scenario. Each turns its input into calls on the engine core and explains the answer.
 */
import { isUnknown } from '../../model/common';
import type { MoveCost, TableFile } from '../../model/files';
import type { Engine } from '../context';
import { pickColumn, readRow, clampDrm, signed } from '../crt';
import { combatModifier } from '../modifiers';
import { costAnswer, resolveSpec, stepCost } from '../movement';
import { pathCost, reachWorkspace, searchReach } from '../reach';
import { arrivalsOn } from '../reinforcements';
import { cite } from '../source-text';
import { stackPoints, type StackUnit } from '../stacking';
import { strengthTotal } from '../strength';
import { supplyPassableSlots, supplyLength, supplyWorkspace, traceSupply } from '../supply';
import { enemyZocMask, zocRules } from '../zoc';
import { containsAll, matches, matchesLoosely, sameSet } from './compare';
import { systemStacking } from '../systems/stacking';
import {
  QueryInputError,
  hexIndex,
  mover,
  number,
  optNumber,
  optString,
  optStrings,
  optTotal,
  string,
  unitFrom,
  type Input,
} from './input';
import { knownGap, unsupported, type QueryAnswer, type QueryHandler } from './query';

export function tableFor(engine: Engine, input: Input, fallbackKind?: TableFile['kind']): TableFile {
  const id = optString(input, 'table');
  if (id !== undefined) {
    const t = engine.table(id);
    if (!t) throw new QueryInputError(`table "${id}" is not in tables.json`);
    return t;
  }
  const t = engine.game.tables.find((x) => x.kind === fallbackKind) ?? undefined;
  if (!t) throw new QueryInputError(`input.table is required (the game has no ${fallbackKind ?? ''} table to default to)`);
  return t;
}

const place: QueryHandler = (engine, input) => {
  const name = string(input, 'name').toLowerCase();
  const p = engine.game.map.places.find(
    (x) => x.id === name || x.name.toLowerCase() === name || (x.aliases ?? []).some((a) => a.toLowerCase() === name),
  );
  if (!p) return { actual: null, reasoning: [`no place called "${input.name}" in map.json`] };
  if (p.hex === undefined || isUnknown(p.hex)) {
    if (p.hexes?.length)
      return { actual: { hex: p.hexes[0], hexes: p.hexes }, reasoning: [`${p.name}: hexes ${p.hexes.join(', ')}${cite(p.source)}`] };
    return unsupported(`the hex of ${p.name} is not given in map.json`);
  }
  return { actual: { hex: p.hex, ...(p.hexes ? { hexes: p.hexes } : {}) }, reasoning: [`${p.name} is in ${p.hex}${cite(p.source)}`] };
};

const hexTerrain: QueryHandler = (engine, input) => {
  const id = string(input, 'hex');
  const i = hexIndex(engine, id);
  const terrain = engine.graph.terrain[i];
  const h = engine.game.map.hexes[i];
  if (terrain === null) return unsupported(`the terrain of ${id} is not given (declared unknown)`);
  return {
    actual: { terrain: [...terrain] },
    reasoning: [`${id}: ${terrain.join(', ')}${h.partial ? ' (partial: the source names only some of it)' : ''}${cite(h.source)}`],
    compare: (expect, actual) => {
      const got = (actual as { terrain: string[] }).terrain;
      if (Array.isArray(expect.includes) && !containsAll(got, expect.includes)) return false;
      if (Array.isArray(expect.excludes) && (expect.excludes as string[]).some((x) => got.includes(x))) return false;
      if (Array.isArray(expect.terrain) && !sameSet(got, expect.terrain)) return false;
      return true;
    },
  };
};

const unit: QueryHandler = (engine, input) => {
  const u = unitFrom(engine, string(input, 'id'));
  const actual = {
    side: u.side,
    type: u.type,
    ...(u.nationality !== undefined ? { nationality: u.nationality } : {}),
    ...(u.size !== undefined ? { size: u.size } : {}),
    ...(u.formation !== undefined ? { formation: u.formation } : {}),
    ...(u.designation !== undefined ? { designation: u.designation } : {}),
    ...(u.name !== undefined ? { name: u.name } : {}),
    ...(u.steps !== undefined ? { steps: u.steps } : {}),
    ...(u.back !== undefined ? { back: u.back } : {}),
    ...(u.next !== undefined ? { next: u.next } : {}),
    ...(u.setupHex !== undefined || u.setup !== undefined ? { setup: u.setupHex ?? u.setup } : {}),
    ...(u.entry !== undefined ? { entry: u.entry } : {}),
    flags: u.flags ?? [],
    front: u.front ?? {},
    reverse: u.reverse ?? {},
  };
  return {
    actual,
    reasoning: [`units.csv line ${u.line}: ${u.id}${u.source ? ` [${u.source}]` : ''}`],
    compare: (expect, got) => {
      const { flags, ...rest } = expect;
      if (Array.isArray(flags) && !containsAll((got as { flags: string[] }).flags, flags)) return false;
      return matches(rest, got);
    },
  };
};

/** A column the engine cannot choose: a gap when the data lacks it, else a question it cannot answer. */
function cannotPick(pick: { why: string; gap?: boolean }, reasoning: string[]): QueryAnswer {
  return pick.gap ? knownGap(pick.why, reasoning) : unsupported(pick.why, reasoning);
}

/** Column (or automatic result) for an attack; shared by odds and combat. */
function column(engine: Engine, input: Input, table: TableFile, reasoning: string[]) {
  let shift = optNumber(input, 'shift') ?? 0;
  if (input.defenderTerrain !== undefined || input.across !== undefined) {
    const m = combatModifier(engine, 'shift', {
      table,
      defenderTerrain: optStrings(input, 'defenderTerrain'),
      across: optStrings(input, 'across'),
      weather: optString(input, 'weather'),
    });
    if (m.unknown) return { pick: { kind: 'unknown' as const, why: m.unknown } };
    if (m.value !== 0) reasoning.push(...m.reasons);
    shift += m.value;
  }
  return {
    pick: pickColumn(
      table,
      { attack: optTotal(input, 'attack'), defend: optTotal(input, 'defend'), column: optString(input, 'column'), shift },
      reasoning,
    ),
  };
}

const odds: QueryHandler = (engine, input) => {
  const table = tableFor(engine, input, 'crt');
  const reasoning: string[] = [];
  const { pick } = column(engine, input, table, reasoning);
  switch (pick.kind) {
    case 'unknown':
      return cannotPick(pick, reasoning);
    case 'prohibited':
      return { actual: { automatic: 'prohibited', prohibited: true }, reasoning };
    case 'automatic':
      return { actual: { automatic: pick.result }, reasoning };
    default:
      reasoning.push(`column ${pick.label}`);
      return { actual: { column: pick.label }, reasoning };
  }
};

const combat: QueryHandler = (engine, input) => {
  const table = tableFor(engine, input, 'crt');
  const reasoning: string[] = [];
  const { pick } = column(engine, input, table, reasoning);
  if (pick.kind === 'unknown') return cannotPick(pick, reasoning);
  if (pick.kind === 'prohibited') return { actual: { result: 'prohibited' }, reasoning };
  if (pick.kind === 'automatic') return { actual: { result: pick.result, automatic: true }, reasoning };
  let drm = optNumber(input, 'drm') ?? 0;
  if (input.defenderTerrain !== undefined || input.across !== undefined || input.modifiers !== undefined) {
    const m = combatModifier(engine, 'drm', {
      table,
      defenderTerrain: optStrings(input, 'defenderTerrain'),
      across: optStrings(input, 'across'),
      modifiers: optStrings(input, 'modifiers'),
      weather: optString(input, 'weather'),
    });
    if (m.unknown) return unsupported(m.unknown, reasoning);
    reasoning.push(...m.reasons);
    drm += m.value;
  }
  const roll = number(input, 'roll');
  reasoning.push(`column ${pick.label}, natural roll ${roll}${drm !== 0 ? `, DRM ${signed(drm)}` : ''}`);
  const r = readRow(table, pick.index, roll, drm, reasoning);
  if (r.unknown && r.row === undefined) return knownGap(r.unknown, reasoning);
  if (r.unknown)
    return {
      actual: { column: pick.label, row: r.row, modifiedRoll: r.modified },
      reasoning,
      unknownKeys: { keys: ['result'], reason: r.unknown },
    };
  return { actual: { result: r.result, column: pick.label, row: r.row, modifiedRoll: r.modified }, reasoning };
};

const tableLookup: QueryHandler = (engine, input) => {
  const table = tableFor(engine, input);
  const reasoning: string[] = [];
  const label = optString(input, 'column');
  const pick = pickColumn(table, { column: label, attack: optTotal(input, 'attack'), defend: optTotal(input, 'defend') }, reasoning);
  if (pick.kind === 'unknown') return cannotPick(pick, reasoning);
  if (pick.kind !== 'column') return { actual: { result: pick.kind === 'automatic' ? pick.result : 'prohibited' }, reasoning };
  const r = readRow(table, pick.index, number(input, 'roll'), optNumber(input, 'drm') ?? 0, reasoning);
  if (r.unknown && r.row === undefined) return knownGap(r.unknown, reasoning);
  if (r.unknown)
    return { actual: { row: r.row, ...(label ? { column: label } : {}) }, reasoning, unknownKeys: { keys: ['result'], reason: r.unknown } };
  return { actual: { result: r.result, row: r.row, ...(label ? { column: label } : {}) }, reasoning };
};

function modifierQuery(field: 'drm' | 'shift'): QueryHandler {
  return (engine, input) => {
    const table = input.table !== undefined ? tableFor(engine, input) : undefined;
    const m = combatModifier(engine, field, {
      table,
      defenderTerrain: optStrings(input, 'defenderTerrain'),
      across: optStrings(input, 'across'),
      modifiers: optStrings(input, 'modifiers'),
      weather: optString(input, 'weather'),
    });
    if (m.unknown) return unsupported(m.unknown, m.reasons);
    let value = m.value + (optNumber(input, field === 'drm' ? 'extra' : 'extraShift') ?? 0);
    if (field === 'drm') value = clampDrm(table, value, m.reasons);
    return { actual: { [field]: value }, reasoning: m.reasons };
  };
}

const strength: QueryHandler = (_engine, input) => {
  const values = input.values;
  if (!Array.isArray(values) || values.some((v) => typeof v !== 'number'))
    throw new QueryInputError('input.values must be a list of numbers');
  const halved = input.halved;
  if (halved !== undefined && (!Array.isArray(halved) || halved.some((v) => typeof v !== 'number')))
    throw new QueryInputError('input.halved must be a list of numbers');
  const round = optString(input, 'round') as 'down' | 'up' | 'nearest' | undefined;
  const r = strengthTotal({
    values: values as number[],
    halved: halved as number[] | undefined,
    round,
    minimum: optNumber(input, 'minimum'),
  });
  return { actual: { total: r.total }, reasoning: r.reasons };
};

const moveCost: QueryHandler = (engine, input) => {
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
};

/** Enemy hexes from input.enemies: hex ids, or {hex, noZoc?} objects. */
function enemies(engine: Engine, value: unknown): { occupied: number[]; zoc: number[] } {
  const occupied: number[] = [];
  const zoc: number[] = [];
  if (value === undefined) return { occupied, zoc };
  if (!Array.isArray(value)) throw new QueryInputError('input.enemies must be a list of hex ids');
  for (const e of value) {
    if (typeof e === 'string') {
      const i = hexIndex(engine, e, 'enemy hex');
      occupied.push(i);
      zoc.push(i);
    } else if (e && typeof e === 'object' && typeof (e as { hex?: unknown }).hex === 'string') {
      const i = hexIndex(engine, (e as { hex: string }).hex, 'enemy hex');
      occupied.push(i);
      if ((e as { noZoc?: boolean }).noZoc !== true) zoc.push(i);
    } else throw new QueryInputError('input.enemies must list hex ids or {hex} objects');
  }
  return { occupied, zoc };
}

function zocSetup(engine: Engine, zocHexes: number[], reasoning: string[]) {
  if (zocHexes.length === 0) return undefined;
  const rules = zocRules(engine);
  if (!rules) {
    reasoning.push('game.json states no ZOC rules: enemy units only block their own hexes');
    return undefined;
  }
  reasoning.push(`enemy ZOC: enter ${rules.enter}, leave ${rules.leave}, ZOC to ZOC ${rules.zocToZoc}${rules.citation}`);
  return { mask: enemyZocMask(engine, zocHexes), rules };
}

const pathCostQuery: QueryHandler = (engine, input) => {
  const m = mover(engine, input);
  const ids = optStrings(input, 'path');
  if (!ids || ids.length < 2) throw new QueryInputError('input.path must list at least two hexes');
  const path = ids.map((id) => hexIndex(engine, id));
  const reasoning: string[] = [`${m.label}${m.ma !== undefined ? `, MA ${m.ma}` : ''}`];
  const en = enemies(engine, input.enemies);
  let zoc = zocSetup(engine, en.zoc, reasoning);
  const stated = optStrings(input, 'enemyZoc');
  if (stated) {
    const rules = zocRules(engine);
    if (!rules) return unsupported('the check names enemy ZOC hexes but game.json states no ZOC rules', reasoning);
    const mask = zoc?.mask ?? new Uint8Array(engine.graph.size);
    for (const id of stated) mask[hexIndex(engine, id)] = 1;
    zoc = { mask, rules };
    if (!reasoning.some((r) => r.startsWith('enemy ZOC')))
      reasoning.push(
        `enemy ZOC in ${stated.join(', ')}: enter ${rules.enter}, leave ${rules.leave}, ZOC to ZOC ${rules.zocToZoc}${rules.citation}`,
      );
  }
  const occupied = en.occupied.length ? new Uint8Array(engine.graph.size) : undefined;
  for (const i of en.occupied) occupied![i] = 1;
  const r = pathCost(engine, path, { movementClass: m.movementClass, weather: optString(input, 'weather'), ma: m.ma, zoc, occupied });
  reasoning.push(...r.reasons, `total ${r.cost}, ${r.legal ? 'legal' : 'not legal'}`);
  if (r.cost === 'unknown') return knownGap('a step of the path has a movement cost the data does not give', reasoning);
  return { actual: { cost: r.cost, legal: r.legal }, reasoning };
};

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

const reach: QueryHandler = (engine, input) => {
  const m = mover(engine, input);
  if (m.ma === undefined) throw new QueryInputError('reach needs input.ma (or a unit with a movement value)');
  const from = hexIndex(engine, string(input, 'from'));
  const weather = optString(input, 'weather');
  const reasoning: string[] = [`${m.label} from ${input.from} with ${m.ma} MP${weather ? ` in ${weather}` : ''}`];
  const en = enemies(engine, input.enemies);
  const zoc = zocSetup(engine, en.zoc, reasoning);
  let occupied: Uint8Array | undefined;
  if (en.occupied.length) {
    occupied = new Uint8Array(engine.graph.size);
    for (const i of en.occupied) occupied[i] = 1;
  }
  const costs = engine.edgeCosts(m.movementClass, weather);
  reasoning.push(
    `terrain chart for ${m.movementClass ?? 'any class'}${weather ? ` in ${weather}` : ''}: ${terrainCosts(engine, m.movementClass, weather)}`,
  );
  const ws = reachWorkspace(engine);
  const n = searchReach(engine.graph.neighbors, ws, { costs, start: from, ma: m.ma, occupied, zoc });
  const reached = new Map<string, number>();
  for (let k = 0; k < n; k++) reached.set(engine.graph.ids[ws.order[k]], ws.costTo(ws.order[k])!);
  let unknownEdges = 0;
  for (let k = 0; k < n; k++) {
    const i = ws.order[k];
    for (let d = 0; d < 6; d++) if (Number.isNaN(costs[i * 6 + d])) unknownEdges++;
  }
  reasoning.push(`${n} hexes reachable`);
  if (unknownEdges > 0) {
    reasoning.push(`${unknownEdges} steps from reached hexes have a cost the data does not give; they were not taken`);
    if (weather === undefined && (engine.game.info.weather ?? []).length > 0)
      reasoning.push(
        `no weather given: costs the terrain chart gives per weather are unknown (name one of ${engine.game.info.weather!.map((w) => w.id).join(', ')})`,
      );
  }
  const describe = (id: string) => {
    const i = engine.graph.indexOf(id);
    if (i === undefined) return;
    const c = reached.get(id);
    reasoning.push(c === undefined ? `${id}: not reachable` : `${id}: ${c} MP`);
  };
  for (const id of [...((input.explain as string[] | undefined) ?? [])]) describe(id);
  return {
    actual: { hexes: [...reached.keys()].sort(), costs: Object.fromEntries(reached) },
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
};

/** Supply source hexes of a side: map zones of kind "supply" for that side. */
export function supplySources(engine: Engine, side: string): { hexes: number[]; zones: string[]; citation: string } {
  const zones = engine.game.map.zones.filter((z) => z.kind === 'supply' && z.side === side);
  const hexes = [...new Set(zones.flatMap((z) => z.hexIds))].map((id) => engine.graph.indexOf(id)!).filter((i) => i !== undefined);
  return { hexes, zones: zones.map((z) => z.name ?? z.id), citation: zones.map((z) => cite(z.source)).join('') };
}

const supply: QueryHandler = (engine, input) => {
  const unitInput = input.unit !== undefined ? unitFrom(engine, input.unit) : undefined;
  const side = optString(input, 'side') ?? unitInput?.side;
  if (!side) throw new QueryInputError('input.side is required');
  const at = hexIndex(engine, string(input, 'hex'));
  const sources = supplySources(engine, side);
  const reasoning: string[] = [];
  if (sources.hexes.length === 0) return unsupported(`map.json has no supply zone for side "${side}"`);
  const incomplete = engine.game.map.zones.some((z) => z.kind === 'supply' && z.side === side && z.complete === false);
  reasoning.push(`sources of ${side}: ${sources.zones.join(', ')} (${sources.hexes.length} hexes)${sources.citation}`);
  const en = enemies(engine, input.enemies);
  const blocked = new Uint8Array(engine.graph.size);
  for (const i of en.occupied) blocked[i] = 1;
  if (en.zoc.length) {
    const mask = enemyZocMask(engine, en.zoc);
    // Hexes holding friendly units, when the check names them: games where friendly units negate
    // enemy ZOC for supply say so in their rules, and the check lists the units.
    const friendly = (optStrings(input, 'friendlies') ?? []).map((id) => hexIndex(engine, id, 'friendly hex'));
    for (const i of friendly) mask[i] = 0;
    for (let i = 0; i < mask.length; i++) if (mask[i]) blocked[i] = 1;
    reasoning.push(
      `path may not enter enemy units or their ZOC (${en.occupied.length} enemy hexes)${friendly.length ? `; friendly units in ${friendly.length} hexes negate enemy ZOC there` : ''}`,
    );
  }
  const maxLength = optNumber(input, 'maxLength');
  const ws = supplyWorkspace(engine);
  const passable = supplyPassableSlots(engine);
  traceSupply(engine.graph.neighbors, passable, ws, sources.hexes, blocked, maxLength);
  const length = supplyLength(engine.graph.neighbors, passable, ws, blocked, at);
  const inSupply = length >= 0 && (maxLength === undefined || length <= maxLength);
  reasoning.push(
    length < 0
      ? `no path from ${input.hex} to a source${maxLength !== undefined ? ` within ${maxLength} hexes` : ''}`
      : `path of ${length} hexes from ${input.hex} to the nearest source${maxLength !== undefined ? ` (limit ${maxLength})` : ''}`,
  );
  if (!inSupply && incomplete) return unsupported(`no path found, but the supply zone of ${side} lists only some of its hexes`, reasoning);
  return { actual: { inSupply, length }, reasoning };
};

const stack: QueryHandler = (engine, input) => {
  const side = string(input, 'side');
  if (!Array.isArray(input.units)) throw new QueryInputError('input.units must be a list');
  const units: StackUnit[] = [];
  for (const u of input.units as unknown[]) {
    const unitValue = unitFrom(engine, u);
    const count = typeof (u as { count?: unknown }).count === 'number' ? (u as { count: number }).count : 1;
    const size = unitValue.size !== undefined && !isUnknown(unitValue.size) ? unitValue.size : undefined;
    for (let k = 0; k < count; k++)
      units.push({
        id: unitValue.id,
        type: unitValue.type,
        size,
        formation: unitValue.formation,
        nationality: unitValue.nationality,
        flags: unitValue.flags ?? [],
      });
  }
  const r = stackPoints(
    engine.game,
    side,
    units,
    optStrings(input, 'terrain') ?? [],
    optString(input, 'weather'),
    systemStacking(engine.game),
  );
  if (r.unknown) return unsupported(r.unknown, r.reasons);
  return { actual: { points: r.points, legal: r.legal, limit: r.limit }, reasoning: r.reasons };
};

const turn: QueryHandler = (engine, input) => {
  const n = number(input, 'turn');
  const t = engine.game.tracks.turns.find((x) => x.turn === n);
  if (!t) return { actual: null, reasoning: [`turn ${n} is not on the turn record track`] };
  const known = <T>(v: T) => (v !== undefined && !isUnknown(v) ? v : undefined);
  return {
    actual: {
      turn: n,
      ...(t.label ? { label: t.label } : {}),
      ...(known(t.date) !== undefined ? { date: t.date } : {}),
      ...(known(t.weather) !== undefined ? { weather: t.weather } : {}),
      values: t.values ?? {},
      events: t.events ?? [],
    },
    reasoning: [`turn record track, turn ${n}${cite(t.source)}`],
  };
};

const scenario: QueryHandler = (engine, input) => {
  const id = string(input, 'id');
  const s = engine.game.scenarios.find((x) => x.id === id);
  if (!s) return { actual: null, reasoning: [`no scenario "${id}"`] };
  const reasoning = [`scenario ${s.name}${cite(s.source)}`];
  const actual: Record<string, unknown> = { ...s };
  const onTurn = optNumber(input, 'turn');
  if (onTurn !== undefined) {
    const r = arrivalsOn(s, onTurn);
    actual.arrivals = r.arrivals.flatMap((a) => a.units);
    actual.arrivingFormations = r.arrivals.flatMap((a) => a.formations);
    for (const a of r.arrivals)
      reasoning.push(`turn ${onTurn}: ${[...a.units, ...a.formations].join(', ')} at ${a.where}${cite(a.entry.source)}`);
    if (r.undated.length) reasoning.push(`${r.undated.length} reinforcement entries have no stated turn`);
  }
  return { actual, reasoning, compare: (expect, got) => matchesLoosely(expect, got) };
};

export const GENERIC_QUERIES: Record<string, QueryHandler> = {
  place,
  hexTerrain,
  unit,
  odds,
  combat,
  tableLookup,
  drm: modifierQuery('drm'),
  shift: modifierQuery('shift'),
  strength,
  moveCost,
  pathCost: pathCostQuery,
  reach,
  supply,
  stack,
  turn,
  scenario,
};

/**
 * Scenario rules (15.3, 18.3, 18.4, 19.0-21.0): replacements and Victory Point awards from
 * scenarios.json, asterisk VP groups from map.json, victory levels, reserves, partisans, and the
 * August combat rules 21.44 and 21.48.
 */
import { isUnknown } from '../../../model/common';
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, optString, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { cite } from '../../source-text';
import { flag, numbers } from './cases';
import { modifier, scenario, specialRule, victoryEntry } from './game-data';
import * as rules from './rules';
import { maxOf } from '../../../extremes';

/** 18.46: one award per asterisk group (a victory zone of map.json held for the side), however many of its hexes are captured. */
export function vpGroups(engine: Engine, input: Input): QueryAnswer {
  const side = string(input, 'side');
  const hexes = input.hexes;
  if (!Array.isArray(hexes) || hexes.some((h) => typeof h !== 'string')) throw new QueryInputError('input.hexes must be a list of hex ids');
  const groups = engine.game.map.zones.filter((z) => z.kind === 'victory' && z.side === side);
  const reasoning: string[] = [];
  const paid = new Set<string>();
  let vp = 0;
  for (const hex of hexes as string[]) {
    const group = groups.find((g) => g.hexIds.includes(hex));
    if (!group) return unsupported(`hex ${hex} is in no known asterisk group; single VP hex awards are printed on the map only`, reasoning);
    if (paid.has(group.id)) {
      reasoning.push(`${hex}: ${group.name ?? group.id} already paid [18.46 L696]`);
      continue;
    }
    if (typeof group.value !== 'number') return unsupported(`the award of ${group.id} is not given`, reasoning);
    paid.add(group.id);
    vp += group.value;
    reasoning.push(`${hex}: ${group.name ?? group.id} pays ${group.value}${cite(group.source)}`);
  }
  return { actual: { vp }, reasoning };
}

export function unmodifiedAttacks(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'turn');
  const attack = number(input, 'attackNumber');
  const limit = rules.scenarioRules(engine).value.overLimitAttacks;
  if (!specialRule(s, limit.specialRule)) return { actual: { shift: 0 }, reasoning: [`scenario ${s.id} has no unmodified-attack limit`] };
  const over = attack > turn;
  if (!over)
    return {
      actual: { shift: 0 },
      reasoning: [`Game-Turn ${turn} allows ${turn} unmodified attacks; attack ${attack} is within it [${limit.specialRule}]`],
    };
  const m = modifier(engine, limit.modifier);
  if ('unknown' in m) return unsupported(m.unknown);
  return {
    actual: { shift: m.value },
    reasoning: [`Game-Turn ${turn} allows ${turn} unmodified attacks; attack ${attack} is over the limit: ${m.label} ${m.value}${m.cite}`],
  };
}

/** 21.44 on Game-Turn One plus 13.44 for the barraging Levels. */
export function sovietAttackShift(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'turn');
  const levels = input.barrageLevels === undefined ? [] : numbers(input, 'barrageLevels');
  const reasoning: string[] = [];
  const barrage = modifier(engine, rules.combatModifiers(engine).value.sovietBarrage);
  if ('unknown' in barrage) return unsupported(barrage.unknown);
  let shift = levels.reduce((a, b) => a + b, 0) * barrage.value;
  if (levels.length) reasoning.push(`barrage Levels ${levels.join(' + ')}: +${shift}${barrage.cite}`);
  const turnOne = rules.scenarioRules(engine).value.turnOneSovietAttacks;
  if (turn === s.firstTurn && specialRule(s, turnOne.specialRule)) {
    const extra = modifier(engine, levels.length ? turnOne.withBarrage : turnOne.withoutBarrage);
    if ('unknown' in extra) return unsupported(extra.unknown);
    shift += extra.value;
    reasoning.push(`Game-Turn ${turn}, ${levels.length ? 'with' : 'without'} a barrage: ${extra.label} +${extra.value}${extra.cite}`);
  }
  return { actual: { shift }, reasoning };
}

export function replacements(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const side = string(input, 'side');
  const rows = (s.replacements ?? []).filter((r) => r.side === side);
  let total = 0;
  for (const r of rows) {
    if (r.points === undefined || isUnknown(r.points))
      return unsupported(`scenario ${s.id} gives no replacement count for ${side} on turn ${String(r.turn)}`);
    total += r.points;
  }
  return {
    actual: { total },
    reasoning: [`${side} replacement Steps of ${s.id}: ${rows.map((r) => r.points).join(' + ')} = ${total}${cite(rows[0]?.source)}`],
  };
}

/** 12.12-12.2 from the game's rules; 12.17 (none on the last Game-Turn) from the scenarios' replacement rows. */
export function replacementLimits(engine: Engine): QueryAnswer {
  const limits = rules.replacementLimits(engine);
  const lastTurn = engine.game.scenarios.map((s) =>
    (s.replacements ?? []).filter((r) => r.turn === s.lastTurn).reduce((a, r) => a + (typeof r.points === 'number' ? r.points : 0), 0),
  );
  return {
    actual: { onLastTurn: maxOf(lastTurn, 0), ...limits.value },
    reasoning: [
      `scenarios.json: replacements on each scenario's last Game-Turn ${lastTurn.join(', ')} [12.17]`,
      `${Object.entries(limits.value)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join('; ')}${limits.cite}`,
    ],
  };
}

export function partisans(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const phases = number(input, 'phases');
  const { value: r, cite: where } = rules.partisans(engine);
  const p = r[s.id];
  if (!p) return unsupported(`the game gives no partisans for scenario ${s.id}`);
  const inPlay: number[] = [];
  for (let k = 0; k < phases; k++) inPlay.push(Math.min(p.max, p.first + k * r.perLaterPhase));
  return {
    actual: { inPlay },
    reasoning: [`${p.first} at the first Administrative Phase, +${r.perLaterPhase} each later one, at most ${p.max}${where}`],
  };
}

/** 18.33: an award for a voluntary activation; 18.37: an award per Organization Phase from the next turn through the game's last reserve turn. */
export function reserveVP(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'activatedTurn');
  const activation = string(input, 'activation');
  const reserves = rules.reserves(engine);
  const once = victoryEntry(engine, reserves.value.activatedAward, s.id);
  const perTurn = victoryEntry(engine, reserves.value.perTurnAward, s.id);
  if (typeof once?.points !== 'number' || typeof perTurn?.points !== 'number')
    return unsupported(`scenario ${s.id} gives no reserve activation awards`);
  const reasoning: string[] = [];
  let vp = 0;
  if (activation === 'voluntary') {
    vp += once.points;
    reasoning.push(`voluntary activation: ${once.text}: ${once.points} VP${cite(once.source)}`);
  } else if (activation === 'enemy-attack') reasoning.push('activated by an enemy attack: no activation award [18.32, 18.33]');
  else throw new QueryInputError('input.activation must be voluntary or enemy-attack');
  const last = Math.min(reserves.value.vpLastTurn, s.lastTurn);
  const turns = Math.max(0, last - turn);
  vp += turns * perTurn.points;
  reasoning.push(`Game-Turns ${turn + 1}-${last}: ${turns} × ${perTurn.points} VP${reserves.cite}`);
  return { actual: { vp }, reasoning };
}

export function reserveLimit(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turns = input.turns === undefined ? [number(input, 'turn')] : numbers(input, 'turns');
  const { value: r, cite: where } = rules.reserves(engine);
  const byTurn = r.activationLimitByTurn[s.id] ?? {};
  const limits = turns.map((t) => byTurn[String(t)] ?? r.activationLimit);
  return {
    actual: { limits },
    reasoning: [
      `${s.id}: ${limits.join(', ')} voluntary activations on turns ${turns.join(', ')}${where}; activations by enemy attack do not count [18.36]`,
    ],
  };
}

/** 18.48: awards for eliminated units and units not in play, read from the scenario victory entries. */
export function vpAward(engine: Engine, input: Input): QueryAnswer {
  const event = string(input, 'event');
  const unit = input.unit as Record<string, unknown> | undefined;
  if (!unit || typeof unit.side !== 'string' || typeof unit.type !== 'string') throw new QueryInputError('input.unit needs side and type');
  const scenarioId = optString(input, 'scenario');
  const to = engine.game.info.sides.find((side) => side.id !== unit.side)?.id;
  const reasoning: string[] = [];
  const award = (id: string) => {
    const e = victoryEntry(engine, id, scenarioId);
    if (!e || typeof e.points !== 'number') throw new MissingAward(id);
    reasoning.push(`${e.text}: ${e.points}${cite(e.source)}`);
    return e.points;
  };
  try {
    if (flag(input, 'replaced') && event === 'eliminated') {
      reasoning.push('replaced during play: treated as never lost [18.48 †]');
      return { actual: { vp: 0, to }, reasoning };
    }
    const { value: awards } = rules.vpAwards(engine);
    const list = event === 'eliminated' ? awards.eliminated : event === 'not-in-play' ? awards.notInPlay : undefined;
    if (!list) throw new QueryInputError('input.event must be eliminated or not-in-play');
    const entry = list.find((a) => a.side === unit.side && a.types.includes(unit.type as string));
    if (!entry) return { actual: { vp: 0, to }, reasoning: [...reasoning, `no 18.48 award for a ${unit.side} ${unit.type} ${event}`] };
    let vp = award(entry.award);
    if (entry.perTwoSteps !== undefined) {
      const steps = optNumber(unit as Input, 'stepValue');
      if (steps === undefined) return unsupported('the eliminated unit needs its stepValue (1 VP per two Steps)', reasoning);
      vp += Math.floor(steps / 2) * award(entry.perTwoSteps);
      reasoning.push(`${steps} Steps: ${Math.floor(steps / 2)} pairs (reading: the unit award plus one per two Steps)`);
    }
    return { actual: { vp, to }, reasoning };
  } catch (e) {
    if (e instanceof MissingAward) return unsupported(`scenarios.json has no single value for award ${e.message}`, reasoning);
    throw e;
  }
}

class MissingAward extends Error {}

interface Band {
  id: string;
  min: number;
  max: number;
}

/** The net-VP band a level's schedule text states ("A to B", "N or greater", "N or less/lower"). */
function band(id: string, text: string): Band | undefined {
  const reading = /read as (.*)$/.exec(text)?.[1] ?? text;
  const range = /(-?\d+) to (-?\d+)/.exec(reading);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    return { id, min: Math.min(a, b), max: Math.max(a, b) };
  }
  const up = /(-?\d+) or greater/.exec(reading);
  if (up) return { id, min: Number(up[1]), max: Number.POSITIVE_INFINITY };
  const down = /(-?\d+) or (?:less|lower)/.exec(reading);
  if (down) return { id, min: Number.NEGATIVE_INFINITY, max: Number(down[1]) };
  return undefined;
}

export function victoryLevel(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const net = number(input, 'netVP');
  const schedule = rules.victorySchedule(engine).value;
  const levels = (s.victory ?? []).filter((v) => v.kind === 'level' && schedule.includes(v.id));
  const reasoning: string[] = [];
  const bands: Band[] = [];
  let byControl = false;
  for (const l of levels) {
    const b = band(l.id, l.text);
    if (b) bands.push(b);
    else byControl = true;
  }
  const hit = bands.find((b) => net >= b.min && net <= b.max);
  if (hit) {
    const entry = levels.find((l) => l.id === hit.id)!;
    reasoning.push(`net ${net}: ${entry.text}${cite(entry.source)}`);
    return { actual: { level: hit.id }, reasoning };
  }
  if (byControl) {
    reasoning.push(`net ${net} meets no VP band; the remaining levels of ${s.id} depend on control of objectives [18.47]`);
    return { actual: { level: null }, reasoning };
  }
  return unsupported(`net ${net} falls in no level band of scenario ${s.id}`);
}

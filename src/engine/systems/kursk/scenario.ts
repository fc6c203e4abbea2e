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

/** 21.48: each German attack over the Game-Turn's unmodified allowance takes four columns left. */
const OVER_LIMIT_SHIFT = -4;
/** 21.44: Game-Turn One Soviet attacks shift two right with a barrage, one without. */
const AUG_TURN_ONE_SHIFT = { barrage: 2, none: 1 };
/** 15.31, 15.33: partisans received at the first Soviet Administrative Phase, and the most in play. */
const PARTISANS: Record<string, { first: number; max: number }> = {
  may: { first: 3, max: 6 },
  jul: { first: 1, max: 4 },
  aug: { first: 5, max: 7 },
};
/** 15.32: one more partisan each later Soviet Administrative Phase. */
const PARTISANS_PER_PHASE = 1;
/** 18.37: reserve VP are paid through the end of the seventh Game-Turn. */
const RESERVE_VP_LAST_TURN = 7;
/** 18.34, 18.35: voluntary reserve activations per Soviet Administrative Phase. */
const RESERVE_LIMIT_DEFAULT = 3;
const RESERVE_LIMIT_JULY: Record<number, number> = { 1: 5, 2: 4 };
/** 18.47: the schedule of each scenario (other level entries, like the Fuehrer note, are commentary). */
const SCHEDULE = ['german-strategic', 'german-tactical', 'draw', 'soviet-tactical', 'soviet-strategic'];

/** 18.46: one award per asterisk group, however many of its hexes are captured. */
export function vpGroups(engine: Engine, input: Input): QueryAnswer {
  const side = string(input, 'side');
  const hexes = input.hexes;
  if (!Array.isArray(hexes) || hexes.some((h) => typeof h !== 'string')) throw new QueryInputError('input.hexes must be a list of hex ids');
  const groups = engine.game.map.zones.filter((z) => z.side === side && /asterisk/.test(z.id));
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
  if (!specialRule(s, '21.48')) return { actual: { shift: 0 }, reasoning: [`scenario ${s.id} has no unmodified-attack limit`] };
  const over = attack > turn;
  return {
    actual: { shift: over ? OVER_LIMIT_SHIFT : 0 },
    reasoning: [
      `Game-Turn ${turn} allows ${turn} unmodified attacks; attack ${attack} ${over ? `is over the limit: ${OVER_LIMIT_SHIFT}` : 'is within it'} [21.48 L904]`,
    ],
  };
}

/** 21.44 on Game-Turn One plus 13.44 for the barraging Levels. */
export function sovietAttackShift(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'turn');
  const levels = input.barrageLevels === undefined ? [] : numbers(input, 'barrageLevels');
  const reasoning: string[] = [];
  const barrage = modifier(engine, 'soviet-barrage');
  if ('unknown' in barrage) return unsupported(barrage.unknown);
  let shift = levels.reduce((a, b) => a + b, 0) * barrage.value;
  if (levels.length) reasoning.push(`barrage Levels ${levels.join(' + ')}: +${shift}${barrage.cite}`);
  if (turn === 1 && specialRule(s, '21.44')) {
    const extra = levels.length ? AUG_TURN_ONE_SHIFT.barrage : AUG_TURN_ONE_SHIFT.none;
    shift += extra;
    reasoning.push(`Game-Turn One, ${levels.length ? 'with' : 'without'} a barrage: +${extra} [21.44 L899]`);
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

export function replacementLimits(engine: Engine): QueryAnswer {
  const reasoning = [
    'none on the last Game-Turn [12.17]; the recipient must be in supply [12.15]; never above the highest printed Step [12.12]; none to Soviet units in a German ZOC [12.2]; one Step recreates an HQ [12.14]',
  ];
  const lastTurn = engine.game.scenarios.map((s) =>
    (s.replacements ?? []).filter((r) => r.turn === s.lastTurn).reduce((a, r) => a + (typeof r.points === 'number' ? r.points : 0), 0),
  );
  reasoning.push(`scenarios.json: last-turn replacements ${lastTurn.join(', ')}`);
  return {
    actual: { onLastTurn: 0, recipientMustBeInSupply: true, aboveHighestPrintedStep: false, sovietInGermanZoc: false, hqRebuildCost: 1 },
    reasoning,
  };
}

export function partisans(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const phases = number(input, 'phases');
  const p = PARTISANS[s.id];
  if (!p) return unsupported(`15.3 gives no partisans for scenario ${s.id}`);
  const inPlay: number[] = [];
  for (let k = 0; k < phases; k++) inPlay.push(Math.min(p.max, p.first + k * PARTISANS_PER_PHASE));
  return {
    actual: { inPlay },
    reasoning: [
      `${p.first} at the first Soviet Administrative Phase [15.31 L603], +${PARTISANS_PER_PHASE} each later one [15.32], at most ${p.max} [15.33]`,
    ],
  };
}

/** 18.33: 1 VP for a voluntary activation; 18.37: 1 VP per German Organization Phase from the next turn through turn 7. */
export function reserveVP(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turn = number(input, 'activatedTurn');
  const activation = string(input, 'activation');
  const once = victoryEntry(engine, 'vp-ger-reserve-activated', s.id);
  const perTurn = victoryEntry(engine, 'vp-ger-reserve-per-turn', s.id);
  if (typeof once?.points !== 'number' || typeof perTurn?.points !== 'number')
    return unsupported(`scenario ${s.id} gives no reserve activation awards`);
  const reasoning: string[] = [];
  let vp = 0;
  if (activation === 'voluntary') {
    vp += once.points;
    reasoning.push(`voluntary activation: ${once.points} VP to the German${cite(once.source)} [18.33]`);
  } else if (activation === 'german-attack') reasoning.push('activated by a German attack: no activation award [18.32, 18.33]');
  else throw new QueryInputError('input.activation must be voluntary or german-attack');
  const last = Math.min(RESERVE_VP_LAST_TURN, s.lastTurn);
  const turns = Math.max(0, last - turn);
  vp += turns * perTurn.points;
  reasoning.push(`Game-Turns ${turn + 1}-${last}: ${turns} × ${perTurn.points} VP [18.37 L682]`);
  return { actual: { vp }, reasoning };
}

export function reserveLimit(engine: Engine, input: Input): QueryAnswer {
  const s = scenario(engine, string(input, 'scenario'));
  const turns = input.turns === undefined ? [number(input, 'turn')] : numbers(input, 'turns');
  const limits = turns.map((t) => (s.id === 'jul' ? (RESERVE_LIMIT_JULY[t] ?? RESERVE_LIMIT_DEFAULT) : RESERVE_LIMIT_DEFAULT));
  return {
    actual: { limits },
    reasoning: [
      `${s.id}: ${limits.join(', ')} voluntary activations on turns ${turns.join(', ')} [${s.id === 'jul' ? '18.35' : '18.34'}]; activations by German attack do not count [18.36]`,
    ],
  };
}

/** 18.48: awards for eliminated units and units not in play, read from the scenario victory entries. */
export function vpAward(engine: Engine, input: Input): QueryAnswer {
  const event = string(input, 'event');
  const unit = input.unit as Record<string, unknown> | undefined;
  if (!unit || typeof unit.side !== 'string' || typeof unit.type !== 'string') throw new QueryInputError('input.unit needs side and type');
  const scenarioId = optString(input, 'scenario');
  const to = unit.side === 'german' ? 'soviet' : 'german';
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
    let vp: number | undefined;
    const type = unit.type;
    if (event === 'eliminated') {
      if (type === 'hq') vp = award(unit.side === 'german' ? 'vp-sov-german-hq' : 'vp-ger-soviet-hq');
      else if (unit.side === 'soviet' && (type === 'tank' || type === 'mechanized')) vp = award('vp-ger-tank-mech-corps');
      else if (unit.side === 'german' && (type === 'panzer' || type === 'panzer-grenadier')) {
        const steps = optNumber(unit as Input, 'stepValue');
        if (steps === undefined) return unsupported('the eliminated panzer unit needs its stepValue (1 VP per two Steps)', reasoning);
        vp = award('vp-sov-panzer-unit') + Math.floor(steps / 2) * award('vp-sov-panzer-steps');
        reasoning.push(`${steps} Steps: ${Math.floor(steps / 2)} pairs (reading: the unit award plus one per two Steps)`);
      }
    } else if (event === 'not-in-play') {
      if (unit.side === 'soviet' && type === 'rifle-corps') vp = award('vp-ger-rifle-corps');
      else if (unit.side === 'german' && type === 'infantry') vp = award('vp-sov-infantry-division');
    } else throw new QueryInputError('input.event must be eliminated or not-in-play');
    if (vp === undefined) return { actual: { vp: 0, to }, reasoning: [...reasoning, `no 18.48 award for a ${unit.side} ${type} ${event}`] };
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
  const levels = (s.victory ?? []).filter((v) => v.kind === 'level' && SCHEDULE.includes(v.id));
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

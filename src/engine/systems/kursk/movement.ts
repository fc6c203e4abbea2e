/**
 * Movement (5.0-5.6, 6.1, 8.3, 18.26): Movement Allowance by mode and supply, overrun and
 * disengagement costs, rail limits, German infiltration, reinforcement entry costs.
 */
import type { Engine } from '../../context';
import { movementClassOf } from '../../context';
import { QueryInputError, number, optNumber, optString, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { flag } from './cases';
import { MIN_ATTACK_STRENGTH } from './crt-column';
import { modifier } from './game-data';

/** 6.0: overrun costs three Movement Points on top of the terrain. */
const OVERRUN_MP = 3;
/** 16.2 (optional): disengaging from a Friendly entrenchment costs nothing extra, from an Enemy one 1. */
const ENTRENCHMENT_DISENGAGE = { 'friendly-entrenchment': 0, 'enemy-entrenchment': 1 } as Record<string, number>;
/** 10.14: units never affected by mode. */
const MODELESS_TYPES = ['hq', 'antitank', 'artillery', 'partisan'];
/** 5.3: five units (5.37: mechanized, HQ and armor count two) by rail per Game-Turn. */
const RAIL_UNITS = 5;
const RAIL_HEAVY_WEIGHT = 2;
/** 5.33: hexes by rail per Turn. */
const RAIL_RANGE: Record<string, number> = { single: 20, mixed: 25, double: 30 };
/** 5.38, 5.39: rail units entering one railroad hex per Game-Turn. */
const RAIL_HEX_CAP: Record<string, number> = { single: 2, double: 4 };
/** 18.26: each reinforcing unit ahead in the entry hex adds one Movement Point. */
const ENTRY_MP_PER_EARLIER_UNIT = 1;
/** 5.51: hexsides a German unit may not infiltrate across. */
const NO_INFILTRATION_ACROSS = ['river', 'major-river', 'enemy-dragontooth'];

export function movementAllowance(_engine: Engine, input: Input): QueryAnswer {
  const ma = number(input, 'movement');
  const mode = optString(input, 'mode');
  const type = optString(input, 'unitType');
  const supplied = input.supplied !== false;
  const inCommunication = input.inCommunication !== false;
  const reasoning: string[] = [];
  const modeless = type !== undefined && MODELESS_TYPES.includes(type);
  const halvedByMode = !modeless && (mode === 'assault' || mode === 'static');
  const cut = !supplied || !inCommunication;
  let movement = ma;
  if (halvedByMode && cut) {
    movement = Math.floor(ma / 4);
    reasoning.push(`${mode} and out of ${!supplied ? 'supply' : 'communication'}: ${ma} quartered, rounded down = ${movement} [5.41 L233]`);
  } else if (halvedByMode) {
    movement = Math.floor(ma / 2);
    reasoning.push(`${mode} Mode: ${ma} halved, rounded down = ${movement} [5.41 L233]`);
  } else if (cut) {
    movement = Math.floor(ma / 2);
    reasoning.push(`out of ${!supplied ? 'supply' : 'communication'}: ${ma} halved, rounded down = ${movement} [11.52 L459, 5.27]`);
  } else reasoning.push(`full Movement Allowance ${ma}${modeless ? ` (${type} is never affected by mode, 10.14)` : ''}`);
  return { actual: { movement }, reasoning };
}

export function mechanizedMovement(engine: Engine, input: Input): QueryAnswer {
  const type = string(input, 'unitType');
  const mode = optString(input, 'mode');
  const movementClass = movementClassOf(engine.game, type);
  if (movementClass === undefined) return unsupported(`unit type "${type}" has no movement class in game.json`);
  if (movementClass !== 'mechanized')
    return {
      actual: { mayMove: false },
      reasoning: [`${type} is not mechanized, armor or HQ (game.json): first Movement Phase only [5.0, 4.2]`],
    };
  if (flag(input, 'disrupted')) return { actual: { mayMove: false }, reasoning: ['disrupted units may not move [5.43]'] };
  if (mode === 'static' && !MODELESS_TYPES.includes(type))
    return { actual: { mayMove: false }, reasoning: ['Static Mode: no move in the Mechanized Movement Phase [5.42 L234]'] };
  return { actual: { mayMove: true }, reasoning: [`${type} moves in the Mechanized Movement Phase [5.0]`] };
}

/** 5.23: a unit may always move one hex, unless that breaks 5.22 or it may not move at all. */
export function minimumMove(_engine: Engine, input: Input): QueryAnswer {
  const ma = number(input, 'movement');
  const cost = number(input, 'hexCost');
  if (flag(input, 'disrupted')) return { actual: { mayEnter: false }, reasoning: ['a disrupted unit may not move [5.23 L209, 5.43]'] };
  if (flag(input, 'exitsEnemyZocIntoZoc'))
    return { actual: { mayEnter: false }, reasoning: ['it would enter an Enemy-controlled hex after leaving one [5.22, 5.23]'] };
  return {
    actual: { mayEnter: true },
    reasoning: [cost <= ma ? `cost ${cost} ≤ ${ma}` : `cost ${cost} > ${ma}, but a unit may always move one hex [5.23 L209]`],
  };
}

export function overrunCost(_engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  return {
    actual: { cost: terrain + OVERRUN_MP },
    reasoning: [`terrain ${terrain} + ${OVERRUN_MP} for the overrun [6.0 L250]; no disengagement cost [8.33]`],
  };
}

/** 6.11: Mobile, in communication, at least six Strength Points before shifts. */
export function overrun(engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  const attack = number(input, 'attack');
  const reasoning: string[] = [];
  const mode = optString(input, 'mode');
  if (mode !== 'mobile')
    return { actual: { allowed: false }, reasoning: [`only units in Mobile Mode may overrun, not ${mode} [6.11 L254]`] };
  if (input.inCommunication === false) return { actual: { allowed: false }, reasoning: ['out of communication: no overrun [6.11, 11.53]'] };
  if (attack < MIN_ATTACK_STRENGTH)
    return { actual: { allowed: false }, reasoning: [`${attack} < ${MIN_ATTACK_STRENGTH} Strength Points before shifts [6.11 L254]`] };
  const m = modifier(engine, 'overrun');
  if ('unknown' in m) return unsupported(m.unknown);
  reasoning.push(
    `cost: terrain ${terrain} + ${OVERRUN_MP} [6.0 L250]${flag(input, 'inEnemyZoc') ? '; no disengagement cost [8.33]' : ''}`,
    `${m.label} shift ${m.value}${m.cite}`,
  );
  return { actual: { allowed: true, cost: terrain + OVERRUN_MP, shift: m.value }, reasoning };
}

/** 8.31: two Movement Points plus terrain (game.json zoc.leaveCost); 16.2 (optional) in entrenchments. */
export function disengageCost(engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  const leave = engine.game.info.zoc?.leaveCost;
  if (leave === undefined) return unsupported('game.json gives no ZOC leaving cost');
  const from = optString(input, 'from');
  let extra = leave;
  const reasoning = [`disengaging costs ${leave} + terrain [8.31 L307]`];
  if (flag(input, 'optional16_2') && from !== undefined) {
    if (!(from in ENTRENCHMENT_DISENGAGE)) throw new QueryInputError('input.from must be friendly-entrenchment or enemy-entrenchment');
    extra = ENTRENCHMENT_DISENGAGE[from];
    reasoning.push(`optional 16.2: from a ${from.replace('-', ' ')} hex the extra cost is ${extra} [16.2 L614]`);
  }
  reasoning.push('no Enemy-controlled hex may be entered afterwards this Phase [8.32]');
  return { actual: { cost: terrain + extra, mayEnterEnemyZocAfter: false }, reasoning };
}

export function entryCost(_engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  const before = optNumber(input, 'enteredBefore') ?? 0;
  if (flag(input, 'byRail'))
    return { actual: { railHexes: 1 }, reasoning: ['by rail the entry hex is the first rail hex of the move [18.25]'] };
  const cost = terrain + before * ENTRY_MP_PER_EARLIER_UNIT;
  return {
    actual: { cost },
    reasoning: [`terrain ${terrain} + ${before} reinforcing unit(s) entered before × ${ENTRY_MP_PER_EARLIER_UNIT} = ${cost} [18.26 L668]`],
  };
}

export function railCapacity(engine: Engine, input: Input): QueryAnswer {
  const types = input.units;
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))
    throw new QueryInputError('input.units must be a list of unit types');
  let points = 0;
  for (const t of types as string[]) {
    const mc = movementClassOf(engine.game, t);
    if (mc === undefined) return unsupported(`unit type "${t}" has no movement class in game.json`);
    points += mc === 'mechanized' ? RAIL_HEAVY_WEIGHT : 1;
  }
  return {
    actual: { points, legal: points <= RAIL_UNITS },
    reasoning: [`mechanized/HQ/armor count ${RAIL_HEAVY_WEIGHT} [5.37 L228]: ${points} of ${RAIL_UNITS} [5.3 L219]`],
  };
}

export function railRange(_engine: Engine, input: Input): QueryAnswer {
  const track = string(input, 'track');
  if (!(track in RAIL_RANGE)) throw new QueryInputError('input.track must be single, mixed or double');
  return { actual: { maxHexes: RAIL_RANGE[track] }, reasoning: [`${track} track: ${RAIL_RANGE[track]} hexes per Turn [5.33 L224]`] };
}

export function railHexCap(_engine: Engine, input: Input): QueryAnswer {
  const track = string(input, 'track');
  if (!(track in RAIL_HEX_CAP)) throw new QueryInputError('input.track must be single or double');
  return {
    actual: { unitEquivalents: RAIL_HEX_CAP[track] },
    reasoning: [`${track}-track hex: ${RAIL_HEX_CAP[track]} units (as per 5.37) per Game-Turn [${track === 'single' ? '5.38' : '5.39'}]`],
  };
}

export function railAllowed(_engine: Engine, input: Input): QueryAnswer {
  if (flag(input, 'startsInEnemyZoc'))
    return { actual: { allowed: false }, reasoning: ['must begin in a non-Enemy-controlled railroad hex [5.31 L222]'] };
  if (optString(input, 'mode') === 'assault') return { actual: { allowed: false }, reasoning: ['no rail movement in Assault Mode [5.36]'] };
  if (flag(input, 'disrupted')) return { actual: { allowed: false }, reasoning: ['disrupted units may not move by rail [5.36]'] };
  if (optString(input, 'phase') === 'mechanized')
    return { actual: { allowed: false }, reasoning: ['rail movement only in the first Movement Phase [5.0, 5.3]'] };
  return { actual: { allowed: true }, reasoning: ['nothing in 5.31-5.36 forbids it'] };
}

/** 5.5: German infiltration from one Enemy-controlled hex directly into another. */
export function infiltration(_engine: Engine, input: Input): QueryAnswer {
  const no = (why: string): QueryAnswer => ({ actual: { allowed: false }, reasoning: [why] });
  if (string(input, 'side') !== 'german') return no('a Soviet unit may never infiltrate [5.56]');
  if (optString(input, 'phase') !== 'movement')
    return no('not in the Mechanized Movement Phase: only the first Movement Phase [5.53, 5.5]');
  if (!flag(input, 'startsInEnemyZoc')) return no('infiltration starts in an Enemy-controlled hex [5.5]');
  if (input.supplied === false || input.inCommunication === false) return no('must be in supply and in communication [5.52]');
  if (!flag(input, 'withFriendlyCombatUnit')) return no('must begin adjacent to or stacked with another combat unit [5.55]');
  const across = optString(input, 'across');
  if (across !== undefined && NO_INFILTRATION_ACROSS.includes(across))
    return no(`not across an Enemy dragontooth or river hexside (${across}) [5.51]`);
  return {
    actual: { allowed: true, hexes: 1, costsWholeMA: true },
    reasoning: [
      'one Enemy-controlled hex to another, for the whole Movement Allowance whatever the terrain [5.5 L235]; not limited by Movement Points [5.54]',
    ],
  };
}

/** 9.16, 9.22, 9.23: units of a stack attack separately, each at most one hex per Segment. */
export function splitAttack(_engine: Engine, input: Input): QueryAnswer {
  const stack = input.stack;
  const targets = input.targets as Record<string, unknown> | undefined;
  if (!Array.isArray(stack) || !targets || typeof targets !== 'object')
    throw new QueryInputError('input.stack (unit ids) and input.targets (unit → hex or null) are required');
  for (const u of stack as string[]) {
    const t = targets[u];
    if (Array.isArray(t) && t.length > 1)
      return { actual: { legal: false }, reasoning: [`${u} attacks ${t.length} hexes; one only [9.16, 9.23]`] };
  }
  const hexes = new Set(Object.values(targets).filter((t) => typeof t === 'string'));
  return { actual: { legal: true }, reasoning: [`each unit attacks one hex or none; the stack attacks ${hexes.size} hex(es) [9.22 L337]`] };
}

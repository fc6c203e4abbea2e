/**
 * Movement (5.0-5.6, 6.1, 8.3, 18.26): Movement Allowance by mode and supply, overrun and
 * disengagement costs, rail limits, German infiltration, reinforcement entry costs.
 */
import type { Engine } from '../../context';
import { movementClassOf } from '../../context';
import { QueryInputError, number, optNumber, optString, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { flag } from './cases';
import { modifier } from './game-data';
import * as rules from './rules';

export function movementAllowance(engine: Engine, input: Input): QueryAnswer {
  const ma = number(input, 'movement');
  const mode = optString(input, 'mode');
  const type = optString(input, 'unitType');
  const supplied = input.supplied !== false;
  const inCommunication = input.inCommunication !== false;
  const reasoning: string[] = [];
  const { value: modes, cite: modesCite } = rules.modes(engine);
  const modeless = type !== undefined && modes.unaffectedTypes.includes(type);
  const halvedByMode = !modeless && mode !== undefined && modes.halveMovement.includes(mode);
  // 11.52: out of supply halves the allowance; out of communication only if the game's outOfCommunication rule says so.
  const cut = !supplied || (!inCommunication && rules.outOfCommunication(engine).value.movementHalved);
  let movement = ma;
  if (halvedByMode && cut) {
    movement = Math.floor(ma / modes.cutInModeDivisor);
    reasoning.push(`${mode} and out of ${!supplied ? 'supply' : 'communication'}: ${ma} quartered, rounded down = ${movement}${modesCite}`);
  } else if (halvedByMode) {
    movement = Math.floor(ma / 2);
    reasoning.push(`${mode} Mode: ${ma} halved, rounded down = ${movement}${modesCite}`);
  } else if (cut) {
    movement = Math.floor(ma / 2);
    reasoning.push(`out of ${!supplied ? 'supply' : 'communication'}: ${ma} halved, rounded down = ${movement} [11.52 L459, 5.27]`);
  } else reasoning.push(`full Movement Allowance ${ma}${modeless ? ` (${type} is never affected by mode)${modesCite}` : ''}`);
  return { actual: { movement }, reasoning };
}

export function mechanizedMovement(engine: Engine, input: Input): QueryAnswer {
  const type = string(input, 'unitType');
  const mode = optString(input, 'mode');
  const movementClass = movementClassOf(engine.game, type);
  if (movementClass === undefined) return unsupported(`unit type "${type}" has no movement class in game.json`);
  const phaseClasses = rules.mechanizedPhaseClasses(engine);
  if (!phaseClasses.value.includes(movementClass))
    return {
      actual: { mayMove: false },
      reasoning: [
        `${type} is ${movementClass} (game.json), not ${phaseClasses.value.join(' or ')}: first Movement Phase only${phaseClasses.cite}`,
      ],
    };
  if (flag(input, 'disrupted')) return { actual: { mayMove: false }, reasoning: ['disrupted units may not move [5.43]'] };
  const { value: modes, cite: modesCite } = rules.modes(engine);
  if (mode !== undefined && modes.noMechanizedMovement.includes(mode) && !modes.unaffectedTypes.includes(type))
    return { actual: { mayMove: false }, reasoning: [`${mode} Mode: no move in the Mechanized Movement Phase${modesCite}`] };
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

export function overrunCost(engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  const extra = rules.overrunMovementPoints(engine);
  return {
    actual: { cost: terrain + extra.value },
    reasoning: [`terrain ${terrain} + ${extra.value} for the overrun${extra.cite}; no disengagement cost [8.33]`],
  };
}

/** 6.11: Mobile, in communication, at least six Strength Points before shifts. */
export function overrun(engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  const attack = number(input, 'attack');
  const reasoning: string[] = [];
  const mode = optString(input, 'mode');
  const { value: modes, cite: modesCite } = rules.modes(engine);
  if (mode !== modes.overrun)
    return { actual: { allowed: false }, reasoning: [`only units in ${modes.overrun} Mode may overrun, not ${mode}${modesCite}`] };
  const cutOff = rules.outOfCommunication(engine);
  if (input.inCommunication === false && !cutOff.value.mayOverrun)
    return { actual: { allowed: false }, reasoning: [`out of communication: no overrun [6.11]${cutOff.cite}`] };
  const least = rules.minimumAttack(engine);
  if (attack < least.value)
    return { actual: { allowed: false }, reasoning: [`${attack} < ${least.value} Strength Points before shifts${least.cite}`] };
  const extra = rules.overrunMovementPoints(engine);
  const m = modifier(engine, rules.combatModifiers(engine).value.overrun);
  if ('unknown' in m) return unsupported(m.unknown);
  reasoning.push(
    `cost: terrain ${terrain} + ${extra.value}${extra.cite}${flag(input, 'inEnemyZoc') ? '; no disengagement cost [8.33]' : ''}`,
    `${m.label} shift ${m.value}${m.cite}`,
  );
  return { actual: { allowed: true, cost: terrain + extra.value, shift: m.value }, reasoning };
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
    const { value: byOwner, cite: where } = rules.entrenchmentDisengage(engine);
    if (!(from in byOwner)) throw new QueryInputError(`input.from must be one of ${Object.keys(byOwner).join(', ')}`);
    extra = byOwner[from];
    reasoning.push(`optional 16.2: from a ${from.replace('-', ' ')} hex the extra cost is ${extra}${where}`);
  }
  reasoning.push('no Enemy-controlled hex may be entered afterwards this Phase [8.32]');
  return { actual: { cost: terrain + extra, mayEnterEnemyZocAfter: false }, reasoning };
}

export function entryCost(engine: Engine, input: Input): QueryAnswer {
  const terrain = number(input, 'terrainCost');
  const before = optNumber(input, 'enteredBefore') ?? 0;
  if (flag(input, 'byRail'))
    return { actual: { railHexes: 1 }, reasoning: ['by rail the entry hex is the first rail hex of the move [18.25]'] };
  const per = rules.entryMovementPerEarlierStack(engine);
  const cost = terrain + before * per.value;
  return {
    actual: { cost },
    reasoning: [`terrain ${terrain} + ${before} reinforcing unit(s) entered before × ${per.value} = ${cost}${per.cite}`],
  };
}

export function railCapacity(engine: Engine, input: Input): QueryAnswer {
  const types = input.units;
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string'))
    throw new QueryInputError('input.units must be a list of unit types');
  const { value: r, cite: where } = rules.rail(engine);
  let points = 0;
  for (const t of types as string[]) {
    const mc = movementClassOf(engine.game, t);
    if (mc === undefined) return unsupported(`unit type "${t}" has no movement class in game.json`);
    points += r.heavyClasses.includes(mc) ? r.heavyWeight : 1;
  }
  return {
    actual: { points, legal: points <= r.unitsPerTurn },
    reasoning: [`${r.heavyClasses.join('/')} units count ${r.heavyWeight}: ${points} of ${r.unitsPerTurn}${where}`],
  };
}

export function railRange(engine: Engine, input: Input): QueryAnswer {
  const track = string(input, 'track');
  const { value: r, cite: where } = rules.rail(engine);
  if (!(track in r.range)) throw new QueryInputError(`input.track must be one of ${Object.keys(r.range).join(', ')}`);
  return { actual: { maxHexes: r.range[track] }, reasoning: [`${track} track: ${r.range[track]} hexes per Turn${where}`] };
}

export function railHexCap(engine: Engine, input: Input): QueryAnswer {
  const track = string(input, 'track');
  const { value: r, cite: where } = rules.rail(engine);
  if (!(track in r.hexCap)) throw new QueryInputError(`input.track must be one of ${Object.keys(r.hexCap).join(', ')}`);
  return {
    actual: { unitEquivalents: r.hexCap[track] },
    reasoning: [`${track}-track hex: ${r.hexCap[track]} units (counted as for the rail limit) per Game-Turn${where}`],
  };
}

export function railAllowed(engine: Engine, input: Input): QueryAnswer {
  if (flag(input, 'startsInEnemyZoc'))
    return { actual: { allowed: false }, reasoning: ['must begin in a non-Enemy-controlled railroad hex [5.31 L222]'] };
  const mode = optString(input, 'mode');
  const { value: modes, cite: modesCite } = rules.modes(engine);
  if (mode !== undefined && modes.noRail.includes(mode))
    return { actual: { allowed: false }, reasoning: [`no rail movement in ${mode} Mode${modesCite}`] };
  if (flag(input, 'disrupted')) return { actual: { allowed: false }, reasoning: ['disrupted units may not move by rail [5.36]'] };
  const phase = optString(input, 'phase');
  const rail = rules.rail(engine);
  if (phase !== undefined && !rail.value.phases.includes(phase))
    return { actual: { allowed: false }, reasoning: [`rail movement only in the ${rail.value.phases.join(', ')} phase${rail.cite}`] };
  return { actual: { allowed: true }, reasoning: ['nothing in 5.31-5.36 forbids it'] };
}

/** 5.5: German infiltration from one Enemy-controlled hex directly into another. */
export function infiltration(engine: Engine, input: Input): QueryAnswer {
  const no = (why: string): QueryAnswer => ({ actual: { allowed: false }, reasoning: [why] });
  const side = string(input, 'side');
  const { value: r, cite: where } = rules.infiltration(engine);
  if (!r.sides.includes(side)) return no(`a ${rules.sideName(engine, side)} unit may never infiltrate${where}`);
  const phase = optString(input, 'phase');
  if (phase === undefined || !r.phases.includes(phase))
    return no(`not in the ${phase ?? 'unnamed'} phase: only in ${r.phases.join(', ')}${where}`);
  if (!flag(input, 'startsInEnemyZoc')) return no('infiltration starts in an Enemy-controlled hex [5.5]');
  if (input.supplied === false || input.inCommunication === false) return no('must be in supply and in communication [5.52]');
  if (!flag(input, 'withFriendlyCombatUnit')) return no('must begin adjacent to or stacked with another combat unit [5.55]');
  const across = optString(input, 'across');
  if (across !== undefined && r.notAcross.includes(across)) return no(`not across ${across}${where}`);
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

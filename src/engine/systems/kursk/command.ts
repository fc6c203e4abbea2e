/**
 * Headquarters and command (11.0): the mixed-command shifts (11.18, 11.19) from the formation tree of
 * game.json, the HQs a unit may trace to (11.0, 11.6), independent-command limits (11.14, 14.13,
 * 15.4), supply and communication lengths and effects (11.3-11.5), gun units (11.16, 11.59).
 */
import type { Engine } from '../../context';
import { QueryInputError, number, optNumber, optString, string, type Input } from '../../checks/input';
import { unsupported, type QueryAnswer } from '../../checks/query';
import { sameSet } from '../../checks/compare';
import { flag } from './cases';
import { formationName, hqChain, modifier } from './game-data';

/** 11.14: units each side may place in independent command. */
const IC_LIMIT: Record<string, number> = { german: 9, soviet: 5 };
/** 14.13: the German IC limit drops by one per three Kampfgruppen (or fraction) in play. */
const KAMPFGRUPPEN_PER_IC = 3;
/** 14.12: at most thirteen divisions broken down at once, two Kampfgruppen each (14.11). */
const MAX_DIVISIONS_BROKEN_DOWN = 13;
const KAMPFGRUPPEN_PER_DIVISION = 2;
/** 14.31, 14.33: a rifle corps breaks down into three division counters. */
const DIVISIONS_PER_CORPS = 3;
/** 11.31: Line of Supply lengths; 11.4: Line of Communication length; 11.58/11.59: IC and gun units keep 7. */
const SUPPLY_LINE = { unit: 7, hq: 8, communication: 7 };
/** 11.35: switches between road and railroad allowed when tracing to a supply source. */
const MAX_ROAD_RAIL_SWITCHES = 2;
/** 8.13 (optional): a ZOC ceases after more than one full Game-Turn out of supply/communication. */
const ZOC_OUT_OF_SUPPLY_TURNS = 1;

interface Defender {
  hq?: string;
  irregular?: 'independent' | 'alternate' | 'breakdown';
}

function defenders(input: Input): Defender[] {
  if (!Array.isArray(input.defenders)) throw new QueryInputError('input.defenders must be a list');
  return (input.defenders as Record<string, unknown>[]).map((d, k) => {
    const command = d.command;
    if (command !== undefined && command !== 'independent' && command !== 'alternate' && command !== 'breakdown') {
      throw new QueryInputError(`input.defenders[${k}].command must be independent, alternate or breakdown`);
    }
    const hq = typeof d.hq === 'string' ? d.hq : undefined;
    const irregular = (command as Defender['irregular']) ?? (d.breakdown === true ? 'breakdown' : undefined);
    if (!hq && !irregular) throw new QueryInputError(`input.defenders[${k}] needs an hq or a command`);
    return { hq, irregular };
  });
}

/**
 * Two subordinations are "the same headquarters" for 11.18/11.19 when one HQ is the other or
 * commands it (the 11.18 example: a unit of 9th Army and one of its 47th Panzer Corps).
 */
function sameCommand(engine: Engine, a: string, b: string): boolean {
  return hqChain(engine, a).includes(b) || hqChain(engine, b).includes(a);
}

export function commandShift(engine: Engine, input: Input): QueryAnswer {
  const stack = defenders(input);
  const reasoning: string[] = [];
  if (stack.length <= 1) return { actual: { shift: 0 }, reasoning: ['a single defending unit: no command shift [11.18, 11.19]'] };
  // 11.19 ignores units in independent command or alternate subordination; breakdown units still count.
  const subordinated = stack.filter((d) => d.hq !== undefined && d.irregular !== 'independent' && d.irregular !== 'alternate');
  for (let i = 0; i < subordinated.length; i++) {
    for (let j = i + 1; j < subordinated.length; j++) {
      const [a, b] = [subordinated[i].hq!, subordinated[j].hq!];
      if (!sameCommand(engine, a, b)) {
        const m = modifier(engine, 'mixed-command-2');
        if ('unknown' in m) return unsupported(m.unknown);
        reasoning.push(
          `${formationName(engine, a)} and ${formationName(engine, b)} are different headquarters, neither commanding the other: ${m.label} +${m.value}${m.cite}`,
        );
        return { actual: { shift: m.value }, reasoning };
      }
    }
  }
  const irregular = stack.filter((d) => d.irregular !== undefined);
  if (irregular.length > 0) {
    const m = modifier(engine, 'mixed-command-1');
    if ('unknown' in m) return unsupported(m.unknown);
    reasoning.push(
      `${irregular.length} unit(s) in independent command, alternate subordination or broken down; the others under one command chain: ${m.label} +${m.value}${m.cite}`,
    );
    return { actual: { shift: m.value }, reasoning };
  }
  reasoning.push('every defending unit under one command chain: no shift [11.18, 11.19]');
  return { actual: { shift: 0 }, reasoning };
}

/**
 * 11.0: a unit is supplied by its own HQ or that HQ's parent. 11.6 (optional): by any HQ of its army
 * or front, i.e. the top of its chain and everything under it.
 */
export function commandHQs(engine: Engine, input: Input): QueryAnswer {
  const unitHQ = string(input, 'unitHQ');
  const chain = hqChain(engine, unitHQ);
  let hqs: string[];
  const reasoning: string[] = [];
  if (flag(input, 'optional11_6')) {
    const top = chain[chain.length - 1];
    hqs = (engine.game.info.formations ?? []).filter((f) => hqChain(engine, f.id).includes(top)).map((f) => f.id);
    reasoning.push(`optional 11.6: every HQ within ${formationName(engine, top)} (May/July subordination of game.json) [11.6 L467]`);
  } else {
    hqs = chain.slice(0, 2);
    reasoning.push(`own HQ and its immediately superior HQ [11.0 L423]`);
  }
  reasoning.push(hqs.map((h) => formationName(engine, h)).join(', '));
  return {
    actual: { hqs },
    reasoning,
    compare: (expect, actual) => Array.isArray(expect.hqs) && sameSet(expect.hqs, (actual as { hqs: string[] }).hqs),
  };
}

export function icLimit(engine: Engine, input: Input): QueryAnswer {
  const side = string(input, 'side');
  const base = IC_LIMIT[side];
  if (base === undefined) throw new QueryInputError(`side "${side}" has no independent command limit`);
  const reasoning = [`${side} may place ${base} units in independent command [11.14 L432]`];
  let limit = base;
  const kampfgruppen = optNumber(input, 'kampfgruppen') ?? 0;
  if (side === 'german' && kampfgruppen > 0) {
    const less = Math.ceil(kampfgruppen / KAMPFGRUPPEN_PER_IC);
    limit = Math.max(0, base - less);
    reasoning.push(`${kampfgruppen} Kampfgruppen in play: −${less} (one per ${KAMPFGRUPPEN_PER_IC} or fraction) [14.13 L560]`);
  }
  const actual: Record<string, number> = { limit };
  const partisans = optNumber(input, 'partisans');
  if (side === 'german' && partisans !== undefined) {
    const security = engine.game.units.filter((u) => u.flags.includes('security-release')).length;
    actual.securityReleased = Math.min(partisans, security);
    reasoning.push(
      `${partisans} partisans release ${actual.securityReleased} of the ${security} security units, outside the limit [15.4, 15.41 L607]`,
    );
  }
  return { actual, reasoning };
}

export function kampfgruppen(_engine: Engine, input: Input): QueryAnswer {
  const divisions = number(input, 'divisionsBrokenDown');
  return {
    actual: { kampfgruppen: divisions * KAMPFGRUPPEN_PER_DIVISION, mayBreakDownAnother: divisions < MAX_DIVISIONS_BROKEN_DOWN },
    reasoning: [
      `${divisions} divisions × ${KAMPFGRUPPEN_PER_DIVISION} Kampfgruppen [14.11]; at most ${MAX_DIVISIONS_BROKEN_DOWN} divisions broken down at once [14.12 L559]`,
    ],
  };
}

export function sovietBreakdown(_engine: Engine, input: Input): QueryAnswer {
  const unused = number(input, 'unusedDivisionCounters');
  const allowed = unused >= DIVISIONS_PER_CORPS;
  return {
    actual: { allowed },
    reasoning: [
      `${unused} unused division counters ${allowed ? '≥' : '<'} ${DIVISIONS_PER_CORPS} needed: the countermix limits breakdown [14.33 L578]`,
    ],
  };
}

export function supplyLengths(): QueryAnswer {
  return {
    actual: {
      unitToHQ: SUPPLY_LINE.unit,
      hqToSource: SUPPLY_LINE.hq,
      independentToSource: SUPPLY_LINE.unit,
      gunUnitToSource: SUPPLY_LINE.unit,
      communication: SUPPLY_LINE.communication,
    },
    reasoning: [
      'Line of Supply 7 hexes, 8 for HQs [11.31 L442]; IC units trace as HQs but keep 7 [11.58]; gun units as IC units [11.59]; Line of Communication 7 [11.4 L451]',
    ],
  };
}

export function supplyPath(_engine: Engine, input: Input): QueryAnswer {
  const switches = number(input, 'roadRailSwitches');
  const inSameHex = switches === 0 || flag(input, 'switchHexesHoldBoth');
  const legal = switches <= MAX_ROAD_RAIL_SWITCHES && inSameHex;
  return {
    actual: { legal },
    reasoning: [
      `${switches} road/railroad switches (at most ${MAX_ROAD_RAIL_SWITCHES}, each in a hex holding both${inSameHex ? '' : ' — not so here'}) [11.35 L446]`,
    ],
  };
}

export function outOfCommunication(_engine: Engine, input: Input): QueryAnswer {
  const side = string(input, 'side');
  const mayAttack = side !== 'soviet';
  return {
    actual: { movementHalved: true, mayOverrun: false, mayAttack },
    reasoning: [
      'Movement Allowance halved [11.52]; no overrun [11.53]',
      mayAttack ? 'German units may still attack [11.0]' : 'Soviet units must be in communication to attack [9.17 L333]',
    ],
  };
}

/** 11.16: gun units are never subordinate; 11.59 (the rule text, not the 11.16 "Thus"): they trace supply as IC units. */
export function gunUnitSupply(_engine: Engine, input: Input): QueryAnswer {
  const type = string(input, 'type');
  if (type !== 'artillery' && type !== 'antitank') throw new QueryInputError('input.type must be artillery or antitank');
  return {
    actual: {
      subordinate: false,
      tracesSupply: true,
      traceAs: 'independent-command',
      lineLength: SUPPLY_LINE.unit,
      outOfSupply: { artillery: 'may not barrage, may suppress', antitank: 'may not fire' },
    },
    reasoning: [
      `${type} units are never subordinate to an HQ [11.16 L435]`,
      `they trace supply as units in independent command, a ${SUPPLY_LINE.unit}-hex line [11.59 L464, 11.58]; out of supply artillery may not barrage but may suppress, anti-tank may not engage in combat [11.59]`,
    ],
  };
}

/** 8.12: no ZOC across major river hexsides or into city hexes; 8.13 (optional): none after a full Game-Turn out of supply. */
export function zocExtends(engine: Engine, input: Input): QueryAnswer {
  const across = optString(input, 'across');
  const into = optString(input, 'into');
  const reasoning: string[] = [];
  const barred = engine.game.info.zoc?.extendsInto ?? [];
  let extendsZoc = true;
  for (const id of [across, into]) {
    if (id === undefined) continue;
    if (!engine.terrain(id)) throw new QueryInputError(`terrain "${id}" is not in terrain.json`);
    if (barred.includes(id)) {
      extendsZoc = false;
      reasoning.push(`ZOCs do not extend ${id === across ? 'across' : 'into'} ${id} (game.json zoc) [8.12 L294]`);
    }
  }
  if (flag(input, 'optional8_13')) {
    const turns = optNumber(input, 'outOfSupplyFullTurns') ?? 0;
    if (turns > ZOC_OUT_OF_SUPPLY_TURNS) {
      extendsZoc = false;
      reasoning.push(`out of supply/communication for ${turns} full Game-Turns (> ${ZOC_OUT_OF_SUPPLY_TURNS}): no ZOC [8.13 L295]`);
    }
  }
  if (extendsZoc) reasoning.push('nothing stops the ZOC [8.1]');
  return { actual: { extends: extendsZoc }, reasoning };
}

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
import * as rules from './rules';

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
        const m = modifier(engine, rules.combatModifiers(engine).value.differentHeadquarters);
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
    const m = modifier(engine, rules.combatModifiers(engine).value.irregularCommand);
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
  const { value: ic, cite: where } = rules.independentCommand(engine);
  const base = ic.limits[side];
  if (base === undefined) throw new QueryInputError(`side "${side}" has no independent command limit`);
  const reasoning = [`${rules.sideName(engine, side)}: ${base} units in independent command${where}`];
  let limit = base;
  const kampfgruppen = optNumber(input, 'kampfgruppen') ?? 0;
  if (side === ic.kampfgruppenSide && kampfgruppen > 0) {
    const less = Math.ceil(kampfgruppen / ic.kampfgruppenPerReduction);
    limit = Math.max(0, base - less);
    reasoning.push(`${kampfgruppen} Kampfgruppen in play: −${less} (one per ${ic.kampfgruppenPerReduction} or fraction)`);
  }
  const actual: Record<string, number> = { limit };
  const partisans = optNumber(input, 'partisans');
  if (side === ic.securityReleaseSide && partisans !== undefined) {
    const security = engine.game.units.filter((u) => u.flags.includes(ic.securityReleaseFlag)).length;
    actual.securityReleased = Math.min(partisans, security);
    reasoning.push(`${partisans} partisans release ${actual.securityReleased} of the ${security} security units, outside the limit`);
  }
  return { actual, reasoning };
}

export function kampfgruppen(engine: Engine, input: Input): QueryAnswer {
  const divisions = number(input, 'divisionsBrokenDown');
  const { value: b, cite: where } = rules.breakdown(engine);
  return {
    actual: { kampfgruppen: divisions * b.kampfgruppenPerDivision, mayBreakDownAnother: divisions < b.maxDivisionsBrokenDown },
    reasoning: [
      `${divisions} divisions × ${b.kampfgruppenPerDivision} Kampfgruppen; at most ${b.maxDivisionsBrokenDown} divisions broken down at once${where}`,
    ],
  };
}

export function sovietBreakdown(engine: Engine, input: Input): QueryAnswer {
  const unused = number(input, 'unusedDivisionCounters');
  const { value: b, cite: where } = rules.breakdown(engine);
  const allowed = unused >= b.divisionsPerCorps;
  return {
    actual: { allowed },
    reasoning: [
      `${unused} unused division counters ${allowed ? '≥' : '<'} ${b.divisionsPerCorps} needed: the countermix limits breakdown${where}`,
    ],
  };
}

/** 11.31, 11.4, 11.58, 11.59: the lengths as the game states them. */
export function supplyLengths(engine: Engine): QueryAnswer {
  const { value: lines, cite: where } = rules.supplyLines(engine);
  return {
    actual: { ...lines },
    reasoning: [
      `Line of Supply ${lines.unitToHQ} hexes to the HQ, ${lines.hqToSource} from an HQ; independent command ${lines.independentToSource}; gun units ${lines.gunUnitToSource}; Line of Communication ${lines.communication}${where}`,
    ],
  };
}

export function supplyPath(engine: Engine, input: Input): QueryAnswer {
  const switches = number(input, 'roadRailSwitches');
  const max = rules.maxRoadRailSwitches(engine);
  const inSameHex = switches === 0 || flag(input, 'switchHexesHoldBoth');
  const legal = switches <= max.value && inSameHex;
  return {
    actual: { legal },
    reasoning: [
      `${switches} road/railroad switches (at most ${max.value}, each in a hex holding both${inSameHex ? '' : ' — not so here'})${max.cite}`,
    ],
  };
}

export function outOfCommunication(engine: Engine, input: Input): QueryAnswer {
  const side = string(input, 'side');
  const { value: r, cite: where } = rules.outOfCommunication(engine);
  const mayAttack = !r.attackNeedsCommunication.includes(side);
  return {
    actual: { movementHalved: r.movementHalved, mayOverrun: r.mayOverrun, mayAttack },
    reasoning: [
      `Movement Allowance ${r.movementHalved ? 'halved' : 'unchanged'}; overrun ${r.mayOverrun ? 'allowed' : 'forbidden'}${where}`,
      `${rules.sideName(engine, side)} units ${mayAttack ? 'may still attack' : 'must be in communication to attack'}`,
    ],
  };
}

/** 11.16: gun units are never subordinate; 11.59 (the rule text, not the 11.16 "Thus"): they trace supply as IC units. */
export function gunUnitSupply(engine: Engine, input: Input): QueryAnswer {
  const type = string(input, 'type');
  const { value: guns, cite: where } = rules.gunUnits(engine);
  if (!guns.types.includes(type)) throw new QueryInputError(`input.type must be one of ${guns.types.join(', ')}`);
  const lines = rules.supplyLines(engine);
  return {
    actual: {
      subordinate: guns.subordinate,
      tracesSupply: true,
      traceAs: guns.traceAs,
      lineLength: lines.value.gunUnitToSource,
      outOfSupply: { ...guns.outOfSupply },
    },
    reasoning: [
      `${type} units are ${guns.subordinate ? '' : 'never '}subordinate to an HQ${where}`,
      `they trace supply as ${guns.traceAs}, a ${lines.value.gunUnitToSource}-hex line${lines.cite}; out of supply: ${Object.entries(
        guns.outOfSupply,
      )
        .map(([t, e]) => `${t} ${e}`)
        .join('; ')}`,
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
    const most = rules.zocOutOfSupplyTurns(engine);
    if (turns > most.value) {
      extendsZoc = false;
      reasoning.push(`out of supply/communication for ${turns} full Game-Turns (> ${most.value}): no ZOC${most.cite}`);
    }
  }
  if (extendsZoc) reasoning.push('nothing stops the ZOC [8.1]');
  return { actual: { extends: extendsZoc }, reasoning };
}
